import type { Notification, NotificationPage, NotificationPreference, SavePreferencesRequest } from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { markReadInPage, NOTIFICATIONS_POLL_MS } from './notifications.logic';

export const HISTORY_PAGE_SIZE = 20;

/** Any cached list of notifications: the bell's page, the pages of 'Ver todas', the plain list. */
export function isNotificationListKey(key: unknown): boolean {
  return typeof key === 'string' && (key === keys.notifications || key.includes('/api/notifications/history'));
}

/** The bell: the first page of the history (10, with the true counts), polled every 30 s (the socket updates it sooner). */
export function useNotificationBell(enabled = true) {
  return useSWR<NotificationPage>(enabled ? keys.notificationBell : null, { refreshInterval: NOTIFICATIONS_POLL_MS });
}

/** 'Ver todas': the whole history, a page at a time (cursor from the previous page). */
export function useNotificationHistory() {
  return useSWRInfinite<NotificationPage>((index, previous: NotificationPage | null) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return keys.notificationHistory(HISTORY_PAGE_SIZE, index === 0 ? null : previous!.nextCursor);
  });
}

/**
 * Open 'Ver todas' pages listen here: SWR's filtered mutate does not reach infinite lists, so they
 * reread their pages themselves when notifications change.
 */
const listeners = new Set<() => void>();
export function onNotificationsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rereads every cached notification list except the bell (which is updated in place). */
export function revalidateOtherLists(): void {
  void mutate((key) => isNotificationListKey(key) && key !== keys.notificationBell);
  for (const listener of [...listeners]) listener();
}

/**
 * A call of the dropdown: the bell changes at once and the server's answer follows; failures
 * raise the spec's English error (core.md §8, no toast) and the lists are reread.
 */
async function markRead(path: string, id: number | 'all', failure: string): Promise<void> {
  await mutate<NotificationPage | undefined>(keys.notificationBell, (page) => markReadInPage(page, id), { revalidate: false });
  try {
    await apiFetch(path, { method: 'PUT' });
  } catch {
    void mutate(keys.notificationBell);
    revalidateOtherLists();
    throw new Error(failure);
  }
  revalidateOtherLists();
}

export function markNotificationRead(id: number): Promise<void> {
  return markRead(`/api/notifications/${id}/read`, id, 'Failed to mark as read');
}

export function markAllNotificationsRead(): Promise<void> {
  return markRead('/api/notifications/mark-all-read', 'all', 'Failed to mark all as read');
}

/** 'Teste' (access profile 1): the server pushes the test notification over the socket. */
export async function sendTestNotification(): Promise<void> {
  try {
    await apiFetch<Notification>('/api/notifications/test', { method: 'POST' });
  } catch {
    throw new Error('Failed to create test notification');
  }
  await mutate(keys.notificationBell);
  revalidateOtherLists();
}

export function useNotificationPreferences() {
  return useSWR<NotificationPreference[]>(keys.notificationPreferences);
}

export async function saveNotificationPreferences(preferences: NotificationPreference[]): Promise<NotificationPreference[]> {
  const saved = await apiFetch<NotificationPreference[]>('/api/notifications/preferences', {
    method: 'PUT',
    body: { preferences } satisfies SavePreferencesRequest,
  });
  await mutate(keys.notificationPreferences, saved, { revalidate: false });
  return saved;
}
