import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { queueOptions, workerOptions } from '../platform/redis/bull-options';
import { EmailRepository } from './email.repository';
import { SmtpSender } from './smtp-sender';

export const EMAIL_QUEUE = 'email';

/** How long a caller waits for Redis before leaving the row to the sweep. */
export const REDIS_TIMEOUT_MS = 2000;
/** Without Redis: e-mails this process sends at once (like the BullMQ worker's concurrency). */
const LOCAL_CONCURRENCY = 2;
/** How long a shutdown waits for sends in progress (an interrupted one is sent again later). */
const LOCAL_SHUTDOWN_WAIT_MS = 10_000;
/** Rows re-queued per round trip when the queue's jobs may be gone. */
const REQUEUE_BATCH = 500;

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref())]);
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** One job per outbox row (BullMQ refuses purely numeric custom ids). */
const jobId = (id: number) => `email-${id}`;

/**
 * Sends the outbox's rows. With Redis, each row is a BullMQ job whose id derives from the row; a
 * worker sends it over SMTP with retries and exponential backoff (scheduled while it waits for the
 * next attempt), ending sent or failed. While Redis is unreachable rows stay pending until the
 * sweep (email-sweep.ts) hands them over: nothing is lost, nothing is queued twice.
 *
 * Without REDIS_URL the outbox table is the queue: this process claims due rows itself
 * (`FOR UPDATE SKIP LOCKED`, held while the message is sent) with the same attempts, backoff and
 * statuses. A process that stops mid-send rolls its claim back, so the row is sent by the next.
 */
@Injectable()
export class EmailDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EmailDelivery.name);
  /** The BullMQ queue (null without REDIS_URL); Bull Board shows it. */
  readonly queue: Queue | null;
  private worker: Worker | null = null;
  /** The in-process delivery (no Redis): runs in progress, a pending wake-up, the backoff timer. */
  private readonly localRuns = new Set<Promise<void>>();
  private localAgain = false;
  private localTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Rows committed this turn of the event loop, waiting to be handed to the queue together. */
  private toQueue: number[] = [];
  /** A key kept in Redis: finding it gone means Redis lost its data (restart without persistence, FLUSHALL). */
  private readonly redisMarker: string;
  /** The re-queue of every due row in progress, and whether another was asked for meanwhile. */
  private requeuing: Promise<void> | null = null;
  private requeueAgain = false;
  /** A re-queue that stopped short (an add timed out under load, Redis went away): the next sweep finishes it. */
  private unfinished = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: EmailRepository,
    private readonly smtp: SmtpSender,
  ) {
    this.queue = config.redisUrl ? new Queue(EMAIL_QUEUE, queueOptions(config.redisUrl, config.redisPrefix)) : null;
    this.queue?.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    this.redisMarker = `${config.redisPrefix}:email:outbox-marker`;
  }

  onApplicationBootstrap(): void {
    // Without SMTP nothing is sent: jobs wait in the queue (rows pending) until a worker with SMTP runs.
    if (this.queue && this.smtp.configured) this.startWorker();
    // A (re)connection may be to a Redis that lost its data: every due row is handed over again at once.
    void this.queue
      ?.getBackend()
      .client.then((client) => client.on('ready', () => this.requeueDue('Redis connection ready')))
      .catch(() => undefined);
  }

  private startWorker(): void {
    this.worker = new Worker(
      EMAIL_QUEUE,
      (job: Job<{ id: number }>) => this.deliver(job.data.id),
      workerOptions(this.config.redisUrl!, this.config.redisPrefix, 2),
    );
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
  }

  /**
   * Hands committed rows to the queue with the others committed in the same turn of the event
   * loop (an event's recipients, concurrent requests): one Redis round trip and one row update
   * for them all. Never waits on Redis.
   */
  handOver(ids: number[]): void {
    if (!ids.length) return;
    const first = !this.toQueue.length;
    this.toQueue.push(...ids);
    if (!first) return;
    setImmediate(() => {
      const batch = this.toQueue;
      this.toQueue = [];
      void this.addJobs(batch);
    });
  }

  /**
   * Hands rows to the queue; false when Redis is not there (the sweep tries again). Without Redis,
   * wakes the in-process delivery instead.
   */
  async addJobs(ids: number[]): Promise<boolean> {
    if (!this.queue) {
      this.deliverLocally();
      return false;
    }
    try {
      // An existing job with a row's id makes its add a no-op: a row is never queued twice.
      const opts = {
        attempts: this.config.emailAttempts,
        backoff: { type: 'exponential', delay: this.config.emailRetryDelayMs },
        removeOnComplete: true,
        removeOnFail: 1000,
      };
      await withTimeout(
        this.queue.addBulk(ids.map((id) => ({ name: 'send', data: { id }, opts: { ...opts, jobId: jobId(id) } }))),
        REDIS_TIMEOUT_MS,
        'Redis indisponível',
      );
      await this.outbox.markQueued(ids);
      return true;
    } catch (error) {
      this.logger.warn(`e-mails ${ids.join(', ')} stay pending: ${errorText(error)}`);
      return false;
    }
  }

  /** The state of a row's job: 'failed' carries BullMQ's reason; null when the job is gone or Redis does not answer. */
  async jobOf(id: number): Promise<{ state: string; failedReason: string } | null> {
    const job = await withTimeout(this.queue!.getJob(jobId(id)), REDIS_TIMEOUT_MS, 'Redis indisponível').catch(() => null);
    if (!job) return null;
    return { state: await job.getState().catch(() => 'unknown'), failedReason: job.failedReason };
  }

  /** Removes a row's job (a failed job keeps its id: the row can then be queued again). */
  async removeJob(id: number): Promise<void> {
    if (this.queue) await withTimeout(this.queue.remove(jobId(id)), REDIS_TIMEOUT_MS, 'Redis indisponível').catch(() => undefined);
  }

  /** Whether the last re-queue stopped short (the sweep then runs it again). */
  get requeueUnfinished(): boolean {
    return this.unfinished;
  }

  /**
   * Whether Redis lost its data since the last call (the marker key is gone; also true on the first
   * call against a Redis that never had it). Sets the marker again. False when Redis is unreachable.
   */
  async redisLostData(): Promise<boolean> {
    try {
      // The queue's own ioredis connection (BullMQ types it by the few commands it uses itself).
      const client = (await this.queue!.getBackend().client) as unknown as Redis;
      return (await withTimeout(client.set(this.redisMarker, String(Date.now()), 'NX'), REDIS_TIMEOUT_MS, 'Redis indisponível')) === 'OK';
    } catch {
      return false;
    }
  }

  /**
   * Hands every pending or scheduled row to the queue again, whatever its queuedAt: after Redis lost
   * its data their jobs are gone, and the regular sweep would find them only once stale (10 min).
   * The job id makes the add a no-op for a row whose job is still there, so nothing is sent twice.
   * Runs one at a time; a call during a run runs once more after it.
   */
  requeueDue(reason: string): Promise<void> {
    if (!this.queue || this.closed) return Promise.resolve();
    if (this.requeuing) {
      this.requeueAgain = true;
      return this.requeuing;
    }
    this.requeuing = (async () => {
      do {
        this.requeueAgain = false;
        this.unfinished = false;
        let after = 0;
        let requeued = 0;
        try {
          for (;;) {
            const ids = await this.outbox.dueIdsAfter(after, REQUEUE_BATCH);
            if (!ids.length) break;
            if (!(await this.addJobs(ids))) {
              // Redis is down again (its next 'ready' retries) or slow to answer: the next sweep retries too.
              this.unfinished = true;
              break;
            }
            requeued += ids.length;
            after = ids[ids.length - 1];
          }
          if (requeued) this.logger.warn(`${reason}: ${requeued} pending e-mail(s) handed to the queue again`);
        } catch (error) {
          this.unfinished = true;
          this.logger.warn(`re-queue: ${errorText(error)}`);
        }
      } while (this.requeueAgain && !this.closed);
    })().finally(() => (this.requeuing = null));
    return this.requeuing;
  }

  /** The delay before the attempt after `attemptsMade` failed ones (BullMQ's exponential backoff). */
  private backoffMs(attemptsMade: number): number {
    return this.config.emailRetryDelayMs * 2 ** Math.max(attemptsMade - 1, 0);
  }

  /**
   * Sends a row with its lock held: a second job for the same row (handed over again after Redis lost
   * its data while this one was sending) waits for the lock, then finds the row sent instead of sending
   * it twice. It waits rather than skipping the row: other short writes lock it too (addJobs marks
   * queuedAt right after the add, which a fast worker can meet), and a skip there would leave the
   * e-mail unsent until the stale sweep. A failed send still counts its attempt, then fails the job
   * (BullMQ retries it; onFailed records it).
   */
  private async deliver(id: number): Promise<void> {
    if (!this.smtp.configured) return;
    const failure = await this.outbox.transaction(async (manager): Promise<unknown> => {
      const row = await this.outbox.lockForSending(manager, id);
      if (!row || row.status === 'sent' || row.status === 'failed') return null;
      await this.outbox.countAttempt(manager, id);
      try {
        await this.smtp.send(row);
      } catch (error) {
        return error ?? new Error('Falha no envio');
      }
      await this.outbox.markSent(manager, id);
      return null;
    });
    if (failure) throw failure;
  }

  /** After a failed attempt: scheduled for the next one, or failed after the last. */
  private async onFailed(job: Job<{ id: number }> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    try {
      if (final) return await this.outbox.markFailed(job.data.id, error.message);
      await this.outbox.markScheduled(job.data.id, error.message, this.backoffMs(job.attemptsMade) / 1000);
    } catch (failure) {
      this.logger.warn(`e-mail ${job.data.id}: could not record the failure: ${errorText(failure)}`);
    }
  }

  /**
   * Without Redis: starts a delivery run unless LOCAL_CONCURRENCY are going (one of them then runs
   * again). Without SMTP nothing is sent: rows wait, as they do in the queue.
   */
  deliverLocally(): void {
    if (this.queue || !this.smtp.configured || this.closed) return;
    if (this.localRuns.size >= LOCAL_CONCURRENCY) {
      this.localAgain = true;
      return;
    }
    const run = this.deliverDue().finally(() => {
      this.localRuns.delete(run);
      if (this.localAgain) {
        this.localAgain = false;
        this.deliverLocally();
      }
    });
    this.localRuns.add(run);
  }

  /** Sends due rows one by one until none is left, then sets a timer for the next retry. */
  private async deliverDue(): Promise<void> {
    try {
      while (!this.closed && (await this.deliverNextDue()));
      if (this.closed) return;
      const next = await this.outbox.nextRetryAt();
      if (!next) return;
      if (this.localTimer) clearTimeout(this.localTimer);
      const wait = Math.min(Math.max(next.getTime() - Date.now(), 0), this.config.emailSweepMs);
      this.localTimer = setTimeout(() => this.deliverLocally(), wait + 10).unref();
    } catch (error) {
      this.logger.warn(`in-process delivery: ${errorText(error)}`);
    }
  }

  /**
   * Claims the oldest due row, sends it and records the outcome in the same transaction; false
   * when nothing is due.
   */
  private deliverNextDue(): Promise<boolean> {
    return this.outbox.transaction(async (manager) => {
      const row = await this.outbox.claimNextDue(manager);
      if (!row) return false;
      const attempts = row.attempts + 1;
      try {
        await this.smtp.send(row);
      } catch (error) {
        const errorMessage = errorText(error);
        await this.outbox.recordLocalAttempt(
          manager,
          row.id,
          attempts >= this.config.emailAttempts
            ? { status: 'failed', attempts, errorMessage }
            : { status: 'scheduled', attempts, errorMessage, retryInSeconds: this.backoffMs(attempts) / 1000 },
        );
        return true;
      }
      await this.outbox.recordLocalAttempt(manager, row.id, { status: 'sent', attempts });
      return true;
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.requeuing;
    if (this.localTimer) clearTimeout(this.localTimer);
    // Sends in progress finish (or, past the wait, roll back their claim: the row stays due).
    await Promise.race([
      Promise.allSettled([...this.localRuns]),
      new Promise((resolve) => setTimeout(resolve, LOCAL_SHUTDOWN_WAIT_MS).unref()),
    ]);
    // Lets a send in progress finish, but never waits long: with Redis unreachable a close hangs.
    const closing = Promise.all([this.worker?.close().catch(() => undefined), this.queue?.close().catch(() => undefined)]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    await this.queue?.disconnect().catch(() => undefined);
    this.smtp.close();
  }
}
