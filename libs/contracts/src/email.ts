/** The e-mail outbox as the admin page sees it (extended.md §2.12, §3). */
export const EMAIL_TYPES = [
  'task_assigned',
  'task_completed',
  'task_comment',
  'task_due_reminder',
  'task_overdue',
  'test_email',
  'system_notification',
  'password_reset',
  'login_unlock',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const EMAIL_STATUSES = ['pending', 'scheduled', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** An e-mail of the outbox as the admin page reads it (extended.md §3: snake_case). */
export interface EmailQueueItem {
  id: number;
  status: EmailStatus;
  email_type: EmailType;
  subject: string;
  recipient_name: string | null;
  recipient_email: string;
  to_email: string;
  body: string;
  html_body: string | null;
  error_message: string | null;
  attempts: number;
  /** When the next automatic attempt is due (status scheduled). */
  scheduled_for: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface EmailQueueStats {
  byStatus: Record<EmailStatus, number>;
}

export interface EmailServiceStatus {
  status: 'configured' | 'error' | 'testing' | 'unknown';
  message: string;
  /** Which queue delivers: BullMQ on Redis, or the API process itself (no REDIS_URL). */
  queue: 'redis' | 'in-process';
  /** The public web address e-mails link to (WEB_URL), or null: then e-mails carry no link. */
  webUrl: string | null;
}

/** POST /api/admin/test-email. */
export interface TestEmailRequest {
  to: string;
  subject?: string;
  message?: string;
}

/** POST /api/admin/test-task-notification and /api/admin/test-deadline-notification. */
export interface TestNotificationRequest {
  to: string;
  notificationType?: 'task_assigned' | 'task_due_soon';
}
