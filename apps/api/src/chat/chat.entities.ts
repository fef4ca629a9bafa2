import { ChatMessageEntity } from './chat-message.entity';
import { ChatReadEntity } from './chat-read.entity';
import { ChatRoomEntity } from './chat-room.entity';

/** The entities of the chat domain, registered once in platform/database/entities.ts. */
export const CHAT_ENTITIES: Function[] = [ChatRoomEntity, ChatMessageEntity, ChatReadEntity];
