import { NotificationEntity } from '../../src/notifications/notification.entities';
import type { FactoryContext } from './context';

export interface NewNotificationOptions {
  user: number;
  type?: string;
  title?: string;
  message?: string;
  isRead?: boolean;
  /** Back-dates it (the list's order, the repeat window). */
  createdAt?: Date;
}

function notificationRow(ctx: FactoryContext, options: NewNotificationOptions): NotificationEntity {
  return ctx.dataSource.getRepository(NotificationEntity).create({
    userId: options.user,
    type: options.type ?? 'test',
    title: options.title ?? 'Notificação de teste',
    message: options.message ?? 'mensagem',
    isRead: options.isRead ?? false,
    ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
  });
}

/** A notification in a user's list (the producers' row, without sending anything). */
export function newNotification(ctx: FactoryContext, options: NewNotificationOptions): Promise<NotificationEntity> {
  return ctx.dataSource.getRepository(NotificationEntity).save(notificationRow(ctx, options));
}

/** Many notifications (as newNotification each) in one statement, ids in the given order: for long lists. */
export function newNotifications(ctx: FactoryContext, list: NewNotificationOptions[]): Promise<NotificationEntity[]> {
  return ctx.dataSource.getRepository(NotificationEntity).save(list.map((options) => notificationRow(ctx, options)));
}
