import { NotificationDeliveryEntity, NotificationEntity, NotificationPreferenceEntity } from './notification.entities';

/** The entities of the notifications domain, registered once in platform/database/entities.ts. */
export const NOTIFICATIONS_ENTITIES: Function[] = [NotificationEntity, NotificationPreferenceEntity, NotificationDeliveryEntity];
