import { describe, expect, it } from 'vitest';
import { applyTaskChanges, type Task } from '../src/tasks';

const task = (id: number, columnId: number, rank: string, position: number): Task => ({
  id,
  title: `T${id}`,
  description: '',
  clientId: 1,
  columnId,
  deadline: '2026-12-01T12:00:00.000Z',
  assignedTo: [],
  reminderTime: null,
  createdBy: null,
  position,
  rank,
  isArchived: false,
  status: 'open',
  completedAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  attachments: [],
});

const places = (tasks: Task[]) => Object.fromEntries(tasks.map((t) => [t.id, `${t.columnId}:${t.position}`]));

describe('applyTaskChanges', () => {
  const board = [task(1, 1, 'a0', 1), task(2, 1, 'a1', 2), task(3, 1, 'a2', 3), task(4, 2, 'a0', 1), task(5, 2, 'a1', 2)];

  it('moves a task across columns: the source closes the gap, the target opens one', () => {
    const next = applyTaskChanges(board, [task(1, 2, 'a0V', 2)], []);
    expect(places(next)).toEqual({ 2: '1:1', 3: '1:2', 4: '2:1', 1: '2:2', 5: '2:3' });
  });

  it('moves a task within its column', () => {
    const next = applyTaskChanges(board, [task(3, 1, 'Zz', 1)], []);
    expect(places(next)).toEqual({ 3: '1:1', 1: '1:2', 2: '1:3', 4: '2:1', 5: '2:2' });
  });

  it('removes a task and adds a new one', () => {
    const next = applyTaskChanges(board, [task(9, 2, 'a2', 3)], [2]);
    expect(places(next)).toEqual({ 1: '1:1', 3: '1:2', 4: '2:1', 5: '2:2', 9: '2:3' });
  });

  it('keeps the order exact when the user does not see every task (positions count hidden ones)', () => {
    // Column 1 holds hidden tasks between the visible ones: visible places 2 and 5.
    const mine = [task(1, 1, 'a1', 2), task(2, 1, 'a4', 5)];
    const next = applyTaskChanges(mine, [task(7, 1, 'a2', 3)], []);
    expect(next.sort((a, b) => (a.rank < b.rank ? -1 : 1)).map((t) => [t.id, t.position])).toEqual([
      [1, 2],
      [7, 3],
      [2, 6],
    ]);
  });

  it('returns an equal list for no changes and ignores an unknown removal', () => {
    expect(applyTaskChanges(board, [], [])).toEqual(board);
    expect(applyTaskChanges(board, [], [99])).toEqual(board);
  });

  it('keeps the objects of tasks sent again unchanged (nothing showing them renders again)', () => {
    const again = board.map((t) => ({ ...t }));
    const next = applyTaskChanges(board, again, []);
    expect(next).toEqual(board);
    next.forEach((t, i) => expect(t).toBe(board[i]));
    const moved = applyTaskChanges(board, [...again.slice(0, 2), task(3, 2, 'a2', 3)], []);
    expect(moved[0]).toBe(board[0]);
    expect(places(moved)).toEqual({ 1: '1:1', 2: '1:2', 4: '2:1', 5: '2:2', 3: '2:3' });
  });
});
