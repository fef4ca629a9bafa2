import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CHAT_MESSAGES, CHAT_PAGE_SIZE, type ChatMessage, type ChatRoom, type MarkChatReadResponse } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { UserDirectory } from '../users/user-directory';
import { AppEvents } from '../events/app-events';
import type { ChatMessagesQueryDto, CreateChatRoomDto, SendChatMessageDto } from './dto/chat.dto';
import { isUniqueViolation } from '../common/db-errors';

const MESSAGE_SELECT = `
  SELECT m.id, m."roomId" AS room_id, m.message, m."userId" AS user_id,
         m."createdAt" AS created_at, m."isEdited" AS is_edited, m."replyTo" AS reply_to,
         p.id AS reply_id, p."userId" AS reply_user_id, p.message AS reply_text
    FROM chat_messages m
    LEFT JOIN chat_messages p ON p.id = m."replyTo"`;

interface MessageRow {
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

/** Rooms, messages (latest page first, older on request), replies and per-user read marks. */
@Injectable()
export class ChatService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: AppEvents,
    private readonly users: UserDirectory,
  ) {}

  /**
   * Every room with the user's unread count (messages of others after their read mark), the last
   * message and its time, in one query over the (roomId, id DESC) index.
   */
  rooms(user: AuthenticatedUser): Promise<ChatRoom[]> {
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
      [user.id],
    );
  }

  async createRoom(dto: CreateChatRoomDto, user: AuthenticatedUser): Promise<ChatRoom> {
    try {
      const [room] = await this.dataSource.query(
        `INSERT INTO chat_rooms (name, description, "createdBy") VALUES ($1, $2, $3)
         RETURNING id, name, description, "createdAt" AS created_at, 0 AS unread_count, NULL AS last_message, NULL AS last_message_time`,
        [dto.name, dto.description ?? null, user.id],
      );
      return room;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(CHAT_MESSAGES.roomExists);
      }
      throw error;
    }
  }

  /** The latest `limit` messages (or those before `before`), ascending by time. */
  async messages(roomId: number, query: ChatMessagesQueryDto): Promise<ChatMessage[]> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT * FROM (
         ${MESSAGE_SELECT}
          WHERE m."roomId" = $1 AND ($2::int IS NULL OR m.id < $2)
          ORDER BY m.id DESC
          LIMIT $3
       ) page ORDER BY id`,
      [roomId, query.before ?? null, query.limit ?? CHAT_PAGE_SIZE],
    );
    if (!rows.length) await this.roomExists(roomId);
    return this.withAuthors(rows);
  }

  /** Posts a message (a reply must quote a message of the same room); the author has read up to it. */
  async send(roomId: number, dto: SendChatMessageDto, user: AuthenticatedUser): Promise<ChatMessage> {
    const message = await this.dataSource.transaction(async (db) => {
      await this.roomExists(roomId, db);
      if (dto.replyTo) {
        const [quoted] = await db.query(`SELECT "roomId" FROM chat_messages WHERE id = $1`, [dto.replyTo]);
        if (!quoted || quoted.roomId !== roomId) throw new BadRequestException(CHAT_MESSAGES.replyOtherRoom);
      }
      const [{ id }] = await db.query(
        `INSERT INTO chat_messages ("roomId", "userId", message, "replyTo") VALUES ($1, $2, $3, $4) RETURNING id`,
        [roomId, user.id, dto.message, dto.replyTo ?? null],
      );
      await this.markReadUpTo(db, roomId, user.id, id);
      const [created] = await this.withAuthors(await db.query(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]), db);
      // The event carries the message exactly as the API sends it (a string time, not a Date).
      return { ...created, created_at: new Date(created.created_at).toISOString() };
    });
    this.events.emit('ChatMessageCreated', { roomId, message, authorId: user.id });
    return message;
  }

  /** The authors' names come from the users module, one query for the page. */
  private async withAuthors(rows: MessageRow[], db?: EntityManager): Promise<ChatMessage[]> {
    const users = await this.users.refsByIds(
      rows.flatMap((row) => [row.user_id, row.reply_user_id]),
      db,
    );
    return rows.map((row) => {
      const author = row.user_id === null ? undefined : users.get(row.user_id);
      const quoted = row.reply_user_id === null ? undefined : users.get(row.reply_user_id);
      return {
        id: row.id,
        room_id: row.room_id,
        message: row.message,
        user_id: row.user_id,
        user_name: author?.name ?? null,
        username: author?.username ?? null,
        created_at: row.created_at,
        is_edited: row.is_edited,
        reply_to: row.reply_to,
        reply_message:
          row.reply_id === null ? null : { username: quoted?.username ?? null, name: quoted?.name ?? null, message: row.reply_text },
      } as ChatMessage;
    });
  }

  /** Marks the room read up to its latest message (never moving the mark backwards). */
  async markRead(roomId: number, user: AuthenticatedUser): Promise<MarkChatReadResponse> {
    const [row] = await this.dataSource.query(
      `INSERT INTO chat_reads ("roomId", "userId", "lastReadMessageId")
       SELECT r.id, $2, COALESCE((SELECT max(m.id) FROM chat_messages m WHERE m."roomId" = r.id), 0) FROM chat_rooms r WHERE r.id = $1
       ON CONFLICT ("roomId", "userId") DO UPDATE
          SET "lastReadMessageId" = GREATEST(chat_reads."lastReadMessageId", EXCLUDED."lastReadMessageId"), "updatedAt" = now()
       RETURNING "lastReadMessageId"`,
      [roomId, user.id],
    );
    if (!row) throw new NotFoundException(CHAT_MESSAGES.roomNotFound);
    this.events.emit('ChatRoomRead', { roomId, userId: user.id });
    return { room_id: roomId, last_read_message_id: row.lastReadMessageId || null, unread_count: 0 };
  }

  private async markReadUpTo(db: EntityManager, roomId: number, userId: number, messageId: number): Promise<void> {
    await db.query(
      `INSERT INTO chat_reads ("roomId", "userId", "lastReadMessageId") VALUES ($1, $2, $3)
       ON CONFLICT ("roomId", "userId") DO UPDATE
          SET "lastReadMessageId" = GREATEST(chat_reads."lastReadMessageId", EXCLUDED."lastReadMessageId"), "updatedAt" = now()`,
      [roomId, userId, messageId],
    );
  }

  private async roomExists(roomId: number, db: EntityManager = this.dataSource.manager): Promise<void> {
    const [room] = await db.query(`SELECT 1 FROM chat_rooms WHERE id = $1`, [roomId]);
    if (!room) throw new NotFoundException(CHAT_MESSAGES.roomNotFound);
  }
}
