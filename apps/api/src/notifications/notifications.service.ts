import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ADMIN_PROFILE_ID,
  channelsFor,
  effectivePreferences,
  type EmailType,
  type Notification,
  type NotificationPreference,
  type SystemNotificationType,
} from '@wkflow/contracts';
import { AfterCommit } from '../email/after-commit';
import { NOT_ALLOWED } from '../auth/access.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { EmailService } from '../email/email.service';
import type { PreferenceDto } from './dto/notifications.dto';
import { RealtimeService } from './realtime.service';

export interface NotifyContent {
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

const EMAIL_TYPE: Record<SystemNotificationType, EmailType> = {
  task_assigned: 'task_assigned',
  task_completed: 'task_completed',
  task_comment: 'task_comment',
  task_due_6h: 'task_due_reminder',
  task_due_3h: 'task_due_reminder',
  task_due_1h: 'task_due_reminder',
  task_reminder: 'task_due_reminder',
  chat_message_offline: 'system_notification',
  chat_message_online: 'system_notification',
  account_approved: 'system_notification',
  account_requested: 'system_notification',
  test: 'system_notification',
};

interface NotificationRow {
  id: number;
  type: SystemNotificationType;
  title: string;
  message: string;
  isRead: boolean;
  channel: Notification['channel'];
  soundEnabled: boolean;
  data: Record<string, unknown> | null;
  createdAt: Date;
}

function toNotification(row: NotificationRow): Notification {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** A user's notifications and preferences, and `notify`, which every producer goes through. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly email: EmailService,
    private readonly realtime: RealtimeService,
    private readonly afterCommit: AfterCommit,
  ) {}

  async list(userId: number): Promise<Notification[]> {
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT id, type, title, message, "isRead", channel, "soundEnabled", data, "createdAt" FROM notifications WHERE "userId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
      [userId],
    );
    return rows.map(toNotification);
  }

  async markRead(userId: number, id: number): Promise<void> {
    const [, count] = await this.dataSource.query(`UPDATE notifications SET "isRead" = true WHERE id = $1 AND "userId" = $2`, [id, userId]);
    if (!count) throw new NotFoundException('Notificação não encontrada');
  }

  async markAllRead(userId: number): Promise<{ updated: number }> {
    const [, count] = await this.dataSource.query(`UPDATE notifications SET "isRead" = true WHERE "userId" = $1 AND NOT "isRead"`, [
      userId,
    ]);
    return { updated: count };
  }

  async preferences(userId: number): Promise<NotificationPreference[]> {
    const saved: NotificationPreference[] = await this.dataSource.query(
      `SELECT type, "emailEnabled", "browserEnabled", "soundEnabled" FROM notification_preferences WHERE "userId" = $1`,
      [userId],
    );
    return effectivePreferences(saved);
  }

  async savePreferences(userId: number, preferences: PreferenceDto[]): Promise<NotificationPreference[]> {
    await this.dataSource.transaction(async (db) => {
      for (const p of preferences) {
        await db.query(
          `INSERT INTO notification_preferences ("userId", type, "emailEnabled", "browserEnabled", "soundEnabled") VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ("userId", type) DO UPDATE SET "emailEnabled" = EXCLUDED."emailEnabled", "browserEnabled" = EXCLUDED."browserEnabled", "soundEnabled" = EXCLUDED."soundEnabled"`,
          [userId, p.type, p.emailEnabled, p.browserEnabled, p.soundEnabled],
        );
      }
    });
    return this.preferences(userId);
  }

  /** The dropdown's 'Teste' button: a browser notification to oneself, for access profile 1 only. */
  async sendTest(user: AuthenticatedUser): Promise<Notification> {
    if (user.accessProfileId !== ADMIN_PROFILE_ID) throw new ForbiddenException(NOT_ALLOWED);
    const notification = await this.notify(user.id, 'test', {
      title: 'Notificação de teste',
      message: 'As notificações do WKFlow estão funcionando.',
    });
    return notification!;
  }

  /**
   * Delivers one notification by the user's preferences: a row plus a /ws push for the browser,
   * an outbox e-mail for e-mail. Both rows are written in one transaction: the caller's when
   * `manager` is given (so they commit with the event), and the push and the queue job wait for
   * its commit.
   */
  async notify(
    userId: number,
    type: SystemNotificationType,
    content: NotifyContent,
    manager?: EntityManager,
  ): Promise<Notification | null> {
    if (!manager) return this.dataSource.transaction((own) => this.notify(userId, type, content, own));
    const db = manager;
    const [user] = await db.query(`SELECT id, name, email FROM users WHERE id = $1 AND "isApproved"`, [userId]);
    if (!user) return null;
    const saved = await db.query(
      `SELECT type, "emailEnabled", "browserEnabled", "soundEnabled" FROM notification_preferences WHERE "userId" = $1`,
      [userId],
    );
    const channels = channelsFor(type, saved);
    if (channels.emailEnabled) {
      await this.email.enqueue(
        { type: EMAIL_TYPE[type], to: user.email, recipientName: user.name, subject: content.title, message: content.message },
        manager,
      );
    }
    if (!channels.browserEnabled) return null;
    const [row]: NotificationRow[] = await db.query(
      `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", data) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, type, title, message, "isRead", channel, "soundEnabled", data, "createdAt"`,
      [
        userId,
        type,
        content.title.slice(0, 200),
        content.message,
        channels.emailEnabled ? 'both' : 'browser',
        channels.soundEnabled,
        content.data ? JSON.stringify(content.data) : null,
      ],
    );
    const notification = toNotification(row);
    this.afterCommit.run(manager, () => this.realtime.sendToUser(userId, { type: 'notification', notification }));
    return notification;
  }
}
