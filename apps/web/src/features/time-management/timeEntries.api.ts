import type { TimeEntry, TimeLock, TimeLockSettings } from '@wkflow/contracts';
import useSWR, { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { isTimeKey } from '../../lib/swr';

/** GET/PUT: the lockdown period (time_tracking read reads it, write sets it). */
export const TIME_LOCK_KEY = '/api/time-tracking/lock';

export function useTimeLock(enabled = true) {
  return useSWR<TimeLock>(enabled ? TIME_LOCK_KEY : null);
}

/** 'Adicionar tempo': POST /api/time-entries, then every screen showing times of that task refreshes. */
export async function createTimeEntry(body: {
  taskId: number;
  userId?: number;
  startTime: string;
  endTime: string;
  description?: string;
}): Promise<TimeEntry> {
  const entry = await apiFetch<TimeEntry>('/api/time-entries', { method: 'POST', body });
  void mutate((key) => isTimeKey(key, entry.taskId));
  return entry;
}

export async function saveTimeLock(settings: TimeLockSettings): Promise<TimeLock> {
  const body = {
    mode: settings.mode,
    ...(settings.mode === 'date' ? { lockDate: settings.lockDate } : {}),
    ...(settings.mode === 'days' ? { lockDays: settings.lockDays } : {}),
  };
  const lock = await apiFetch<TimeLock>(TIME_LOCK_KEY, { method: 'PUT', body });
  await mutate(TIME_LOCK_KEY, lock, { revalidate: false });
  return lock;
}
