import useSWR from 'swr';
import { keys } from '../../lib/swr';
import { MESSAGES_REFRESH_MS, ROOMS_REFRESH_MS } from './chat.logic';
import type { ChatMessage, ChatRoom } from '@wkflow/contracts';

/** GET /api/chat/rooms, polled every 5 s. */
export function useChatRooms(enabled = true) {
  return useSWR<ChatRoom[]>(enabled ? keys.chatRooms : null, { refreshInterval: ROOMS_REFRESH_MS });
}

/** GET /api/chat/rooms/{id}/messages (the latest page), polled every 2 s. */
export function useLatestMessages(roomId: number | null) {
  return useSWR<ChatMessage[]>(roomId ? keys.chatMessages(roomId) : null, { refreshInterval: MESSAGES_REFRESH_MS });
}
