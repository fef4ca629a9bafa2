import {
  percent,
  percentChange,
  secondsToHours,
  type AnalyticsDashboard,
  type AnalyticsPeriod,
  type AnalyticsRange,
  type AnalyticsTrendDay,
  type ClientPerformance,
  type MemberProductivity,
} from '@wkflow/contracts';

/**
 * The analytics figures in two parts: what the database sums up (every finished time entry, the
 * counts) and the entries still running, whose time grows with the clock. Seconds are kept in
 * whole microseconds (bigint): durations are whole seconds and timestamps microseconds, so sums are
 * exact, and Number(micros) / 1e6 is the same double as PostgreSQL's `sum(...)::float8`.
 */

/** A time entry still running (no end, no duration): its time so far is added when the figures are read. */
export interface RunningEntry {
  userId: number;
  clientId: number;
  /** Local date of its start in APP_TIMEZONE (YYYY-MM-DD). */
  day: string;
  startMicros: bigint;
}

export interface DashboardParts {
  completed_cur: number;
  completed_prev: number;
  micros_cur: bigint;
  micros_prev: bigint;
  members_cur: number;
  members_prev: number;
  created_cur: number;
  done_cur: number;
  created_prev: number;
  done_prev: number;
}

export interface TrendPart {
  date: string;
  completed_tasks: number;
  micros: bigint;
}

export interface ProductivityPart {
  id: number;
  name: string;
  completed: number;
  open: number;
  micros: bigint;
  /** Place in the database's order of names (its collation), for ties. */
  rank: number;
}

export interface ClientPart {
  id: number;
  name: string;
  color: string;
  tasks: number;
  completed: number;
  overdue: number;
  micros: bigint;
  rank: number;
}

export const secondsOfMicros = (micros: bigint): number => Number(micros) / 1e6;
/** Exact whole seconds, and the hours (two decimals) computed from them. */
const wholeSeconds = (micros: bigint) => Math.round(secondsOfMicros(micros));
const hours = (micros: bigint) => secondsToHours(wholeSeconds(micros));
const micros = (date: Date) => BigInt(date.getTime()) * 1000n;

/** A running entry's time at `now` (never negative: a start in the future counts 0). */
export function liveMicros(entry: RunningEntry, now: Date): bigint {
  const elapsed = micros(now) - entry.startMicros;
  return elapsed > 0n ? elapsed : 0n;
}

const within = (entry: RunningEntry, from: Date, to: Date) => entry.startMicros >= micros(from) && entry.startMicros < micros(to);

export function presentDashboard(period: AnalyticsPeriod, p: DashboardParts): AnalyticsDashboard {
  const cur = secondsOfMicros(p.micros_cur);
  const prev = secondsOfMicros(p.micros_prev);
  // The change compares the unrounded rates.
  const rawRate = (done: number, created: number) => (created === 0 ? 0 : (done / created) * 100);
  return {
    period,
    completed_tasks: p.completed_cur,
    completed_tasks_change: percentChange(p.completed_cur, p.completed_prev),
    total_hours: hours(p.micros_cur),
    total_seconds: wholeSeconds(p.micros_cur),
    hours_change: percentChange(cur, prev),
    active_members: p.members_cur,
    members_change: percentChange(p.members_cur, p.members_prev),
    completion_rate: percent(p.done_cur, p.created_cur),
    completion_rate_change: percentChange(rawRate(p.done_cur, p.created_cur), rawRate(p.done_prev, p.created_prev)),
  };
}

export function presentTrend(days: TrendPart[]): AnalyticsTrendDay[] {
  return days.map((d) => ({ date: d.date, completed_tasks: d.completed_tasks, hours: hours(d.micros), seconds: wholeSeconds(d.micros) }));
}

/** Most completed first, then most time, then by name (the database's order): as the query sorts. */
export function presentProductivity(rows: ProductivityPart[]): MemberProductivity[] {
  return [...rows]
    .sort((a, b) => b.completed - a.completed || compareMicros(b.micros, a.micros) || a.rank - b.rank)
    .map((r) => ({
      user_id: r.id,
      name: r.name,
      completed_tasks: r.completed,
      hours: hours(r.micros),
      seconds: wholeSeconds(r.micros),
      open_tasks: r.open,
    }));
}

export function presentClients(rows: ClientPart[]): ClientPerformance[] {
  return [...rows]
    .sort((a, b) => b.tasks - a.tasks || compareMicros(b.micros, a.micros) || a.rank - b.rank)
    .map((r) => ({
      client_id: r.id,
      name: r.name,
      color: r.color,
      tasks: r.tasks,
      completed: r.completed,
      overdue: r.overdue,
      hours: hours(r.micros),
      seconds: wholeSeconds(r.micros),
    }));
}

/** The query compares the float8 sums: so does this (two exact sums can round to one double). */
function compareMicros(a: bigint, b: bigint): number {
  return secondsOfMicros(a) - secondsOfMicros(b);
}

/** The parts with the running entries' time at `now` added where the database would have counted it. */
export function dashboardAt(p: DashboardParts, running: RunningEntry[], range: AnalyticsRange, now: Date): DashboardParts {
  let cur = p.micros_cur;
  let prev = p.micros_prev;
  for (const entry of running) {
    if (within(entry, range.start, range.end)) cur += liveMicros(entry, now);
    else if (within(entry, range.previousStart, range.start)) prev += liveMicros(entry, now);
  }
  return { ...p, micros_cur: cur, micros_prev: prev };
}

export function trendAt(days: TrendPart[], running: RunningEntry[], range: AnalyticsRange, now: Date): TrendPart[] {
  const live = running.filter((e) => within(e, range.start, range.end));
  if (!live.length) return days;
  return days.map((d) => {
    let total = d.micros;
    for (const entry of live) if (entry.day === d.date) total += liveMicros(entry, now);
    return total === d.micros ? d : { ...d, micros: total };
  });
}

/** Adds each running entry in the period to the row whose `key(entry)` is the row's id (if listed). */
export function rowsAt<T extends { id: number; micros: bigint }>(
  rows: T[],
  running: RunningEntry[],
  key: (entry: RunningEntry) => number,
  range: AnalyticsRange,
  now: Date,
): T[] {
  const live = new Map<number, bigint>();
  for (const entry of running) {
    if (within(entry, range.start, range.end)) live.set(key(entry), (live.get(key(entry)) ?? 0n) + liveMicros(entry, now));
  }
  if (!live.size) return rows;
  return rows.map((r) => (live.has(r.id) ? { ...r, micros: r.micros + live.get(r.id)! } : r));
}
