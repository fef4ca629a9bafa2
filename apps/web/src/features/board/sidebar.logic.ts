import { calendarDaysBetween, DEFAULT_APP_TIMEZONE, type Column, type Task } from '@wkflow/contracts';
import { cardState, type CardState } from './board.logic';

/** Summaries of the 'Projetos' sidebar (extended.md §2.14, §4). */

/** Tasks the counts look at: everything visible, or only the user's own without view_all. */
export function scopedTasks(tasks: readonly Task[], canViewAll: boolean, userId: number | undefined): Task[] {
  if (canViewAll) return [...tasks];
  return userId === undefined ? [] : tasks.filter((t) => t.assignedTo.includes(userId));
}

function stateOf(columns: readonly Column[]) {
  const byId = new Map(columns.map((c) => [c.id, c]));
  return (task: Task): CardState => cardState(task, byId.get(task.columnId));
}

export interface StatusSummary {
  total: number;
  open: number;
  overdue: number;
  completed: number;
}

export function statusSummary(tasks: readonly Task[], columns: readonly Column[]): StatusSummary {
  const state = stateOf(columns);
  const summary: StatusSummary = { total: tasks.length, open: 0, overdue: 0, completed: 0 };
  for (const task of tasks) summary[state(task)] += 1;
  return summary;
}

export interface DeliveryBuckets {
  oneDay: number;
  twoDays: number;
  threeDays: number;
  later: number;
}

export const DELIVERY_LABELS: Record<keyof DeliveryBuckets, string> = {
  oneDay: 'Em 1 dia',
  twoDays: 'Em 2 dias',
  threeDays: 'Em 3 dias',
  later: 'Mais de 3 dias',
};

const FAR_AHEAD = 5 * 24 * 60 * 60 * 1000;

/** The bucket of a calendar-day distance (0 today, 1 tomorrow...): today and tomorrow are 'Em 1 dia'. */
export function deliveryBucketOf(days: number): keyof DeliveryBuckets {
  return days <= 1 ? 'oneDay' : days === 2 ? 'twoDays' : days === 3 ? 'threeDays' : 'later';
}

/**
 * Deliveries ahead among non-completed tasks, by calendar days in the app's zone (like the card's
 * 'Vence em N dias'): today and tomorrow 'Em 1 dia', the day after tomorrow 'Em 2 dias', then
 * 'Em 3 dias' and 'Mais de 3 dias'. Past deadlines are not deliveries ahead (they show as overdue)
 * and are left out.
 */
export function deliveryBuckets(
  tasks: readonly Task[],
  columns: readonly Column[],
  now: Date = new Date(),
  timeZone: string = DEFAULT_APP_TIMEZONE,
): DeliveryBuckets {
  const state = stateOf(columns);
  const buckets: DeliveryBuckets = { oneDay: 0, twoDays: 0, threeDays: 0, later: 0 };
  for (const task of tasks) {
    if (state(task) === 'completed') continue;
    const left = Date.parse(task.deadline) - now.getTime();
    if (Number.isNaN(left) || left < 0) continue;
    // Five days ahead or more is 4 calendar days at least, even across a DST change: 'Mais de 3 dias'
    // without the zone arithmetic (a board holds thousands of tasks, most of them far off).
    if (left >= FAR_AHEAD) buckets.later += 1;
    else buckets[deliveryBucketOf(calendarDaysBetween(task.deadline, now, timeZone) ?? 0)] += 1;
  }
  return buckets;
}

export interface CountedItem {
  id: number;
  name: string;
  color?: string;
  /** Non-completed tasks. */
  active: number;
  overdue: number;
}

/** Per client: its non-completed and overdue tasks; clients with tasks first, then by name. */
export function clientCounts(
  tasks: readonly Task[],
  columns: readonly Column[],
  clients: readonly { id: number; name: string; color: string }[],
): CountedItem[] {
  const state = stateOf(columns);
  const counts = new Map<number, { active: number; overdue: number }>();
  for (const task of tasks) {
    const s = state(task);
    if (s === 'completed') continue;
    const c = counts.get(task.clientId) ?? { active: 0, overdue: 0 };
    c.active += 1;
    if (s === 'overdue') c.overdue += 1;
    counts.set(task.clientId, c);
  }
  return clients
    .map((client) => ({
      id: client.id,
      name: client.name,
      color: client.color,
      active: counts.get(client.id)?.active ?? 0,
      overdue: counts.get(client.id)?.overdue ?? 0,
    }))
    .sort((a, b) => Number(b.active > 0) - Number(a.active > 0) || a.name.localeCompare(b.name, 'pt-BR'));
}

/** Per member: their non-completed and overdue assigned tasks, by name. */
export function memberCounts(
  tasks: readonly Task[],
  columns: readonly Column[],
  users: readonly { id: number; name: string }[],
): CountedItem[] {
  const state = stateOf(columns);
  const counts = new Map<number, { active: number; overdue: number }>();
  for (const task of tasks) {
    const s = state(task);
    if (s === 'completed') continue;
    for (const id of task.assignedTo) {
      const c = counts.get(id) ?? { active: 0, overdue: 0 };
      c.active += 1;
      if (s === 'overdue') c.overdue += 1;
      counts.set(id, c);
    }
  }
  return users
    .map((user) => ({ id: user.id, name: user.name, active: counts.get(user.id)?.active ?? 0, overdue: counts.get(user.id)?.overdue ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** Per column, in board order: how many tasks it holds. */
export function columnCounts(
  tasks: readonly Task[],
  columns: readonly Column[],
): Array<{ id: number; name: string; color: string; count: number }> {
  const counts = new Map<number, number>();
  for (const task of tasks) counts.set(task.columnId, (counts.get(task.columnId) ?? 0) + 1);
  return [...columns]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((c) => ({ id: c.id, name: c.name, color: c.color, count: counts.get(c.id) ?? 0 }));
}
