/** Team chat: rooms, messages, replies and read marks (extended.md §2.5, §3). */

export const CHAT_ROOM_NAME_MAX = 80;
export const CHAT_ROOM_DESCRIPTION_MAX = 500;
export const CHAT_MESSAGE_MAX = 5000;
/** Messages per page: the latest page first, older ones with ?before=<id>. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 200;
/** Rooms poll every 5 s and messages every 2 s (§7, §9). */
export const CHAT_ROOMS_POLL_MS = 5000;
export const CHAT_MESSAGES_POLL_MS = 2000;

export const CHAT_MESSAGES = {
  roomName: 'Nome da sala é obrigatório',
  message: 'Mensagem não pode ser vazia',
  roomNotFound: 'Sala não encontrada',
  roomExists: 'Já existe uma sala com esse nome',
  replyOtherRoom: 'A mensagem respondida não pertence a esta sala',
} as const;

/** GET /api/chat/rooms (snake_case as the spec shows). */
export interface ChatRoom {
  id: number;
  name: string;
  description: string | null;
  unread_count: number;
  last_message: string | null;
  last_message_time: string | null;
  created_at: string;
}

/** GET /api/chat/rooms/{id}/messages: ascending by time. */
export interface ChatMessage {
  id: number;
  room_id: number;
  message: string;
  user_id: number | null;
  user_name: string | null;
  username: string | null;
  created_at: string;
  is_edited: boolean;
  reply_to: number | null;
  /** The quoted message: its author's name (username kept for the spec's shape) and text. */
  reply_message: { username: string | null; name: string | null; message: string } | null;
}

export interface CreateChatRoomRequest {
  name: string;
  description?: string | null;
}

export interface SendChatMessageRequest {
  message: string;
  replyTo?: number | null;
}

/** PUT /api/chat/rooms/{id}/read */
export interface MarkChatReadResponse {
  room_id: number;
  last_read_message_id: number | null;
  unread_count: 0;
}

/** GET /api/chat/rooms/{id}/messages: the page before a message id. */
export interface ChatMessagesQuery {
  before?: number;
  limit?: number;
}
