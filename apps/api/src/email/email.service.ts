import { ConflictException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, Worker, type Job } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import { EMAIL_STATUSES, type EmailQueueItem, type EmailQueueStats, type EmailServiceStatus, type EmailType } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { renderEmail } from './email-templates';

export const EMAIL_QUEUE = 'email';

const ADD_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Redis indisponível')), ms).unref())]);
}

/** One job per outbox row (BullMQ refuses purely numeric custom ids). */
const jobId = (id: number) => `email-${id}`;

export interface NewEmail {
  type: EmailType;
  to: string;
  recipientName?: string | null;
  subject: string;
  /** Plain text; the HTML is rendered from it with the type's template. */
  message: string;
}

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
  createdAt: Date;
  sentAt: Date | null;
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
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * The outbox: every e-mail is a row, then a BullMQ job (job id = row id); a worker sends it over
 * SMTP with retries. Without Redis the rows wait as pending and a sweep enqueues them later.
 */
@Injectable()
export class EmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EmailService.name);
  readonly queue: Queue | null;
  private worker: Worker | null = null;
  private transporter: Transporter | null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.transporter = config.smtpUrl ? createTransport(config.smtpUrl) : null;
    this.queue = config.redisUrl
      ? new Queue(EMAIL_QUEUE, {
          connection: { url: config.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: (n: number) => Math.min(n * 500, 5000) },
          prefix: `${config.redisPrefix}:bull`,
        })
      : null;
    this.queue?.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
  }

  onApplicationBootstrap(): void {
    if (this.queue && this.transporter) this.startWorker();
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.emailSweepMs);
    this.sweepTimer.unref();
    void this.sweep();
  }

  private startWorker(): void {
    this.worker = new Worker(EMAIL_QUEUE, (job: Job<{ id: number }>) => this.deliver(job.data.id), {
      connection: { url: this.config.redisUrl!, maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(n * 500, 5000) },
      prefix: `${this.config.redisPrefix}:bull`,
      concurrency: 2,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
  }

  /** Writes the outbox row (in the caller's transaction when given), then tries to enqueue it. */
  async enqueue(email: NewEmail, manager?: EntityManager): Promise<number> {
    const db = manager ?? this.dataSource;
    const [{ id }] = await db.query(
      `INSERT INTO email_queue ("emailType", subject, "recipientName", "recipientEmail", body, "htmlBody") VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email.type, email.subject.slice(0, 300), email.recipientName ?? null, email.to, email.message, renderEmail(email.type, email.recipientName ?? null, email.message)],
    );
    // Not awaited: the request never waits on Redis. Inside a transaction the job waits for the
    // sweep, so it cannot run before the row is committed.
    if (!manager) void this.addJob(id);
    return id;
  }

  /** Hands a row to the queue; false when Redis is not there (the sweep tries again). */
  private async addJob(id: number): Promise<boolean> {
    if (!this.queue) return false;
    try {
      // BullMQ waits for its connection; a Redis that is down must not hold the caller.
      await withTimeout(this.queue.add(
        'send',
        { id },
        {
          jobId: jobId(id),
          attempts: this.config.emailAttempts,
          backoff: { type: 'exponential', delay: this.config.emailRetryDelayMs },
          removeOnComplete: true,
          removeOnFail: 500,
        },
      ), ADD_TIMEOUT_MS);
      await this.dataSource.query(`UPDATE email_queue SET "queuedAt" = now() WHERE id = $1`, [id]);
      return true;
    } catch (error) {
      this.logger.warn(`e-mail ${id} stays pending: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  /** Enqueues rows that never reached the queue (Redis was down) or whose job was lost. */
  async sweep(): Promise<number> {
    if (!this.queue) return 0;
    const rows: { id: number }[] = await this.dataSource
      .query(
        `SELECT id FROM email_queue WHERE status = 'pending' AND ("queuedAt" IS NULL OR "queuedAt" < now() - interval '10 minutes') ORDER BY id LIMIT 500`,
      )
      .catch(() => []);
    let queued = 0;
    for (const row of rows) {
      if (!(await this.addJob(row.id))) break;
      queued += 1;
    }
    return queued;
  }

  private async deliver(id: number): Promise<void> {
    const [row]: EmailRow[] = await this.dataSource.query(`SELECT * FROM email_queue WHERE id = $1`, [id]);
    if (!row || row.status === 'sent' || !this.transporter) return;
    await this.dataSource.query(`UPDATE email_queue SET attempts = attempts + 1 WHERE id = $1`, [id]);
    await this.transporter.sendMail({
      from: this.config.mailFrom,
      to: row.recipientName ? { name: row.recipientName, address: row.recipientEmail } : row.recipientEmail,
      subject: row.subject,
      text: row.body,
      html: row.htmlBody ?? undefined,
    });
    await this.dataSource.query(`UPDATE email_queue SET status = 'sent', "sentAt" = now(), "errorMessage" = NULL WHERE id = $1`, [id]);
  }

  private async onFailed(job: Job<{ id: number }> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    await this.dataSource
      .query(`UPDATE email_queue SET "errorMessage" = $2, status = CASE WHEN $3::boolean THEN 'failed' ELSE status END WHERE id = $1 AND status <> 'sent'`, [
        job.data.id,
        error.message.slice(0, 2000),
        final,
      ])
      .catch(() => undefined);
  }

  async list(): Promise<EmailQueueItem[]> {
    const rows: EmailRow[] = await this.dataSource.query(`SELECT * FROM email_queue ORDER BY "createdAt" DESC, id DESC LIMIT 100`);
    return rows.map(toItem);
  }

  async stats(): Promise<EmailQueueStats> {
    const rows: { status: string; n: number }[] = await this.dataSource.query(`SELECT status, count(*)::int AS n FROM email_queue GROUP BY status`);
    const byStatus = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as EmailQueueStats['byStatus'];
    return { byStatus };
  }

  /** A failed e-mail goes back to pending and into the queue. */
  async retry(id: number): Promise<EmailQueueItem> {
    const [[row]] = await this.dataSource.query(
      `UPDATE email_queue SET status = 'pending', "errorMessage" = NULL, attempts = 0, "queuedAt" = NULL WHERE id = $1 AND status = 'failed' RETURNING id`,
      [id],
    );
    if (!row) {
      const [exists] = await this.dataSource.query(`SELECT status FROM email_queue WHERE id = $1`, [id]);
      if (!exists) throw new NotFoundException('E-mail não encontrado');
      throw new ConflictException('Só e-mails com falha podem ser reenviados');
    }
    await (await this.queue?.getJob(jobId(id)).catch(() => undefined))?.remove().catch(() => undefined);
    await this.addJob(id);
    const [updated]: EmailRow[] = await this.dataSource.query(`SELECT * FROM email_queue WHERE id = $1`, [id]);
    return toItem(updated);
  }

  async status(): Promise<EmailServiceStatus> {
    if (!this.transporter) return { status: 'unknown', message: 'Não Configurado' };
    try {
      await Promise.race([
        this.transporter.verify(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('tempo esgotado ao conectar')), 5000).unref()),
      ]);
      return { status: 'configured', message: this.queue ? 'Servidor SMTP conectado' : 'SMTP conectado; sem Redis os e-mails aguardam na fila' };
    } catch (error) {
      return { status: 'error', message: `Falha no SMTP: ${error instanceof Error ? error.message : error}` };
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // Force-close: with Redis unreachable a graceful close would wait for it forever.
    const closing = Promise.all([this.worker?.close(true).catch(() => undefined), this.queue?.close().catch(() => undefined)]);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    await this.queue?.disconnect().catch(() => undefined);
    this.transporter?.close();
  }
}
