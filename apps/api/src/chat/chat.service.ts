import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CHAT_MESSAGES, CHAT_PAGE_SIZE, type ChatMessage, type ChatRoom, type MarkChatReadResponse } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { UserDirectory } from '../users/user-directory';
import { AppEvents } from '../platform/events/app-events';
import type { Db } from '../platform/database/repository';
import { ChatRepository, type MessageRow } from './chat.repository';
import type { ChatMessagesQueryDto, CreateChatRoomDto, SendChatMessageDto } from './dto/chat.dto';
import { isUniqueViolation } from '../platform/database/db-errors';

/** Rooms, messages (latest page first, older on request), replies and per-user read marks. */
@Injectable()
export class ChatService {
  constructor(
    private readonly chat: ChatRepository,
    private readonly events: AppEvents,
    private readonly users: UserDirectory,
  ) {}

  /** Every room with the user's unread count, last message and its time. */
  rooms(user: AuthenticatedUser): Promise<ChatRoom[]> {
    return this.chat.roomsFor(user.id);
  }

  async createRoom(dto: CreateChatRoomDto, user: AuthenticatedUser): Promise<ChatRoom> {
    try {
      return await this.chat.insertRoom(dto.name, dto.description ?? null, user.id);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(CHAT_MESSAGES.roomExists);
      }
      throw error;
    }
  }

  /** The latest `limit` messages (or those before `before`), ascending by time. */
  async messages(roomId: number, query: ChatMessagesQueryDto): Promise<ChatMessage[]> {
    const rows = await this.chat.messagePage(roomId, query.before ?? null, query.limit ?? CHAT_PAGE_SIZE);
    if (!rows.length) await this.roomExists(roomId);
    return this.withAuthors(rows);
  }

  /** Posts a message (a reply must quote a message of the same room); the author has read up to it. */
  async send(roomId: number, dto: SendChatMessageDto, user: AuthenticatedUser): Promise<ChatMessage> {
    const message = await this.chat.transaction(async (db) => {
      await this.roomExists(roomId, db);
      if (dto.replyTo && (await this.chat.roomOfMessage(db, dto.replyTo)) !== roomId)
        throw new BadRequestException(CHAT_MESSAGES.replyOtherRoom);
      const id = await this.chat.insertMessage(db, roomId, user.id, dto.message, dto.replyTo ?? null);
      await this.chat.markReadUpTo(db, roomId, user.id, id);
      const [created] = await this.withAuthors([(await this.chat.message(db, id))!], db);
      // The event carries the message exactly as the API sends it (a string time, not a Date).
      return { ...created, created_at: new Date(created.created_at).toISOString() };
    });
    this.events.emit('ChatMessageCreated', { roomId, message, authorId: user.id });
    return message;
  }

  /** The authors' names come from the users module, one query for the page. */
  private async withAuthors(rows: MessageRow[], db?: Db): Promise<ChatMessage[]> {
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
    const mark = await this.chat.markReadToLatest(roomId, user.id);
    if (mark === null) throw new NotFoundException(CHAT_MESSAGES.roomNotFound);
    this.events.emit('ChatRoomRead', { roomId, userId: user.id });
    return { room_id: roomId, last_read_message_id: mark || null, unread_count: 0 };
  }

  private async roomExists(roomId: number, db?: Db): Promise<void> {
    if (!(await this.chat.roomExists(roomId, db))) throw new NotFoundException(CHAT_MESSAGES.roomNotFound);
  }
}
