import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery, type AuditRecord, auditActionLabel } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { toCsv } from '../platform/files/spreadsheet';
import { UserDirectory } from '../users/user-directory';
import { type AuditFilters, AuditRepository, type AuditRow } from './audit.repository';

export const AUDIT_PERIOD_REVERSED = 'O início do período deve ser antes do fim';
export const AUDIT_EXPORT_TOO_LARGE = `A exportação tem mais de ${AUDIT_EXPORT_MAX.toLocaleString('pt-BR')} registros: escolha um período menor`;

/** The audit trail as administrators read it: filtered, paginated, exported as CSV. */
@Injectable()
export class AuditService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditRepository,
    private readonly users: UserDirectory,
  ) {}

  async page(query: AuditQuery): Promise<AuditPage> {
    const filters = this.filters(query);
    const page = query.page ?? 1;
    const [rows, total] = await Promise.all([
      this.audit.rows(filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
      this.audit.count(filters),
    ]);
    return { items: await this.records(rows), total };
  }

  actions(): Promise<string[]> {
    return this.audit.actions();
  }

  /** The filtered trail as CSV (at most AUDIT_EXPORT_MAX rows); the export itself is recorded. */
  async exportCsv(actor: AuthenticatedUser, query: AuditQuery): Promise<string> {
    const filters = this.filters(query);
    const rows = await this.audit.rows(filters, AUDIT_EXPORT_MAX + 1, 0);
    if (rows.length > AUDIT_EXPORT_MAX) throw new BadRequestException(AUDIT_EXPORT_TOO_LARGE);
    const records = await this.records(rows);
    await this.audit.record({
      actorId: actor.id,
      action: 'audit_exported',
      entity: 'audit_log',
      entityId: null,
      data: { rows: rows.length, ...query },
    });
    const zone = this.config.appTimezone;
    return toCsv({
      columns: ['Quando', 'Quem', 'Ação', 'Código da ação', 'Objeto', 'Id do objeto', 'Detalhes'],
      rows: records.map((r) => [
        DateTime.fromISO(r.createdAt).setZone(zone).toFormat('dd/MM/yyyy HH:mm:ss'),
        r.actor?.name ?? '',
        auditActionLabel(r.action),
        r.action,
        r.entity,
        r.entityId,
        JSON.stringify(r.data),
      ]),
    });
  }

  /** The query's days as instants: from the first day's start to the day after the last one's (APP_TIMEZONE). */
  private filters(query: AuditQuery): AuditFilters {
    const zone = this.config.appTimezone;
    const from = query.from ? DateTime.fromISO(query.from, { zone }).startOf('day') : null;
    const to = query.to ? DateTime.fromISO(query.to, { zone }).startOf('day').plus({ days: 1 }) : null;
    if (from && to && from >= to) throw new BadRequestException(AUDIT_PERIOD_REVERSED);
    return { actorId: query.actorId ?? null, action: query.action ?? null, from: from?.toJSDate() ?? null, to: to?.toJSDate() ?? null };
  }

  private async records(rows: AuditRow[]): Promise<AuditRecord[]> {
    const names = await this.users.refsByIds(rows.map((row) => row.actorId));
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actor: row.actorId === null ? null : { id: row.actorId, name: names.get(row.actorId)?.name ?? `Usuário #${row.actorId}` },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      data: row.data ?? {},
    }));
  }
}
