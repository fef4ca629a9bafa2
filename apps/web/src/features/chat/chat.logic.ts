import { CHAT_MESSAGES_POLL_MS, CHAT_PAGE_SIZE, CHAT_ROOMS_POLL_MS, type ChatMessage } from '@wkflow/contracts';
import { DateTime } from 'luxon';

/** The server returns the latest messages in pages of CHAT_PAGE_SIZE; older ones via ?before=<id>. */
export { CHAT_PAGE_SIZE };
/** extended.md §9: rooms refresh every 5 s, messages every 2 s. */
export const ROOMS_REFRESH_MS = CHAT_ROOMS_POLL_MS;
export const MESSAGES_REFRESH_MS = CHAT_MESSAGES_POLL_MS;

const DAY_MS = 24 * 60 * 60 * 1000;

/** extended.md §2.5: the time (HH:mm) when under 24 hours old, otherwise day/month (dd/MM). */
export function formatMessageTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = DateTime.fromISO(value);
  if (!date.isValid) return '';
  const age = now.getTime() - date.toMillis();
  return age < DAY_MS ? date.toFormat('HH:mm') : date.toFormat('dd/MM');
}

/** Who wrote a message: the name, else the username, else 'Usuário'. */
export function authorName(message: Pick<ChatMessage, 'user_name' | 'username'>): string {
  return message.user_name?.trim() || message.username?.trim() || 'Usuário';
}

/** The older pages loaded on request plus the polled latest page: one list, no duplicates, oldest first. */
export function mergeMessages(...pages: readonly (readonly ChatMessage[] | null | undefined)[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  // later pages win: the polled latest page carries edits
  for (const page of pages) for (const message of page ?? []) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => {
    const time = Date.parse(a.created_at) - Date.parse(b.created_at);
    return Number.isNaN(time) || time === 0 ? a.id - b.id : time;
  });
}

/** A full page means there may be older messages to load. */
export function mayHaveOlder(pageLength: number, pageSize = CHAT_PAGE_SIZE): boolean {
  return pageLength >= pageSize;
}

/** extended.md §5: a message needs non-blank text and a selected room. */
export function canSendMessage(text: string, roomId: number | null | undefined): boolean {
  return text.trim().length > 0 && roomId != null;
}

/** The composer's keys: Enter sends, Shift+Enter inserts a newline (and nothing happens while an IME composes). */
export function composerKeyAction(event: { key: string; shiftKey: boolean; isComposing?: boolean }): 'send' | 'newline' | null {
  if (event.key !== 'Enter' || event.isComposing) return null;
  return event.shiftKey ? 'newline' : 'send';
}

/** The unread badge text (capped like the notification badge). */
export function unreadLabel(count: number | null | undefined): string | null {
  const value = Number(count) || 0;
  if (value <= 0) return null;
  return value > 99 ? '99+' : String(value);
}

/** A one-line excerpt for quotes and the room list. */
export function excerpt(text: string | null | undefined, max = 80): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
