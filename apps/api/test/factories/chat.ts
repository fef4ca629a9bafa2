import { ChatMessageEntity } from '../../src/chat/chat-message.entity';
import { ChatReadEntity } from '../../src/chat/chat-read.entity';
import { ChatRoomEntity } from '../../src/chat/chat-room.entity';
import type { FactoryContext } from './context';
import { unique } from './names';

export interface NewChatRoomOptions {
  /** The creator's id; default: none (null, as when the creator's account is gone). */
  createdBy?: number | null;
  name?: string;
  description?: string | null;
}

/** A chat room as the create leaves it (no messages, no read marks); the name is unique unless given. */
export function newChatRoom(ctx: FactoryContext, options: NewChatRoomOptions = {}): Promise<ChatRoomEntity> {
  const rooms = ctx.dataSource.getRepository(ChatRoomEntity);
  return rooms.save(
    rooms.create({
      name: options.name ?? unique('Sala '),
      description: options.description !== undefined ? options.description : 'Sala de teste',
      createdBy: options.createdBy ?? null,
    }),
  );
}

/**
 * Messages of one author in a room, in the given order (ascending ids), written in one statement,
 * as the send leaves them: the author has read up to the last one (a mark never moves backwards).
 * No event and no notification: a test that needs those posts through the API.
 */
export async function newChatMessages(
  ctx: FactoryContext,
  options: { room: number; user: number; messages: string[] },
): Promise<ChatMessageEntity[]> {
  if (!options.messages.length) return [];
  return ctx.dataSource.transaction(async (db) => {
    const messages = db.getRepository(ChatMessageEntity);
    const rows = await messages.save(
      options.messages.map((message) => messages.create({ roomId: options.room, userId: options.user, message })),
    );
    const lastId = Math.max(...rows.map((row) => row.id));
    const reads = db.getRepository(ChatReadEntity);
    const mark = await reads.findOneBy({ roomId: options.room, userId: options.user });
    await reads.save(
      reads.create({ roomId: options.room, userId: options.user, lastReadMessageId: Math.max(mark?.lastReadMessageId ?? 0, lastId) }),
    );
    return rows;
  });
}
