import type { Notification, NotificationPage, NotificationPreference, NotificationType } from '@wkflow/contracts';

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
