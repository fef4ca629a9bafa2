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

/** A notification in a user's list (the producers' row, without sending anything). */
export function newNotification(ctx: FactoryContext, options: NewNotificationOptions): Promise<NotificationEntity> {
  const notifications = ctx.dataSource.getRepository(NotificationEntity);
  return notifications.save(
    notifications.create({
      userId: options.user,
      type: options.type ?? 'test',
      title: options.title ?? 'Notificação de teste',
      message: options.message ?? 'mensagem',
      isRead: options.isRead ?? false,
      ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
    }),
  );
}
