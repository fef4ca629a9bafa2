import type { DataSource, EntityManager } from 'typeorm';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  data?: Record<string, unknown>;
}

/** Appends one audit_log row; pass the transaction's manager so it commits with the change it records. */
export async function writeAudit(db: EntityManager | DataSource, entry: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO audit_log ("actorId", action, entity, "entityId", data) VALUES ($1, $2, $3, $4, $5)`, [
    entry.actorId,
    entry.action,
    entry.entity,
    entry.entityId,
    JSON.stringify(entry.data ?? {}),
  ]);
}
