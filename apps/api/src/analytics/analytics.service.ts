import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
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
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { Db } from '../platform/database/repository';
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
import { FiguresReadModel, type UpTo } from './repositories/figures-read-model.repository';

export type { UpTo } from './repositories/figures-read-model.repository';

/** Exact whole seconds of a summed column, and the hours (two decimals) computed from them. */
const hours = (seconds: number | string | null) => secondsToHours(Math.round(Number(seconds ?? 0)));

export interface BoardColumns {
  /** Columns whose name marks completion (extended.md §4). */
  completed: number[];
  /** Working columns for bottlenecks: neither fixed (Backlog, concluídos) nor completed. */
  working: { id: number; name: string }[];
}

/** Team figures from the real tasks and time entries, in APP_TIMEZONE (read through FiguresReadModel). */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly figures: FiguresReadModel,
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
    return this.figures.snapshot(fn);
  }

  async boardColumns(db?: Db): Promise<BoardColumns> {
    const rows = await this.figures.columns(db);
    return {
      completed: rows.filter((c) => isCompletedColumnName(c.name)).map((c) => c.id),
      working: rows.filter((c) => !c.isFixed && !isCompletedColumnName(c.name)).map(({ id, name }) => ({ id, name })),
    };
  }

  /**
   * The one completion-rate base, shared by the overview and the recommendations: tasks created in
   * [start, end) (archived ones left out) and how many of them sit in a completed column now.
   */
  completionCounts(start: Date, end: Date, completed: number[], db?: Db): Promise<{ created: number; done: number }> {
    return this.figures.completionCounts(start, end, completed, db);
  }

  /** The overview as of `now` (computed afresh; GET /api/analytics/dashboard answers from AnalyticsCache). */
  async dashboard(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsDashboard> {
    return presentDashboard(period, await this.dashboardParts(period, now, now));
  }

  async dashboardParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db?: Db): Promise<DashboardParts> {
    const range = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    const counts = await this.figures.dashboardCounts(range, upTo, db);
    const [cur, prev] = await Promise.all([
      this.completionCounts(range.start, range.end, completed, db),
      this.completionCounts(range.previousStart, range.start, completed, db),
    ]);
    return { ...counts, created_cur: cur.created, done_cur: cur.done, created_prev: prev.created, done_prev: prev.done };
  }

  /** Every day of the period (local dates, oldest first): tasks completed and hours tracked. */
  async trend(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsTrendDay[]> {
    return presentTrend(await this.trendParts(period, now, now));
  }

  trendParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db?: Db): Promise<TrendPart[]> {
    const { start, end } = this.range(period, now);
    return this.figures.trend(start, end, this.config.appTimezone, upTo, db);
  }

  /** Per approved member: tasks completed and hours in the period, open tasks now. */
  async productivity(period: AnalyticsPeriod, now = new Date()): Promise<MemberProductivity[]> {
    return presentProductivity(await this.productivityParts(period, now, now));
  }

  async productivityParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db?: Db): Promise<ProductivityPart[]> {
    const { start, end } = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    return this.figures.productivity(start, end, completed, upTo, db);
  }

  /** Per client: tasks in play, completed, overdue now and hours in the period. */
  async clients(period: AnalyticsPeriod, now = new Date()): Promise<ClientPerformance[]> {
    return presentClients(await this.clientParts(period, now, now));
  }

  async clientParts(period: AnalyticsPeriod, now: Date, upTo: UpTo, db?: Db): Promise<ClientPart[]> {
    const { start, end } = this.range(period, now);
    const { completed } = await this.boardColumns(db);
    return this.figures.clients(start, end, completed, this.todayStart(now), upTo, db);
  }

  /** The time entries still running that started in [from, to) (few: one per user at most). */
  runningEntries(from: Date, to: Date, db?: Db): Promise<RunningEntry[]> {
    return this.figures.runningEntries(from, to, this.config.appTimezone, db);
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
    const rows = await this.figures.timeReport(start, end, this.config.appTimezone);
    return rows.map((r) => [r.started, r.ended, r.member, r.client, r.task, hours(r.seconds)]);
  }

  private async completionRows(period: AnalyticsPeriod): Promise<ReportTable['rows']> {
    const { start, end } = this.range(period);
    const rows = await this.figures.completionReport(start, end, this.config.appTimezone);
    return rows.map((r) => [r.title, r.client, r.assignees, r.created, r.deadline, r.completed, r.on_time ? 'Sim' : 'Não']);
  }
}
