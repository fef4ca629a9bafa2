import { ENTRY_END_BEFORE_START, ENTRY_END_INVALID, ENTRY_IN_FUTURE, ENTRY_TOO_LONG } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyManualEntry,
  entryLockHint,
  firstOpenDay,
  lockedThrough,
  taskChoices,
  manualEntrySeconds,
  TASK_REQUIRED,
  toCreatePayload,
  validateManualEntry,
  type ManualEntryValues,
} from './manualEntry.logic';

const TZ = 'America/Sao_Paulo';
const now = new Date('2026-11-24T17:37:00.000Z'); // 14:37 in São Paulo
const values = (patch: Partial<ManualEntryValues> = {}): ManualEntryValues => ({
  taskId: '5',
  userId: '7',
  date: '2026-11-24',
  start: '09:00',
  mode: 'end',
  end: '10:30',
  duration: '',
  description: '',
  ...patch,
});

describe('the Adicionar tempo form', () => {
  it('opens on the last full hour of today', () => {
    const form = emptyManualEntry(now, 5, 7);
    expect(form).toMatchObject({ taskId: '5', userId: '7', mode: 'end', duration: '01:00' });
    expect(form.end.endsWith(':00')).toBe(true);
    expect(form.start < form.end).toBe(true);
  });
  it('checks the task, the fields and the interval rules', () => {
    expect(validateManualEntry(values(), now, TZ)).toEqual({});
    expect(validateManualEntry(values({ taskId: '' }), now, TZ)).toEqual({ taskId: TASK_REQUIRED });
    expect(validateManualEntry(values({ end: '9:3' }), now, TZ)).toEqual({ end: ENTRY_END_INVALID });
    expect(validateManualEntry(values({ end: '08:00' }), now, TZ)).toEqual({ end: ENTRY_END_BEFORE_START });
    expect(validateManualEntry(values({ start: '14:00', end: '15:00' }), now, TZ)).toEqual({ end: ENTRY_IN_FUTURE });
    expect(validateManualEntry(values({ mode: 'duration', duration: '25:00' }), now, TZ)).toEqual({ duration: ENTRY_IN_FUTURE });
    expect(validateManualEntry(values({ date: '2026-11-20', mode: 'duration', duration: '24:01' }), now, TZ)).toEqual({
      duration: ENTRY_TOO_LONG,
    });
  });
  it('sends instants, the user only when someone else, and a trimmed description', () => {
    expect(toCreatePayload(values({ description: '  revisão ' }), 7, TZ)).toEqual({
      taskId: 5,
      startTime: '2026-11-24T12:00:00.000Z',
      endTime: '2026-11-24T13:30:00.000Z',
      description: 'revisão',
    });
    expect(toCreatePayload(values({ userId: '9', mode: 'duration', duration: '00:45' }), 7, TZ)).toEqual({
      taskId: 5,
      userId: 9,
      startTime: '2026-11-24T12:00:00.000Z',
      endTime: '2026-11-24T12:45:00.000Z',
    });
    expect(manualEntrySeconds(values(), TZ)).toBe(5400);
    expect(manualEntrySeconds(values({ end: '08:00' }), TZ)).toBeNull();
  });
});

describe('entryLockHint', () => {
  const own = { id: 7, accessProfileId: 3, permissions: [{ module: 'time_tracking', permission: 'own_only' }] };
  const manager = { id: 8, accessProfileId: 2, permissions: [{ module: 'time_tracking', permission: 'write' }] };
  it('explains a locked entry and someone else’s entry; nothing for write', () => {
    expect(entryLockHint(own, { userId: 7, startTime: '2026-10-10T12:00:00Z' }, '2026-10-31', TZ)).toBe('Período bloqueado até 31/10/2026');
    expect(entryLockHint(own, { userId: 7, startTime: '2026-11-10T12:00:00Z' }, '2026-10-31', TZ)).toBeNull();
    expect(entryLockHint(own, { userId: 9, startTime: '2026-11-10T12:00:00Z' }, null, TZ)).toMatch(/outras pessoas/);
    expect(entryLockHint(manager, { userId: 9, startTime: '2026-10-10T12:00:00Z' }, '2026-10-31', TZ)).toBeNull();
  });
});

describe('the task picker and the lockdown period in the form', () => {
  it("lists tasks as 'Cliente — Tarefa', grouped and ordered by client, unknown clients last", () => {
    const tasks = [
      { id: 1, title: 'Layout', clientId: 2 },
      { id: 2, title: 'Banner', clientId: 1 },
      { id: 3, title: 'Layout', clientId: 1 },
      { id: 4, title: 'Sem nome', clientId: 99 },
    ];
    const clients = [
      { id: 1, name: 'Zeta' },
      { id: 2, name: 'Ágil' },
    ];
    expect(taskChoices(tasks, clients)).toEqual([
      { client: 'Ágil', tasks: [{ id: 1, label: 'Ágil — Layout' }] },
      {
        client: 'Zeta',
        tasks: [
          { id: 2, label: 'Zeta — Banner' },
          { id: 3, label: 'Zeta — Layout' },
        ],
      },
      { client: 'Outros', tasks: [{ id: 4, label: 'Sem nome' }] },
    ]);
  });
  it('refuses a locked day before sending, for those the lock applies to', () => {
    const values = { ...emptyManualEntry(new Date(2026, 10, 20, 15, 0), 7, 2), date: '2026-10-31' };
    const now = new Date(2026, 10, 20, 15, 0);
    expect(lockedThrough('2026-10-31', false)).toBe('2026-10-31');
    expect(lockedThrough('2026-10-31', true)).toBeNull();
    expect(validateManualEntry(values, now, 'local', '2026-10-31').date).toMatch(/^Período bloqueado até 31\/10\/2026:/);
    expect(validateManualEntry({ ...values, date: '2026-11-01' }, now, 'local', '2026-10-31').date).toBeUndefined();
    expect(validateManualEntry(values, now, 'local', null).date).toBeUndefined();
    expect(firstOpenDay('2026-10-31')).toBe('2026-11-01');
    expect(firstOpenDay(null)).toBeUndefined();
  });
});
