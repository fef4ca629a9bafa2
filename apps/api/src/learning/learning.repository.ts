import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { LearningPathSummary, LearningStep } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';
import type { CataloguePath } from './learning.seed';

/** A path with one user's progress, as PATHS_SQL answers it. */
export interface PathProgressRow extends Omit<LearningPathSummary, 'status' | 'progress'> {
  xp: number;
  started: boolean;
  prerequisitesMet: boolean;
}

/** A catalogue path as the base seed writes it (by slug), with its place in the list. */
export type CataloguePathRow = Omit<CataloguePath, 'xp' | 'prerequisites' | 'steps'> & { position: number };

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

/** Every query of the learning module: paths, steps, prerequisites, starts and progress. */
@Injectable()
export class LearningRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Every path (pathId null) or the one path, with the user's progress. */
  pathsWithProgress(userId: number, pathId: number | null = null, db: Db = this.dataSource): Promise<PathProgressRow[]> {
    return db.query(PATHS_SQL, [userId, pathId]);
  }

  async slugOf(pathId: number, db: Db = this.dataSource): Promise<string | null> {
    const [row]: { slug: string }[] = await db.query(`SELECT slug FROM learning_paths WHERE id = $1`, [pathId]);
    return row?.slug ?? null;
  }

  /** The path's steps in order, with whether and when the user completed each. */
  stepsWithProgress(userId: number, pathId: number, db: Db = this.dataSource): Promise<LearningStep[]> {
    return db.query(
      `SELECT s.id, s.title, s.description, s."stepOrder" AS "order", s.xp,
              lp."completedAt" IS NOT NULL AS completed, lp."completedAt" AS "completedAt"
         FROM learning_steps s
         LEFT JOIN learning_progress lp ON lp."stepId" = s.id AND lp."userId" = $1
        WHERE s."pathId" = $2
        ORDER BY s."stepOrder", s.id`,
      [userId, pathId],
    );
  }

  async step(pathId: number, stepId: number, db: EntityManager): Promise<{ id: number; xp: number } | null> {
    const [step] = await db.query(`SELECT id, xp FROM learning_steps WHERE id = $1 AND "pathId" = $2`, [stepId, pathId]);
    return step ?? null;
  }

  /** Records that the user pressed Iniciar (once). */
  async recordStart(userId: number, pathId: number, db: EntityManager): Promise<void> {
    await db.query(`INSERT INTO learning_path_starts ("userId", "pathId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, pathId]);
  }

  /** Marks the step completed; false when it already was. */
  async completeStep(userId: number, stepId: number, db: EntityManager): Promise<boolean> {
    const inserted: unknown[] = await db.query(
      `INSERT INTO learning_progress ("userId", "stepId") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "stepId"`,
      [userId, stepId],
    );
    return inserted.length > 0;
  }

  /** The XP of every step the user completed. */
  async totalPoints(userId: number, db: EntityManager): Promise<number> {
    const [{ total }]: { total: number }[] = await db.query(
      `SELECT COALESCE(sum(s.xp), 0)::int AS total FROM learning_progress lp JOIN learning_steps s ON s.id = lp."stepId" WHERE lp."userId" = $1`,
      [userId],
    );
    return total;
  }

  /** Writes a catalogue path by slug (texts in place, so progress keyed by step id stays); its id. */
  async upsertCataloguePath(path: CataloguePathRow, db: EntityManager): Promise<number> {
    const [{ id }]: { id: number }[] = await db.query(
      `INSERT INTO learning_paths (slug, title, description, category, difficulty, color, "estimatedTime", position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, category = EXCLUDED.category,
         difficulty = EXCLUDED.difficulty, color = EXCLUDED.color, "estimatedTime" = EXCLUDED."estimatedTime", position = EXCLUDED.position
       RETURNING id`,
      [path.slug, path.title, path.description, path.category, path.difficulty, path.color, path.estimatedTime, path.position],
    );
    return id;
  }

  /** Writes a catalogue step by (path, order). */
  async upsertCatalogueStep(
    step: { pathId: number; stepOrder: number; title: string; description: string; xp: number },
    db: EntityManager,
  ): Promise<void> {
    await db.query(
      `INSERT INTO learning_steps ("pathId", "stepOrder", title, description, xp) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("pathId", "stepOrder") DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, xp = EXCLUDED.xp`,
      [step.pathId, step.stepOrder, step.title, step.description, step.xp],
    );
  }

  async addPrerequisite(pathId: number, prerequisiteId: number, db: EntityManager): Promise<void> {
    await db.query(`INSERT INTO learning_path_prerequisites ("pathId", "prerequisiteId") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      pathId,
      prerequisiteId,
    ]);
  }
}
