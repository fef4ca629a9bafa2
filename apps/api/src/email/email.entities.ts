import { EmailQueueEntity } from './email-queue.entity';

/** The entities of the email domain, registered once in platform/database/entities.ts. */
export const EMAIL_ENTITIES: Function[] = [EmailQueueEntity];
