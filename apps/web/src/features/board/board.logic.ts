import { applyTaskChanges, isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';
import { foldText, matchesSearch, type SearchNames } from './search.logic';

/** Pure rules of the board (core.md §2, §4): filters, grouping, the drop position, the optimistic move. */

export interface BoardFilters {
  open: boolean;
  overdue: boolean;
  completed: boolean;
}

/** open and overdue on, completed off (core.md §2). */
export const DEFAULT_FILTERS: BoardFilters = { open: true, overdue: true, completed: false };

export const FILTER_LABELS: Record<keyof BoardFilters, string> = {
  open: 'Em aberto',
  overdue: 'Atrasadas',
  completed: 'Concluídas',
};

/** The sidebar's picks, kept in the URL (?client=, ?member=). */
export interface ScopeFilters {
  clientId: number | null;
  memberId: number | null;
}

export const CLIENT_PARAM = 'client';
export const MEMBER_PARAM = 'member';

/** A positive integer URL parameter, or null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export type CardState = 'open' | 'overdue' | 'completed';

/** A task in a column whose name says completed is completed; otherwise its status (open/overdue). */
export function cardState(task: Pick<Task, 'status'>, column: Pick<Column, 'name'> | undefined): CardState {
  if (column && isCompletedColumnName(column.name)) return 'completed';
  return task.status;
}

/**
 * Tasks shown: the three status filters, the sidebar's client/member and the header search (title,
 * description, and with `names` the client's and the assignees' names).
 */
export function visibleTasks(
  tasks: readonly Task[],
  columns: readonly Column[],
  filters: BoardFilters,
  search: string,
  scope: ScopeFilters = { clientId: null, memberId: null },
  names?: SearchNames,
): Task[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const needle = foldText(search.trim());
  return tasks.filter((task) => {
    if (!filters[cardState(task, byId.get(task.columnId))]) return false;
    if (scope.clientId !== null && task.clientId !== scope.clientId) return false;
    if (scope.memberId !== null && !task.assignedTo.includes(scope.memberId)) return false;
    return matchesSearch(task, needle, names);
  });
}

/** Tasks a non-blank search finds in the sidebar's scope that the status filters hide, per state. */
export function searchHiddenByFilters(
  tasks: readonly Task[],
  columns: readonly Column[],
  filters: BoardFilters,
  search: string,
  scope: ScopeFilters = { clientId: null, memberId: null },
  names?: SearchNames,
): Record<CardState, number> {
  const hidden: Record<CardState, number> = { open: 0, overdue: 0, completed: 0 };
  const needle = foldText(search.trim());
  if (!needle) return hidden;
  const byId = new Map(columns.map((c) => [c.id, c]));
  for (const task of tasks) {
    const state = cardState(task, byId.get(task.columnId));
    if (filters[state]) continue;
    if (scope.clientId !== null && task.clientId !== scope.clientId) continue;
    if (scope.memberId !== null && !task.assignedTo.includes(scope.memberId)) continue;
    if (matchesSearch(task, needle, names)) hidden[state] += 1;
  }
  return hidden;
}

/** Columns in board order. */
export function sortColumns(columns: readonly Column[]): Column[] {
  return [...columns].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Order of two tasks of one column: by rank (plain code unit comparison, as the server's), then id. */
export function byRank(a: Pick<Task, 'rank' | 'id'>, b: Pick<Task, 'rank' | 'id'>): number {
  return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id - b.id;
}

/** Tasks per column, in rank order (the server's order; positions may lag after pushed changes). */
export function tasksByColumn(tasks: readonly Task[]): Map<number, Task[]> {
  const map = new Map<number, Task[]>();
  for (const task of tasks) {
    const list = map.get(task.columnId);
    if (list) list.push(task);
    else map.set(task.columnId, [task]);
  }
  for (const list of map.values()) list.sort(byRank);
  return map;
}

/**
 * A temporary order key strictly between `before` and `after` (either may be missing: the top or
 * the end of the column), for a card moved here until the server's copy brings its real rank.
 * Server ranks are printable, so `before + '\u0001'` sorts after `before` and before any greater key.
 */
export function rankBetween(before: string | undefined, after: string | undefined): string {
  if (before !== undefined) {
    const key = `${before}\u0001`;
    return after === undefined || key < after ? key : before;
  }
  if (after === undefined || after === '') return 'n';
  // Below the first key: its last code unit one lower, then the highest one.
  const last = after.charCodeAt(after.length - 1);
  return last > 0 ? `${after.slice(0, -1)}${String.fromCharCode(last - 1)}\uffff` : '';
}

/**
 * The new grouping, reusing the previous array of every column whose cards did not change, so the
 * memoised columns that were not touched (by a move, a filter) do not render again.
 */
export function keepUnchangedGroups(previous: ReadonlyMap<number, Task[]> | null, next: Map<number, Task[]>): Map<number, Task[]> {
  if (!previous) return next;
  for (const [columnId, list] of next) {
    const before = previous.get(columnId);
    if (before && before.length === list.length && before.every((t, i) => t === list[i])) next.set(columnId, before);
  }
  return next;
}

/** The backlog: where a task without a column goes (the first fixed column that is not a completed one). */
export function backlogColumn(columns: readonly Column[]): Column | undefined {
  const sorted = sortColumns(columns);
  return sorted.find((c) => c.isFixed && !isCompletedColumnName(c.name)) ?? sorted[0];
}

/**
 * Where a dropped card goes: the 1-based place among the target column's other cards that
 * PUT /api/tasks/{id}/move takes, or null when nothing moves (completed card, unknown task, same place).
 * `shown` is the target column's cards as rendered, in order; `slot` the gap the card was dropped
 * in (0: before the first). Completed cards are not dragged (core.md §2); 'Mover para…' reopens
 * them with `placeAt`, like the dialog's list select.
 */
export function dropPlace(
  task: Pick<Task, 'id' | 'columnId' | 'position'> | undefined,
  from: Column | undefined,
  to: Column,
  shown: readonly Pick<Task, 'id' | 'position'>[],
  slot: number,
): number | null {
  if (from && isCompletedColumnName(from.name)) return null;
  return placeAt(task, to, shown, slot);
}

/**
 * The server place of a card put in gap `slot` among `shown` (the target column's rendered cards),
 * or null when nothing moves. The place comes from the neighbours' server positions, so cards the
 * filters hide keep theirs; a column showing no card gets its visible count plus 1 (core.md §4).
 */
export function placeAt(
  task: Pick<Task, 'id' | 'columnId' | 'position'> | undefined,
  to: Column,
  shown: readonly Pick<Task, 'id' | 'position'>[],
  slot: number,
): number | null {
  if (!task) return null;
  const same = task.columnId === to.id;
  // Server places count the other cards only: one less past the card's own place in its column.
  const without = (position: number) => (same && task.position < position ? position - 1 : position);
  const after = shown.slice(slot).find((t) => t.id !== task.id);
  const before = shown
    .slice(0, slot)
    .reverse()
    .find((t) => t.id !== task.id);
  const place = after ? without(after.position) : before ? without(before.position) + 1 : 1;
  return same && place === task.position ? null : place;
}

/**
 * 'Mover para…' in column `shown` (its rendered cards): the places offered (1 to the other cards'
 * count + 1, the end) and the one chosen first (the card's own place there, else the end).
 */
export function movePlaces(taskId: number, shown: readonly Pick<Task, 'id'>[]): { count: number; initial: number } {
  const own = shown.findIndex((t) => t.id === taskId);
  const count = shown.length + (own === -1 ? 1 : 0);
  return { count, initial: own === -1 ? count : own + 1 };
}

/** The columns 'Mover para…' offers: all of them, but a completed card is reopened by choosing another one. */
export function moveTargets(columns: readonly Column[], from: Column | undefined): Column[] {
  return from && isCompletedColumnName(from.name) ? columns.filter((c) => c.id !== from.id) : [...columns];
}

/** The gap a pointer at `y` falls in, given the rendered cards' top and height (in order): before the first card whose middle is below it. */
export function slotAt(y: number, cards: readonly { top: number; height: number }[]): number {
  const index = cards.findIndex((c) => y < c.top + c.height / 2);
  return index === -1 ? cards.length : index;
}

/**
 * The columns' order after dragging `movedId` onto `targetId` (before it when `before`, else
 * after it), as PUT /api/columns/reorder takes it: every column with its 1-based place.
 * Null when the order does not change.
 */
export function reorderColumns(
  columns: readonly Column[],
  movedId: number,
  targetId: number,
  before: boolean,
): { id: number; position: number }[] | null {
  const sorted = sortColumns(columns);
  const moved = sorted.find((c) => c.id === movedId);
  if (!moved || movedId === targetId || !sorted.some((c) => c.id === targetId)) return null;
  const rest = sorted.filter((c) => c.id !== movedId);
  const at = rest.findIndex((c) => c.id === targetId) + (before ? 0 : 1);
  rest.splice(at, 0, moved);
  if (rest.every((c, i) => c.id === sorted[i].id)) return null;
  return rest.map((c, i) => ({ id: c.id, position: i + 1 }));
}

/**
 * A list moved one place by the keyboard (`step` -1: left, 1: right): the reorder to send, with the
 * list's new 1-based place among `count`. Null at either end.
 */
export function stepColumn(
  columns: readonly Column[],
  columnId: number,
  step: -1 | 1,
): { updates: { id: number; position: number }[]; place: number; count: number } | null {
  const sorted = sortColumns(columns);
  const at = sorted.findIndex((c) => c.id === columnId);
  const neighbour = at === -1 ? undefined : sorted[at + step];
  if (!neighbour) return null;
  const updates = reorderColumns(sorted, columnId, neighbour.id, step < 0);
  return updates && { updates, place: at + step + 1, count: sorted.length };
}

/** What the board's live region says after a card moved by the keyboard. */
export function cardMovedText(title: string, column: string, place: number, count: number): string {
  return `${title} movida para ${column}, posição ${place} de ${count}`;
}

/** What the board's live region says after a list moved by the keyboard. */
export function columnMovedText(name: string, place: number, count: number): string {
  return `Lista ${name} movida para a posição ${place} de ${count}`;
}

/**
 * The board right after a move, before the server answers: the task at server place `position` of
 * the target column, with a temporary rank between its new neighbours so it shows in place, and
 * the other cards' places shifted the way the server shifts them (applyTaskChanges). When the
 * server's copy (real rank, same neighbours) replaces it, no other card moves.
 */
export function applyMove(
  tasks: readonly Task[],
  taskId: number,
  columnId: number,
  position: number,
  targetColumnName?: string,
  now: Date = new Date(),
): Task[] {
  const moving = tasks.find((t) => t.id === taskId);
  if (!moving) return [...tasks];
  const same = moving.columnId === columnId;
  // The other cards' server places once the moving one has left its own.
  const without = (t: Task) => (same && t.position > moving.position ? t.position - 1 : t.position);
  const target = tasks.filter((t) => t.columnId === columnId && t.id !== taskId).sort(byRank);
  let index = target.findIndex((t) => without(t) >= position);
  if (index === -1) index = target.length;
  const last = target[target.length - 1];
  const completing = targetColumnName !== undefined && isCompletedColumnName(targetColumnName);
  const placed: Task = {
    ...moving,
    columnId,
    position: index === target.length ? Math.max(1, Math.min(position, last ? without(last) + 1 : 1)) : Math.max(1, position),
    rank: rankBetween(target[index - 1]?.rank, target[index]?.rank),
    completedAt: completing ? (moving.completedAt ?? now.toISOString()) : targetColumnName === undefined ? moving.completedAt : null,
  };
  const next = applyTaskChanges(tasks, [placed], []);
  // Keep the list's order (the moved card where it was in the array).
  const byId = new Map(next.map((t) => [t.id, t]));
  return tasks.map((t) => byId.get(t.id) ?? t);
}

/** A task replaced (or added) in the list by the server's copy. */
export function upsertTask(tasks: readonly Task[] | undefined, task: Task): Task[] {
  const list = tasks ?? [];
  const index = list.findIndex((t) => t.id === task.id);
  if (index === -1) return [...list, task];
  const next = [...list];
  next[index] = task;
  return next;
}

/**
 * The list without a task (archived): the cards after it in its column move up one place, as on
 * the server, so a task restored to the end (place n + 1) sorts after them.
 */
export function removeTask(tasks: readonly Task[] | undefined, taskId: number): Task[] {
  const list = tasks ?? [];
  const removed = list.find((t) => t.id === taskId);
  if (!removed) return [...list];
  return list
    .filter((t) => t.id !== taskId)
    .map((t) => (t.columnId === removed.columnId && t.position > removed.position ? { ...t, position: t.position - 1 } : t));
}

/** Columns with more cards than this render only the ones in view (windowing). */
export const WINDOW_FROM = 50;

/** A new list needs a non-blank title. (Here, not with the yup schemas: the board loads without them.) */
export function columnNameToSend(text: string): string | null {
  const name = text.trim();
  return name ? name : null;
}
