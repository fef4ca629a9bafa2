import { TimeEntryEntity } from './time-entry.entity';
import { TimeLockSettingsEntity } from './time-lock.entity';

/** The entities of the timer domain, registered once in platform/database/entities.ts. */
export const TIMER_ENTITIES: Function[] = [TimeEntryEntity, TimeLockSettingsEntity];
