import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { commentToSend, emptyTaskValues, taskSchema, taskToValues, toTaskPayload } from './tasks.schemas';

async function messages(values: unknown): Promise<string[]> {
  try {
    await taskSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
}

describe('task form', () => {
  it('shows every required message on an empty form', async () => {
    expect(await messages(emptyTaskValues(null))).toEqual([
      'Título é obrigatório',
      'Descrição é obrigatória',
      'Cliente é obrigatório',
      'Prazo é obrigatório',
    ]);
  });
  it('treats blank text as missing', async () => {
    expect(
      await messages({ ...emptyTaskValues(null), title: '   ', description: '\n', clientId: '1', deadline: '2026-12-01T10:00' }),
    ).toEqual(['Título é obrigatório', 'Descrição é obrigatória']);
  });
  it('refuses a malformed deadline with the same message', async () => {
    expect(await messages({ ...emptyTaskValues(null), title: 'a', description: 'b', clientId: '1', deadline: '2026-13-45T99:00' })).toEqual(
      ['Prazo é obrigatório'],
    );
  });
  it('accepts a complete form and builds the API body', async () => {
    const values = {
      title: ' Post ',
      description: ' Texto ',
      clientId: '3',
      columnId: 7,
      deadline: '2026-12-01T10:30',
      assignedTo: [2, 5],
      reminderTime: '' as const,
    };
    expect(await messages(values)).toEqual([]);
    const body = toTaskPayload(values, true);
    expect(body).toMatchObject({ title: 'Post', description: 'Texto', clientId: 3, columnId: 7, assignedTo: [2, 5], reminderTime: null });
    expect(new Date(body.deadline).getMinutes()).toBe(30);
    expect(toTaskPayload({ ...values, reminderTime: '6h' }, false)).not.toHaveProperty('columnId');
    expect(toTaskPayload({ ...values, reminderTime: '6h' }, false).reminderTime).toBe('6h');
    expect(toTaskPayload({ ...values, columnId: null }, true)).not.toHaveProperty('columnId');
  });
  it('fills the form from a task', () => {
    const values = taskToValues({
      id: 1,
      title: 'T',
      description: 'D',
      clientId: 4,
      columnId: 2,
      deadline: '2026-12-01T13:30:00.000Z',
      assignedTo: [3],
      reminderTime: null,
      createdBy: 1,
      position: 1,
      rank: 'a0',
      isArchived: false,
      status: 'open',
      completedAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      attachments: [],
    });
    expect(values).toMatchObject({ title: 'T', description: 'D', clientId: '4', columnId: 2, assignedTo: [3], reminderTime: '' });
    expect(values.deadline).toMatch(/^2026-12-01T\d\d:30$/);
  });
});

describe('comments', () => {
  it('sends a comment only when it is not blank after trimming', () => {
    expect(commentToSend('   ')).toBeNull();
    expect(commentToSend('  Olá ')).toBe('Olá');
  });
});
