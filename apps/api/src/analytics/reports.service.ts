import { ConflictException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Queue, Worker, type Job } from 'bullmq';
import { queueOptions, workerOptions } from '../platform/redis/bull-options';
import { ADMIN_PROFILE_ID, reportFileName, type CreateReportRequest, type Report, type ReportTable } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { AnalyticsService } from './analytics.service';
import { type ReportRow, ReportsRepository } from './repositories/reports.repository';
import { toCsv } from '../platform/files/spreadsheet';

export const REPORTS_QUEUE = 'analytics-reports';
export const REPORT_NOT_FOUND = 'Relatório não encontrado';
export const REPORT_NOT_READY = 'O relatório ainda não está pronto';
const ADD_TIMEOUT_MS = 2000;
/** How often, and after how long, reports stuck in pending or processing are computed again. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
const STALE_PENDING_MS = 60_000;
const STALE_PROCESSING_MS = 10 * 60_000;

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    parameters: { period: row.parameters.period },
    error_message: row.errorMessage,
  };
}

/** Profile 1 sees every report (null: anyone's); everyone else their own. */
const ownerOf = (user: AuthenticatedUser): number | null => (user.accessProfileId === ADMIN_PROFILE_ID ? null : user.id);

/**
 * Reports: a row (pending), then a BullMQ job on Redis that a worker computes into the row's
 * result (completed, or failed with the error). Without REDIS_URL, or when Redis does not take
 * the job, the report is computed in this process right after the request.
 */
@Injectable()
export class ReportsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReportsService.name);
  private readonly queue: Queue | null;
  private worker: Worker | null = null;
  /** Reports computed in-process, awaited on shutdown. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly reports: ReportsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly analytics: AnalyticsService,
  ) {
    this.queue = config.redisUrl ? new Queue(REPORTS_QUEUE, queueOptions(config.redisUrl, config.redisPrefix)) : null;
    this.queue?.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
  }

  onApplicationBootstrap(): void {
    // Reports left behind by a process that stopped mid-way are picked up again here.
    void this.sweepStale();
    if (!this.config.redisUrl) return;
    this.worker = new Worker(
      REPORTS_QUEUE,
      (job: Job<{ id: number }>) => this.compute(job.data.id),
      workerOptions(this.config.redisUrl!, this.config.redisPrefix, 1),
    );
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  async create(user: AuthenticatedUser, request: CreateReportRequest): Promise<Report> {
    const row = await this.reports.insert({
      userId: user.id,
      name: request.name.trim(),
      type: request.type,
      period: request.parameters.period,
    });
    if (!(await this.addJob(row.id))) this.computeHere(row.id);
    return toReport(row);
  }

  private async addJob(id: number): Promise<boolean> {
    if (!this.queue) return false;
    try {
      await Promise.race([
        this.queue.add('compute', { id }, { jobId: `report-${id}`, attempts: 1, removeOnComplete: true, removeOnFail: 100 }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Redis indisponível')), ADD_TIMEOUT_MS).unref()),
      ]);
      return true;
    } catch (error) {
      this.logger.warn(`report ${id} computed in-process: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  private computeHere(id: number): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.compute(id));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Computes a pending report into its row; a failure is recorded on the row, never thrown. */
  async compute(id: number): Promise<void> {
    const claimed = await this.reports.claim(id);
    if (!claimed) return;
    try {
      const table: ReportTable = await this.analytics.reportTable(claimed.type, claimed.parameters.period);
      await this.reports.complete(id, table);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`report ${id} failed: ${message}`);
      await this.reports.fail(id, message.slice(0, 2000)).catch(() => undefined);
    }
  }

  /**
   * A report still 'processing' long after it started belongs to a process that died; one still
   * 'pending' lost its job. Both are computed here; the claim in compute() keeps it to one run
   * (so every replica may sweep).
   */
  @Interval('reports-stale-sweep', SWEEP_INTERVAL_MS)
  async sweepStale(): Promise<void> {
    try {
      await this.reports.requeueProcessing(STALE_PROCESSING_MS / 1000);
      for (const id of await this.reports.stalePending(STALE_PENDING_MS / 1000, 20)) this.computeHere(id);
    } catch (error) {
      this.logger.warn(`report sweep: ${error instanceof Error ? error.message : error}`);
    }
  }

  async list(user: AuthenticatedUser): Promise<Report[]> {
    const rows = await this.reports.list(ownerOf(user));
    return rows.map(toReport);
  }

  /** The CSV of a completed report (404 unknown or someone else's, 409 not completed). */
  async download(user: AuthenticatedUser, id: number): Promise<{ fileName: string; csv: string }> {
    const row = await this.reports.withResult(id, ownerOf(user));
    if (!row) throw new NotFoundException(REPORT_NOT_FOUND);
    if (row.status !== 'completed' || !row.result) throw new ConflictException(REPORT_NOT_READY);
    return { fileName: reportFileName(row), csv: toCsv(row.result) };
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.running]);
    const closing = Promise.all([this.worker?.close().catch(() => undefined), this.queue?.close().catch(() => undefined)]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    await this.queue?.disconnect().catch(() => undefined);
  }
}
