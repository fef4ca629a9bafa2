import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmailQueueItem, EmailStatus, EmailType } from '@wkflow/contracts';

/** Where a statement runs: the caller's transaction (an EntityManager) or the pool. */
export type Queryable = Pick<EntityManager | DataSource, 'query'>;

/** An `email_queue` row as the admin page lists it and the sender reads it. */
export interface EmailRow {
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
}

/** A row read for sending: with its encrypted secrets (never listed). */
export interface SendableEmailRow extends EmailRow {
  secrets: string | null;
}

/** An outbox row to write: the rendered e-mail, its secrets already encrypted. */
export interface OutboxRow {
  type: EmailType;
  subject: string;
  recipientName: string | null;
  recipientEmail: string;
  body: string;
  htmlBody: string;
  secrets: string | null;
}

/** How a claimed row's attempt ended, without Redis (the in-process delivery). */
export type LocalAttempt =
  | { status: 'sent'; attempts: number }
  | { status: 'scheduled'; attempts: number; errorMessage: string; retryInSeconds: number }
  | { status: 'failed'; attempts: number; errorMessage: string };

const ITEM_COLUMNS = `id, status, "emailType", subject, "recipientName", "recipientEmail", body, "htmlBody", "errorMessage", attempts, "scheduledFor", "createdAt", "sentAt"`;
const SENDABLE_COLUMNS = `${ITEM_COLUMNS}, secrets`;

/** Error messages are kept to this many characters. */
const ERROR_MESSAGE_MAX = 2000;
const clip = (message: string) => message.slice(0, ERROR_MESSAGE_MAX);

/** Statuses still waiting to be sent (a first attempt, or a retry after its backoff). */
const DUE = `status IN ('pending', 'scheduled')`;

/** Every statement on `email_queue`, the e-mail module's one table. */
@Injectable()
export class EmailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction (the row lock of a send is held until it ends). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Writes outbox rows in one statement (in `db`'s transaction when it is a manager of one); their ids in order. */
  async insertOutbox(db: Queryable, rows: OutboxRow[]): Promise<number[]> {
    if (!rows.length) return [];
    const inserted: { id: number }[] = await db.query(
      `INSERT INTO email_queue ("emailType", subject, "recipientName", "recipientEmail", body, "htmlBody", secrets)
       SELECT t, s, n, r, b, h, x
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::text[], $7::text[])
              WITH ORDINALITY AS e(t, s, n, r, b, h, x, i) ORDER BY i
       RETURNING id`,
      [
        rows.map((row) => row.type),
        rows.map((row) => row.subject),
        rows.map((row) => row.recipientName),
        rows.map((row) => row.recipientEmail),
        rows.map((row) => row.body),
        rows.map((row) => row.htmlBody),
        rows.map((row) => row.secrets),
      ],
    );
    return inserted.map((row) => row.id);
  }

  /**
   * Notes that rows were handed to the queue. Bookkeeping, so its commit does not wait for the WAL
   * flush: a row whose queuedAt a crash loses is handed to the queue again by the sweep, a no-op for its job.
   */
  async markQueued(ids: number[]): Promise<void> {
    await this.dataSource.query(
      `WITH async AS (SELECT set_config('synchronous_commit', 'off', true)) UPDATE email_queue SET "queuedAt" = now() FROM async WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /** Due rows never handed to the queue, or handed over more than `staleMinutes` ago; oldest first. */
  unqueuedOrStale(staleMinutes: number, limit: number): Promise<{ id: number; queuedAt: Date | null }[]> {
    return this.dataSource.query(
      `SELECT id, "queuedAt" FROM email_queue
        WHERE ${DUE} AND ("queuedAt" IS NULL OR "queuedAt" < now() - make_interval(mins => $1))
        ORDER BY id LIMIT $2`,
      [staleMinutes, limit],
    );
  }

  /** The ids of due rows after `afterId`, in id order (a page of a re-queue). */
  async dueIdsAfter(afterId: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM email_queue WHERE ${DUE} AND id > $1 ORDER BY id LIMIT $2`, [
      afterId,
      limit,
    ]);
    return rows.map((row) => row.id);
  }

  /** The row, locked until `manager`'s transaction ends; waits for a lock another holds. */
  async lockForSending(manager: EntityManager, id: number): Promise<SendableEmailRow | undefined> {
    const [row]: SendableEmailRow[] = await manager.query(`SELECT ${SENDABLE_COLUMNS} FROM email_queue WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async countAttempt(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE email_queue SET attempts = attempts + 1 WHERE id = $1`, [id]);
  }

  /** Sent: its error, retry time and secrets cleared. */
  async markSent(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE email_queue SET status = 'sent', "sentAt" = now(), "errorMessage" = NULL, "scheduledFor" = NULL, secrets = NULL WHERE id = $1`,
      [id],
    );
  }

  /** Waiting for its next attempt (the queue's backoff); only a row still due. */
  async markScheduled(id: number, errorMessage: string, retryInSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_queue SET status = 'scheduled', "errorMessage" = $2, "scheduledFor" = now() + make_interval(secs => $3) WHERE id = $1 AND ${DUE}`,
      [id, clip(errorMessage), retryInSeconds],
    );
  }

  /** Failed for good; only a row still due. */
  async markFailed(id: number, errorMessage: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE email_queue SET status = 'failed', "errorMessage" = $2, "scheduledFor" = NULL WHERE id = $1 AND ${DUE}`,
      [id, clip(errorMessage)],
    );
  }

  /**
   * Claims the oldest due row (pending, or scheduled and its retry time come) for `manager`'s
   * transaction, skipping rows another process holds.
   */
  async claimNextDue(manager: EntityManager): Promise<SendableEmailRow | undefined> {
    const [row]: SendableEmailRow[] = await manager.query(
      `SELECT ${SENDABLE_COLUMNS} FROM email_queue
        WHERE status = 'pending' OR (status = 'scheduled' AND ("scheduledFor" IS NULL OR "scheduledFor" <= now()))
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    return row;
  }

  /** Records the attempt on a claimed row (the in-process delivery). */
  async recordLocalAttempt(manager: EntityManager, id: number, attempt: LocalAttempt): Promise<void> {
    switch (attempt.status) {
      case 'sent':
        await manager.query(
          `UPDATE email_queue SET status = 'sent', attempts = $2, "sentAt" = now(), "errorMessage" = NULL, "scheduledFor" = NULL, secrets = NULL WHERE id = $1`,
          [id, attempt.attempts],
        );
        return;
      case 'scheduled':
        await manager.query(
          `UPDATE email_queue SET status = 'scheduled', attempts = $2, "errorMessage" = $3, "scheduledFor" = now() + make_interval(secs => $4) WHERE id = $1`,
          [id, attempt.attempts, clip(attempt.errorMessage), attempt.retryInSeconds],
        );
        return;
      case 'failed':
        await manager.query(
          `UPDATE email_queue SET status = 'failed', attempts = $2, "errorMessage" = $3, "scheduledFor" = NULL WHERE id = $1`,
          [id, attempt.attempts, clip(attempt.errorMessage)],
        );
    }
  }

  /** When the earliest scheduled retry is due, or null when none waits. */
  async nextRetryAt(): Promise<Date | null> {
    const [{ next }]: { next: Date | null }[] = await this.dataSource.query(
      `SELECT min("scheduledFor") AS next FROM email_queue WHERE status = 'scheduled'`,
    );
    return next;
  }

  /** The newest rows, for the admin page. */
  latest(limit: number): Promise<EmailRow[]> {
    return this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM email_queue ORDER BY "createdAt" DESC, id DESC LIMIT $1`, [limit]);
  }

  /** How many rows each status has (statuses without rows are absent). */
  countByStatus(): Promise<{ status: EmailStatus; n: number }[]> {
    return this.dataSource.query(`SELECT status, count(*)::int AS n FROM email_queue GROUP BY status`);
  }

  /** A failed row back to pending, as new (no attempts, error or queue time); undefined when it is not failed. */
  async resetFailed(id: number): Promise<EmailRow | undefined> {
    const [rows]: [EmailRow[], number] = await this.dataSource.query(
      `UPDATE email_queue SET status = 'pending', "errorMessage" = NULL, attempts = 0, "queuedAt" = NULL, "scheduledFor" = NULL
        WHERE id = $1 AND status = 'failed' RETURNING ${ITEM_COLUMNS}`,
      [id],
    );
    return rows[0];
  }

  async exists(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM email_queue WHERE id = $1`, [id]);
    return rows.length > 0;
  }
}
