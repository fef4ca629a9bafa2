import type {
  CreateTimeEntryRequest,
  MyWeek,
  TimeEntry,
  TimeLock,
  TimeLockRequest,
  TimeLockSettings,
  TimesheetOptions,
  TimesheetPage,
} from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { isTimeKey, keys } from '../../lib/swr';

/** GET/PUT: the lockdown period (time_tracking read reads it, write sets it). */
export const TIME_LOCK_KEY = '/api/time-tracking/lock';

export function useTimeLock(enabled = true) {
  return useSWR<TimeLock>(enabled ? TIME_LOCK_KEY : null);
}

/** GET /api/time-entries/timesheet for a query string (null: not yet, e.g. while the filter is invalid). */
export function useTimesheet(query: string | null) {
  return useSWR<TimesheetPage>(query === null ? null : keys.timesheet(query), { keepPreviousData: true });
}

/** The filter choices: all of them (clientId null) or the tasks of one client. */
export function useTimesheetOptions(clientId: number | null, enabled = true) {
  return useSWR<TimesheetOptions>(enabled ? keys.timesheetOptions(clientId) : null);
}

/** GET /api/time-entries/my-week: the user's own hours per day of this week. */
export function useMyWeek() {
  return useSWR<MyWeek>(keys.myWeek);
}

/** 'Adicionar tempo': POST /api/time-entries, then every screen showing times of that task refreshes. */
export async function createTimeEntry(body: CreateTimeEntryRequest): Promise<TimeEntry> {
  const entry = await apiFetch<TimeEntry>('/api/time-entries', { method: 'POST', body });
  void mutate((key) => isTimeKey(key, entry.taskId));
  return entry;
}

export async function saveTimeLock(settings: TimeLockSettings): Promise<TimeLock> {
  const body: TimeLockRequest = {
    mode: settings.mode,
    ...(settings.mode === 'date' ? { lockDate: settings.lockDate } : {}),
    ...(settings.mode === 'days' ? { lockDays: settings.lockDays } : {}),
  };
  const lock = await apiFetch<TimeLock>(TIME_LOCK_KEY, { method: 'PUT', body });
  await mutate(TIME_LOCK_KEY, lock, { revalidate: false });
  return lock;
}
