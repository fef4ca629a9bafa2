import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import type { ClientPart, DashboardParts, ProductivityPart, RunningEntry, TrendPart } from '../analytics-figures';
import { ENTRY_SECONDS, entrySeconds } from './entry-seconds.sql';

/**
 * Read model (docs/decisions.md, "Module boundaries"): the analytics figures and report tables.
 * Reads (foreign tables): tasks, task_assignees, task_history, time_entries, users, clients, columns.
 * It only reads them; their modules write them. The AnalyticsNotify migration's statement
 * triggers on these tables notify 'wkflow_analytics', which empties AnalyticsCache.
 *
 * Each method is a few aggregate queries over indexed columns (tasks.completedAt/createdAt,
 * time_entries.startTime, task_history.createdAt); nothing is computed per row in JavaScript.
 */

/**
 * The figures as of an instant (running entries count their time up to it), or 'frozen': running
 * entries count 0 and are listed apart (`runningEntries`), so the cache can add their time per request.
 */
export type UpTo = Date | 'frozen';

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

/** `upTo` in a query whose other parameters are `params`: the SQL to use and the parameters to send. */
function clock(upTo: UpTo, params: unknown[]): { sql: string; params: unknown[] } {
  return upTo === 'frozen' ? { sql: 'e."startTime"', params } : { sql: `$${params.length + 1}::timestamptz`, params: [...params, upTo] };
}

/** Counts of a period [start, end) and the one before it [previousStart, start). */
export interface PeriodBounds {
  previousStart: Date;
  start: Date;
  end: Date;
}

export interface BoardColumnRow {
  id: number;
  name: string;
  isFixed: boolean;
}

type WithMicrosText<T> = Omit<T, 'micros'> & { micros: string };

export interface TimeReportRow {
  started: string;
  ended: string | null;
  member: string;
  client: string;
  task: string;
  seconds: number;
}

export interface CompletionReportRow {
  title: string;
  client: string;
  assignees: string | null;
  created: string;
  deadline: string;
  completed: string;
  on_time: boolean;
}

@Injectable()
export class FiguresReadModel extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The board's columns in their order. */
  columns(db: Db = this.dataSource): Promise<BoardColumnRow[]> {
    return db.query(`SELECT id, name, "isFixed" FROM columns ORDER BY position`);
  }

  /** Tasks created in [start, end) (archived ones left out) and how many of them sit in a `completed` column now. */
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

  /** Tasks completed, time tracked and active members, in the period and the one before. */
  async dashboardCounts(
    { previousStart, start, end }: PeriodBounds,
    upTo: UpTo,
    db: Db = this.dataSource,
  ): Promise<Omit<DashboardParts, 'created_cur' | 'done_cur' | 'created_prev' | 'done_prev'>> {
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
    return { ...row, micros_cur: BigInt(row.micros_cur), micros_prev: BigInt(row.micros_prev) };
  }

  /** Every local day of [start, end) in `timezone`, oldest first: tasks completed and time tracked. */
  async trend(start: Date, end: Date, timezone: string, upTo: UpTo, db: Db = this.dataSource): Promise<TrendPart[]> {
    const c = clock(upTo, [start, end, timezone]);
    const rows: WithMicrosText<TrendPart>[] = await db.query(
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

  /** Per approved member: tasks completed and time in [start, end), open tasks (not in a `completed` column) now. */
  async productivity(start: Date, end: Date, completed: number[], upTo: UpTo, db: Db = this.dataSource): Promise<ProductivityPart[]> {
    const c = clock(upTo, [start, end, completed]);
    const rows: WithMicrosText<ProductivityPart>[] = await db.query(
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

  /** Per client: tasks in play, completed, overdue (deadline before `todayStart`) and time in [start, end). */
  async clients(
    start: Date,
    end: Date,
    completed: number[],
    todayStart: Date,
    upTo: UpTo,
    db: Db = this.dataSource,
  ): Promise<ClientPart[]> {
    const c = clock(upTo, [start, end, completed, todayStart]);
    const rows: WithMicrosText<ClientPart>[] = await db.query(
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

  /** The time entries still running that started in [from, to) (few: one per user at most), their day in `timezone`. */
  async runningEntries(from: Date, to: Date, timezone: string, db: Db = this.dataSource): Promise<RunningEntry[]> {
    const rows: { userId: number; clientId: number; day: string; start_micros: string }[] = await db.query(
      `SELECT e."userId", t."clientId", to_char((e."startTime" AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day,
              (EXTRACT(EPOCH FROM e."startTime") * 1000000)::bigint::text AS start_micros
         FROM time_entries e JOIN tasks t ON t.id = e."taskId"
        WHERE e."endTime" IS NULL AND e.duration IS NULL AND e."startTime" >= $1 AND e."startTime" < $2`,
      [from, to, timezone],
    );
    return rows.map((r) => ({ userId: r.userId, clientId: r.clientId, day: r.day, startMicros: BigInt(r.start_micros) }));
  }

  /** The latest TIME_REPORT_MAX_ROWS time entries started in [start, end), times as text in `timezone`. */
  timeReport(start: Date, end: Date, timezone: string): Promise<TimeReportRow[]> {
    return this.dataSource.query(
      `SELECT to_char(e."startTime" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS started,
              to_char(e."endTime" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS ended,
              u.name AS member, c.name AS client, t.title AS task, ${ENTRY_SECONDS}::float8 AS seconds
         FROM time_entries e JOIN users u ON u.id = e."userId" JOIN tasks t ON t.id = e."taskId" JOIN clients c ON c.id = t."clientId"
        WHERE e."startTime" >= $1 AND e."startTime" < $2
        ORDER BY e."startTime" DESC, e.id DESC LIMIT ${TIME_REPORT_MAX_ROWS}`,
      [start, end, timezone],
    );
  }

  /** The tasks completed in [start, end), with client and assignees, times as text in `timezone`. */
  completionReport(start: Date, end: Date, timezone: string): Promise<CompletionReportRow[]> {
    return this.dataSource.query(
      `SELECT t.title, c.name AS client,
              (SELECT string_agg(u.name, ', ' ORDER BY u.name) FROM task_assignees a JOIN users u ON u.id = a."userId" WHERE a."taskId" = t.id) AS assignees,
              to_char(t."createdAt" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS created,
              to_char(t.deadline AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS deadline,
              to_char(t."completedAt" AT TIME ZONE $3, 'DD/MM/YYYY HH24:MI') AS completed,
              t."completedAt" <= t.deadline AS on_time
         FROM tasks t JOIN clients c ON c.id = t."clientId"
        WHERE t."completedAt" >= $1 AND t."completedAt" < $2
        ORDER BY t."completedAt", t.id`,
      [start, end, timezone],
    );
  }
}
