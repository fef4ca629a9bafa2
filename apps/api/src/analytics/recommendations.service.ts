import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { AnalyticsService, ENTRY_SECONDS, type BoardColumns } from './analytics.service';

export const RECOMMENDATION_NOT_FOUND = 'Recomendação não encontrada';
export const RECOMMENDATION_NOT_ACTIVE = 'Esta recomendação não está mais ativa';

const DAY_MS = 86_400_000;
const COLUMNS = `id, key, type, priority, title, description, action, impact, data, status, "expiresAt", "createdAt"`;
const ACTIVE = `status = 'active' AND "expiresAt" > now()`;

interface RecommendationRow extends Omit<Recommendation, 'expiresAt' | 'createdAt'> {
  expiresAt: Date;
  createdAt: Date;
}

const toRecommendation = (row: RecommendationRow): Recommendation => ({
  ...row,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

interface TaskFigures {
  total: number;
  completed: number;
  open: number;
  overdue: number;
  unassigned: number;
  created30: number;
  done30: number;
  avgHours: number | null;
}

interface MemberFigures {
  id: number;
  name: string;
  open: number;
  seconds14: number;
  seconds30: number;
}

/**
 * Recommendations: metrics gathered in SQL, the pure rules of libs/contracts, and rows that stay
 * active for a week. One active row per rule key (partial unique index), so generating twice adds
 * nothing new.
 */
@Injectable()
export class RecommendationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly analytics: AnalyticsService,
  ) {}

  /** Counts over the board (archived tasks left out), in three queries. */
  private async taskFigures(columns: BoardColumns): Promise<TaskFigures> {
    // The completion rate's base is the analytics overview's for 30 days: one definition for both.
    const { start, end } = this.analytics.range(30);
    const base = await this.analytics.completionCounts(start, end, columns.completed);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE NOT open)::int AS completed,
              count(*) FILTER (WHERE open)::int AS open,
              count(*) FILTER (WHERE open AND deadline < $2)::int AS overdue,
              count(*) FILTER (WHERE open AND id NOT IN (SELECT "taskId" FROM task_assignees))::int AS unassigned,
              (avg(GREATEST(EXTRACT(EPOCH FROM ("completedAt" - "createdAt")), 0)) FILTER (WHERE NOT open AND "completedAt" IS NOT NULL) / 3600)::float8 AS "avgHours"
         FROM (SELECT id, deadline, "createdAt", "completedAt", NOT ("columnId" = ANY($1)) AS open FROM tasks WHERE NOT "isArchived") t`,
      [columns.completed, this.analytics.todayStart()],
    );
    return { ...row, created30: base.created, done30: base.done };
  }

  private async members(columns: BoardColumns): Promise<MemberFigures[]> {
    return this.dataSource.query(
      `WITH open AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE NOT t."isArchived" AND NOT (t."columnId" = ANY($1)) GROUP BY a."userId"),
       spent AS (
         SELECT e."userId", (sum(${ENTRY_SECONDS}) FILTER (WHERE e."startTime" >= $2))::float8 AS s14, sum(${ENTRY_SECONDS})::float8 AS s30
           FROM time_entries e WHERE e."startTime" >= $3 GROUP BY e."userId")
       SELECT u.id, u.name, COALESCE(open.n, 0) AS open, COALESCE(spent.s14, 0) AS "seconds14", COALESCE(spent.s30, 0) AS "seconds30"
         FROM users u LEFT JOIN open ON open."userId" = u.id LEFT JOIN spent ON spent."userId" = u.id
        WHERE u."isApproved" ORDER BY u.name, u.id`,
      [columns.completed, new Date(Date.now() - 14 * DAY_MS), new Date(Date.now() - 30 * DAY_MS)],
    );
  }

  private async columnLoads(columns: BoardColumns): Promise<RecommendationMetrics['columns']> {
    const rows: { columnId: number; n: number }[] = await this.dataSource.query(
      `SELECT "columnId", count(*)::int AS n FROM tasks WHERE NOT "isArchived" AND "columnId" = ANY($1) GROUP BY "columnId"`,
      [columns.working.map((c) => c.id)],
    );
    return columns.working.map((c) => ({ ...c, openTasks: rows.find((r) => r.columnId === c.id)?.n ?? 0 }));
  }

  /** Clients older than 30 days with no task created or changed and no time tracked in 30 days. */
  private inactiveClients(): Promise<{ id: number; name: string }[]> {
    return this.dataSource.query(
      `SELECT c.id, c.name FROM clients c
        WHERE c."createdAt" < $1
          AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t."clientId" = c.id AND (t."createdAt" >= $1 OR t."updatedAt" >= $1))
          AND NOT EXISTS (SELECT 1 FROM time_entries e JOIN tasks t ON t.id = e."taskId" WHERE t."clientId" = c.id AND e."startTime" >= $1)
        ORDER BY c.name, c.id`,
      [new Date(Date.now() - 30 * DAY_MS)],
    );
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
    const created = await this.dataSource.transaction(async (db) => {
      await db.query(`UPDATE recommendations SET status = 'expired' WHERE status = 'active' AND "expiresAt" <= now()`);
      if (drafts.length === 0) return 0;
      const inserted: { id: number }[] = await db.query(
        `INSERT INTO recommendations (key, type, priority, title, description, action, impact, data, "expiresAt")
         SELECT d.key, d.type, d.priority, d.title, d.description, d.action, d.impact, d.data, now() + make_interval(days => $2)
           FROM jsonb_to_recordset($1::jsonb) AS d(key text, type text, priority text, title text, description text, action text, impact text, data jsonb)
          WHERE NOT EXISTS (SELECT 1 FROM recommendations r WHERE r.key = d.key AND r.status IN ('implemented', 'dismissed') AND r."resolvedAt" > now() - make_interval(days => $2))
         ON CONFLICT (key) WHERE status = 'active' DO NOTHING
         RETURNING id`,
        [JSON.stringify(drafts), RECOMMENDATION_TTL_DAYS],
      );
      return inserted.length;
    });
    return { created, recommendations: await this.active() };
  }

  /** Active, unexpired recommendations, most urgent first. */
  async active(): Promise<Recommendation[]> {
    const rows: RecommendationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM recommendations WHERE ${ACTIVE}
        ORDER BY CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END, "createdAt" DESC, id DESC`,
    );
    return rows.map(toRecommendation);
  }

  async stats(): Promise<RecommendationStats> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${ACTIVE})::int AS active, count(*) FILTER (WHERE status = 'implemented')::int AS implemented, count(*)::int AS total
         FROM recommendations`,
    );
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
    const [row]: RecommendationRow[] = (
      await this.dataSource.query(
        `UPDATE recommendations SET status = $2, "resolvedAt" = now(), "resolvedBy" = $3, "resolutionNote" = $4
          WHERE id = $1 AND ${ACTIVE} RETURNING ${COLUMNS}`,
        [id, status, user.id, note?.trim() || null],
      )
    )[0];
    if (row) return toRecommendation(row);
    const [exists] = await this.dataSource.query(`SELECT 1 FROM recommendations WHERE id = $1`, [id]);
    if (!exists) throw new NotFoundException(RECOMMENDATION_NOT_FOUND);
    throw new ConflictException(RECOMMENDATION_NOT_ACTIVE);
  }
}
