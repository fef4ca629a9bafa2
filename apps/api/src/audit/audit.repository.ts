import type { DataSource, EntityManager } from 'typeorm';

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
