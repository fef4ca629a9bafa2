import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import {
  analyticsRange,
  isCompletedColumnName,
  percent,
  percentChange,
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

/** Seconds of a time entry (alias e): its duration, or the time so far while it runs. */
export const ENTRY_SECONDS = `COALESCE(e.duration, GREATEST(EXTRACT(EPOCH FROM (COALESCE(e."endTime", now()) - e."startTime")), 0))`;

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

  async boardColumns(): Promise<BoardColumns> {
    const rows: { id: number; name: string; isFixed: boolean }[] = await this.dataSource.query(
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
  async completionCounts(start: Date, end: Date, completed: number[]): Promise<{ created: number; done: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS created, count(*) FILTER (WHERE "columnId" = ANY($3))::int AS done
         FROM tasks WHERE NOT "isArchived" AND "createdAt" >= $1 AND "createdAt" < $2`,
      [start, end, completed],
    );
    return row;
  }

  async dashboard(period: AnalyticsPeriod): Promise<AnalyticsDashboard> {
    const { previousStart, start, end } = this.range(period);
    const { completed } = await this.boardColumns();
    const [row] = await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM tasks WHERE "completedAt" >= $2 AND "completedAt" < $3)::int AS completed_cur,
         (SELECT count(*) FROM tasks WHERE "completedAt" >= $1 AND "completedAt" < $2)::int AS completed_prev,
         (SELECT COALESCE(sum(${ENTRY_SECONDS}), 0) FROM time_entries e WHERE e."startTime" >= $2 AND e."startTime" < $3)::float8 AS seconds_cur,
         (SELECT COALESCE(sum(${ENTRY_SECONDS}), 0) FROM time_entries e WHERE e."startTime" >= $1 AND e."startTime" < $2)::float8 AS seconds_prev,
         (SELECT count(*) FROM users u WHERE ${ACTIVE_BETWEEN('$2', '$3')})::int AS members_cur,
         (SELECT count(*) FROM users u WHERE ${ACTIVE_BETWEEN('$1', '$2')})::int AS members_prev`,
      [previousStart, start, end],
    );
    const [cur, prev] = await Promise.all([
      this.completionCounts(start, end, completed),
      this.completionCounts(previousStart, start, completed),
    ]);
    // The change compares the unrounded rates.
    const rawRate = (done: number, created: number) => (created === 0 ? 0 : (done / created) * 100);
    const rate = rawRate(cur.done, cur.created);
    return {
      period,
      completed_tasks: row.completed_cur,
      completed_tasks_change: percentChange(row.completed_cur, row.completed_prev),
      total_hours: hours(row.seconds_cur),
      total_seconds: secondsOf(row.seconds_cur),
      hours_change: percentChange(row.seconds_cur, row.seconds_prev),
      active_members: row.members_cur,
      members_change: percentChange(row.members_cur, row.members_prev),
      completion_rate: percent(cur.done, cur.created),
      completion_rate_change: percentChange(rate, rawRate(prev.done, prev.created)),
    };
  }

  /** Every day of the period (local dates, oldest first): tasks completed and hours tracked. */
  async trend(period: AnalyticsPeriod): Promise<AnalyticsTrendDay[]> {
    const { start, end } = this.range(period);
    const rows: { date: string; completed_tasks: number; seconds: number }[] = await this.dataSource.query(
      `WITH days AS (
         SELECT d::date AS day FROM generate_series(($1::timestamptz AT TIME ZONE $3)::date, ($2::timestamptz AT TIME ZONE $3)::date - 1, interval '1 day') d),
       done AS (
         SELECT ("completedAt" AT TIME ZONE $3)::date AS day, count(*)::int AS n FROM tasks
          WHERE "completedAt" >= $1 AND "completedAt" < $2 GROUP BY 1),
       spent AS (
         SELECT (e."startTime" AT TIME ZONE $3)::date AS day, sum(${ENTRY_SECONDS})::float8 AS seconds FROM time_entries e
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY 1)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, COALESCE(done.n, 0) AS completed_tasks, COALESCE(spent.seconds, 0) AS seconds
         FROM days LEFT JOIN done USING (day) LEFT JOIN spent USING (day) ORDER BY days.day`,
      [start, end, this.config.appTimezone],
    );
    return rows.map((row) => ({
      date: row.date,
      completed_tasks: row.completed_tasks,
      hours: hours(row.seconds),
      seconds: secondsOf(row.seconds),
    }));
  }

  /** Per approved member: tasks completed and hours in the period, open tasks now. */
  async productivity(period: AnalyticsPeriod): Promise<MemberProductivity[]> {
    const { start, end } = this.range(period);
    const { completed } = await this.boardColumns();
    const rows = await this.dataSource.query(
      `WITH done AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE t."completedAt" >= $1 AND t."completedAt" < $2 GROUP BY a."userId"),
       open AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE NOT t."isArchived" AND NOT (t."columnId" = ANY($3)) GROUP BY a."userId"),
       spent AS (
         SELECT e."userId", sum(${ENTRY_SECONDS})::float8 AS seconds FROM time_entries e
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY e."userId")
       SELECT u.id, u.name, COALESCE(done.n, 0) AS completed, COALESCE(open.n, 0) AS open, COALESCE(spent.seconds, 0) AS seconds
         FROM users u LEFT JOIN done ON done."userId" = u.id LEFT JOIN open ON open."userId" = u.id LEFT JOIN spent ON spent."userId" = u.id
        WHERE u."isApproved"
        ORDER BY completed DESC, seconds DESC, u.name`,
      [start, end, completed],
    );
    return rows.map((r: { id: number; name: string; completed: number; open: number; seconds: number }) => ({
      user_id: r.id,
      name: r.name,
      completed_tasks: r.completed,
      hours: hours(r.seconds),
      seconds: secondsOf(r.seconds),
      open_tasks: r.open,
    }));
  }

  /** Per client: tasks in play, completed, overdue now and hours in the period. */
  async clients(period: AnalyticsPeriod): Promise<ClientPerformance[]> {
    const { start, end } = this.range(period);
    const { completed } = await this.boardColumns();
    const rows = await this.dataSource.query(
      `WITH counts AS (
         SELECT "clientId",
                count(*) FILTER (WHERE "createdAt" < $2 AND (("completedAt" IS NULL AND NOT "isArchived") OR "completedAt" >= $1))::int AS tasks,
                count(*) FILTER (WHERE "completedAt" >= $1 AND "completedAt" < $2)::int AS completed,
                count(*) FILTER (WHERE NOT "isArchived" AND NOT ("columnId" = ANY($3)) AND deadline < $4)::int AS overdue
           FROM tasks GROUP BY "clientId"),
       spent AS (
         SELECT t."clientId", sum(${ENTRY_SECONDS})::float8 AS seconds FROM time_entries e JOIN tasks t ON t.id = e."taskId"
          WHERE e."startTime" >= $1 AND e."startTime" < $2 GROUP BY t."clientId")
       SELECT c.id, c.name, c.color, COALESCE(counts.tasks, 0) AS tasks, COALESCE(counts.completed, 0) AS completed,
              COALESCE(counts.overdue, 0) AS overdue, COALESCE(spent.seconds, 0) AS seconds
         FROM clients c LEFT JOIN counts ON counts."clientId" = c.id LEFT JOIN spent ON spent."clientId" = c.id
        ORDER BY tasks DESC, seconds DESC, c.name`,
      [start, end, completed, this.todayStart()],
    );
    return rows.map(
      (r: { id: number; name: string; color: string; tasks: number; completed: number; overdue: number; seconds: number }) => ({
        client_id: r.id,
        name: r.name,
        color: r.color,
        tasks: r.tasks,
        completed: r.completed,
        overdue: r.overdue,
        hours: hours(r.seconds),
        seconds: secondsOf(r.seconds),
      }),
    );
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
