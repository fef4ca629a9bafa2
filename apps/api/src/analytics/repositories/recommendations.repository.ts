import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Recommendation, RecommendationDraft } from '@wkflow/contracts';
import { ModuleRepository } from '../../platform/database/repository';

/** A recommendation as PostgreSQL answers it (times as Dates). */
export interface RecommendationRow extends Omit<Recommendation, 'expiresAt' | 'createdAt'> {
  expiresAt: Date;
  createdAt: Date;
}

const COLUMNS = `id, key, type, priority, title, description, action, impact, data, status, "expiresAt", "createdAt"`;
const ACTIVE = `status = 'active' AND "expiresAt" > now()`;

/** The analytics module's own table recommendations: one active row per rule key (a partial unique index). */
@Injectable()
export class RecommendationsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Active rows past their expiry become expired. */
  async expireOld(db: EntityManager): Promise<void> {
    await db.query(`UPDATE recommendations SET status = 'expired' WHERE status = 'active' AND "expiresAt" <= now()`);
  }

  /**
   * Inserts the drafts, active for `ttlDays`; a key that has an active row, or was implemented or
   * dismissed less than `ttlDays` ago, is skipped. How many were inserted.
   */
  async insertDrafts(drafts: RecommendationDraft[], ttlDays: number, db: EntityManager): Promise<number> {
    const inserted: { id: number }[] = await db.query(
      `INSERT INTO recommendations (key, type, priority, title, description, action, impact, data, "expiresAt")
       SELECT d.key, d.type, d.priority, d.title, d.description, d.action, d.impact, d.data, now() + make_interval(days => $2)
         FROM jsonb_to_recordset($1::jsonb) AS d(key text, type text, priority text, title text, description text, action text, impact text, data jsonb)
        WHERE NOT EXISTS (SELECT 1 FROM recommendations r WHERE r.key = d.key AND r.status IN ('implemented', 'dismissed') AND r."resolvedAt" > now() - make_interval(days => $2))
       ON CONFLICT (key) WHERE status = 'active' DO NOTHING
       RETURNING id`,
      [JSON.stringify(drafts), ttlDays],
    );
    return inserted.length;
  }

  /** Active, unexpired recommendations, most urgent first. */
  active(): Promise<RecommendationRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM recommendations WHERE ${ACTIVE}
        ORDER BY CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END, "createdAt" DESC, id DESC`,
    );
  }

  async counts(): Promise<{ active: number; implemented: number; total: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${ACTIVE})::int AS active, count(*) FILTER (WHERE status = 'implemented')::int AS implemented, count(*)::int AS total
         FROM recommendations`,
    );
    return row;
  }

  /** Resolves the recommendation if it is active; null otherwise (unknown or no longer active). */
  async resolve(
    id: number,
    resolution: { status: 'implemented' | 'dismissed'; by: number; note: string | null },
  ): Promise<RecommendationRow | null> {
    const [rows]: [RecommendationRow[], number] = await this.dataSource.query(
      `UPDATE recommendations SET status = $2, "resolvedAt" = now(), "resolvedBy" = $3, "resolutionNote" = $4
        WHERE id = $1 AND ${ACTIVE} RETURNING ${COLUMNS}`,
      [id, resolution.status, resolution.by, resolution.note],
    );
    return rows[0] ?? null;
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT 1 FROM recommendations WHERE id = $1`, [id]);
    return Boolean(row);
  }
}
