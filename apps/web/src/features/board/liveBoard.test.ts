import { describe, expect, it } from 'vitest';
import type { BoardChangedMessage, BoardChangesResponse, Column, Task } from '@wkflow/contracts';
import { createLiveBoard, messageStep, type LiveBoardPort } from './liveBoard';
import { tasksByColumn } from './board.logic';
import { testTask } from '../../test/taskFixture';

const task = (id: number, columnId: number, rank: string, position: number, over: Partial<Task> = {}): Task =>
  testTask(id, { title: `T${id}`, columnId, rank, position, deadline: '2026-12-01T12:00:00.000Z', createdBy: null, ...over });

const message = (from: number, to: number, tasks: Task[], removed: number[] = [], columns?: Column[]): BoardChangedMessage => ({
  type: 'board.changed',
  from,
  to,
  full: false,
  tasks,
  removed,
  ...(columns ? { columns } : {}),
});

/** A port over plain variables: the list, its version, and each ask of ?since= answered by hand. */
function fakePort(list: Task[] | undefined, version: number | null) {
  const state = {
    list,
    version,
    loading: false,
    columns: undefined as Column[] | undefined,
    columnReloads: 0,
    details: [] as { changed: number[]; removed: number[] }[],
    asks: [] as number[],
    fullReads: 0,
    answer: null as null | ((since: number) => BoardChangesResponse),
  };
  const port: LiveBoardPort = {
    tasks: () => state.list,
    setTasks: (tasks) => (state.list = tasks),
    version: () => state.version,
    setVersion: (v) => (state.version = v),
    loading: () => state.loading,
    details: (changed, removed) => state.details.push({ changed: changed.map((t) => t.id), removed: [...removed] }),
    setColumns: (columns) => (state.columns = columns),
    reloadColumns: () => (state.columnReloads += 1),
    fetchSince: async (since) => {
      state.asks.push(since);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!state.answer) throw new Error('503: down');
      return state.answer(since);
    },
    fetchBoard: async () => {
      state.fullReads += 1;
      return { tasks: [task(1, 1, 'a', 1)], version: 50 };
    },
  };
  return { state, port };
}

const order = (list: Task[] | undefined) =>
  [...tasksByColumn(list ?? []).entries()].map(([column, tasks]) => `${column}:${tasks.map((t) => t.id).join(',')}`).join(' ');

const board = () => [task(1, 1, 'a0', 1), task(2, 1, 'a1', 2), task(3, 2, 'a0', 1)];

describe('messageStep', () => {
  it('applies what follows on, skips what the list has, catches up on a gap or an unknown version', () => {
    expect(messageStep(5, true, { from: 5, to: 6 })).toBe('apply');
    expect(messageStep(5, true, { from: 4, to: 6 })).toBe('apply');
    expect(messageStep(5, true, { from: 4, to: 5 })).toBe('skip');
    expect(messageStep(5, true, { from: 6, to: 7 })).toBe('catch-up');
    expect(messageStep(null, true, { from: 1, to: 2 })).toBe('catch-up');
    expect(messageStep(5, false, { from: 5, to: 6 })).toBe('hold');
  });
});

describe('createLiveBoard', () => {
  it('patches the list in place and moves the version on, asking nothing', () => {
    const { state, port } = fakePort(board(), 5);
    const live = createLiveBoard(port);
    live.receive(message(5, 6, [task(1, 2, 'a1', 2)]));
    expect(order(state.list)).toBe('1:2 2:3,1');
    expect(state.list!.find((t) => t.id === 2)!.position).toBe(1);
    expect(state.version).toBe(6);
    expect(state.asks).toEqual([]);
    expect(state.details).toEqual([{ changed: [1], removed: [] }]);
    // The same message again (or an older one) changes nothing.
    const before = state.list;
    live.receive(message(5, 6, [task(1, 2, 'a1', 2)]));
    expect(state.list).toBe(before);
  });

  it('removes tasks that left the view and sets the columns when sent', () => {
    const { state, port } = fakePort(board(), 5);
    const columns: Column[] = [{ id: 1, name: 'A', position: 1, color: '#000000', isFixed: true }];
    createLiveBoard(port).receive(message(5, 7, [], [2], columns));
    expect(order(state.list)).toBe('1:1 2:3');
    expect(state.columns).toEqual(columns);
    expect(state.details).toEqual([{ changed: [], removed: [2] }]);
  });

  it('on a gap asks ?since= once for all the messages that come meanwhile, then applies them in order', async () => {
    const { state, port } = fakePort(board(), 5);
    state.answer = () => ({ version: 8, full: false, tasks: [task(2, 2, 'a1', 2, { title: 'changed' })], removed: [] });
    const live = createLiveBoard(port);
    live.receive(message(7, 8, [task(3, 2, 'a2', 2)])); // 6 and 7 were missed
    live.receive(message(8, 9, [task(4, 1, 'b', 2)]));
    live.reconnected(); // coalesced with the ask under way
    expect(state.asks).toEqual([5]);
    await live.pending();
    expect(state.asks).toEqual([5]);
    // The answer (to 8) applied, the first held message skipped (already in it), the second applied.
    expect(state.version).toBe(9);
    expect(order(state.list)).toBe('1:1,4 2:3,2');
    expect(state.list!.find((t) => t.id === 2)!.title).toBe('changed');
    expect(state.list!.find((t) => t.id === 3)!.rank).toBe('a0');
  });

  it('a full answer replaces the list and rereads the columns when it does not bring them', async () => {
    const { state, port } = fakePort(board(), 5);
    state.answer = () => ({ version: 40, full: true, tasks: [task(9, 1, 'z', 1)], removed: [] });
    const live = createLiveBoard(port);
    live.reconnected();
    await live.pending();
    expect(state.asks).toEqual([5]);
    expect(order(state.list)).toBe('1:9');
    expect(state.version).toBe(40);
    expect(state.columnReloads).toBe(1);
  });

  it('a failed ask drops the held messages; the next message asks again', async () => {
    const { state, port } = fakePort(board(), 5);
    const live = createLiveBoard(port);
    live.receive(message(7, 8, []));
    await live.pending();
    expect(state.asks).toEqual([5]);
    expect(state.version).toBe(5);
    state.answer = () => ({ version: 9, full: false, tasks: [], removed: [1] });
    live.receive(message(8, 9, []));
    await live.pending();
    expect(state.asks).toEqual([5, 5]);
    expect(state.version).toBe(9);
    expect(order(state.list)).toBe('1:2 2:3');
  });

  it('with a list of unknown version reads the whole list once, then applies what follows', async () => {
    const { state, port } = fakePort(board(), null);
    const live = createLiveBoard(port);
    live.receive(message(50, 51, [task(5, 1, 'b', 2)]));
    await live.pending();
    expect(state.fullReads).toBe(1);
    expect(state.version).toBe(51);
    expect(order(state.list)).toBe('1:1,5');
  });

  it('holds messages while the list loads and applies the newer ones once it is stored', () => {
    const { state, port } = fakePort(undefined, null);
    state.loading = true;
    const live = createLiveBoard(port);
    live.receive(message(9, 10, [task(2, 1, 'a1', 2, { title: 'old' })]));
    live.receive(message(10, 11, [task(3, 1, 'a2', 3)]));
    expect(state.asks).toEqual([]);
    // The list was read at version 10; SWR stored it.
    const loaded = board();
    state.list = loaded;
    state.loading = false;
    live.loaded(loaded, 10);
    expect(state.version).toBe(11);
    expect(order(state.list)).toBe('1:1,2,3');
    expect(state.list!.find((t) => t.id === 2)!.title).toBe('T2');
    expect(state.asks).toEqual([]);
  });

  it('keeps the version when the list read is not the one cached (SWR dropped it for a newer change)', () => {
    const { state, port } = fakePort(board(), 5);
    const live = createLiveBoard(port);
    live.loaded(board(), 12);
    expect(state.version).toBe(5);
  });

  it('with no list and none loading, only open dialogs and columns follow', () => {
    const { state, port } = fakePort(undefined, null);
    const live = createLiveBoard(port);
    live.receive(message(1, 2, [task(1, 1, 'a', 1)], [4]));
    expect(state.list).toBeUndefined();
    expect(state.details).toEqual([{ changed: [1], removed: [4] }]);
    live.loaded(board(), 3);
    expect(state.list).toBeUndefined();
    expect(state.asks).toEqual([]);
  });
});
