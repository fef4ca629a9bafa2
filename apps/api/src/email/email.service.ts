import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { targetLinkLabel, targetUrl, type EmailType, type NotificationTarget } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { encrypt } from '../platform/crypto/credentials-cipher';
import { AfterCommit } from './after-commit';
import { EmailDelivery } from './email-delivery';
import { EmailSweep } from './email-sweep';
import { EmailRepository, type OutboxRow } from './email.repository';
import { emailText, renderEmail, type EmailLink } from './email-templates';

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

/**
 * The outbox, what other modules call to send e-mail. Every e-mail is an `email_queue` row first,
 * written in the caller's transaction when one is given; it is handed to the delivery
 * (email-delivery.ts) only once that transaction commits, and never when it rolls back.
 */
@Injectable()
export class EmailService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly afterCommit: AfterCommit,
    private readonly outbox: EmailRepository,
    private readonly delivery: EmailDelivery,
    private readonly sweeper: EmailSweep,
  ) {}

  /** Writes one e-mail's outbox row (in `manager`'s transaction when given); its id. Never waits on Redis. */
  async enqueue(email: NewEmail, manager?: EntityManager): Promise<number> {
    const [id] = await this.enqueueAll([email], manager);
    return id;
  }

  /**
   * Writes the outbox rows of `emails` in one statement, in `manager`'s transaction when given (a
   * caller writing its own rows with them passes its manager, so they commit or roll back
   * together), and hands them to the delivery once that commits; their ids in order.
   */
  async enqueueAll(emails: NewEmail[], manager?: EntityManager): Promise<number[]> {
    const ids = await this.outbox.insertOutbox(
      manager ?? this.dataSource,
      emails.map((email) => this.outboxRow(email)),
    );
    if (ids.length) this.afterCommit.run(manager, () => this.delivery.handOver(ids));
    return ids;
  }

  private outboxRow(email: NewEmail): OutboxRow {
    const link = email.link ?? null;
    const recipientName = email.recipientName ?? null;
    return {
      type: email.type,
      subject: email.subject.slice(0, 300),
      recipientName,
      recipientEmail: email.to,
      body: emailText(email.message, link),
      htmlBody: renderEmail(email.type, recipientName, email.message, link),
      secrets: email.secrets ? encrypt(this.config.credentialsKey, JSON.stringify(email.secrets)) : null,
    };
  }

  /** The link a task e-mail carries, or null without WEB_URL (the e-mail then says nothing of a link). */
  linkTo(target: NotificationTarget | null): EmailLink | null {
    const url = targetUrl(this.config.webUrl, target);
    return url && target ? { url, label: targetLinkLabel(target) } : null;
  }

  /** Runs the outbox sweep now (email-sweep.ts); how many rows it handed to the queue. */
  sweep(): Promise<number> {
    return this.sweeper.sweep();
  }
}
