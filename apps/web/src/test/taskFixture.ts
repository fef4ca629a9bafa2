import type { Task } from '@wkflow/contracts';

/** The sortable order key of the n-th card in tests ('a0001', 'a0002'…: plain `<` keeps their order). */
export const testRank = (n: number) => `a${String(n).padStart(4, '0')}`;

/** A board task for unit tests: open, in column 1 at the place of its id, with what `over` sets. */
export function testTask(id: number, over: Partial<Task> = {}): Task {
  const position = over.position ?? id;
  return {
    id,
    title: `Tarefa ${id}`,
    description: '',
    clientId: 1,
    columnId: 1,
    deadline: '2026-11-20T12:00:00.000Z',
    assignedTo: [],
    reminderTime: null,
    createdBy: 1,
    position,
    rank: testRank(position),
    isArchived: false,
    status: 'open',
    completedAt: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    attachments: [],
    ...over,
  };
}
