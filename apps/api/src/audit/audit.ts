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

/** The data of the newest audit row for this action on this entity, or null. */
export async function latestAuditData(
  db: EntityManager | DataSource,
  action: string,
  entity: string,
  entityId: number,
): Promise<Record<string, unknown> | null> {
  const [row]: { data: Record<string, unknown> }[] = await db.query(
    `SELECT data FROM audit_log WHERE action = $1 AND entity = $2 AND "entityId" = $3 ORDER BY id DESC LIMIT 1`,
    [action, entity, entityId],
  );
  return row?.data ?? null;
}
