import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  percent,
  recommendationDrafts,
  RECOMMENDATION_TTL_DAYS,
  round1,
  teamProductivityScore,
  type GenerateRecommendationsResult,
  type Recommendation,
  type RecommendationInsights,
  type RecommendationMetrics,
  type RecommendationStats,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { AnalyticsService, type BoardColumns } from './analytics.service';
import {
  type MemberLoad,
  RecommendationMetricsReadModel,
  type TaskCounts,
} from './repositories/recommendation-metrics-read-model.repository';
import { type RecommendationRow, RecommendationsRepository } from './repositories/recommendations.repository';

export const RECOMMENDATION_NOT_FOUND = 'Recomendação não encontrada';
export const RECOMMENDATION_NOT_ACTIVE = 'Esta recomendação não está mais ativa';

const DAY_MS = 86_400_000;
const toRecommendation = (row: RecommendationRow): Recommendation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

interface TaskFigures extends TaskCounts {
  created30: number;
  done30: number;
}

/**
 * Recommendations: metrics gathered in SQL, the pure rules of libs/contracts, and rows that stay
 * active for a week. One active row per rule key (partial unique index), so generating twice adds
 * nothing new.
 */
@Injectable()
export class RecommendationsService {
  constructor(
    private readonly recommendations: RecommendationsRepository,
    private readonly measures: RecommendationMetricsReadModel,
    private readonly analytics: AnalyticsService,
  ) {}

  /** Counts over the board (archived tasks left out), in three queries. */
  private async taskFigures(columns: BoardColumns): Promise<TaskFigures> {
    // The completion rate's base is the analytics overview's for 30 days: one definition for both.
    const { start, end } = this.analytics.range(30);
    const base = await this.analytics.completionCounts(start, end, columns.completed);
    const counts = await this.measures.taskCounts(columns.completed, this.analytics.todayStart());
    return { ...counts, created30: base.created, done30: base.done };
  }

  private members(columns: BoardColumns): Promise<MemberLoad[]> {
    return this.measures.members(columns.completed, new Date(Date.now() - 14 * DAY_MS), new Date(Date.now() - 30 * DAY_MS));
  }

  private async columnLoads(columns: BoardColumns): Promise<RecommendationMetrics['columns']> {
    const rows = await this.measures.openTasksPerColumn(columns.working.map((c) => c.id));
    return columns.working.map((c) => ({ ...c, openTasks: rows.find((r) => r.columnId === c.id)?.n ?? 0 }));
  }

  /** Clients older than 30 days with no task created or changed and no time tracked in 30 days. */
  private inactiveClients(): Promise<{ id: number; name: string }[]> {
    return this.measures.inactiveClients(new Date(Date.now() - 30 * DAY_MS));
  }

  async metrics(): Promise<RecommendationMetrics> {
    const columns = await this.analytics.boardColumns();
    const [tasks, members, loads, inactiveClients] = await Promise.all([
      this.taskFigures(columns),
      this.members(columns),
      this.columnLoads(columns),
      this.inactiveClients(),
    ]);
    return {
      openTasks: tasks.open,
      overdueTasks: tasks.overdue,
      unassignedOpenTasks: tasks.unassigned,
      columns: loads,
      members: members.map((m) => ({ id: m.id, name: m.name, openTasks: m.open, recentSeconds: Math.round(Number(m.seconds14)) })),
      inactiveClients,
      createdLast30: tasks.created30,
      completedOfCreatedLast30: tasks.done30,
      avgCompletionHours: tasks.avgHours === null ? null : round1(tasks.avgHours),
    };
  }

  /**
   * Runs the rules and inserts what they propose. Active rows past their expiry become expired
   * first; a key that still has an active row is skipped by the partial unique index, and one
   * implemented or dismissed less than a TTL ago is not proposed again yet.
   */
  async generate(): Promise<GenerateRecommendationsResult> {
    const drafts = recommendationDrafts(await this.metrics());
    const created = await this.recommendations.transaction(async (db) => {
      await this.recommendations.expireOld(db);
      return drafts.length === 0 ? 0 : this.recommendations.insertDrafts(drafts, RECOMMENDATION_TTL_DAYS, db);
    });
    return { created, recommendations: await this.active() };
  }

  /** Active, unexpired recommendations, most urgent first. */
  async active(): Promise<Recommendation[]> {
    const rows = await this.recommendations.active();
    return rows.map(toRecommendation);
  }

  async stats(): Promise<RecommendationStats> {
    const row = await this.recommendations.counts();
    return { active: row.active, implemented: row.implemented, implementationRate: percent(row.implemented, row.total) };
  }

  async insights(): Promise<RecommendationInsights> {
    const columns = await this.analytics.boardColumns();
    const [tasks, members, loads] = await Promise.all([this.taskFigures(columns), this.members(columns), this.columnLoads(columns)]);
    const completionRate = percent(tasks.done30, tasks.created30);
    const overdueRate = percent(tasks.overdue, tasks.total);
    const byActivity = [...members].sort((a, b) => b.seconds30 - a.seconds30 || a.id - b.id);
    const most = byActivity[0] && byActivity[0].seconds30 > 0 ? byActivity[0] : null;
    const least = byActivity.length > 1 ? byActivity[byActivity.length - 1] : null;
    const bottleneck = [...loads].sort((a, b) => b.openTasks - a.openTasks || a.id - b.id)[0];
    return {
      teamProductivityScore: teamProductivityScore(tasks.total, completionRate, overdueRate),
      completionRate,
      createdLast30: tasks.created30,
      completedOfCreatedLast30: tasks.done30,
      overdueRate,
      completedTasks: tasks.completed,
      overdueTasks: tasks.overdue,
      totalTasks: tasks.total,
      avgCompletionTime: tasks.avgHours === null ? 0 : round1(tasks.avgHours),
      mostActiveUser: most ? { name: most.name } : null,
      leastActiveUser: least && least !== most ? { name: least.name } : null,
      bottleneckColumn: bottleneck && bottleneck.openTasks > 0 ? bottleneck.name : null,
    };
  }

  implement(user: AuthenticatedUser, id: number, notes?: string): Promise<Recommendation> {
    return this.resolve(user, id, 'implemented', notes);
  }

  dismiss(user: AuthenticatedUser, id: number, reason?: string): Promise<Recommendation> {
    return this.resolve(user, id, 'dismissed', reason);
  }

  /** active → implemented or dismissed (404 unknown, 409 no longer active). */
  private async resolve(user: AuthenticatedUser, id: number, status: 'implemented' | 'dismissed', note?: string): Promise<Recommendation> {
    const row = await this.recommendations.resolve(id, { status, by: user.id, note: note?.trim() || null });
    if (row) return toRecommendation(row);
    const exists = await this.recommendations.exists(id);
    if (!exists) throw new NotFoundException(RECOMMENDATION_NOT_FOUND);
    throw new ConflictException(RECOMMENDATION_NOT_ACTIVE);
  }
}
