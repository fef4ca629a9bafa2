import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EMAIL_STATUSES, type EmailQueueItem, type EmailQueueStats, type EmailServiceStatus } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MetricsService } from '../platform/metrics/metrics.service';
import { TaskLookup } from '../tasks/task-lookup';
import { EmailDelivery, withTimeout } from './email-delivery';
import { EmailRepository, type EmailRow } from './email.repository';
import { EmailService } from './email.service';
import type { EmailLink } from './email-templates';
import { SmtpSender } from './smtp-sender';

export type TestEmailKind = 'test_email' | 'task_assigned' | 'task_due_soon';

/** How long the status check waits for the SMTP server. */
const VERIFY_TIMEOUT_MS = 5000;
/** Rows the admin page's monitor lists. */
const LISTED = 100;

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

/** The admin e-mail page: the queue monitor, retrying a failed e-mail, test sends and the SMTP status. */
@Injectable()
export class EmailAdmin {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: EmailRepository,
    private readonly email: EmailService,
    private readonly delivery: EmailDelivery,
    private readonly smtp: SmtpSender,
    private readonly tasks: TaskLookup,
    metrics: MetricsService,
  ) {
    const rows = this.outbox;
    metrics.gauge({
      name: 'wkflow_email_queue',
      help: 'E-mails in the outbox, by status',
      labelNames: ['status'],
      async collect() {
        const counts = new Map((await rows.countByStatus()).map((row) => [row.status, row.n]));
        for (const status of EMAIL_STATUSES) this.set({ status }, counts.get(status) ?? 0);
      },
    });
  }

  /** Whether SMTP_URL is set (without it e-mails stay in the outbox). */
  get smtpConfigured(): boolean {
    return this.smtp.configured;
  }

  async list(): Promise<EmailQueueItem[]> {
    return (await this.outbox.latest(LISTED)).map(toItem);
  }

  async stats(): Promise<EmailQueueStats> {
    const rows = await this.outbox.countByStatus();
    const byStatus = Object.fromEntries(
      EMAIL_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
    ) as EmailQueueStats['byStatus'];
    return { byStatus };
  }

  /** A failed e-mail goes back to pending and into the queue (404 unknown, 409 not failed). */
  async retry(id: number): Promise<EmailQueueItem> {
    const updated = await this.outbox.resetFailed(id);
    if (!updated) {
      if (!(await this.outbox.exists(id))) throw new NotFoundException('E-mail não encontrado');
      throw new ConflictException('Só e-mails com falha podem ser reenviados');
    }
    // The failed job keeps its id: remove it so the row can be queued again.
    await this.delivery.removeJob(id);
    await this.delivery.addJobs([id]);
    return toItem(updated);
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
      link = taskId !== null ? this.email.linkTo({ taskId }) : { url: `${this.config.webUrl}/kanban`, label: 'Abrir o quadro' };
    }
    switch (kind) {
      case 'test_email':
        return this.email.enqueue({
          type: 'test_email',
          to,
          subject: subject?.trim() || 'Teste de e-mail do WKFlow',
          message: message?.trim() || 'Este é um e-mail de teste enviado pelo WKFlow.',
        });
      case 'task_assigned':
        return this.email.enqueue({
          type: 'task_assigned',
          to,
          subject: 'Nova tarefa atribuída: Tarefa de exemplo',
          message: 'Você foi designado para a tarefa "Tarefa de exemplo".\n\nEste é um teste da notificação de tarefa atribuída.',
          link,
        });
      case 'task_due_soon':
        return this.email.enqueue({
          type: 'task_due_reminder',
          to,
          subject: 'Prazo próximo: Tarefa de exemplo',
          message: 'A tarefa "Tarefa de exemplo" vence em breve.\n\nEste é um teste do lembrete de prazo.',
          link,
        });
    }
  }

  /** The SMTP status, and which queue delivers: BullMQ on Redis, or this process (no REDIS_URL). */
  async status(): Promise<EmailServiceStatus> {
    const queue = this.delivery.queue ? 'redis' : 'in-process';
    const webUrl = this.config.webUrl;
    const queueText = this.delivery.queue ? 'fila no Redis (BullMQ)' : 'fila no próprio servidor (sem Redis)';
    if (!this.smtp.configured) return { status: 'unknown', message: 'Não Configurado', queue, webUrl };
    try {
      await withTimeout(this.smtp.verify(), VERIFY_TIMEOUT_MS, 'tempo esgotado ao conectar');
    } catch (error) {
      return { status: 'error', message: `Falha no SMTP: ${error instanceof Error ? error.message : error}`, queue, webUrl };
    }
    return { status: 'configured', message: `Servidor SMTP conectado; ${queueText}`, queue, webUrl };
  }
}
