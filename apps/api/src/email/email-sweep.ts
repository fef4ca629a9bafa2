import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { addConfiguredInterval, removeConfiguredInterval } from '../platform/schedule/configured-interval';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EmailDelivery } from './email-delivery';
import { EmailRepository } from './email.repository';

/** A row handed to the queue this long ago and still not done is checked against its job. */
const STALE_MINUTES = 10;
/** Rows looked at per sweep. */
const SWEEP_BATCH = 500;
const INTERVAL_NAME = 'email-sweep';

/**
 * Every EMAIL_SWEEP_MS (and once at start), on @nestjs/schedule: hands the queue every row that
 * never reached it (Redis was down) and reconciles rows whose job is long overdue (a lost job is
 * added again, a job that failed for good fails its row); first, when Redis lost its data, every
 * due row is handed over again. Without Redis it wakes the in-process delivery.
 *
 * Every replica sweeps, with no lock between them: each step is idempotent. A row's job id makes a
 * second add a no-op, failing a row only changes one still due, and the Redis marker is set by
 * whichever replica finds it gone first (that one re-queues; a re-queue by two is harmless too).
 */
@Injectable()
export class EmailSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EmailSweep.name);
  private sweeping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: SchedulerRegistry,
    private readonly delivery: EmailDelivery,
    private readonly outbox: EmailRepository,
  ) {}

  onApplicationBootstrap(): void {
    addConfiguredInterval(this.schedules, INTERVAL_NAME, this.config.emailSweepMs, () => this.sweep());
    void this.sweep();
  }

  /** Sweeps once now; how many rows it handed to the queue. One sweep runs at a time (0 for a call meanwhile). */
  async sweep(): Promise<number> {
    if (!this.delivery.queue) {
      this.delivery.deliverLocally();
      return 0;
    }
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      if ((await this.delivery.redisLostData()) || this.delivery.requeueUnfinished) await this.delivery.requeueDue('Redis lost its data');
      const rows = await this.outbox.unqueuedOrStale(STALE_MINUTES, SWEEP_BATCH);
      let queued = 0;
      for (const row of rows) {
        if (row.queuedAt) {
          const job = await this.delivery.jobOf(row.id);
          if (job?.state === 'failed') {
            await this.outbox.markFailed(row.id, job.failedReason || 'Falha no envio');
            continue;
          }
        }
        if (!(await this.delivery.addJobs([row.id]))) break; // Redis is down: try on the next sweep
        queued += 1;
      }
      return queued;
    } catch (error) {
      this.logger.warn(`sweep: ${error instanceof Error ? error.message : error}`);
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  onModuleDestroy(): void {
    removeConfiguredInterval(this.schedules, INTERVAL_NAME);
  }
}
