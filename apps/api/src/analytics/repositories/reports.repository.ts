import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnalyticsPeriod, Report, ReportTable, ReportType } from '@wkflow/contracts';
import { ModuleRepository } from '../../platform/database/repository';

export interface ReportRow {
  id: number;
  userId: number;
  name: string;
  type: ReportType;
  parameters: { period: AnalyticsPeriod };
  status: Report['status'];
  errorMessage: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

const COLUMNS = `id, "userId", name, type, parameters, status, "errorMessage", "createdAt", "completedAt"`;

/** Whose reports: `ownerId`'s, or everyone's when null ($1 stays typed either way). */
const ownerCondition = (ownerId: number | null) => (ownerId === null ? `$1::int IS NULL` : `"userId" = $1`);

/** The analytics module's own table analytics_reports: a row per requested report, its state and its result. */
@Injectable()
export class ReportsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  async insert(report: { userId: number; name: string; type: ReportType; period: AnalyticsPeriod }): Promise<ReportRow> {
    const [row]: ReportRow[] = await this.dataSource.query(
      `INSERT INTO analytics_reports ("userId", name, type, parameters) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [report.userId, report.name, report.type, JSON.stringify({ period: report.period })],
    );
    return row;
  }

  /** pending → processing; the row, or null when it was not pending (another run claimed it). */
  async claim(id: number): Promise<ReportRow | null> {
    const [rows]: [ReportRow[], number] = await this.dataSource.query(
      `UPDATE analytics_reports SET status = 'processing' WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async complete(id: number, table: ReportTable): Promise<void> {
    await this.dataSource.query(`UPDATE analytics_reports SET status = 'completed', result = $2, "completedAt" = now() WHERE id = $1`, [
      id,
      JSON.stringify(table),
    ]);
  }

  async fail(id: number, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE analytics_reports SET status = 'failed', "errorMessage" = $2, "completedAt" = now() WHERE id = $1`,
      [id, message],
    );
  }

  /** Reports 'processing' for longer than `staleSeconds` go back to 'pending'. */
  async requeueProcessing(staleSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE analytics_reports SET status = 'pending' WHERE status = 'processing' AND "createdAt" < now() - make_interval(secs => $1)`,
      [staleSeconds],
    );
  }

  /** Up to `limit` reports 'pending' for longer than `staleSeconds`, oldest first. */
  async stalePending(staleSeconds: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM analytics_reports WHERE status = 'pending' AND "createdAt" < now() - make_interval(secs => $1) ORDER BY id LIMIT $2`,
      [staleSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The latest 100 reports of `ownerId` (null: everyone's). */
  list(ownerId: number | null): Promise<ReportRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM analytics_reports WHERE ${ownerCondition(ownerId)} ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
      [ownerId],
    );
  }

  /** The report with its result, if it is `ownerId`'s (null: anyone's). */
  async withResult(id: number, ownerId: number | null): Promise<(ReportRow & { result: ReportTable | null }) | null> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS}, result FROM analytics_reports WHERE id = $2 AND ${ownerCondition(ownerId)}`,
      [ownerId, id],
    );
    return row ?? null;
  }
}
