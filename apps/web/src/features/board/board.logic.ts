import { isCompletedColumnName, type Column, type Task } from '@wkflow/contracts';

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

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Tasks shown: the three status filters, the sidebar's client/member and the header search (title and description). */
export function visibleTasks(
  tasks: readonly Task[],
  columns: readonly Column[],
  filters: BoardFilters,
  search: string,
  scope: ScopeFilters = { clientId: null, memberId: null },
): Task[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const needle = fold(search.trim());
  return tasks.filter((task) => {
    if (!filters[cardState(task, byId.get(task.columnId))]) return false;
    if (scope.clientId !== null && task.clientId !== scope.clientId) return false;
    if (scope.memberId !== null && !task.assignedTo.includes(scope.memberId)) return false;
    return !needle || fold(task.title).includes(needle) || fold(task.description).includes(needle);
  });
}

/** Columns in board order. */
export function sortColumns(columns: readonly Column[]): Column[] {
  return [...columns].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Tasks per column, in position order. */
export function tasksByColumn(tasks: readonly Task[]): Map<number, Task[]> {
  const map = new Map<number, Task[]>();
  for (const task of tasks) {
    const list = map.get(task.columnId);
    if (list) list.push(task);
    else map.set(task.columnId, [task]);
  }
  for (const list of map.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  return map;
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
 * Where a dropped card goes: the target column's visible task count plus 1 (core.md §4), or null
 * when nothing moves (same column, completed card, unknown task).
 */
export function dropPosition(
  task: Pick<Task, 'columnId'> | undefined,
  from: Column | undefined,
  to: Column,
  visibleInTarget: number,
): number | null {
  if (!task || task.columnId === to.id) return null;
  if (from && isCompletedColumnName(from.name)) return null;
  return visibleInTarget + 1;
}

/**
 * The board right after a move, before the server answers: the task at `position` in the target
 * column (clamped to its end), both columns renumbered 1..n like the server does.
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
  const others = tasks.filter((t) => t.id !== taskId);
  const target = others.filter((t) => t.columnId === columnId).sort((a, b) => a.position - b.position || a.id - b.id);
  const index = Math.min(Math.max(0, position - 1), target.length);
  const completing = targetColumnName !== undefined && isCompletedColumnName(targetColumnName);
  const placed: Task = {
    ...moving,
    columnId,
    completedAt: completing ? (moving.completedAt ?? now.toISOString()) : targetColumnName === undefined ? moving.completedAt : null,
  };
  target.splice(index, 0, placed);
  const renumbered = new Map<number, Task>();
  target.forEach((t, i) => renumbered.set(t.id, t.position === i + 1 && t !== placed ? t : { ...t, position: i + 1 }));
  if (moving.columnId !== columnId) {
    others
      .filter((t) => t.columnId === moving.columnId)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .forEach((t, i) => renumbered.set(t.id, t.position === i + 1 ? t : { ...t, position: i + 1 }));
  }
  return tasks.map((t) => renumbered.get(t.id) ?? t);
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

/** The list without a task (archived tasks leave the board). */
export function removeTask(tasks: readonly Task[] | undefined, taskId: number): Task[] {
  return (tasks ?? []).filter((t) => t.id !== taskId);
}

/** Cards rendered per step in a long column ('Mostrar mais' or scrolling adds the next step). */
export const CARDS_PER_PAGE = 50;

/** Whether a scrolled list is near its end (then the next cards are rendered). */
export function nearEnd(scrollTop: number, clientHeight: number, scrollHeight: number, margin = 300): boolean {
  return scrollTop + clientHeight >= scrollHeight - margin;
}

/** A new list needs a non-blank title. (Here, not with the yup schemas: the board loads without them.) */
export function columnNameToSend(text: string): string | null {
  const name = text.trim();
  return name ? name : null;
}
