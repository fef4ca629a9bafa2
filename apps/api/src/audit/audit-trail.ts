import type { DataSource, EntityManager } from 'typeorm';
import { type AuditEntry, writeAudit } from './audit.repository';

export type { AuditEntry };

/**
 * The audit trail's one door for other modules: records who did what, inside the caller's
 * transaction (pass its manager), so the row commits with the change it records or not at all.
 */
export function recordAudit(db: EntityManager | DataSource, entry: AuditEntry): Promise<void> {
  return writeAudit(db, entry);
}
