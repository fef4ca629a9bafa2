import { notificationTarget, targetPath, type Notification } from '@wkflow/contracts';
import { markNotificationRead } from './notifications.api';

/**
 * What clicking a notification does (in the bell, 'Ver todas', the toast or the system pop-up):
 * marks it read and opens its task or chat room. Rows without a target only turn read.
 * A failed mark is logged only (core.md §8: English error, no toast).
 */
export function openNotification(notification: Pick<Notification, 'id' | 'isRead' | 'data'>, navigate: (path: string) => void): void {
  if (!notification.isRead) markNotificationRead(notification.id).catch((error: unknown) => console.error(error));
  const target = notificationTarget(notification.data);
  if (target) navigate(targetPath(target));
}
