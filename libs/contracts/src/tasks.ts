import { DateTime } from 'luxon';
import { contrastRatio, isHexColor } from './themes';

export interface Column {
  id: number;
  name: string;
  position: number;
  color: string;
  isFixed: boolean;
}

export interface TaskAttachment {
  id: number;
  originalName: string;
  size: number;
  mimeType: string;
  createdAt: string;
  userId: number | null;
}

export type TaskStatus = 'open' | 'overdue';

/** A task as the API returns it (core.md §3). */
export interface Task {
  id: number;
  title: string;
  description: string;
  clientId: number;
  columnId: number;
  deadline: string;
  assignedTo: number[];
  reminderTime: ReminderOption | null;
  createdBy: number | null;
  /** The task's 1-based place among all of its column's board tasks (core.md §4). */
  position: number;
  /**
   * The task's order key in its column: a column's tasks sort by it, compared code unit by code
   * unit (plain `<` on strings). Clients order by it, so a change pushed to them places a task
   * exactly even when they do not see every task of the column.
   */
  rank: string;
  isArchived: boolean;
  status: TaskStatus;
  completedAt: string | null;
  createdAt: string;
  attachments: TaskAttachment[];
}

/** Response header of GET /api/tasks: the board version the list was read at (for `?since=`). */
export const BOARD_VERSION_HEADER = 'X-Board-Version';

/**
 * What changed on a user's board after a version: the answer of GET /api/tasks?since=<version>
 * and, over /ws, of a 'board.changed' message. Only what the user may see: a task he may not see
 * is never named, not even by id.
 */
export interface BoardChanges {
  /** True when the version asked is too old (or unknown): `tasks` is then the whole board and replaces it. */
  full: boolean;
  /** Tasks added to or changed in the user's view, as they are now. */
  tasks: Task[];
  /** Ids of tasks that left the user's view: archived, deleted, or no longer assigned to him. */
  removed: number[];
  /** Every column, when a column was added, changed, reordered or removed (absent otherwise). */
  columns?: Column[];
}

/** GET /api/tasks?since=<version>: the changes, and the version they bring the client to. */
export interface BoardChangesResponse extends BoardChanges {
  version: number;
}

/**
 * /ws 'board.changed': the changes in versions (from, to] that concern this user. Messages on one
 * socket chain (each `from` is the previous `to`); a client holding version v applies a message
 * when from <= v, and asks GET /api/tasks?since=v when from > v (it missed some).
 */
export interface BoardChangedMessage extends BoardChanges {
  type: 'board.changed';
  from: number;
  to: number;
}

/**
 * A board list after changes (a pushed message or a `since` answer that is not full): removed and
 * changed tasks leave their old place, changed ones enter at theirs, and the other tasks' places
 * shift the way the server's did (by rank, within each column). Changed tasks keep the server's
 * position. Exact when the client sees every task; otherwise the other tasks' positions may lag
 * behind moves of tasks it cannot see until the next full read, but the order (by rank) is exact.
 */
export function applyTaskChanges(tasks: readonly Task[], changed: readonly Task[], removed: readonly number[]): Task[] {
  // One pass finds the tasks the changes name; the list is not indexed as a whole (a delta names
  // one or two tasks, and this runs for every message on a board of thousands).
  const named = new Set<number>([...removed, ...changed.map((t) => t.id)]);
  const held = new Map<number, Task>();
  if (named.size) for (const task of tasks) if (named.has(task.id)) held.set(task.id, task);
  // A task sent again as the list already holds it (a message covering what a full read brought)
  // changes nothing: its object is kept, so nothing that shows it renders again.
  changed = changed.filter((t) => {
    const before = held.get(t.id);
    return !before || JSON.stringify(before) !== JSON.stringify(t);
  });
  if (!changed.length && !removed.some((id) => held.has(id))) return [...tasks];
  const leaving = new Set<number>([...removed, ...changed.map((t) => t.id)]);
  const shifts = new Map<number, { rank: string; delta: number }[]>();
  const shift = (columnId: number, rank: string, delta: number) => {
    const list = shifts.get(columnId);
    if (list) list.push({ rank, delta });
    else shifts.set(columnId, [{ rank, delta }]);
  };
  for (const task of held.values()) if (leaving.has(task.id) && !task.isArchived) shift(task.columnId, task.rank, -1);
  for (const task of changed) if (!task.isArchived) shift(task.columnId, task.rank, +1);
  const kept: Task[] = [];
  for (const task of tasks) {
    if (leaving.has(task.id)) continue;
    const columnShifts = shifts.get(task.columnId);
    let delta = 0;
    if (columnShifts) for (const s of columnShifts) if (s.rank < task.rank) delta += s.delta;
    kept.push(delta ? { ...task, position: task.position + delta } : task);
  }
  for (const task of changed) if (!task.isArchived) kept.push(task);
  return kept;
}

/** An archived task in the 'Arquivadas' list: when it was archived (from its history; null for old rows without one). */
export interface ArchivedTask extends Task {
  archivedAt: string | null;
}

/** GET /api/tasks/archived: one page, newest archive first, and how many match in all. */
export interface ArchivedTaskPage {
  items: ArchivedTask[];
  total: number;
}

/** Page size of the archived list (default and largest asked). */
export const ARCHIVED_PAGE_DEFAULT = 50;
export const ARCHIVED_PAGE_MAX = 200;

/** The address of a task: the board with its dialog open (the form notifications and e-mails link to). */
export const TASK_PARAM = 'task';
export function taskPath(taskId: number): string {
  return `/kanban?${TASK_PARAM}=${taskId}`;
}

export interface TaskComment {
  id: number;
  content: string;
  createdAt: string;
  userId: number | null;
  user: { id: number; name: string; username: string } | null;
}

export const HISTORY_ACTIONS = ['created', 'updated', 'time_tracked', 'assigned', 'moved', 'deadline_changed', 'reminder_set'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
export const HISTORY_FIELDS = ['title', 'description', 'client', 'deadline', 'status', 'assignedTo', 'reminder'] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export interface TaskHistoryItem {
  id: number;
  actionType: HistoryAction;
  fieldName: HistoryField | null;
  oldValue: string | null;
  newValue: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  user: { name: string; username: string } | null;
  /** Names of the people and clients the item refers to by id (assignees added or removed, old and new client). */
  names?: { users: Record<string, string>; clients: Record<string, string> };
}

/** Reminder options of the task form (core.md §5): stored as the option itself. */
export const REMINDER_OPTIONS = ['1h', '2h', '6h', '1d'] as const;
export type ReminderOption = (typeof REMINDER_OPTIONS)[number];
export const REMINDER_LABELS: Record<ReminderOption, string> = {
  '1h': '1 hora antes',
  '2h': '2 horas antes',
  '6h': '6 horas antes',
  '1d': '1 dia antes',
};
/** Minutes before the deadline each reminder fires. */
export const REMINDER_MINUTES: Record<ReminderOption, number> = { '1h': 60, '2h': 120, '6h': 360, '1d': 1440 };

/** The 8 column colours (core.md §9); grey is the default. */
export const COLUMN_PALETTE = [
  { name: 'Cinza', value: '#6b7280' },
  { name: 'Vermelho', value: '#ef4444' },
  { name: 'Laranja', value: '#f97316' },
  { name: 'Amarelo', value: '#eab308' },
  { name: 'Verde', value: '#22c55e' },
  { name: 'Azul', value: '#3b82f6' },
  { name: 'Roxo', value: '#8b5cf6' },
  { name: 'Rosa', value: '#ec4899' },
] as const;
export const DEFAULT_COLUMN_COLOR = COLUMN_PALETTE[0].value;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A column whose name contains concluí, finaliz or complet (any case) holds completed tasks. */
export function isCompletedColumnName(name: string): boolean {
  const lower = name.toLowerCase();
  const folded = fold(name);
  return lower.includes('concluí') || folded.includes('conclui') || folded.includes('finaliz') || folded.includes('complet');
}

/**
 * What renaming a list does to its tasks under the name rule: null when the list stays what it
 * was (a completion list or not); else the sentence asked before the rename, naming how many
 * tasks change state.
 */
export function completionRenameQuestion(oldName: string, newName: string, tasks: number): string | null {
  const before = isCompletedColumnName(oldName);
  const after = isCompletedColumnName(newName);
  if (before === after) return null;
  const count = tasks === 1 ? '1 tarefa' : `${tasks} tarefas`;
  return after
    ? `Com o nome "${newName}", a lista "${oldName}" passa a ser uma lista de conclusão: ${count} ${tasks === 1 ? 'fica concluída e sai' : 'ficam concluídas e saem'} do quadro padrão.`
    : `Com o nome "${newName}", a lista "${oldName}" deixa de ser uma lista de conclusão: ${count} ${tasks === 1 ? 'volta a ficar aberta' : 'voltam a ficar abertas'}.`;
}

/** open or overdue (core.md §4): overdue when the deadline's date is before today in the app's zone. */
export function taskStatus(deadline: string | Date | null, now: Date, timezone: string): TaskStatus {
  if (!deadline) return 'open';
  const due = (typeof deadline === 'string' ? DateTime.fromISO(deadline) : DateTime.fromJSDate(deadline)).setZone(timezone).startOf('day');
  const today = DateTime.fromJSDate(now).setZone(timezone).startOf('day');
  return due < today ? 'overdue' : 'open';
}

/**
 * Text colour on a coloured badge: black or white, whichever contrasts more (WCAG ratio), so the text
 * always reaches at least 4.58:1. This is the spec's "black when brightness is above 128" everywhere except
 * for colours of brightness between about 71 and 128 (#0ea5e9, #ef4444), where the brightness rule's white
 * text falls below 4.5:1 and black reads better (docs/decisions.md). Not a colour: white.
 */
export function contrastTextColor(hex: string): '#000000' | '#ffffff' {
  const color = hex.trim();
  if (!isHexColor(color)) return '#ffffff';
  return contrastRatio(color, '#000000') >= contrastRatio(color, '#ffffff') ? '#000000' : '#ffffff';
}

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 20_000;
export const COLUMN_NAME_MAX = 60;
export const COMMENT_MAX = 5000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/* ---------- requests (the API's DTOs implement them) ---------- */

/** POST /api/columns: the server appends the column at the end (position is accepted, not used). */
export interface CreateColumnRequest {
  name: string;
  position?: number;
  color?: string;
}

/** PUT /api/columns/{id}: a rename or a colour. */
export interface UpdateColumnRequest {
  name?: string;
  color?: string;
  /** Required (true) when the new name makes the list a completion list or stops it being one. */
  confirmCompletionChange?: boolean;
}

export interface ColumnPosition {
  id: number;
  position: number;
}

/** PUT /api/columns/reorder */
export interface ReorderColumnsRequest {
  columnUpdates: ColumnPosition[];
}

/** POST /api/tasks: the task form (core.md §5); without columnId the task goes to the backlog. */
export interface CreateTaskRequest {
  title: string;
  description: string;
  clientId: number;
  columnId?: number;
  deadline: string;
  assignedTo?: number[];
  reminderTime?: ReminderOption | null;
  /** Sent by the spec's client; the server takes the session user. */
  createdBy?: number;
  /** Sent by the spec's client; the server places new tasks at the end of the column. */
  position?: number;
}

/** PUT /api/tasks/{id}: any of the task's fields, and the archive flag. */
export interface UpdateTaskRequest extends Partial<CreateTaskRequest> {
  isArchived?: boolean;
}

/** PUT /api/tasks/{id}/move */
export interface MoveTaskRequest {
  columnId: number;
  position: number;
}

/** POST /api/tasks/{id}/comments */
export interface CreateCommentRequest {
  content: string;
}

/** GET /api/tasks */
export interface TaskListQuery {
  search?: string;
  columnId?: number;
  limit?: number;
  cursor?: number;
  /** A board version: the answer is then a BoardChangesResponse (not combinable with the others). */
  since?: number;
}

/** GET /api/tasks/archived: search in title and description, one client, one page. */
export interface ArchivedTaskQuery {
  search?: string;
  clientId?: number;
  limit?: number;
  offset?: number;
}
