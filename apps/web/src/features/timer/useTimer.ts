import type { StartTimerRequest, TimeEntry } from '@wkflow/contracts';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch, errorMessage } from '../../lib/fetcher';
import { isTimeKey, keys } from '../../lib/swr';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { startDecision, TIMER_NOT_RUNNING, TIMER_OTHER_TASK_RUNNING, timerErrorToast, timerState } from './timer.logic';
import { useNow } from './useNow';

/** Polled every second (core.md §7); every component reads the same SWR entry. */
const ACTIVE_POLL_MS = 1000;

/** Invalidates what a start or stop changes: the active entry, the task's times, the lists and sums of entries. */
function useRefreshTimes() {
  const { mutate } = useSWRConfig();
  return useCallback((taskId: number | null) => void mutate((key) => isTimeKey(key, taskId)), [mutate]);
}

/** The one running timer: its state (elapsed recomputed every second), start and stop. */
export function useTimer() {
  const { user } = useCurrentUser();
  const { data: active, mutate } = useSWR<TimeEntry | null>(user ? keys.activeTimeEntry : null, {
    refreshInterval: ACTIVE_POLL_MS,
    dedupingInterval: ACTIVE_POLL_MS / 2,
  });
  const running = Boolean(active && !active.endTime);
  const now = useNow(running);
  const state = useMemo(() => timerState(active, now), [active, now]);
  const refresh = useRefreshTimes();

  const start = useCallback(
    async (taskId: number, taskTitle?: string): Promise<boolean> => {
      const decision = startDecision(state, taskId);
      if (decision === 'other-task-running') {
        toast.warning('Atenção', TIMER_OTHER_TASK_RUNNING);
        return false;
      }
      if (decision === 'already-running') return true;
      try {
        const entry = await apiFetch<TimeEntry>('/api/time-entries/start', {
          method: 'POST',
          body: { taskId } satisfies StartTimerRequest,
        });
        await mutate({ ...entry, taskTitle: entry.taskTitle ?? taskTitle }, { revalidate: false });
        refresh(taskId);
        toast.success('Timer iniciado', taskTitle);
        return true;
      } catch (error) {
        const { title, description } = timerErrorToast(error, errorMessage(error, 'Failed to start time entry'));
        toast.error(title, description);
        refresh(taskId);
        return false;
      }
    },
    [state, mutate, refresh],
  );

  /** Stops the running timer; when the server fails, the local elapsed time is still returned. */
  const stop = useCallback(async (): Promise<number> => {
    if (!state.isRunning || !state.timeEntryId) throw new Error(TIMER_NOT_RUNNING);
    const { timeEntryId, taskId, elapsedTime } = state;
    try {
      const entry = await apiFetch<TimeEntry>(`/api/time-entries/${timeEntryId}/stop`, { method: 'POST' });
      toast.success('Timer parado');
      return entry.duration ?? elapsedTime;
    } catch (error) {
      const { title, description } = timerErrorToast(error, errorMessage(error, 'Failed to stop time entry'));
      toast.error(title, description);
      return elapsedTime;
    } finally {
      await mutate(null, { revalidate: true });
      refresh(taskId);
    }
  }, [state, mutate, refresh]);

  return { ...state, start, stop };
}
