import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ADMIN_PROFILE_ID,
  channelsFor,
  chatNotificationTitle,
  decodeNotificationCursor,
  effectivePreferences,
  encodeNotificationCursor,
  NOTIFICATION_PAGE_DEFAULT,
  notificationChannel,
  notificationTarget,
  type EmailType,
  type Notification,
  type NotificationData,
  type NotificationPage,
  type NotificationPreference,
  type SystemNotificationType,
} from '@wkflow/contracts';
import { AfterCommit } from '../email/after-commit';
import { NOT_ALLOWED } from '../auth/access.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { EmailService } from '../email/email.service';
import type { PreferenceDto } from './dto/notifications.dto';
import { UserDirectory, type UserContact } from '../users/user-directory';
import { RealtimeService } from '../realtime/realtime.service';

export interface NotifyContent {
  title: string;
  message: string;
  /** Carries the target (`taskId` or `roomId`) the notification and its e-mail lead to. */
  data?: NotificationData & Record<string, unknown>;
}

/** One chat message for a reader: one unread notification per room, counting the burst. */
export interface ChatNotice {
  roomId: number;
  roomName: string;
  /** 'Author: text' of the latest message. */
  preview: string;
}

const CHAT_TYPES = `('chat_message_online', 'chat_message_offline')`;

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
  data: NotificationData | null;
  createdAt: Date;
}

const COLUMNS = `id, type, title, message, "isRead", channel, "soundEnabled", data, "createdAt"`;

/** Each user with the channels his saved preferences (`saved`, any users') give this type. */
function withChannels(users: UserContact[], saved: (NotificationPreference & { userId: number })[], type: SystemNotificationType) {
  return users.map((user) => ({
    user,
    channels: channelsFor(
      type,
      saved.filter((p) => p.userId === user.id),
    ),
  }));
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    channel: row.channel,
    soundEnabled: row.soundEnabled,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's notifications and preferences, and `notify`, which every producer goes through. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly email: EmailService,
    private readonly realtime: RealtimeService,
    private readonly afterCommit: AfterCommit,
    private readonly users: UserDirectory,
  ) {}

  async list(userId: number): Promise<Notification[]> {
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM notifications WHERE "userId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
      [userId],
    );
    return rows.map(toNotification);
  }

  /**
   * The whole history, newest first, a page at a time (keyset on time and id, so pages neither
   * skip nor repeat rows as new ones arrive), with the true total and unread counts.
   */
  async history(userId: number, limit = NOTIFICATION_PAGE_DEFAULT, cursor?: string): Promise<NotificationPage> {
    const after = cursor ? decodeNotificationCursor(cursor) : null;
    if (cursor && !after) throw new BadRequestException('Cursor inválido');
    const rows: (NotificationRow & { micros: string })[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, (extract(epoch FROM "createdAt") * 1000000)::bigint::text AS micros
         FROM notifications
        WHERE "userId" = $1
          AND ($2::bigint IS NULL OR ("createdAt", id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3::int))
        ORDER BY "createdAt" DESC, id DESC
        LIMIT $4`,
      [userId, after?.micros ?? null, after?.id ?? null, limit + 1],
    );
    const [{ total, unread }] = await this.dataSource.query(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE NOT "isRead"))::int AS unread FROM notifications WHERE "userId" = $1`,
      [userId],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toNotification),
      nextCursor: rows.length > limit && last ? encodeNotificationCursor(last.micros, last.id) : null,
      total,
      unread,
    };
  }

  async markRead(userId: number, id: number): Promise<void> {
    const [, count] = await this.dataSource.query(`UPDATE notifications SET "isRead" = true WHERE id = $1 AND "userId" = $2`, [id, userId]);
    if (!count) throw new NotFoundException('Notificação não encontrada');
  }

  /** The unread chat notification of a room the user has just read turns read. */
  async markRoomRead(userId: number, roomId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications SET "isRead" = true WHERE "userId" = $1 AND NOT "isRead" AND type IN ${CHAT_TYPES} AND data->>'roomId' = $2`,
      [userId, String(roomId)],
    );
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
   * Delivers one notification. Every notification is kept for the in-app list; the user's
   * preferences decide only the outward channels: the system pop-up (browser), the beep (sound) and
   * the e-mail, which carries a link to the target when WEB_URL is set. The rows are written in one
   * statement, in the caller's transaction when `manager` is given (so they commit with the event),
   * and the push and the queue job wait for its commit.
   */
  async notify(
    userId: number,
    type: SystemNotificationType,
    content: NotifyContent,
    manager?: EntityManager,
  ): Promise<Notification | null> {
    const [notification] = await this.write(await this.recipients(manager ?? this.dataSource, [userId], type), type, content, manager);
    return notification ?? null;
  }

  /**
   * The same notification to each of `userIds` (the approved ones), as `notify` delivers one: their
   * contacts and preferences read, then every row (notifications and e-mails) written in one
   * statement. An event's recipients cost three statements and one commit, not a transaction of
   * six statements each (completing a card notifies its assignees and creator).
   */
  async notifyEach(userIds: number[], type: SystemNotificationType, content: NotifyContent): Promise<void> {
    if (!userIds.length) return;
    await this.write(await this.recipients(this.dataSource, userIds, type), type, content);
  }

  /** notifyEach for users whose contacts the caller has read already (approved ones): their preferences, then the write. */
  async notifyContacts(users: UserContact[], type: SystemNotificationType, content: NotifyContent): Promise<void> {
    if (!users.length) return;
    await this.write(await this.withPreferences(this.dataSource, users, type), type, content);
  }

  /**
   * A chat message for one reader. While the reader has an unread notification of that room, the
   * message updates it ('3 novas mensagens em #sala', latest text, moved to the top) instead of
   * adding one; only the first of a burst sends an e-mail. The partial unique index makes this hold
   * for concurrent messages on any replica.
   */
  async notifyChat(userId: number, type: 'chat_message_online' | 'chat_message_offline', notice: ChatNotice): Promise<Notification | null> {
    return this.dataSource.transaction(async (db) => {
      const [recipient] = await this.recipients(db, [userId], type);
      if (!recipient) return null;
      const { user, channels } = recipient;
      const data: NotificationData = { roomId: notice.roomId, count: 1 };
      const [row]: (NotificationRow & { repeat: boolean })[] = await db.query(
        `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", data) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("userId", (data->>'roomId')) WHERE NOT "isRead" AND type IN ${CHAT_TYPES}
         DO UPDATE SET type = EXCLUDED.type, message = EXCLUDED.message, channel = EXCLUDED.channel, "soundEnabled" = EXCLUDED."soundEnabled",
                       data = notifications.data || jsonb_build_object('count', COALESCE((notifications.data->>'count')::int, 1) + 1),
                       "createdAt" = now()
         RETURNING ${COLUMNS}, (xmax <> 0) AS repeat`,
        [
          userId,
          type,
          chatNotificationTitle(1, notice.roomName).slice(0, 200),
          notice.preview,
          notificationChannel(channels),
          channels.soundEnabled,
          JSON.stringify(data),
        ],
      );
      const count = row.data?.count ?? 1;
      if (row.repeat) {
        row.title = chatNotificationTitle(count, notice.roomName).slice(0, 200);
        await db.query(`UPDATE notifications SET title = $2 WHERE id = $1`, [row.id, row.title]);
      } else if (channels.emailEnabled) {
        await this.email.enqueue(
          this.emailFor(type, user, { title: row.title, message: notice.preview, data: { roomId: notice.roomId } }),
          db,
        );
      }
      const notification = toNotification(row);
      // A repeat updates the row the client already shows: no second beep for the same burst.
      this.afterCommit.run(db, () => this.realtime.sendToUser(userId, { type: 'notification', notification, repeat: row.repeat }));
      return notification;
    });
  }

  /** The approved users among `userIds`, each with the channels his preferences give this type (two queries for any number). */
  private async recipients(db: EntityManager | DataSource, userIds: number[], type: SystemNotificationType) {
    const [contacts, saved] = await Promise.all([this.users.approvedContacts(userIds, db), this.preferencesOf(db, userIds)]);
    return withChannels(contacts, saved, type);
  }

  /** These users, each with the channels his preferences give this type (one query). */
  private async withPreferences(db: EntityManager | DataSource, users: UserContact[], type: SystemNotificationType) {
    return withChannels(
      users,
      await this.preferencesOf(
        db,
        users.map((user) => user.id),
      ),
      type,
    );
  }

  private preferencesOf(db: EntityManager | DataSource, userIds: number[]): Promise<(NotificationPreference & { userId: number })[]> {
    return db.query(
      `SELECT "userId", type, "emailEnabled", "browserEnabled", "soundEnabled" FROM notification_preferences WHERE "userId" = ANY($1::int[])`,
      [userIds],
    );
  }

  /**
   * Writes one notification per recipient and the e-mails their preferences ask for, together (in
   * `manager`'s transaction when given, else in one of their own when there are e-mails); each is
   * pushed to its user, and each e-mail handed to the queue, once that commits.
   */
  private async write(
    recipients: Awaited<ReturnType<NotificationsService['recipients']>>,
    type: SystemNotificationType,
    content: NotifyContent,
    manager?: EntityManager,
  ): Promise<Notification[]> {
    if (!recipients.length) return [];
    const emails = recipients.filter((r) => r.channels.emailEnabled).map((r) => this.emailFor(type, r.user, content));
    const writeBoth = async (db: EntityManager): Promise<(NotificationRow & { userId: number })[]> => {
      // The e-mail module's outbox write, in this transaction: its rows commit (and are queued) with the notifications.
      if (emails.length) await this.email.enqueueAll(emails, db);
      return db.query(
        `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", data)
         SELECT u, $4, $5, $6, c, s, $7::jsonb FROM unnest($1::int[], $2::varchar[], $3::boolean[]) AS r(u, c, s)
         RETURNING "userId", ${COLUMNS}`,
        [
          recipients.map((r) => r.user.id),
          recipients.map((r) => notificationChannel(r.channels)),
          recipients.map((r) => r.channels.soundEnabled),
          type,
          content.title.slice(0, 200),
          content.message,
          content.data ? JSON.stringify(content.data) : null,
        ],
      );
    };
    const rows = manager
      ? await writeBoth(manager)
      : emails.length
        ? await this.dataSource.transaction(writeBoth)
        : await writeBoth(this.dataSource.manager);
    return rows.map((row) => {
      const notification = toNotification(row);
      this.afterCommit.run(manager, () => this.realtime.sendToUser(row.userId, { type: 'notification', notification }));
      return notification;
    });
  }

  private emailFor(type: SystemNotificationType, user: { name: string; email: string }, content: NotifyContent) {
    return {
      type: EMAIL_TYPE[type],
      to: user.email,
      recipientName: user.name,
      subject: content.title,
      message: content.message,
      link: this.email.linkTo(notificationTarget(content.data)),
    };
  }
}
