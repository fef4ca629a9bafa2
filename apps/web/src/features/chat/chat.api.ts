import { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { markRoomReadInPage } from '../notifications/notifications.logic';
import type { NotificationPage, ChatMessage, ChatRoom, CreateChatRoomRequest, SendChatMessageRequest } from '@wkflow/contracts';

export async function createRoom(body: CreateChatRoomRequest): Promise<ChatRoom | null> {
  const room = await apiFetch<ChatRoom | null>('/api/chat/rooms', { method: 'POST', body });
  await mutate(keys.chatRooms);
  return room;
}

export async function sendMessage(roomId: number, body: SendChatMessageRequest): Promise<ChatMessage | null> {
  const message = await apiFetch<ChatMessage | null>(`/api/chat/rooms/${roomId}/messages`, { method: 'POST', body });
  await Promise.all([mutate(keys.chatMessages(roomId)), mutate(keys.chatRooms)]);
  return message;
}

/** The page of messages before `beforeId` (older ones, on request). */
export function fetchOlderMessages(roomId: number, beforeId: number): Promise<ChatMessage[]> {
  return apiFetch<ChatMessage[]>(`${keys.chatMessages(roomId)}?before=${beforeId}`);
}

/**
 * PUT /api/chat/rooms/{id}/read, then the room list (unread badges) refreshes; the server also reads
 * the room's chat notification, which the bell shows at once.
 */
export async function markRoomRead(roomId: number): Promise<void> {
  await apiFetch(`/api/chat/rooms/${roomId}/read`, { method: 'PUT' });
  await Promise.all([
    mutate(keys.chatRooms),
    mutate<NotificationPage | undefined>(keys.notificationBell, (page) => markRoomReadInPage(page, roomId), { revalidate: false }),
  ]);
}
