import { describe, expect, it } from 'vitest';
import type { Task, TaskComment, TaskHistoryItem, TimeEntry } from '@wkflow/contracts';
import {
  actorName,
  avatarSlots,
  canEditTask,
  cardLabel,
  copyBody,
  discardQuestion,
  dueText,
  fileSize,
  fromLocalInput,
  historySentence,
  isPastDeadline,
  lengthHint,
  historySummary,
  linkify,
  relativeTime,
  sameCard,
  timeRows,
  toLocalInput,
} from './tasks.logic';

const task: Task = {
  id: 5,
  title: 'Relatório',
  description: 'Consolidar resultados',
  clientId: 2,
  columnId: 3,
  deadline: '2026-11-20T12:00:00.000Z',
  assignedTo: [1, 4],
  reminderTime: '1d',
  createdBy: 1,
  position: 2,
  rank: 'a1',
  isArchived: false,
  status: 'open',
  completedAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  attachments: [],
};

const item = (over: Partial<TaskHistoryItem>): TaskHistoryItem => ({
  id: 1,
  actionType: 'updated',
  fieldName: null,
  oldValue: null,
  newValue: null,
  metadata: null,
  createdAt: '2026-11-18T12:00:00.000Z',
  user: { name: 'Maria Silva', username: 'maria' },
  ...over,
});

describe('due text (pt-BR, relative)', () => {
  const now = new Date('2026-11-18T12:00:00.000Z');
  it('says Vence / Venceu / Concluída', () => {
    expect(dueText(task, false, now)).toBe('Vence em 2 dias');
    expect(dueText({ ...task, deadline: '2026-11-18T09:00:00.000Z' }, false, now)).toBe('Venceu há 3 horas');
    expect(dueText({ ...task, completedAt: '2026-11-17T12:00:00.000Z' }, true, now)).toBe('Concluída há 1 dia');
    expect(dueText(task, true, now)).toBe('Concluída');
  });
  it('gives relative times in Portuguese', () => {
    expect(relativeTime('2026-11-18T11:00:00.000Z', now)).toBe('há 1 hora');
    expect(relativeTime('not a date', now)).toBe('');
    expect(relativeTime('2026-11-18T11:59:50.000Z', now)).toBe('agora mesmo');
    expect(relativeTime('2026-11-18T12:02:30.000Z', now)).toBe('em 2 minutos');
    expect(relativeTime('2026-11-16T11:00:00.000Z', now)).toBe('há 2 dias');
    expect(relativeTime('2026-11-26T12:00:00.000Z', now)).toBe('em 8 dias');
    expect(relativeTime('2027-01-20T12:00:00.000Z', now)).toBe('em 2 meses');
    expect(relativeTime('2025-10-18T12:00:00.000Z', now)).toBe('há 1 ano');
  });
});

describe('card re-renders', () => {
  it('ignores a new position only', () => {
    expect(sameCard(task, { ...task, position: 9 })).toBe(true);
    expect(sameCard(task, { ...task, title: 'Outro' })).toBe(false);
    expect(sameCard(task, { ...task, columnId: 4 })).toBe(false);
    expect(sameCard(task, { ...task, assignedTo: [1, 4] })).toBe(false); // a new list: compared by reference
  });
});

describe('card avatars', () => {
  it('shows three then +N', () => {
    expect(avatarSlots([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(avatarSlots([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(avatarSlots([])).toEqual({ shown: [], more: 0 });
  });
});

describe('card label', () => {
  it('starts with the title, then client, status, due text, people and attachments', () => {
    expect(
      cardLabel({
        title: 'Posts de Natal',
        client: 'Padaria Pão Dourado',
        overdue: true,
        due: 'Venceu há 2 dias',
        people: [{ name: 'Maria Souza' }, { name: 'João Lima' }],
        attachments: 1,
      }),
    ).toBe('Posts de Natal; cliente Padaria Pão Dourado; Atrasada; Venceu há 2 dias; responsáveis: Maria Souza, João Lima; 1 anexo');
  });

  it('leaves out what the card does not show', () => {
    expect(cardLabel({ title: 'Relatório', overdue: false, due: 'Vence em 3 dias', people: [], attachments: 0 })).toBe(
      'Relatório; Vence em 3 dias',
    );
    expect(cardLabel({ title: 'X', overdue: false, due: '', people: [], attachments: 3 })).toBe('X; 3 anexos');
  });
});

describe('history', () => {
  const names = { client: (id: number) => ({ 1: 'Padaria', 2: 'Academia' })[id], user: (id: number) => ({ 3: 'Ana', 4: 'João' })[id] };
  it('names the actor, falling back to the username then Usuário', () => {
    expect(actorName({ name: 'Maria', username: 'maria' })).toBe('Maria');
    expect(actorName({ name: '', username: 'maria' })).toBe('maria');
    expect(actorName(null)).toBe('Usuário');
  });
  it('writes one sentence per action type and field', () => {
    expect(historySentence(item({ actionType: 'created', metadata: { column: 'Backlog' } }))).toBe('criou a tarefa na lista "Backlog"');
    expect(historySentence(item({ actionType: 'moved', oldValue: 'A fazer', newValue: 'concluídos' }))).toBe(
      'moveu a tarefa de "A fazer" para "concluídos"',
    );
    expect(historySentence(item({ actionType: 'assigned', metadata: { added: [3, 4], removed: [9] } }), names)).toBe(
      'adicionou Ana e João aos responsáveis e removeu usuário removido dos responsáveis',
    );
    // Names sent with the item (people the viewer's list may not hold) come first; never JSON or ids.
    expect(
      historySentence(
        item({
          actionType: 'assigned',
          metadata: { added: [4, 5], removed: [] },
          names: { users: { 4: 'João Pereira', 5: 'Maria Souza' }, clients: {} },
        }),
      ),
    ).toBe('adicionou João Pereira e Maria Souza aos responsáveis');
    expect(
      historySentence(
        item({ fieldName: 'client', oldValue: '7', newValue: '8', names: { users: {}, clients: { 7: 'Padaria', 8: 'Academia' } } }),
      ),
    ).toBe('alterou o cliente de "Padaria" para "Academia"');
    expect(historySentence(item({ actionType: 'deadline_changed', oldValue: null, newValue: '2026-11-20T12:00:00.000Z' }))).toMatch(
      /^definiu o prazo para 20\/11\/2026 \d\d:00$/,
    );
    expect(historySentence(item({ actionType: 'reminder_set', newValue: '1d' }))).toBe('definiu o lembrete "1 dia antes"');
    expect(historySentence(item({ actionType: 'reminder_set', newValue: null }))).toBe('removeu o lembrete');
    expect(historySentence(item({ actionType: 'time_tracked', metadata: { duration: 5400 } }))).toBe('registrou 1 h 30 min de trabalho');
    expect(historySentence(item({ actionType: 'time_tracked', metadata: { duration: 5400, manual: true } }))).toBe(
      'adicionou 1 h 30 min de trabalho',
    );
    expect(
      historySentence(item({ actionType: 'time_tracked', metadata: { duration: 1800, manual: true, forUserId: 9 } }), {
        user: (id) => (id === 9 ? 'Ana Costa' : undefined),
      }),
    ).toBe('registrou 30 min de trabalho de Ana Costa');
    expect(historySentence(item({ fieldName: 'title', oldValue: 'A', newValue: 'B' }))).toBe('alterou o título de "A" para "B"');
    expect(historySentence(item({ fieldName: 'description' }))).toBe('alterou a descrição');
    expect(historySentence(item({ fieldName: 'client', oldValue: '1', newValue: '2' }), names)).toBe(
      'alterou o cliente de "Padaria" para "Academia"',
    );
    expect(historySentence(item({ fieldName: 'status', oldValue: 'active', newValue: 'archived' }))).toBe('arquivou a tarefa');
    expect(historySentence(item({ fieldName: 'status', oldValue: 'archived', newValue: 'active' }))).toBe('restaurou a tarefa');
    // Archive and restore name the list (rows written before they carried it keep the short sentence).
    expect(historySentence(item({ fieldName: 'status', newValue: 'archived', metadata: { columnId: 2, column: 'Em Andamento' } }))).toBe(
      'arquivou a tarefa da lista "Em Andamento"',
    );
    expect(historySentence(item({ fieldName: 'status', newValue: 'active', metadata: { columnId: 1, column: 'Backlog' } }))).toBe(
      'restaurou a tarefa na lista "Backlog"',
    );
  });
  it('summarises: creation, last 3 time entries, last 2 comments', () => {
    const history = [
      item({ id: 9, actionType: 'moved' }),
      item({ id: 1, actionType: 'created', createdAt: '2026-11-01T10:00:00.000Z', user: { name: 'Admin', username: 'admin' } }),
    ];
    const entry = (id: number, day: number): TimeEntry => ({
      id,
      userId: 1,
      taskId: 5,
      startTime: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      endTime: `2026-11-${String(day).padStart(2, '0')}T11:00:00.000Z`,
      duration: 3600,
      description: null,
      createdAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
      userName: 'Maria',
    });
    const comment = (id: number, day: number): TaskComment => ({
      id,
      content: `c${id}`,
      createdAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
      userId: 2,
      user: { id: 2, name: 'João', username: 'joao' },
    });
    const running: TimeEntry = { ...entry(99, 20), endTime: null, duration: null };
    const summary = historySummary(
      history,
      [entry(1, 2), entry(2, 3), entry(3, 4), entry(4, 5), running],
      [comment(1, 2), comment(2, 6), comment(3, 7)],
    );
    expect(summary.map((s) => s.kind)).toEqual(['comment', 'comment', 'time', 'time', 'time', 'created']);
    expect(summary.filter((s) => s.kind === 'comment').map((s) => (s.kind === 'comment' ? s.content : ''))).toEqual(['c3', 'c2']);
    expect(summary.filter((s) => s.kind === 'time').map((s) => s.at.slice(0, 10))).toEqual(['2026-11-05', '2026-11-04', '2026-11-03']);
    expect(summary.at(-1)).toEqual({ kind: 'created', at: '2026-11-01T10:00:00.000Z', who: 'Admin' });
    expect(historySummary([], [], [])).toEqual([]);
  });
  it('lists time records with HH:MM:SS durations', () => {
    const rows = timeRows([
      {
        id: 1,
        userId: 1,
        taskId: 5,
        startTime: '2026-11-02T10:00:00.000Z',
        endTime: '2026-11-02T11:30:05.000Z',
        duration: 5405,
        description: ' Ajustes ',
        createdAt: '',
        userName: 'Maria',
      },
      {
        id: 2,
        userId: 1,
        taskId: 5,
        startTime: '2026-11-03T10:00:00.000Z',
        endTime: null,
        duration: null,
        description: null,
        createdAt: '',
      },
    ]);
    expect(rows.map((r) => [r.id, r.duration, r.end === 'Em andamento', r.description, r.who])).toEqual([
      [2, '—', true, '—', 'Usuário'],
      [1, '01:30:05', false, 'Ajustes', 'Maria'],
    ]);
    expect(rows[1].start).toMatch(/^02\/11\/2026 \d\d:00$/);
  });
});

describe('dialog helpers', () => {
  it('links URLs and leaves the final punctuation out', () => {
    expect(linkify('veja https://exemplo.com/a agora')).toEqual([
      { text: 'veja ' },
      { text: 'https://exemplo.com/a', url: 'https://exemplo.com/a' },
      { text: ' agora' },
    ]);
    expect(linkify('Figma: https://www.figma.com.')).toEqual([
      { text: 'Figma: ' },
      { text: 'https://www.figma.com', url: 'https://www.figma.com' },
      { text: '.' },
    ]);
    expect(linkify('sem links')).toEqual([{ text: 'sem links' }]);
    expect(linkify('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
  it("links 'www.' addresses as https, not inside other words or addresses (issue 22 §16)", () => {
    expect(linkify('Briefing em www.figma.com/file/1, ok')).toEqual([
      { text: 'Briefing em ' },
      { text: 'www.figma.com/file/1', url: 'https://www.figma.com/file/1' },
      { text: ', ok' },
    ]);
    expect(linkify('(www.exemplo.com.br)')).toEqual([
      { text: '(' },
      { text: 'www.exemplo.com.br', url: 'https://www.exemplo.com.br' },
      { text: ')' },
    ]);
    expect(linkify('http://www.a.com')).toEqual([{ text: 'http://www.a.com', url: 'http://www.a.com' }]);
    expect(linkify('contato@www.a.com e awww.b.com e www.')).toEqual([{ text: 'contato@www.a.com e awww.b.com e www.' }]);
    expect(linkify('javascript:www.a.com')).toEqual([{ text: 'javascript:www.a.com' }]);
  });
  it('round-trips a datetime-local value to the minute', () => {
    const local = toLocalInput('2026-11-20T12:34:56.000Z');
    expect(local).toMatch(/^2026-11-20T\d\d:34$/);
    expect(Date.parse(fromLocalInput(local)!)).toBe(Date.parse('2026-11-20T12:34:00.000Z'));
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
  it('copies with the same fields and " (cópia)"', () => {
    expect(copyBody(task)).toEqual({
      title: 'Relatório (cópia)',
      description: 'Consolidar resultados',
      clientId: 2,
      columnId: 3,
      deadline: task.deadline,
      assignedTo: [1, 4],
      reminderTime: '1d',
    });
  });
  it('mirrors who may edit a task', () => {
    expect(canEditTask(task, 9, { editAll: true, editAssigned: false })).toBe(true);
    expect(canEditTask(task, 4, { editAll: false, editAssigned: true })).toBe(true);
    expect(canEditTask(task, 9, { editAll: false, editAssigned: true })).toBe(false);
    expect(canEditTask(task, 4, { editAll: false, editAssigned: false })).toBe(false);
  });
  it('formats file sizes', () => {
    expect(fileSize(500)).toBe('500 B');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(3.5 * 1024 * 1024)).toBe('3,5 MB');
  });
});

describe('discardQuestion', () => {
  it('asks only when a comment or a description edit would be lost', () => {
    expect(discardQuestion({ comment: null, description: false })).toBeNull();
    expect(discardQuestion({ comment: 'oi', description: false })).toMatch(/comentário não enviado/);
    expect(discardQuestion({ comment: null, description: true })).toMatch(/descrição em edição/);
    expect(discardQuestion({ comment: 'oi', description: true })).toMatch(/comentário não enviado e a descrição/);
  });
});

describe('isPastDeadline', () => {
  const now = new Date('2026-03-10T12:00:00-03:00');
  it('is true only for a valid deadline before now', () => {
    expect(isPastDeadline('2020-01-15T09:00', now)).toBe(true);
    expect(isPastDeadline('2030-01-15T09:00', now)).toBe(false);
    expect(isPastDeadline('', now)).toBe(false);
    expect(isPastDeadline('not a date', now)).toBe(false);
  });
});

describe('lengthHint', () => {
  it('stays quiet below 80% of the limit, counts from there, and says when the limit is reached', () => {
    expect(lengthHint(159, 200)).toBeNull();
    expect(lengthHint(160, 200)).toEqual({ counter: '160/200', message: null });
    expect(lengthHint(200, 200)).toEqual({ counter: '200/200', message: 'Limite de 200 caracteres atingido' });
  });
});
