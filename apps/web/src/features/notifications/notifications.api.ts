import type { Notification, NotificationPreference } from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { markReadInList, NOTIFICATIONS_POLL_MS } from './notifications.logic';

/** GET /api/notifications, polled every 30 s (the socket revalidates it sooner). */
export function useNotifications(enabled = true) {
  return useSWR<Notification[]>(enabled ? keys.notifications : null, { refreshInterval: NOTIFICATIONS_POLL_MS });
}

/**
 * A call of the dropdown: the list changes at once and the server's answer follows; failures
 * raise the spec's English error (core.md §8, no toast) and the list is reread.
 */
async function markRead(path: string, id: number | 'all', failure: string): Promise<void> {
  await mutate<Notification[]>(keys.notifications, (list) => markReadInList(list, id), { revalidate: false });
  try {
    await apiFetch(path, { method: 'PUT' });
  } catch {
    void mutate(keys.notifications);
    throw new Error(failure);
  }
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
  await mutate(keys.notifications);
}

export function useNotificationPreferences() {
  return useSWR<NotificationPreference[]>(keys.notificationPreferences);
}

export async function saveNotificationPreferences(preferences: NotificationPreference[]): Promise<NotificationPreference[]> {
  const saved = await apiFetch<NotificationPreference[]>('/api/notifications/preferences', { method: 'PUT', body: { preferences } });
  await mutate(keys.notificationPreferences, saved, { revalidate: false });
  return saved;
}
