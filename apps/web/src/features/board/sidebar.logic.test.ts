import { describe, expect, it } from 'vitest';
import type { Column, Task } from '@wkflow/contracts';
import { clientCounts, columnCounts, deliveryBuckets, memberCounts, scopedTasks, statusSummary } from './sidebar.logic';

const columns: Column[] = [
  { id: 1, name: 'Backlog', position: 1, color: '#6b7280', isFixed: true },
  { id: 2, name: 'Em andamento', position: 2, color: '#f97316', isFixed: false },
  { id: 3, name: 'concluídos', position: 3, color: '#22c55e', isFixed: true },
];
const now = new Date('2026-11-22T12:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const task = (id: number, over: Partial<Task> = {}): Task => ({
  id,
  title: `Tarefa ${id}`,
  description: '',
  clientId: 1,
  columnId: 1,
  deadline: hours(100),
  assignedTo: [],
  reminderTime: null,
  createdBy: 1,
  position: id,
  isArchived: false,
  status: 'open',
  completedAt: null,
  createdAt: now.toISOString(),
  attachments: [],
  ...over,
});

describe('sidebar summaries', () => {
  const tasks = [
    task(1, { deadline: hours(2), assignedTo: [10] }),
    task(2, { deadline: hours(24), assignedTo: [10, 11] }),
    task(3, { deadline: hours(30), clientId: 2 }),
    task(4, { deadline: hours(60), columnId: 2 }),
    task(5, { deadline: hours(73) }),
    task(6, { deadline: hours(-5), status: 'overdue', assignedTo: [11] }),
    task(7, { deadline: hours(5), columnId: 3, assignedTo: [10] }),
  ];

  it('buckets deliveries in 1, 2, 3 and more than 3 days among non-completed tasks', () => {
    expect(deliveryBuckets(tasks, columns, now)).toEqual({ oneDay: 2, twoDays: 1, threeDays: 1, later: 1 });
  });
  it('counts tasks by state', () => {
    expect(statusSummary(tasks, columns)).toEqual({ total: 7, open: 5, overdue: 1, completed: 1 });
  });
  it('counts only the own tasks without view_all', () => {
    expect(scopedTasks(tasks, false, 11).map((t) => t.id)).toEqual([2, 6]);
    expect(scopedTasks(tasks, false, undefined)).toEqual([]);
    expect(scopedTasks(tasks, true, 11)).toHaveLength(7);
  });
  it('counts active and overdue tasks per client and per member', () => {
    const clients = clientCounts(tasks, columns, [
      { id: 3, name: 'Zeta', color: '#000000' },
      { id: 2, name: 'Beta', color: '#111111' },
      { id: 1, name: 'Alfa', color: '#222222' },
    ]);
    expect(clients.map((c) => [c.name, c.active, c.overdue])).toEqual([
      ['Alfa', 5, 1],
      ['Beta', 1, 0],
      ['Zeta', 0, 0],
    ]);
    const members = memberCounts(tasks, columns, [
      { id: 11, name: 'Maria' },
      { id: 10, name: 'Ana' },
    ]);
    expect(members.map((m) => [m.name, m.active, m.overdue])).toEqual([
      ['Ana', 2, 0],
      ['Maria', 2, 1],
    ]);
  });
  it('counts tasks per list in board order', () => {
    expect(columnCounts(tasks, [columns[2], columns[0], columns[1]]).map((c) => [c.name, c.count])).toEqual([
      ['Backlog', 5],
      ['Em andamento', 1],
      ['concluídos', 1],
    ]);
  });
});
