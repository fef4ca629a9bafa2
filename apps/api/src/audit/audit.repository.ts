import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ModuleRepository } from '../platform/database/repository';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  data?: Record<string, unknown>;
}

/**
 * The audit module's repository: audit_log is append-only, written by the module whose action it
 * records. Pass the transaction's manager so the row commits with the change it records.
 */
export async function writeAudit(db: EntityManager | DataSource, entry: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO audit_log ("actorId", action, entity, "entityId", data) VALUES ($1, $2, $3, $4, $5)`, [
    entry.actorId,
    entry.action,
    entry.entity,
    entry.entityId,
    JSON.stringify(entry.data ?? {}),
  ]);
}

/** What the trail's screen filters on: a person, an action, a period [from, to). */
export interface AuditFilters {
  actorId: number | null;
  action: string | null;
  from: Date | null;
  to: Date | null;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  data: Record<string, unknown>;
}

const FILTERED = `FROM audit_log
  WHERE ($1::int IS NULL OR "actorId" = $1) AND ($2::varchar IS NULL OR action = $2)
    AND ($3::timestamptz IS NULL OR "createdAt" >= $3) AND ($4::timestamptz IS NULL OR "createdAt" < $4)`;

/** The reads of the audit trail's screen (the newest first). */
@Injectable()
export class AuditRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  private params(filters: AuditFilters): unknown[] {
    return [filters.actorId, filters.action, filters.from, filters.to];
  }

  rows(filters: AuditFilters, limit: number, offset: number): Promise<AuditRow[]> {
    return this.dataSource.query(
      `SELECT id, "createdAt", "actorId", action, entity, "entityId", data ${FILTERED} ORDER BY "createdAt" DESC, id DESC LIMIT $5 OFFSET $6`,
      [...this.params(filters), limit, offset],
    );
  }

  async count(filters: AuditFilters): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n ${FILTERED}`, this.params(filters));
    return row.n;
  }

  /** A row of the audit module's own (e.g. an export of the trail). */
  record(entry: AuditEntry): Promise<void> {
    return writeAudit(this.dataSource, entry);
  }

  /** Every action recorded so far, for the screen's filter. */
  async actions(): Promise<string[]> {
    const rows: { action: string }[] = await this.dataSource.query(`SELECT DISTINCT action FROM audit_log ORDER BY action`);
    return rows.map((row) => row.action);
  }
}
