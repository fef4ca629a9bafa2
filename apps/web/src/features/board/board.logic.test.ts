import { describe, expect, it } from 'vitest';
import { applyTaskChanges, type Column, type Task } from '@wkflow/contracts';
import { testTask } from '../../test/taskFixture';
import { EDGE_MAX_STEP, edgeScrollStep } from './edgeScroll.logic';
import {
  applyMove,
  rankBetween,
  backlogColumn,
  keepUnchangedGroups,
  cardState,
  columnNameToSend,
  DEFAULT_FILTERS,
  dropPlace,
  reorderColumns,
  stepColumn,
  cardMovedText,
  columnMovedText,
  slotAt,
  idParam,
  movePlaces,
  moveTargets,
  placeAt,
  removeTask,
  tasksByColumn,
  upsertTask,
  visibleTasks,
} from './board.logic';

const columns: Column[] = [
  { id: 1, name: 'Backlog', position: 1, color: '#6b7280', isFixed: true },
  { id: 2, name: 'A fazer', position: 2, color: '#3b82f6', isFixed: false },
  { id: 3, name: 'concluídos', position: 3, color: '#22c55e', isFixed: true },
];
const task = (id: number, columnId: number, position: number, over: Partial<Task> = {}): Task =>
  testTask(id, { description: 'Descrição', columnId, position, ...over });

describe('board filters', () => {
  const tasks = [
    task(1, 1, 1),
    task(2, 1, 2, { status: 'overdue' }),
    task(3, 3, 1, { title: 'Relatório' }),
    task(4, 2, 1, { clientId: 2, assignedTo: [7] }),
  ];

  it('shows open and overdue by default, not completed', () => {
    expect(DEFAULT_FILTERS).toEqual({ open: true, overdue: true, completed: false });
    expect(visibleTasks(tasks, columns, DEFAULT_FILTERS, '').map((t) => t.id)).toEqual([1, 2, 4]);
    expect(visibleTasks(tasks, columns, { open: false, overdue: true, completed: true }, '').map((t) => t.id)).toEqual([2, 3]);
  });
  it('a task in a completed column is completed whatever its status', () => {
    expect(cardState({ status: 'overdue' }, columns[2])).toBe('completed');
    expect(cardState({ status: 'overdue' }, { name: 'Finalizado' })).toBe('completed');
    expect(cardState({ status: 'overdue' }, columns[1])).toBe('overdue');
  });
  it('searches title and description, ignoring case and accents', () => {
    const all = { open: true, overdue: true, completed: true };
    expect(visibleTasks(tasks, columns, all, 'relatorio').map((t) => t.id)).toEqual([3]);
    expect(visibleTasks(tasks, columns, all, '  DESCRIÇÃO ').length).toBe(4);
  });
  it('filters by the sidebar client and member', () => {
    const all = { open: true, overdue: true, completed: true };
    expect(visibleTasks(tasks, columns, all, '', { clientId: 2, memberId: null }).map((t) => t.id)).toEqual([4]);
    expect(visibleTasks(tasks, columns, all, '', { clientId: null, memberId: 7 }).map((t) => t.id)).toEqual([4]);
    expect(visibleTasks(tasks, columns, all, '', { clientId: 1, memberId: 7 })).toEqual([]);
  });
  it('reads id parameters strictly', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam('99999999999')).toBeNull();
    expect(idParam(null)).toBeNull();
  });
});

describe('moving cards', () => {
  it('drops between the two cards around the gap, by their server positions', () => {
    const target = [task(5, 2, 1), task(6, 2, 3), task(7, 2, 4)]; // position 2 hidden by a filter
    expect(dropPlace(task(1, 1, 1), columns[0], columns[1], target, 0)).toBe(1);
    expect(dropPlace(task(1, 1, 1), columns[0], columns[1], target, 1)).toBe(3);
    expect(dropPlace(task(1, 1, 1), columns[0], columns[1], target, 3)).toBe(5);
    expect(dropPlace(task(1, 1, 1), columns[0], columns[1], [], 0)).toBe(1);
  });
  it('reorders inside a column, counting places without the card itself', () => {
    const shown = [task(1, 2, 1), task(2, 2, 2), task(3, 2, 3), task(4, 2, 4)];
    // Card 1 dropped between 3 and 4: place 3 among the three others.
    expect(dropPlace(shown[0], columns[1], columns[1], shown, 3)).toBe(3);
    expect(dropPlace(shown[0], columns[1], columns[1], shown, 4)).toBe(4);
    // Card 4 dropped before 2: place 2.
    expect(dropPlace(shown[3], columns[1], columns[1], shown, 1)).toBe(2);
    // Dropped where it already is: nothing moves.
    expect(dropPlace(shown[1], columns[1], columns[1], shown, 1)).toBeNull();
    expect(dropPlace(shown[1], columns[1], columns[1], shown, 2)).toBeNull();
  });
  it('does not move completed cards or unknown tasks', () => {
    expect(dropPlace(task(1, 3, 1), columns[2], columns[1], [], 0)).toBeNull();
    expect(dropPlace(undefined, undefined, columns[1], [], 0)).toBeNull();
  });
  it("'Mover para…' offers every place among the other cards and starts at the card's own", () => {
    const shown = [task(1, 2, 1), task(2, 2, 2), task(3, 2, 3)];
    expect(movePlaces(2, shown)).toEqual({ count: 3, initial: 2 });
    expect(movePlaces(9, shown)).toEqual({ count: 4, initial: 4 });
    expect(movePlaces(9, [])).toEqual({ count: 1, initial: 1 });
    // Place 3 of column 2 for card 1 (its others are 2 and 3): after both.
    const others = shown.filter((t) => t.id !== 1);
    expect(placeAt(shown[0], columns[1], others, 3 - 1)).toBe(3);
    expect(placeAt(shown[0], columns[1], others, 1 - 1)).toBeNull();
  });
  it("reopens a completed card with 'Mover para…' in another column only", () => {
    expect(moveTargets(columns, columns[2]).map((c) => c.id)).toEqual([1, 2]);
    expect(moveTargets(columns, columns[1]).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(placeAt(task(1, 3, 1), columns[1], [task(4, 2, 1)], 1)).toBe(2);
  });
  it('finds the gap under the pointer', () => {
    const cards = [
      { top: 0, height: 100 },
      { top: 110, height: 100 },
    ];
    expect(slotAt(-5, cards)).toBe(0);
    expect(slotAt(49, cards)).toBe(0);
    expect(slotAt(51, cards)).toBe(1);
    expect(slotAt(170, cards)).toBe(2);
    expect(slotAt(10, [])).toBe(0);
  });
  it('reorders columns: every column with its new place, null when nothing changes', () => {
    expect(reorderColumns(columns, 3, 1, true)).toEqual([
      { id: 3, position: 1 },
      { id: 1, position: 2 },
      { id: 2, position: 3 },
    ]);
    expect(reorderColumns(columns, 1, 2, false)).toEqual([
      { id: 2, position: 1 },
      { id: 1, position: 2 },
      { id: 3, position: 3 },
    ]);
    expect(reorderColumns(columns, 1, 2, true)).toBeNull();
    expect(reorderColumns(columns, 1, 1, true)).toBeNull();
    expect(reorderColumns(columns, 9, 1, true)).toBeNull();
  });
  it('moves optimistically and renumbers both columns', () => {
    const tasks = [task(1, 1, 1), task(2, 1, 2), task(3, 2, 1)];
    const moved = tasksByColumn(applyMove(tasks, 1, 2, 2));
    expect(moved.get(1)!.map((t) => [t.id, t.position])).toEqual([[2, 1]]);
    expect(moved.get(2)!.map((t) => [t.id, t.position])).toEqual([
      [3, 1],
      [1, 2],
    ]);
  });
  it('clamps the position to the end of the column and inserts in the middle when asked', () => {
    const tasks = [task(1, 1, 1), task(3, 2, 1), task(4, 2, 2)];
    expect(
      tasksByColumn(applyMove(tasks, 1, 2, 99))
        .get(2)!
        .map((t) => t.id),
    ).toEqual([3, 4, 1]);
    expect(
      tasksByColumn(applyMove(tasks, 1, 2, 2))
        .get(2)!
        .map((t) => [t.id, t.position]),
    ).toEqual([
      [3, 1],
      [1, 2],
      [4, 3],
    ]);
  });
  it('sets completedAt when entering a completed column and clears it when leaving', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const done = applyMove([task(1, 2, 1)], 1, 3, 1, 'concluídos', now)[0];
    expect(done.completedAt).toBe(now.toISOString());
    expect(applyMove([done], 1, 2, 1, 'A fazer', now)[0].completedAt).toBeNull();
  });
  it('sorts columns by rank, not by position (keys past a9 included)', () => {
    const tasks = [task(1, 1, 3, { rank: 'a10' }), task(2, 1, 1, { rank: 'a9' }), task(3, 1, 2, { rank: 'a10' })];
    // Plain code unit order: 'a10' < 'a9'; equal ranks by id.
    expect(
      tasksByColumn(tasks)
        .get(1)!
        .map((t) => t.id),
    ).toEqual([1, 3, 2]);
  });
  it('gives the moved card a temporary rank strictly between its new neighbours', () => {
    const tasks = [task(1, 1, 1), task(2, 2, 1), task(3, 2, 2), task(4, 2, 3)];
    const middle = applyMove(tasks, 1, 2, 2).find((t) => t.id === 1)!;
    expect(middle.rank > 'a0001' && middle.rank < 'a0002').toBe(true);
    const top = applyMove(tasks, 1, 2, 1).find((t) => t.id === 1)!;
    expect(top.rank < 'a0001').toBe(true);
    expect(
      tasksByColumn(applyMove(tasks, 1, 2, 1))
        .get(2)!
        .map((t) => [t.id, t.position]),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    const end = applyMove(tasks, 1, 2, 4).find((t) => t.id === 1)!;
    expect(end.rank > 'a0003').toBe(true);
    // Twice to the top before the server answers: each below the one before.
    const twice = applyMove(applyMove(tasks, 1, 2, 1), 4, 2, 1);
    expect(
      tasksByColumn(twice)
        .get(2)!
        .map((t) => t.id),
    ).toEqual([4, 1, 2, 3]);
    expect(rankBetween(undefined, undefined)).toBe('n');
    expect(rankBetween('a', 'b')).toBe('a\u0001');
    expect(rankBetween(undefined, 'a0')).toBe('a/\uffff');
  });
  it('moves within a column by rank, counting places without the card itself', () => {
    const tasks = [task(1, 1, 1), task(2, 1, 2), task(3, 1, 3), task(4, 1, 4)];
    // Card 1 to place 3 (among the others): after 2 and 3.
    const moved = tasksByColumn(applyMove(tasks, 1, 1, 3)).get(1)!;
    expect(moved.map((t) => [t.id, t.position])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
      [4, 4],
    ]);
  });
  it("does not move other cards when the server's copy replaces the optimistic one (same neighbours)", () => {
    const tasks = [task(1, 1, 1), task(2, 2, 1), task(3, 2, 2)];
    const optimistic = applyMove(tasks, 1, 2, 2);
    const server = { ...optimistic.find((t) => t.id === 1)!, rank: 'a0001V', position: 2 };
    const answered = applyTaskChanges(optimistic, [server], []);
    const places = (list: Task[]) =>
      tasksByColumn(list)
        .get(2)!
        .map((t) => [t.id, t.position]);
    expect(places(answered)).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
    // The /ws message for the same move after the answer changes nothing.
    expect(places(applyTaskChanges(answered, [server], []))).toEqual(places(answered));
  });
  it('leaves the list untouched for an unknown task, keeps unchanged objects', () => {
    const tasks = [task(1, 1, 1), task(2, 2, 1)];
    expect(applyMove(tasks, 9, 2, 1)).toEqual(tasks);
    const untouched = task(3, 3, 1);
    const moved = applyMove([...tasks, untouched], 1, 2, 2);
    expect(moved[2]).toBe(untouched);
  });
});

describe('board list helpers', () => {
  it('needs a non-blank list title', () => {
    expect(columnNameToSend(' \t')).toBeNull();
    expect(columnNameToSend(' Revisão ')).toBe('Revisão');
  });
  it('finds the backlog: the first fixed column that is not a completed one', () => {
    expect(backlogColumn(columns)?.name).toBe('Backlog');
    expect(backlogColumn([columns[2], columns[1]])?.name).toBe('A fazer');
    expect(backlogColumn([])).toBeUndefined();
  });
  it('upserts and removes tasks', () => {
    const list = [task(1, 1, 1)];
    expect(upsertTask(list, task(1, 1, 1, { title: 'Nova' }))[0].title).toBe('Nova');
    expect(upsertTask(list, task(2, 1, 2)).map((t) => t.id)).toEqual([1, 2]);
    expect(upsertTask(undefined, task(2, 1, 2)).map((t) => t.id)).toEqual([2]);
    expect(removeTask(list, 1)).toEqual([]);
  });
  it('closes the gap an archived task leaves in its column only', () => {
    const tasks = [task(1, 1, 1), task(2, 1, 2), task(3, 1, 3), task(4, 2, 1)];
    const left = removeTask(tasks, 2);
    expect(left.map((t) => [t.id, t.position])).toEqual([
      [1, 1],
      [3, 2],
      [4, 1],
    ]);
    // Restored at the end (the server's place n + 1, a rank after the others), it sorts last.
    const back = upsertTask(left, task(2, 1, 3, { rank: 'a0004' }));
    expect(
      tasksByColumn(back)
        .get(1)!
        .map((t) => t.id),
    ).toEqual([1, 3, 2]);
    expect(removeTask(tasks, 99)).toEqual(tasks);
  });
  it('keeps the arrays of columns whose cards did not change', () => {
    const tasks = [task(1, 1, 1), task(2, 2, 1), task(3, 2, 2)];
    const first = tasksByColumn(tasks);
    const second = keepUnchangedGroups(first, tasksByColumn([tasks[0], tasks[1], { ...tasks[2], title: 'x' }]));
    expect(second.get(1)).toBe(first.get(1));
    expect(second.get(2)).not.toBe(first.get(2));
    expect(keepUnchangedGroups(null, first)).toBe(first);
  });
});

describe('keyboard moves', () => {
  const cols = [1, 2, 3].map((id) => ({ id, name: `L${id}`, position: id, color: '#000', isFixed: false }) as Column);

  it('moves a list one place left or right, and not past either end', () => {
    expect(stepColumn(cols, 2, -1)).toEqual({
      updates: [
        { id: 2, position: 1 },
        { id: 1, position: 2 },
        { id: 3, position: 3 },
      ],
      place: 1,
      count: 3,
    });
    expect(stepColumn(cols, 2, 1)?.updates.map((u) => u.id)).toEqual([1, 3, 2]);
    expect(stepColumn(cols, 2, 1)?.place).toBe(3);
    expect(stepColumn(cols, 1, -1)).toBeNull();
    expect(stepColumn(cols, 3, 1)).toBeNull();
    expect(stepColumn(cols, 9, 1)).toBeNull();
  });

  it('says where a card or a list went', () => {
    expect(cardMovedText('Logo novo', 'Em andamento', 2, 5)).toBe('Logo novo movida para Em andamento, posição 2 de 5');
    expect(columnMovedText('A fazer', 3, 6)).toBe('Lista A fazer movida para a posição 3 de 6');
  });
});

describe('edgeScrollStep', () => {
  it('is 0 in the middle and grows towards each edge, bounded', () => {
    expect(edgeScrollStep(500, 0, 1000)).toBe(0);
    expect(edgeScrollStep(60, 0, 1000)).toBe(0);
    expect(edgeScrollStep(30, 0, 1000)).toBeLessThan(0);
    expect(edgeScrollStep(970, 0, 1000)).toBeGreaterThan(0);
    expect(edgeScrollStep(5, 0, 1000)).toBeLessThan(edgeScrollStep(30, 0, 1000));
    expect(edgeScrollStep(-50, 0, 1000)).toBe(-EDGE_MAX_STEP);
    expect(edgeScrollStep(2000, 0, 1000)).toBe(EDGE_MAX_STEP);
  });

  it('leaves the middle of a small area alone', () => {
    expect(edgeScrollStep(50, 0, 100)).toBe(0);
    expect(edgeScrollStep(10, 0, 100)).toBeLessThan(0);
    expect(edgeScrollStep(10, 10, 10)).toBe(0);
  });
});
