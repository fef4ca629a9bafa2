import { TimeEntryEntity } from './time-entry.entity';

/** The entities of the timer domain, registered once in database/entities.ts. */
// TimeEntryEntity joins the list once the tasks domain's TaskEntity exists.
export const TIMER_ENTITIES: Function[] = [];
void TimeEntryEntity;
