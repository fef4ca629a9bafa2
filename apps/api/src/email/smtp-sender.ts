import { Inject, Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { decrypt } from '../platform/crypto/credentials-cipher';
import { escapeHtml } from './email-templates';
import type { SendableEmailRow } from './email.repository';

/** The SMTP side (SMTP_URL): sends an outbox row, with its secrets put in only now. */
@Injectable()
export class SmtpSender {
  private readonly transporter: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = config.smtpUrl
      ? createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null;
  }

  /** Whether SMTP_URL is set (without it e-mails stay in the outbox). */
  get configured(): boolean {
    return this.transporter !== null;
  }

  /** Sends the row's e-mail, its secret markers replaced by their values (a value starting http(s) becomes a link in the HTML). */
  async send(row: SendableEmailRow): Promise<void> {
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
    await this.transporter!.sendMail({
      from: this.config.mailFrom,
      to: row.recipientName ? { name: row.recipientName, address: row.recipientEmail } : row.recipientEmail,
      subject: row.subject,
      text,
      html: html ?? undefined,
    });
  }

  /** Connects and authenticates to the server (the admin page's status). */
  async verify(): Promise<void> {
    await this.transporter?.verify();
  }

  close(): void {
    this.transporter?.close();
  }
}
