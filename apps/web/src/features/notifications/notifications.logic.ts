import type {
  BoardChangedMessage,
  Column,
  Notification,
  NotificationPage,
  NotificationPreference,
  NotificationType,
  Task,
} from '@wkflow/contracts';

/** core.md §9 / extended.md §9. */
export const NOTIFICATIONS_POLL_MS = 30_000;
export const BROWSER_NOTIFICATION_MS = 5_000;
export const BEEP = { frequency: 800, seconds: 0.5 } as const;
export const DROPDOWN_LIMIT = 10;
export const PERMISSION_PROMPT_DELAY_MS = 2_000;
export const PROMPT_DISMISSED_KEY = 'wkflow:notification-prompt-dismissed';

/** The bell's badge: the unread count, capped at '99+'; null when nothing is unread. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The dropdown from the server's first page: its 10 items and the true number beyond them. */
export function bellItems(page: NotificationPage | undefined): { items: Notification[]; more: number; unread: number } {
  const items = (page?.items ?? []).slice(0, DROPDOWN_LIMIT);
  return { items, more: Math.max(0, (page?.total ?? 0) - items.length), unread: page?.unread ?? 0 };
}

/** Marks one notification (or all) read in the bell's cached page, keeping its counts right. */
export function markReadInPage(page: NotificationPage | undefined, id: number | 'all'): NotificationPage | undefined {
  if (!page) return page;
  if (id === 'all') return { ...page, items: markReadInList(page.items, 'all'), unread: 0 };
  const target = page.items.find((n) => n.id === id);
  const wasUnread = target ? !target.isRead : false;
  return { ...page, items: markReadInList(page.items, id), unread: Math.max(0, page.unread - (wasUnread ? 1 : 0)) };
}

/** Opening a chat room reads its chat notification (the server does the same): in the bell's cached page. */
export function markRoomReadInPage(page: NotificationPage | undefined, roomId: number): NotificationPage | undefined {
  if (!page) return page;
  const hit = page.items.filter((n) => !n.isRead && n.type.startsWith('chat_') && n.data?.roomId === roomId);
  if (!hit.length) return page;
  return {
    ...page,
    items: page.items.map((n) => (hit.includes(n) ? { ...n, isRead: true } : n)),
    unread: Math.max(0, page.unread - hit.length),
  };
}

/**
 * A pushed notification in the bell's cached page: on top, once. A repeat (a chat burst updating
 * its row) is not a new row, so the total stays; the server's counts follow on revalidation.
 */
export function prependToPage(
  page: NotificationPage | undefined,
  notification: Notification,
  repeat: boolean,
): NotificationPage | undefined {
  if (!page) return page;
  const known = page.items.find((n) => n.id === notification.id);
  const items = [notification, ...page.items.filter((n) => n.id !== notification.id)].slice(0, DROPDOWN_LIMIT);
  const isNew = !known && !repeat;
  return {
    ...page,
    items,
    total: page.total + (isNew ? 1 : 0),
    unread: page.unread + (notification.isRead || (known && !known.isRead) || (!known && repeat) ? 0 : 1),
  };
}

/** Marks one notification (or all) read in a cached list, for the optimistic update. */
export function markReadInList(list: readonly Notification[] | undefined, id: number | 'all'): Notification[] {
  return (list ?? []).map((n) => (id === 'all' || n.id === id ? { ...n, isRead: true } : n));
}

/** The messages of /ws (apps/api/src/notifications/realtime.service.ts). */
export type RealtimeEvent =
  | { type: 'connected' }
  | { type: 'notification'; notification: Notification; repeat: boolean }
  /** The server's acknowledgement of the room this tab said it shows. */
  | { type: 'viewing' }
  /** Changes of the board this user may see, versions (from, to] (libs/contracts tasks.ts). */
  | BoardChangedMessage
  | { type: 'timer.changed'; taskId: number; userId: number }
  | { type: 'chat.message'; roomId: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isVersion = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Enough of a task to place and show it: ids, place, order key and the fields every card reads. */
function isTask(value: unknown): value is Task {
  return (
    isObject(value) &&
    isId(value.id) &&
    isId(value.columnId) &&
    typeof value.title === 'string' &&
    typeof value.rank === 'string' &&
    Number.isInteger(value.position) &&
    typeof value.isArchived === 'boolean' &&
    typeof value.status === 'string' &&
    Array.isArray(value.assignedTo) &&
    value.assignedTo.every(isId) &&
    Array.isArray(value.attachments)
  );
}

function isColumn(value: unknown): value is Column {
  return isObject(value) && isId(value.id) && typeof value.name === 'string' && Number.isInteger(value.position);
}

/** A 'board.changed' frame, or null when any part is malformed (it is then not applied at all). */
function parseBoardChanged(data: Record<string, unknown>): BoardChangedMessage | null {
  const { from, to, full, tasks, removed, columns } = data;
  if (!isVersion(from) || !isVersion(to) || from > to || full !== false) return null;
  if (!Array.isArray(tasks) || !tasks.every(isTask) || !Array.isArray(removed) || !removed.every(isId)) return null;
  if (columns !== undefined && !(Array.isArray(columns) && columns.every(isColumn))) return null;
  return { type: 'board.changed', from, to, full, tasks, removed, ...(columns ? { columns } : {}) };
}

function isNotification(value: unknown): value is Notification {
  return (
    isObject(value) &&
    isId(value.id) &&
    typeof value.title === 'string' &&
    typeof value.message === 'string' &&
    typeof value.isRead === 'boolean' &&
    typeof value.soundEnabled === 'boolean'
  );
}

/** Parses a /ws frame; anything malformed or unknown is null (the caller only logs it). */
export function parseRealtimeMessage(raw: unknown): RealtimeEvent | null {
  if (typeof raw !== 'string') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  switch (data.type) {
    case 'connected':
      return { type: 'connected' };
    case 'notification':
      return isNotification(data.notification)
        ? { type: 'notification', notification: data.notification, repeat: data.repeat === true }
        : null;
    case 'viewing':
      return { type: 'viewing' };
    case 'board.changed':
      return parseBoardChanged(data);
    case 'timer.changed':
      return isId(data.taskId) && isId(data.userId) ? { type: 'timer.changed', taskId: data.taskId, userId: data.userId } : null;
    case 'chat.message':
      return isId(data.roomId) ? { type: 'chat.message', roomId: data.roomId } : null;
    default:
      return null;
  }
}

/** Reconnect delay after `attempt` failed tries: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}

/** ws: or wss: by the page's protocol, same origin. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** The permission prompt shows only while the browser permission is undecided and not dismissed this session. */
export function shouldShowPermissionPrompt(permission: NotificationPermission | null, dismissed: boolean): boolean {
  return permission === 'default' && !dismissed;
}

export type PreferenceChannel = 'emailEnabled' | 'browserEnabled' | 'soundEnabled';

/** One toggle changed in the settings list. */
export function togglePreference(
  list: readonly NotificationPreference[],
  type: NotificationType,
  channel: PreferenceChannel,
  value: boolean,
): NotificationPreference[] {
  return list.map((p) => (p.type === type ? { ...p, [channel]: value } : p));
}
