import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ChatRoom } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';

/** A message as read, with the message it quotes; the authors' names are the users module's. */
export interface MessageRow {
  id: number;
  room_id: number;
  message: string;
  user_id: number | null;
  created_at: string;
  is_edited: boolean;
  reply_to: number | null;
  reply_id: number | null;
  reply_user_id: number | null;
  reply_text: string | null;
}

const MESSAGE_SELECT = `
  SELECT m.id, m."roomId" AS room_id, m.message, m."userId" AS user_id,
         m."createdAt" AS created_at, m."isEdited" AS is_edited, m."replyTo" AS reply_to,
         p.id AS reply_id, p."userId" AS reply_user_id, p.message AS reply_text
    FROM chat_messages m
    LEFT JOIN chat_messages p ON p.id = m."replyTo"`;

/** Moves a read mark forward only (a late write never moves it back). */
const READ_MARK_UPSERT = `ON CONFLICT ("roomId", "userId") DO UPDATE
          SET "lastReadMessageId" = GREATEST(chat_reads."lastReadMessageId", EXCLUDED."lastReadMessageId"), "updatedAt" = now()`;

/**
 * Every query of the chat module: chat_rooms, chat_messages and chat_reads. ChatService calls these
 * with the pool or its transaction (`db`); other modules reach chat through ChatDirectory.
 */
@Injectable()
export class ChatRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /**
   * Every room with the user's unread count (messages of others after their read mark), the last
   * message and its time, in one query over the (roomId, id DESC) index.
   */
  roomsFor(userId: number): Promise<ChatRoom[]> {
    return this.dataSource.query(
      `SELECT r.id, r.name, r.description, r."createdAt" AS created_at,
              unread.count AS unread_count, last.message AS last_message, last."createdAt" AS last_message_time
         FROM chat_rooms r
         LEFT JOIN chat_reads cr ON cr."roomId" = r.id AND cr."userId" = $1
         LEFT JOIN LATERAL (
           SELECT m.message, m."createdAt" FROM chat_messages m WHERE m."roomId" = r.id ORDER BY m.id DESC LIMIT 1
         ) last ON true
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS count FROM chat_messages m
            WHERE m."roomId" = r.id AND m.id > COALESCE(cr."lastReadMessageId", 0) AND m."userId" IS DISTINCT FROM $1
         ) unread
        ORDER BY lower(r.name), r.id`,
      [userId],
    );
  }

  /** A new room as the list shows it (nothing read, no message); a taken name violates the unique index. */
  async insertRoom(name: string, description: string | null, createdBy: number): Promise<ChatRoom> {
    const [room]: ChatRoom[] = await this.dataSource.query(
      `INSERT INTO chat_rooms (name, description, "createdBy") VALUES ($1, $2, $3)
       RETURNING id, name, description, "createdAt" AS created_at, 0 AS unread_count, NULL AS last_message, NULL AS last_message_time`,
      [name, description, createdBy],
    );
    return room;
  }

  async roomExists(roomId: number, db: Db = this.dataSource): Promise<boolean> {
    const [room] = await db.query(`SELECT 1 FROM chat_rooms WHERE id = $1`, [roomId]);
    return Boolean(room);
  }

  async roomName(roomId: number): Promise<string | null> {
    const [room]: { name: string }[] = await this.dataSource.query(`SELECT name FROM chat_rooms WHERE id = $1`, [roomId]);
    return room?.name ?? null;
  }

  /** The latest `limit` messages of a room (or those before `before`), ascending. */
  messagePage(roomId: number, before: number | null, limit: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (
         ${MESSAGE_SELECT}
          WHERE m."roomId" = $1 AND ($2::int IS NULL OR m.id < $2)
          ORDER BY m.id DESC
          LIMIT $3
       ) page ORDER BY id`,
      [roomId, before, limit],
    );
  }

  async message(db: Db, id: number): Promise<MessageRow | undefined> {
    const [row]: MessageRow[] = await db.query(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]);
    return row;
  }

  /** The room a message is in (null: no such message). */
  async roomOfMessage(db: Db, messageId: number): Promise<number | null> {
    const [row]: { roomId: number }[] = await db.query(`SELECT "roomId" FROM chat_messages WHERE id = $1`, [messageId]);
    return row?.roomId ?? null;
  }

  async insertMessage(db: Db, roomId: number, userId: number, text: string, replyTo: number | null): Promise<number> {
    const [{ id }]: { id: number }[] = await db.query(
      `INSERT INTO chat_messages ("roomId", "userId", message, "replyTo") VALUES ($1, $2, $3, $4) RETURNING id`,
      [roomId, userId, text, replyTo],
    );
    return id;
  }

  async markReadUpTo(db: Db, roomId: number, userId: number, messageId: number): Promise<void> {
    await db.query(`INSERT INTO chat_reads ("roomId", "userId", "lastReadMessageId") VALUES ($1, $2, $3) ${READ_MARK_UPSERT}`, [
      roomId,
      userId,
      messageId,
    ]);
  }

  /** Marks the room read up to its latest message; the mark (0: no message yet), or null when there is no such room. */
  async markReadToLatest(roomId: number, userId: number): Promise<number | null> {
    const [row]: { lastReadMessageId: number }[] = await this.dataSource.query(
      `INSERT INTO chat_reads ("roomId", "userId", "lastReadMessageId")
       SELECT r.id, $2, COALESCE((SELECT max(m.id) FROM chat_messages m WHERE m."roomId" = r.id), 0) FROM chat_rooms r WHERE r.id = $1
       ${READ_MARK_UPSERT}
       RETURNING "lastReadMessageId"`,
      [roomId, userId],
    );
    return row ? row.lastReadMessageId : null;
  }
}
