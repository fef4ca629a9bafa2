import { ConflictException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { queueOptions, workerOptions } from '../redis/bull-options';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EMAIL_STATUSES,
  targetLinkLabel,
  targetUrl,
  type EmailQueueItem,
  type EmailQueueStats,
  type EmailServiceStatus,
  type EmailType,
  type NotificationTarget,
} from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TaskLookup } from '../tasks/task-lookup';
import { AfterCommit } from './after-commit';
import { decrypt, encrypt } from '../clients/credentials-cipher';
import { emailText, escapeHtml, renderEmail, type EmailLink } from './email-templates';

export const EMAIL_QUEUE = 'email';

/** How long a caller waits for Redis before leaving the row to the sweep. */
const ADD_TIMEOUT_MS = 2000;
const VERIFY_TIMEOUT_MS = 5000;
/** A row handed to the queue this long ago and still not done is checked against its job. */
const STALE_MINUTES = 10;
/** Without Redis: e-mails this process sends at once (like the BullMQ worker's concurrency). */
const LOCAL_CONCURRENCY = 2;
/** How long a shutdown waits for sends in progress (an interrupted one is sent again later). */
const LOCAL_SHUTDOWN_WAIT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref())]);
}

/** Rows re-queued per round trip when the queue's jobs may be gone. */
const REQUEUE_BATCH = 500;

/** One job per outbox row (BullMQ refuses purely numeric custom ids). */
const jobId = (id: number) => `email-${id}`;

export interface NewEmail {
  type: EmailType;
  to: string;
  recipientName?: string | null;
  subject: string;
  /** Plain text; the HTML is rendered from it with the type's template. */
  message: string;
  /**
   * Text of the message replaced only when it is sent (marker → value, e.g. a password-reset
   * link): the outbox keeps the markers in the body the admin page shows, and the values
   * encrypted with CREDENTIALS_KEY until the e-mail is sent. A value starting http(s) becomes a link in the HTML.
   */
  secrets?: Record<string, string>;
  /** Where the e-mail leads (an absolute address under WEB_URL); none when WEB_URL is unset. */
  link?: EmailLink | null;
}

export type TestEmailKind = 'test_email' | 'task_assigned' | 'task_due_soon';

interface EmailRow {
  id: number;
  status: EmailQueueItem['status'];
  emailType: EmailType;
  subject: string;
  recipientName: string | null;
  recipientEmail: string;
  body: string;
  htmlBody: string | null;
  errorMessage: string | null;
  attempts: number;
  scheduledFor: Date | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Read for sending only (never listed). */
  secrets?: string | null;
}

function toItem(row: EmailRow): EmailQueueItem {
  return {
    id: row.id,
    status: row.status,
    email_type: row.emailType,
    subject: row.subject,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    to_email: row.recipientEmail,
    body: row.body,
    html_body: row.htmlBody,
    error_message: row.errorMessage,
    attempts: row.attempts,
    scheduled_for: row.scheduledFor ? row.scheduledFor.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

const ITEM_COLUMNS = `id, status, "emailType", subject, "recipientName", "recipientEmail", body, "htmlBody", "errorMessage", attempts, "scheduledFor", "createdAt", "sentAt"`;

/**
 * The outbox. Every e-mail is a row (pending), then a BullMQ job whose id derives from the row; a
 * worker sends it over SMTP with retries and exponential backoff (scheduled while it waits for the
 * next attempt), ending sent or failed. While Redis is unreachable rows stay pending and a sweep
 * hands them to the queue once it is back: nothing is lost, nothing is queued twice.
 *
 * Without REDIS_URL the outbox table is the queue: this process claims due rows itself
 * (`FOR UPDATE SKIP LOCKED`, held while the message is sent) with the same attempts, backoff and
 * statuses. A process that stops mid-send rolls its claim back, so the row is sent by the next.
 */
@Injectable()
export class EmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EmailService.name);
  readonly queue: Queue | null;
  private worker: Worker | null = null;
  private readonly transporter: Transporter | null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** The in-process delivery (no Redis): runs in progress, a pending wake-up, the backoff timer. */
  private readonly localRuns = new Set<Promise<void>>();
  private localAgain = false;
  private localTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Rows committed this turn of the event loop, waiting to be handed to the queue together. */
  private toQueue: number[] = [];
  /** A key the sweep keeps in Redis: finding it gone means Redis lost its data (restart without persistence, FLUSHALL). */
  private readonly redisMarker: string;
  /** The re-queue of every due row in progress, and whether another was asked for meanwhile. */
  private requeuing: Promise<void> | null = null;
  private requeueAgain = false;
  /** A re-queue that stopped short (an add timed out under load, Redis went away): the next sweep finishes it. */
  private requeueUnfinished = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly afterCommit: AfterCommit,
    private readonly tasks: TaskLookup,
  ) {
    this.transporter = config.smtpUrl
      ? createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null;
    this.queue = config.redisUrl ? new Queue(EMAIL_QUEUE, queueOptions(config.redisUrl, config.redisPrefix)) : null;
    this.queue?.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    this.redisMarker = `${config.redisPrefix}:email:outbox-marker`;
  }

  onApplicationBootstrap(): void {
    // Without SMTP nothing is sent: jobs wait in the queue (rows pending) until a worker with SMTP runs.
    if (this.queue && this.transporter) this.startWorker();
    // A (re)connection may be to a Redis that lost its data: every due row is handed over again at once.
    void this.queue
      ?.getBackend()
      .client.then((client) => client.on('ready', () => this.requeueDue('Redis connection ready')))
      .catch(() => undefined);
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.emailSweepMs);
    this.sweepTimer.unref();
    void this.sweep();
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
   * Writes the outbox row (in the caller's transaction when given) and, once that is committed,
   * hands it to the queue. Never waits on Redis.
   */
  async enqueue(email: NewEmail, manager?: EntityManager): Promise<number> {
    const outbox = this.outboxInsert([email], 1);
    const [{ id }]: { id: number }[] = await (manager ?? this.dataSource).query(outbox.sql, outbox.params);
    this.queueAfterCommit([id], manager);
    return id;
  }

  /**
   * The outbox rows of `emails` as an INSERT … RETURNING id, its parameters numbered from `$first`:
   * for a caller that writes them in one statement with its own rows (a data-modifying WITH), then
   * calls queueAfterCommit with the ids.
   */
  outboxInsert(emails: NewEmail[], first: number): { sql: string; params: unknown[] } {
    const [t, s, n, r, b, h, x] = [0, 1, 2, 3, 4, 5, 6].map((i) => `$${first + i}`);
    return {
      sql: `INSERT INTO email_queue ("emailType", subject, "recipientName", "recipientEmail", body, "htmlBody", secrets)
            SELECT t, s, n, r, b, h, x
              FROM unnest(${t}::varchar[], ${s}::varchar[], ${n}::varchar[], ${r}::varchar[], ${b}::text[], ${h}::text[], ${x}::text[])
                   WITH ORDINALITY AS e(t, s, n, r, b, h, x, i) ORDER BY i
            RETURNING id`,
      params: [
        emails.map((email) => email.type),
        emails.map((email) => email.subject.slice(0, 300)),
        emails.map((email) => email.recipientName ?? null),
        emails.map((email) => email.to),
        emails.map((email) => emailText(email.message, email.link ?? null)),
        emails.map((email) => renderEmail(email.type, email.recipientName ?? null, email.message, email.link ?? null)),
        emails.map((email) => (email.secrets ? encrypt(this.config.credentialsKey, JSON.stringify(email.secrets)) : null)),
      ],
    };
  }

  /** Hands outbox rows to the queue once `manager`'s transaction commits (at once without one). Never waits on Redis. */
  queueAfterCommit(ids: number[], manager?: EntityManager): void {
    if (ids.length) this.afterCommit.run(manager, () => ids.forEach((id) => this.queueSoon(id)));
  }

  /**
   * Hands a committed row to the queue with the others committed in the same turn of the event
   * loop (an event's recipients, concurrent requests): one Redis round trip and one row update
   * for them all.
   */
  private queueSoon(id: number): void {
    this.toQueue.push(id);
    if (this.toQueue.length > 1) return;
    setImmediate(() => {
      const ids = this.toQueue;
      this.toQueue = [];
      void this.addJobs(ids);
    });
  }

  /**
   * The link a task e-mail carries, or null without WEB_URL (the e-mail then says nothing of a link).
   */
  linkTo(target: NotificationTarget | null): EmailLink | null {
    const url = targetUrl(this.config.webUrl, target);
    return url && target ? { url, label: targetLinkLabel(target) } : null;
  }

  /**
   * The admin page's test sends: a plain test e-mail, or a sample of a task notification exactly as
   * users receive one, with the link to a task when WEB_URL is set (the newest task, so the link
   * can be followed; the board when there is none).
   */
  async sendTest(kind: TestEmailKind, to: string, subject?: string, message?: string): Promise<number> {
    let link: EmailLink | null = null;
    if (kind !== 'test_email' && this.config.webUrl) {
      const taskId = await this.tasks.newestOpenTaskId();
      link = taskId !== null ? this.linkTo({ taskId }) : { url: `${this.config.webUrl}/kanban`, label: 'Abrir o quadro' };
    }
    switch (kind) {
      case 'test_email':
        return this.enqueue({
          type: 'test_email',
          to,
          subject: subject?.trim() || 'Teste de e-mail do WKFlow',
          message: message?.trim() || 'Este é um e-mail de teste enviado pelo WKFlow.',
        });
      case 'task_assigned':
        return this.enqueue({
          type: 'task_assigned',
          to,
          subject: 'Nova tarefa atribuída: Tarefa de exemplo',
          message: 'Você foi designado para a tarefa "Tarefa de exemplo".\n\nEste é um teste da notificação de tarefa atribuída.',
          link,
        });
      case 'task_due_soon':
        return this.enqueue({
          type: 'task_due_reminder',
          to,
          subject: 'Prazo próximo: Tarefa de exemplo',
          message: 'A tarefa "Tarefa de exemplo" vence em breve.\n\nEste é um teste do lembrete de prazo.',
          link,
        });
    }
  }

  /** Hands a row to the queue; false when Redis is not there (the sweep tries again). */
  private async addJobs(ids: number[]): Promise<boolean> {
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
        ADD_TIMEOUT_MS,
        'Redis indisponível',
      );
      // Bookkeeping, so its commit does not wait for the WAL flush: a row whose queuedAt a crash
      // loses is handed to the queue again by the sweep, a no-op for its job.
      await this.dataSource.query(
        `WITH async AS (SELECT set_config('synchronous_commit', 'off', true)) UPDATE email_queue SET "queuedAt" = now() FROM async WHERE id = ANY($1::int[])`,
        [ids],
      );
      return true;
    } catch (error) {
      this.logger.warn(`e-mails ${ids.join(', ')} stay pending: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  /**
   * Hands the queue every row that never reached it (Redis was down) and reconciles rows whose
   * job is long overdue: a lost job is added again, a job that failed for good fails its row.
   */
  async sweep(): Promise<number> {
    if (!this.queue) {
      this.deliverLocally();
      return 0;
    }
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      if ((await this.redisLostData()) || this.requeueUnfinished) await this.requeueDue('Redis lost its data');
      const rows: { id: number; queuedAt: Date | null }[] = await this.dataSource.query(
        `SELECT id, "queuedAt" FROM email_queue
          WHERE status IN ('pending', 'scheduled') AND ("queuedAt" IS NULL OR "queuedAt" < now() - make_interval(mins => $1))
          ORDER BY id LIMIT 500`,
        [STALE_MINUTES],
      );
      let queued = 0;
      for (const row of rows) {
        if (row.queuedAt) {
          const job = await withTimeout(this.queue.getJob(jobId(row.id)), ADD_TIMEOUT_MS, 'Redis indisponível').catch(() => null);
          const state = job ? await job.getState().catch(() => 'unknown') : null;
          if (state === 'failed') {
            await this.markFailed(row.id, job!.failedReason || 'Falha no envio');
            continue;
          }
        }
        if (!(await this.addJobs([row.id]))) break; // Redis is down: try on the next sweep
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

  /**
   * Whether Redis lost its data since the last sweep (the marker key is gone; also true on the first
   * sweep against a Redis that never had it). Sets the marker again. False when Redis is unreachable.
   */
  private async redisLostData(): Promise<boolean> {
    try {
      // The queue's own ioredis connection (BullMQ types it by the few commands it uses itself).
      const client = (await this.queue!.getBackend().client) as unknown as Redis;
      return (await withTimeout(client.set(this.redisMarker, String(Date.now()), 'NX'), ADD_TIMEOUT_MS, 'Redis indisponível')) === 'OK';
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
        this.requeueUnfinished = false;
        let after = 0;
        let requeued = 0;
        try {
          for (;;) {
            const rows: { id: number }[] = await this.dataSource.query(
              `SELECT id FROM email_queue WHERE status IN ('pending', 'scheduled') AND id > $1 ORDER BY id LIMIT ${REQUEUE_BATCH}`,
              [after],
            );
            if (!rows.length) break;
            if (!(await this.addJobs(rows.map((row) => row.id)))) {
              // Redis is down again (its next 'ready' retries) or slow to answer: the next sweep retries too.
              this.requeueUnfinished = true;
              break;
            }
            requeued += rows.length;
            after = rows[rows.length - 1].id;
          }
          if (requeued) this.logger.warn(`${reason}: ${requeued} pending e-mail(s) handed to the queue again`);
        } catch (error) {
          this.requeueUnfinished = true;
          this.logger.warn(`re-queue: ${error instanceof Error ? error.message : error}`);
        }
      } while (this.requeueAgain && !this.closed);
    })().finally(() => (this.requeuing = null));
    return this.requeuing;
  }

  private async send(transporter: Transporter, row: EmailRow): Promise<void> {
    let text = row.body;
    let html = row.htmlBody;
    if (row.secrets) {
      const secrets = JSON.parse(decrypt(this.config.credentialsKey, row.secrets)) as Record<string, string>;
      for (const [marker, value] of Object.entries(secrets)) {
        text = text.replaceAll(marker, value);
        const shown = /^https?:\/\//.test(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
        html = html?.replaceAll(escapeHtml(marker), shown) ?? null;
      }
    }
    await transporter.sendMail({
      from: this.config.mailFrom,
      to: row.recipientName ? { name: row.recipientName, address: row.recipientEmail } : row.recipientEmail,
      subject: row.subject,
      text,
      html: html ?? undefined,
    });
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
    const transporter = this.transporter;
    if (!transporter) return;
    const failure = await this.dataSource.transaction(async (manager): Promise<unknown> => {
      const [row]: EmailRow[] = await manager.query(`SELECT ${ITEM_COLUMNS}, secrets FROM email_queue WHERE id = $1 FOR UPDATE`, [id]);
      if (!row || row.status === 'sent' || row.status === 'failed') return null;
      await manager.query(`UPDATE email_queue SET attempts = attempts + 1 WHERE id = $1`, [id]);
      try {
        await this.send(transporter, row);
      } catch (error) {
        return error ?? new Error('Falha no envio');
      }
      await manager.query(
        `UPDATE email_queue SET status = 'sent', "sentAt" = now(), "errorMessage" = NULL, "scheduledFor" = NULL, secrets = NULL WHERE id = $1`,
        [id],
      );
      return null;
    });
    if (failure) throw failure;
  }

  /** After a failed attempt: scheduled for the next one, or failed after the last. */
  private async onFailed(job: Job<{ id: number }> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    try {
      if (final) return await this.markFailed(job.data.id, error.message);
      const delay = this.backoffMs(job.attemptsMade);
      await this.dataSource.query(
        `UPDATE email_queue SET status = 'scheduled', "errorMessage" = $2, "scheduledFor" = now() + make_interval(secs => $3) WHERE id = $1 AND status IN ('pending', 'scheduled')`,
        [job.data.id, error.message.slice(0, 2000), delay / 1000],
      );
    } catch (failure) {
      this.logger.warn(`e-mail ${job.data.id}: could not record the failure: ${failure instanceof Error ? failure.message : failure}`);
    }
  }

  /**
   * Without Redis: starts a delivery run unless LOCAL_CONCURRENCY are going (one of them then runs
   * again). Without SMTP nothing is sent: rows wait, as they do in the queue.
   */
  private deliverLocally(): void {
    if (this.queue || !this.transporter || this.closed) return;
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
      const [{ next }]: { next: Date | null }[] = await this.dataSource.query(
        `SELECT min("scheduledFor") AS next FROM email_queue WHERE status = 'scheduled'`,
      );
      if (!next) return;
      if (this.localTimer) clearTimeout(this.localTimer);
      const wait = Math.min(Math.max(next.getTime() - Date.now(), 0), this.config.emailSweepMs);
      this.localTimer = setTimeout(() => this.deliverLocally(), wait + 10).unref();
    } catch (error) {
      this.logger.warn(`in-process delivery: ${error instanceof Error ? error.message : error}`);
    }
  }

  /**
   * Claims the oldest due row (pending, or scheduled and its retry time come), sends it and records
   * the outcome in the same transaction; false when nothing is due.
   */
  private deliverNextDue(): Promise<boolean> {
    const transporter = this.transporter!;
    return this.dataSource.transaction(async (manager) => {
      const [row]: EmailRow[] = await manager.query(
        `SELECT ${ITEM_COLUMNS}, secrets FROM email_queue
          WHERE status = 'pending' OR (status = 'scheduled' AND ("scheduledFor" IS NULL OR "scheduledFor" <= now()))
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return false;
      const attempts = row.attempts + 1;
      try {
        await this.send(transporter, row);
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        if (attempts >= this.config.emailAttempts) {
          await manager.query(
            `UPDATE email_queue SET status = 'failed', attempts = $2, "errorMessage" = $3, "scheduledFor" = NULL WHERE id = $1`,
            [row.id, attempts, message],
          );
        } else {
          await manager.query(
            `UPDATE email_queue SET status = 'scheduled', attempts = $2, "errorMessage" = $3, "scheduledFor" = now() + make_interval(secs => $4) WHERE id = $1`,
            [row.id, attempts, message, this.backoffMs(attempts) / 1000],
          );
        }
        return true;
      }
      await manager.query(
        `UPDATE email_queue SET status = 'sent', attempts = $2, "sentAt" = now(), "errorMessage" = NULL, "scheduledFor" = NULL, secrets = NULL WHERE id = $1`,
        [row.id, attempts],
      );
      return true;
    });
  }

  private async markFailed(id: number, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_queue SET status = 'failed', "errorMessage" = $2, "scheduledFor" = NULL WHERE id = $1 AND status IN ('pending', 'scheduled')`,
      [id, message.slice(0, 2000)],
    );
  }

  async list(): Promise<EmailQueueItem[]> {
    const rows: EmailRow[] = await this.dataSource.query(
      `SELECT ${ITEM_COLUMNS} FROM email_queue ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
    );
    return rows.map(toItem);
  }

  async stats(): Promise<EmailQueueStats> {
    const rows: { status: string; n: number }[] = await this.dataSource.query(
      `SELECT status, count(*)::int AS n FROM email_queue GROUP BY status`,
    );
    const byStatus = Object.fromEntries(
      EMAIL_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
    ) as EmailQueueStats['byStatus'];
    return { byStatus };
  }

  /** A failed e-mail goes back to pending and into the queue (404 unknown, 409 not failed). */
  async retry(id: number): Promise<EmailQueueItem> {
    const [updated]: EmailRow[] = (
      await this.dataSource.query(
        `UPDATE email_queue SET status = 'pending', "errorMessage" = NULL, attempts = 0, "queuedAt" = NULL, "scheduledFor" = NULL
          WHERE id = $1 AND status = 'failed' RETURNING ${ITEM_COLUMNS}`,
        [id],
      )
    )[0];
    if (!updated) {
      const [exists] = await this.dataSource.query(`SELECT status FROM email_queue WHERE id = $1`, [id]);
      if (!exists) throw new NotFoundException('E-mail não encontrado');
      throw new ConflictException('Só e-mails com falha podem ser reenviados');
    }
    // The failed job keeps its id: remove it so the row can be queued again.
    if (this.queue) {
      await withTimeout(this.queue.remove(jobId(id)), ADD_TIMEOUT_MS, 'Redis indisponível').catch(() => undefined);
    }
    await this.addJobs([id]);
    return toItem(updated);
  }

  /** Whether SMTP_URL is set (without it e-mails stay in the outbox). */
  get smtpConfigured(): boolean {
    return this.transporter !== null;
  }

  /** The SMTP status, and which queue delivers: BullMQ on Redis, or this process (no REDIS_URL). */
  async status(): Promise<EmailServiceStatus> {
    const queue = this.queue ? 'redis' : 'in-process';
    const webUrl = this.config.webUrl;
    const queueText = this.queue ? 'fila no Redis (BullMQ)' : 'fila no próprio servidor (sem Redis)';
    if (!this.transporter) return { status: 'unknown', message: 'Não Configurado', queue, webUrl };
    try {
      await withTimeout(this.transporter.verify(), VERIFY_TIMEOUT_MS, 'tempo esgotado ao conectar');
    } catch (error) {
      return { status: 'error', message: `Falha no SMTP: ${error instanceof Error ? error.message : error}`, queue, webUrl };
    }
    return { status: 'configured', message: `Servidor SMTP conectado; ${queueText}`, queue, webUrl };
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
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
    this.transporter?.close();
  }
}
