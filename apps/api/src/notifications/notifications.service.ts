import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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
import { NOT_ALLOWED } from '../platform/access/access.guard';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { EmailService } from '../email/email.service';
import type { Db } from '../platform/database/repository';
import type { PreferenceDto } from './dto/notifications.dto';
import { type NotificationRow, NotificationsRepository, type SavedPreference } from './notifications.repository';
import { UserDirectory, type UserContact } from '../users/user-directory';
import { RealtimeService } from '../platform/realtime/realtime.service';

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

/** Each user with the channels his saved preferences (`saved`, any users') give this type. */
function withChannels(users: UserContact[], saved: SavedPreference[], type: SystemNotificationType) {
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
    private readonly notifications: NotificationsRepository,
    private readonly email: EmailService,
    private readonly realtime: RealtimeService,
    private readonly afterCommit: AfterCommit,
    private readonly users: UserDirectory,
  ) {}

  async list(userId: number): Promise<Notification[]> {
    return (await this.notifications.latest(userId)).map(toNotification);
  }

  /**
   * The whole history, newest first, a page at a time (keyset on time and id, so pages neither
   * skip nor repeat rows as new ones arrive), with the true total and unread counts.
   */
  async history(userId: number, limit = NOTIFICATION_PAGE_DEFAULT, cursor?: string): Promise<NotificationPage> {
    const after = cursor ? decodeNotificationCursor(cursor) : null;
    if (cursor && !after) throw new BadRequestException('Cursor inválido');
    const rows = await this.notifications.page(userId, after, limit + 1);
    const { total, unread } = await this.notifications.counts(userId);
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
    if (!(await this.notifications.markRead(userId, id))) throw new NotFoundException('Notificação não encontrada');
  }

  /** The unread chat notification of a room the user has just read turns read. */
  async markRoomRead(userId: number, roomId: number): Promise<void> {
    await this.notifications.markRoomRead(userId, roomId);
  }

  async markAllRead(userId: number): Promise<{ updated: number }> {
    return { updated: await this.notifications.markAllRead(userId) };
  }

  async preferences(userId: number): Promise<NotificationPreference[]> {
    return effectivePreferences(await this.notifications.savedPreferences(userId));
  }

  async savePreferences(userId: number, preferences: PreferenceDto[]): Promise<NotificationPreference[]> {
    await this.notifications.transaction(async (db) => {
      for (const p of preferences) await this.notifications.savePreference(db, userId, p);
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
    const [notification] = await this.write(await this.recipients(manager, [userId], type), type, content, manager);
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
    await this.write(await this.recipients(undefined, userIds, type), type, content);
  }

  /** notifyEach for users whose contacts the caller has read already (approved ones): their preferences, then the write. */
  async notifyContacts(users: UserContact[], type: SystemNotificationType, content: NotifyContent): Promise<void> {
    if (!users.length) return;
    await this.write(await this.withPreferences(users, type), type, content);
  }

  /**
   * A chat message for one reader. While the reader has an unread notification of that room, the
   * message updates it ('3 novas mensagens em #sala', latest text, moved to the top) instead of
   * adding one; only the first of a burst sends an e-mail. The partial unique index makes this hold
   * for concurrent messages on any replica.
   */
  async notifyChat(userId: number, type: 'chat_message_online' | 'chat_message_offline', notice: ChatNotice): Promise<Notification | null> {
    return this.notifications.transaction(async (db) => {
      const [recipient] = await this.recipients(db, [userId], type);
      if (!recipient) return null;
      const { user, channels } = recipient;
      const data: NotificationData = { roomId: notice.roomId, count: 1 };
      const row = await this.notifications.upsertChat(db, userId, {
        type,
        title: chatNotificationTitle(1, notice.roomName).slice(0, 200),
        message: notice.preview,
        channel: notificationChannel(channels),
        soundEnabled: channels.soundEnabled,
        data,
      });
      const count = row.data?.count ?? 1;
      if (row.repeat) {
        row.title = chatNotificationTitle(count, notice.roomName).slice(0, 200);
        await this.notifications.setTitle(db, row.id, row.title);
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
  private async recipients(db: Db | undefined, userIds: number[], type: SystemNotificationType) {
    const [contacts, saved] = await Promise.all([this.users.approvedContacts(userIds, db), this.notifications.preferencesOf(userIds, db)]);
    return withChannels(contacts, saved, type);
  }

  /** These users, each with the channels his preferences give this type (one query). */
  private async withPreferences(users: UserContact[], type: SystemNotificationType) {
    return withChannels(users, await this.notifications.preferencesOf(users.map((user) => user.id)), type);
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
    const writeBoth = async (db?: EntityManager): Promise<(NotificationRow & { userId: number })[]> => {
      // The e-mail module's outbox write, in this transaction: its rows commit (and are queued) with the notifications.
      if (emails.length) await this.email.enqueueAll(emails, db);
      return this.notifications.insertEach(
        {
          userIds: recipients.map((r) => r.user.id),
          channels: recipients.map((r) => notificationChannel(r.channels)),
          sounds: recipients.map((r) => r.channels.soundEnabled),
          type,
          title: content.title.slice(0, 200),
          message: content.message,
          data: content.data ?? null,
        },
        db,
      );
    };
    const rows = manager ? await writeBoth(manager) : emails.length ? await this.notifications.transaction(writeBoth) : await writeBoth();
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
