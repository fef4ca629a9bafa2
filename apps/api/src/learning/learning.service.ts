import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  achievementsFor,
  type CompleteLearningStepResponse,
  LEARNING_MESSAGES,
  type LearningDashboard,
  type LearningPathDetail,
  type LearningPathSummary,
  type LearningStep,
  levelForPoints,
  pathProgress,
  pathStatus,
  type PermissionSubject,
} from '@wkflow/contracts';
import { stepForLearner } from './learning.seed';

/** The learner: steps are phrased for what his profile lets him do. */
export type Learner = PermissionSubject & { id: number; role?: string | null };

interface PathRow extends Omit<LearningPathSummary, 'status' | 'progress'> {
  xp: number;
  started: boolean;
  prerequisitesMet: boolean;
}

/**
 * Every path (or one) with the user's progress, in one query: step totals, the user's completed
 * steps and XP, whether they pressed Iniciar, and whether every prerequisite path is completed.
 */
const PATHS_SQL = `
  WITH totals AS (SELECT "pathId", count(*)::int AS n FROM learning_steps GROUP BY "pathId"),
  done AS (
    SELECT s."pathId", count(*)::int AS n, sum(s.xp)::int AS xp
      FROM learning_progress lp JOIN learning_steps s ON s.id = lp."stepId"
     WHERE lp."userId" = $1 GROUP BY s."pathId"),
  complete AS (SELECT t."pathId" FROM totals t JOIN done d ON d."pathId" = t."pathId" WHERE d.n >= t.n)
  SELECT p.id, p.title, p.description, p.category, p.difficulty, p.color, p."estimatedTime",
         COALESCE(t.n, 0) AS "totalSteps", COALESCE(d.n, 0) AS "completedSteps", COALESCE(d.xp, 0) AS xp,
         EXISTS (SELECT 1 FROM learning_path_starts ps WHERE ps."userId" = $1 AND ps."pathId" = p.id) AS started,
         NOT EXISTS (SELECT 1 FROM learning_path_prerequisites pr
                      WHERE pr."pathId" = p.id AND pr."prerequisiteId" NOT IN (SELECT "pathId" FROM complete)) AS "prerequisitesMet",
         ARRAY(SELECT q.title FROM learning_path_prerequisites pr JOIN learning_paths q ON q.id = pr."prerequisiteId"
                WHERE pr."pathId" = p.id ORDER BY q.position, q.id) AS prerequisites
    FROM learning_paths p
    LEFT JOIN totals t ON t."pathId" = p.id
    LEFT JOIN done d ON d."pathId" = p.id
   WHERE $2::int IS NULL OR p.id = $2::int
   ORDER BY p.position, p.id`;

function summary({ xp: _xp, started, prerequisitesMet, ...row }: PathRow): LearningPathSummary {
  return {
    ...row,
    status: pathStatus({ completedSteps: row.completedSteps, totalSteps: row.totalSteps, started, prerequisitesMet }),
    progress: pathProgress(row.completedSteps, row.totalSteps),
  };
}

/** The learning center: the seeded paths, each user's progress, XP, level and achievements. */
@Injectable()
export class LearningService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async dashboard(userId: number): Promise<LearningDashboard> {
    const rows = await this.rows(userId);
    const paths = rows.map(summary);
    const totalPoints = rows.reduce((sum, row) => sum + row.xp, 0);
    const completedSteps = rows.reduce((sum, row) => sum + row.completedSteps, 0);
    const level = levelForPoints(totalPoints);
    const achievementList = achievementsFor({ completedSteps, totalPoints, paths });
    return {
      totalPoints,
      level: level.level,
      levelName: level.name,
      nextLevelPoints: level.nextLevelPoints,
      completedPaths: paths.filter((p) => p.status === 'completed').length,
      achievements: achievementList.filter((a) => a.unlocked).length,
      achievementList,
      availablePaths: paths.filter((p) => p.status !== 'locked').length,
      paths,
    };
  }

  /**
   * One path with its steps and which of them the user completed; a step the user's profile cannot
   * do (e.g. 'Crie sua primeira tarefa' without tasks write) reads as its catalogue alternative.
   */
  async path(user: Learner, pathId: number, db: EntityManager = this.dataSource.manager): Promise<LearningPathDetail> {
    const userId = user.id;
    const [row] = await this.rows(userId, pathId, db);
    if (!row) throw new NotFoundException(LEARNING_MESSAGES.pathNotFound);
    const [{ slug }] = await db.query(`SELECT slug FROM learning_paths WHERE id = $1`, [pathId]);
    const stored: LearningStep[] = await db.query(
      `SELECT s.id, s.title, s.description, s."stepOrder" AS "order", s.xp,
              lp."completedAt" IS NOT NULL AS completed, lp."completedAt" AS "completedAt"
         FROM learning_steps s
         LEFT JOIN learning_progress lp ON lp."stepId" = s.id AND lp."userId" = $1
        WHERE s."pathId" = $2
        ORDER BY s."stepOrder", s.id`,
      [userId, pathId],
    );
    const steps = stored.map((step) => ({ ...step, ...(stepForLearner(slug, step.order, user) ?? {}) }));
    return { ...summary(row), steps };
  }

  /** Iniciar: records the start (once); a locked path is refused. */
  async start(user: Learner, pathId: number): Promise<LearningPathDetail> {
    const userId = user.id;
    return this.dataSource.transaction(async (db) => {
      await this.unlockedPath(userId, pathId, db);
      await db.query(`INSERT INTO learning_path_starts ("userId", "pathId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, pathId]);
      return this.path(user, pathId, db);
    });
  }

  /** Concluir: completes a step once (the progress key makes a repeat a no-op, so XP counts once). */
  async completeStep(user: Learner, pathId: number, stepId: number): Promise<CompleteLearningStepResponse> {
    const userId = user.id;
    return this.dataSource.transaction(async (db) => {
      await this.unlockedPath(userId, pathId, db);
      const [step] = await db.query(`SELECT id, xp FROM learning_steps WHERE id = $1 AND "pathId" = $2`, [stepId, pathId]);
      if (!step) throw new NotFoundException(LEARNING_MESSAGES.stepNotFound);
      await db.query(`INSERT INTO learning_path_starts ("userId", "pathId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, pathId]);
      const inserted: unknown[] = await db.query(
        `INSERT INTO learning_progress ("userId", "stepId") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "stepId"`,
        [userId, stepId],
      );
      const [{ total }] = await db.query(
        `SELECT COALESCE(sum(s.xp), 0)::int AS total FROM learning_progress lp JOIN learning_steps s ON s.id = lp."stepId" WHERE lp."userId" = $1`,
        [userId],
      );
      return { path: await this.path(user, pathId, db), xpAwarded: inserted.length ? step.xp : 0, totalPoints: total };
    });
  }

  private async unlockedPath(userId: number, pathId: number, db: EntityManager): Promise<void> {
    const [row] = await this.rows(userId, pathId, db);
    if (!row) throw new NotFoundException(LEARNING_MESSAGES.pathNotFound);
    if (summary(row).status === 'locked') throw new ConflictException(LEARNING_MESSAGES.locked);
  }

  private rows(userId: number, pathId: number | null = null, db: EntityManager = this.dataSource.manager): Promise<PathRow[]> {
    return db.query(PATHS_SQL, [userId, pathId]);
  }
}
