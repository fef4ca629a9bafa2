import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Notification, NotificationData, NotificationPreference, SystemNotificationType } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';

/** A notifications row as the API reads it. */
export interface NotificationRow {
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

/** A user's saved preference of one type. */
export type SavedPreference = NotificationPreference & { userId: number };

/** The same notification for several users, each with his channel and sound. */
export interface NotificationBatch {
  userIds: number[];
  channels: Notification['channel'][];
  sounds: boolean[];
  type: SystemNotificationType;
  title: string;
  message: string;
  data: NotificationData | null;
}

const COLUMNS = `id, type, title, message, "isRead", channel, "soundEnabled", data, "createdAt"`;
const CHAT_TYPES = `('chat_message_online', 'chat_message_offline')`;

/**
 * Every query of the notifications module: notifications, notification_preferences and
 * notification_deliveries (the reminders' claims). Services call these with the pool or the
 * transaction they opened, or their caller's (`db`).
 */
@Injectable()
export class NotificationsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  latest(userId: number): Promise<NotificationRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM notifications WHERE "userId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 100`, [
      userId,
    ]);
  }

  /**
   * Up to `limit` rows, newest first, older than the cursor (a time in microseconds and an id) when
   * given: keyset on time and id, so pages neither skip nor repeat rows as new ones arrive.
   */
  page(userId: number, after: { micros: string; id: number } | null, limit: number): Promise<(NotificationRow & { micros: string })[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS}, (extract(epoch FROM "createdAt") * 1000000)::bigint::text AS micros
         FROM notifications
        WHERE "userId" = $1
          AND ($2::bigint IS NULL OR ("createdAt", id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3::int))
        ORDER BY "createdAt" DESC, id DESC
        LIMIT $4`,
      [userId, after?.micros ?? null, after?.id ?? null, limit],
    );
  }

  async counts(userId: number): Promise<{ total: number; unread: number }> {
    const [counts]: { total: number; unread: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE NOT "isRead"))::int AS unread FROM notifications WHERE "userId" = $1`,
      [userId],
    );
    return counts;
  }

  /** Whether the user had that notification. */
  async markRead(userId: number, id: number): Promise<boolean> {
    const [, count] = await this.dataSource.query(`UPDATE notifications SET "isRead" = true WHERE id = $1 AND "userId" = $2`, [id, userId]);
    return count > 0;
  }

  async markRoomRead(userId: number, roomId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications SET "isRead" = true WHERE "userId" = $1 AND NOT "isRead" AND type IN ${CHAT_TYPES} AND data->>'roomId' = $2`,
      [userId, String(roomId)],
    );
  }

  /** How many turned read. */
  async markAllRead(userId: number): Promise<number> {
    const [, count] = await this.dataSource.query(`UPDATE notifications SET "isRead" = true WHERE "userId" = $1 AND NOT "isRead"`, [
      userId,
    ]);
    return count;
  }

  /** One user's saved preferences (types never saved have none: the defaults apply). */
  savedPreferences(userId: number): Promise<NotificationPreference[]> {
    return this.dataSource.query(
      `SELECT type, "emailEnabled", "browserEnabled", "soundEnabled" FROM notification_preferences WHERE "userId" = $1`,
      [userId],
    );
  }

  /** The saved preferences of these users (types never saved have none: the defaults apply). */
  preferencesOf(userIds: number[], db: Db = this.dataSource): Promise<SavedPreference[]> {
    return db.query(
      `SELECT "userId", type, "emailEnabled", "browserEnabled", "soundEnabled" FROM notification_preferences WHERE "userId" = ANY($1::int[])`,
      [userIds],
    );
  }

  async savePreference(db: Db, userId: number, p: NotificationPreference): Promise<void> {
    await db.query(
      `INSERT INTO notification_preferences ("userId", type, "emailEnabled", "browserEnabled", "soundEnabled") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("userId", type) DO UPDATE SET "emailEnabled" = EXCLUDED."emailEnabled", "browserEnabled" = EXCLUDED."browserEnabled", "soundEnabled" = EXCLUDED."soundEnabled"`,
      [userId, p.type, p.emailEnabled, p.browserEnabled, p.soundEnabled],
    );
  }

  /** One row per user of the batch, in one statement. */
  insertEach(batch: NotificationBatch, db: Db = this.dataSource): Promise<(NotificationRow & { userId: number })[]> {
    return db.query(
      `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", data)
       SELECT u, $4, $5, $6, c, s, $7::jsonb FROM unnest($1::int[], $2::varchar[], $3::boolean[]) AS r(u, c, s)
       RETURNING "userId", ${COLUMNS}`,
      [batch.userIds, batch.channels, batch.sounds, batch.type, batch.title, batch.message, batch.data ? JSON.stringify(batch.data) : null],
    );
  }

  /**
   * A chat notification for one reader: a new row, or, while he has an unread one of that room, that
   * row updated (type, text, count + 1, moved to the top; `repeat` true). The partial unique index
   * makes this hold for concurrent messages on any replica.
   */
  async upsertChat(
    db: Db,
    userId: number,
    row: {
      type: SystemNotificationType;
      title: string;
      message: string;
      channel: Notification['channel'];
      soundEnabled: boolean;
      data: NotificationData;
    },
  ): Promise<NotificationRow & { repeat: boolean }> {
    const [saved]: (NotificationRow & { repeat: boolean })[] = await db.query(
      `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", data) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("userId", (data->>'roomId')) WHERE NOT "isRead" AND type IN ${CHAT_TYPES}
       DO UPDATE SET type = EXCLUDED.type, message = EXCLUDED.message, channel = EXCLUDED.channel, "soundEnabled" = EXCLUDED."soundEnabled",
                     data = notifications.data || jsonb_build_object('count', COALESCE((notifications.data->>'count')::int, 1) + 1),
                     "createdAt" = now()
       RETURNING ${COLUMNS}, (xmax <> 0) AS repeat`,
      [userId, row.type, row.title, row.message, row.channel, row.soundEnabled, JSON.stringify(row.data)],
    );
    return saved;
  }

  async setTitle(db: Db, id: number, title: string): Promise<void> {
    await db.query(`UPDATE notifications SET title = $2 WHERE id = $1`, [id, title]);
  }

  /** The reminders already sent for these tasks, as 'task/user/kind' keys. */
  async deliveredReminders(taskIds: number[]): Promise<Set<string>> {
    const rows: { taskId: number; userId: number; kind: string }[] = await this.dataSource.query(
      `SELECT "taskId", "userId", kind FROM notification_deliveries WHERE "taskId" = ANY($1::int[])`,
      [taskIds],
    );
    return new Set(rows.map((d) => `${d.taskId}/${d.userId}/${d.kind}`));
  }

  /**
   * Claims reminder kinds for a task and user (the first is the one to send, the rest are closed
   * with it); the kinds this call inserted. A concurrent inserter of the same key waits for the
   * first one's commit, then inserts nothing.
   */
  async claimReminders(db: Db, taskId: number, userId: number, kinds: string[]): Promise<string[]> {
    const inserted: { kind: string }[] = await db.query(
      `INSERT INTO notification_deliveries ("taskId", "userId", kind) SELECT $1, $2, unnest($3::varchar[])
       ON CONFLICT DO NOTHING RETURNING kind`,
      [taskId, userId, kinds],
    );
    return inserted.map((r) => r.kind);
  }
}
