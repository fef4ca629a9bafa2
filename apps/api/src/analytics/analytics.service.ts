import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import {
  analyticsRange,
  isCompletedColumnName,
  secondsToHours,
  type AnalyticsDashboard,
  type AnalyticsPeriod,
  type AnalyticsTrendDay,
  type ClientPerformance,
  type MemberProductivity,
  type ReportTable,
  type ReportType,
} from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  presentClients,
  presentDashboard,
  presentProductivity,
  presentTrend,
  type ClientPart,
  type DashboardParts,
  type ProductivityPart,
  type RunningEntry,
  type TrendPart,
} from './analytics-figures';

/**
 * Seconds of a time entry (alias e): its duration, or while it runs its time up to `upTo` (SQL: an
 * instant, or e."startTime" to count it as 0).
 */
export const entrySeconds = (upTo: string) =>
  `COALESCE(e.duration, GREATEST(EXTRACT(EPOCH FROM (COALESCE(e."endTime", ${upTo}) - e."startTime")), 0))`;
/** Seconds of a time entry, a running one counting its time so far. */
export const ENTRY_SECONDS = entrySeconds('now()');

/**
 * The figures as of an instant (running entries count their time up to it), or 'frozen': running
 * entries count 0 and are listed apart (`runningEntries`), so the cache can add their time per request.
 */
export type UpTo = Date | 'frozen';

type Db = DataSource | EntityManager;

/** The exact sum of entry seconds in whole microseconds, as text (bigint). */
const SUM_MICROS = (upTo: string) => `COALESCE(round(sum(${entrySeconds(upTo)}) * 1000000), 0)::bigint::text`;

/** The most rows a time_tracking report holds (the latest entries of the period). */
export const TIME_REPORT_MAX_ROWS = 20_000;

/**
 * The user (alias u) tracked time or wrote a history row in [from, to). One probe per user on the
 * (userId, time) indexes: cheaper than de-duplicating every row of a long period.
 */
const ACTIVE_BETWEEN = (from: string, to: string) =>
  `(EXISTS (SELECT 1 FROM time_entries e WHERE e."userId" = u.id AND e."startTime" >= ${from} AND e."startTime" < ${to})
    OR EXISTS (SELECT 1 FROM task_history h WHERE h."userId" = u.id AND h."createdAt" >= ${from} AND h."createdAt" < ${to}))`;

/** Exact whole seconds of a summed column, and the hours (two decimals) computed from them. */
const secondsOf = (seconds: number | string | null) => Math.round(Number(seconds ?? 0));
const hours = (seconds: number | string | null) => secondsToHours(secondsOf(seconds));

/** `upTo` in a query whose other parameters are `params`: the SQL to use and the parameters to send. */
function clock(upTo: UpTo, params: unknown[]): { sql: string; params: unknown[] } {
  return upTo === 'frozen' ? { sql: 'e."startTime"', params } : { sql: `$${params.length + 1}::timestamptz`, params: [...params, upTo] };
}

export interface BoardColumns {
  /** Columns whose name marks completion (extended.md §4). */
  completed: number[];
  /** Working columns for bottlenecks: neither fixed (Backlog, concluídos) nor completed. */
  working: { id: number; name: string }[];
}

/**
 * Team figures from the real tasks and time entries, in APP_TIMEZONE. Each method is a few
 * aggregate queries over indexed columns (tasks.completedAt/createdAt, time_entries.startTime,
 * task_history.createdAt); nothing is computed per row in JavaScript.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  range(period: AnalyticsPeriod, now = new Date()) {
    return analyticsRange(period, now, this.config.appTimezone);
  }

  /** Local midnight today: a task is overdue when its deadline is before it. */
  todayStart(now = new Date()): Date {
    return DateTime.fromJSDate(now).setZone(this.config.appTimezone).startOf('day').toJSDate();
  }

  /** Runs `fn` on one snapshot of the database (repeatable read): its queries agree with each other. */
  snapshot<T>(fn: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', fn);
  }

  async boardColumns(db: Db = this.dataSource): Promise<BoardColumns> {
    const rows: { id: number; name: string; isFixed: boolean }[] = await db.query(
      `SELECT id, name, "isFixed" FROM columns ORDER BY position`,
    );
    return {
      completed: rows.filter((c) => isCompletedColumnName(c.name)).map((c) => c.id),
      working: rows.filter((c) => !c.isFixed && !isCompletedColumnName(c.name)).map(({ id, name }) => ({ id, name })),
    };
  }

  /**
   * The one completion-rate base, shared by the overview and the recommendations: tasks created in
   * [start, end) (archived ones left out) and how many of them sit in a completed column now.
   */
  async completionCounts(
    start: Date,
    end: Date,
    completed: number[],
    db: Db = this.dataSource,
  ): Promise<{ created: number; done: number }> {
    const [row] = await db.query(
      `SELECT count(*)::int AS created, count(*) FILTER (WHERE "columnId" = ANY($3))::int AS done
         FROM tasks WHERE NOT "isArchived" AND "createdAt" >= $1 AND "createdAt" < $2`,
      [start, end, completed],
    );
    return row;
  }

  /** The overview as of `now` (computed afresh; GET /api/analytics/dashboard answers from AnalyticsCache). */
  async dashboard(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsDashboard> {
    return presentDashboard(period, await this.dashboardParts(period, now, now));
  }

  async dashboardParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db: Db = this.dataSource): Promise<DashboardParts> {
    const { previousStart, start, end } = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    const c = clock(upTo, [previousStart, start, end]);
    const [row] = await db.query(
      `SELECT
         (SELECT count(*) FROM tasks WHERE "completedAt" >= $2 AND "completedAt" < $3)::int AS completed_cur,
         (SELECT count(*) FROM tasks WHERE "completedAt" >= $1 AND "completedAt" < $2)::int AS completed_prev,
         (SELECT ${SUM_MICROS(c.sql)} FROM time_entries e WHERE e."startTime" >= $2 AND e."startTime" < $3) AS micros_cur,
         (SELECT ${SUM_MICROS(c.sql)} FROM time_entries e WHERE e."startTime" >= $1 AND e."startTime" < $2) AS micros_prev,
         (SELECT count(*) FROM users u WHERE ${ACTIVE_BETWEEN('$2', '$3')})::int AS members_cur,
         (SELECT count(*) FROM users u WHERE ${ACTIVE_BETWEEN('$1', '$2')})::int AS members_prev`,
      c.params,
    );
    const [cur, prev] = await Promise.all([
      this.completionCounts(start, end, completed, db),
      this.completionCounts(previousStart, start, completed, db),
    ]);
    return {
      completed_cur: row.completed_cur,
      completed_prev: row.completed_prev,
      micros_cur: BigInt(row.micros_cur),
      micros_prev: BigInt(row.micros_prev),
      members_cur: row.members_cur,
      members_prev: row.members_prev,
      created_cur: cur.created,
      done_cur: cur.done,
      created_prev: prev.created,
      done_prev: prev.done,
    };
  }

  /** Every day of the period (local dates, oldest first): tasks completed and hours tracked. */
  async trend(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsTrendDay[]> {
    return presentTrend(await this.trendParts(period, now, now));
  }

  async trendParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db: Db = this.dataSource): Promise<TrendPart[]> {
    const { start, end } = this.range(period, now);
    const c = clock(upTo, [start, end, this.config.appTimezone]);
    const rows: { date: string; completed_tasks: number; micros: string }[] = await db.query(
      `WITH days AS (
         SELECT d::date AS day FROM generate_series(($1::timestamptz AT TIME ZONE $3)::date, ($2::timestamptz AT TIME ZONE $3)::date - 1, interval '1 day') d),
       done AS (
         SELECT ("completedAt" AT TIME ZONE $3)::date AS day, count(*)::int AS n FROM tasks
          WHERE "completedAt" >= $1 AND "completedAt" < $2 GROUP BY 1),
       spent AS (
         SELECT (e."startTime" AT TIME ZONE $3)::date AS day, ${SUM_MICROS(c.sql)} AS micros FROM time_entries e
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY 1)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, COALESCE(done.n, 0) AS completed_tasks, COALESCE(spent.micros, '0') AS micros
         FROM days LEFT JOIN done USING (day) LEFT JOIN spent USING (day) ORDER BY days.day`,
      c.params,
    );
    return rows.map((row) => ({ date: row.date, completed_tasks: row.completed_tasks, micros: BigInt(row.micros) }));
  }

  /** Per approved member: tasks completed and hours in the period, open tasks now. */
  async productivity(period: AnalyticsPeriod, now = new Date()): Promise<MemberProductivity[]> {
    return presentProductivity(await this.productivityParts(period, now, now));
  }

  async productivityParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db: Db = this.dataSource): Promise<ProductivityPart[]> {
    const { start, end } = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    const c = clock(upTo, [start, end, completed]);
    const rows: (Omit<ProductivityPart, 'micros'> & { micros: string })[] = await db.query(
      `WITH done AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE t."completedAt" >= $1 AND t."completedAt" < $2 GROUP BY a."userId"),
       open AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE NOT t."isArchived" AND NOT (t."columnId" = ANY($3)) GROUP BY a."userId"),
       spent AS (
         SELECT e."userId", ${SUM_MICROS(c.sql)} AS micros FROM time_entries e
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY e."userId")
       SELECT u.id, u.name, COALESCE(done.n, 0) AS completed, COALESCE(open.n, 0) AS open, COALESCE(spent.micros, '0') AS micros,
              row_number() OVER (ORDER BY u.name, u.id)::int AS rank
         FROM users u LEFT JOIN done ON done."userId" = u.id LEFT JOIN open ON open."userId" = u.id LEFT JOIN spent ON spent."userId" = u.id
        WHERE u."isApproved"`,
      c.params,
    );
    return rows.map((r) => ({ ...r, micros: BigInt(r.micros) }));
  }

  /** Per client: tasks in play, completed, overdue now and hours in the period. */
  async clients(period: AnalyticsPeriod, now = new Date()): Promise<ClientPerformance[]> {
    return presentClients(await this.clientParts(period, now, now));
  }

  async clientParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db: Db = this.dataSource): Promise<ClientPart[]> {
    const { start, end } = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    const c = clock(upTo, [start, end, completed, this.todayStart(now)]);
    const rows: (Omit<ClientPart, 'micros'> & { micros: string })[] = await db.query(
      `WITH counts AS (
         SELECT "clientId",
                count(*) FILTER (WHERE "createdAt" < $2 AND (("completedAt" IS NULL AND NOT "isArchived") OR "completedAt" >= $1))::int AS tasks,
                count(*) FILTER (WHERE "completedAt" >= $1 AND "completedAt" < $2)::int AS completed,
                count(*) FILTER (WHERE NOT "isArchived" AND NOT ("columnId" = ANY($3)) AND deadline < $4)::int AS overdue
           FROM tasks GROUP BY "clientId"),
       spent AS (
         SELECT t."clientId", ${SUM_MICROS(c.sql)} AS micros FROM time_entries e JOIN tasks t ON t.id = e."taskId"
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY t."clientId")
       SELECT c.id, c.name, c.color, COALESCE(counts.tasks, 0) AS tasks, COALESCE(counts.completed, 0) AS completed,
              COALESCE(counts.overdue, 0) AS overdue, COALESCE(spent.micros, '0') AS micros,
              row_number() OVER (ORDER BY c.name, c.id)::int AS rank
         FROM clients c LEFT JOIN counts ON counts."clientId" = c.id LEFT JOIN spent ON spent."clientId" = c.id`,
      c.params,
    );
    return rows.map((r) => ({ ...r, micros: BigInt(r.micros) }));
  }

  /** The time entries still running that started in [from, to) (few: one per user at most). */
  async runningEntries(from: Date, to: Date, db: Db = this.dataSource): Promise<RunningEntry[]> {
    const rows: { userId: number; clientId: number; day: string; start_micros: string }[] = await db.query(
      `SELECT e."userId", t."clientId", to_char((e."startTime" AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
              (EXTRACT(EPOCH FROM e."startTime") * 1000000)::bigint::text AS start_micros
         FROM time_entries e JOIN tasks t ON t.id = e."taskId"
        WHERE e."endTime" IS NULL AND e.duration IS NULL AND e."startTime" >= $1 AND e."startTime" < $2`,
      [from, to, this.config.appTimezone],
    );
    return rows.map((r) => ({ userId: r.userId, clientId: r.clientId, day: r.day, startMicros: BigInt(r.start_micros) }));
  }

  /** The table of a report: one row per member, client, time entry or completed task. */
  async reportTable(type: ReportType, period: AnalyticsPeriod): Promise<ReportTable> {
    switch (type) {
      case 'productivity':
        return {
          columns: ['Membro', 'Tarefas concluídas', 'Horas', 'Tarefas abertas'],
          rows: (await this.productivity(period)).map((m) => [m.name, m.completed_tasks, m.hours, m.open_tasks]),
        };
      case 'client_performance':
        return {
          columns: ['Cliente', 'Tarefas', 'Concluídas', 'Atrasadas', 'Horas'],
          rows: (await this.clients(period)).map((c) => [c.name, c.tasks, c.completed, c.overdue, c.hours]),
        };
      case 'time_tracking':
        return { columns: ['Início', 'Fim', 'Membro', 'Cliente', 'Tarefa', 'Horas'], rows: await this.timeRows(period) };
      case 'task_completion':
        return {
          columns: ['Tarefa', 'Cliente', 'Responsáveis', 'Criada em', 'Prazo', 'Concluída em', 'No prazo'],
          rows: await this.completionRows(period),
        };
    }
  }

  private async timeRows(period: AnalyticsPeriod): Promise<ReportTable['rows']> {
    const { start, end } = this.range(period);
    const rows = await this.dataSource.query(
      `SELECT to_char(e."startTime" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS started,
              to_char(e."endTime" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS ended,
              u.name AS member, c.name AS client, t.title AS task, ${ENTRY_SECONDS}::float8 AS seconds
         FROM time_entries e JOIN users u ON u.id = e."userId" JOIN tasks t ON t.id = e."taskId" JOIN clients c ON c.id = t."clientId"
        WHERE e."startTime" >= $1 AND e."startTime" < $2
        ORDER BY e."startTime" DESC, e.id DESC LIMIT ${TIME_REPORT_MAX_ROWS}`,
      [start, end, this.config.appTimezone],
    );
    return rows.map((r: { started: string; ended: string | null; member: string; client: string; task: string; seconds: number }) => [
      r.started,
      r.ended,
      r.member,
      r.client,
      r.task,
      hours(r.seconds),
    ]);
  }

  private async completionRows(period: AnalyticsPeriod): Promise<ReportTable['rows']> {
    const { start, end } = this.range(period);
    const rows = await this.dataSource.query(
      `SELECT t.title, c.name AS client,
              (SELECT string_agg(u.name, ', ' ORDER BY u.name) FROM task_assignees a JOIN users u ON u.id = a."userId" WHERE a."taskId" = t.id) AS assignees,
              to_char(t."createdAt" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS created,
              to_char(t.deadline AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS deadline,
              to_char(t."completedAt" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS completed,
              t."completedAt" <= t.deadline AS on_time
         FROM tasks t JOIN clients c ON c.id = t."clientId"
        WHERE t."completedAt" >= $1 AND t."completedAt" < $2
        ORDER BY t."completedAt", t.id`,
      [start, end, this.config.appTimezone],
    );
    return rows.map(
      (r: {
        title: string;
        client: string;
        assignees: string | null;
        created: string;
        deadline: string;
        completed: string;
        on_time: boolean;
      }) => [r.title, r.client, r.assignees, r.created, r.deadline, r.completed, r.on_time ? 'Sim' : 'Não'],
    );
  }
}
