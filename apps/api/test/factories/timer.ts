import { TimeEntryEntity } from '../../src/timer/time-entry.entity';
import type { FactoryContext } from './context';

export interface NewTimeEntryOptions {
  user: number;
  task: number;
  /** When it started (back-dated entries: the figures' periods). */
  start: Date;
  /** How long it ran; null: still running (one running entry per user, as the timer allows). */
  seconds: number | null;
  description?: string | null;
}

/** A time entry as the timer's stop (or a manual entry) leaves it: endTime = start + seconds, duration in seconds. */
export function newTimeEntry(ctx: FactoryContext, options: NewTimeEntryOptions): Promise<TimeEntryEntity> {
  const entries = ctx.dataSource.getRepository(TimeEntryEntity);
  const { seconds } = options;
  return entries.save(
    entries.create({
      userId: options.user,
      taskId: options.task,
      startTime: options.start,
      endTime: seconds === null ? null : new Date(options.start.getTime() + seconds * 1000),
      duration: seconds,
      description: options.description ?? null,
    }),
  );
}
