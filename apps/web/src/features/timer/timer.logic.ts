import { elapsedSeconds, TIMER_NOT_RUNNING, TIMER_OTHER_TASK_RUNNING, type TimeEntry } from '@wkflow/contracts';
import { errorStatus } from '../../lib/fetcher';

/** The local timer state of core.md §3, derived from the active entry and the clock. */
export interface TimerState {
  isRunning: boolean;
  taskId: number | null;
  taskTitle: string | null;
  startTime: string | null;
  elapsedTime: number;
  timeEntryId: number | null;
}

export const IDLE: TimerState = { isRunning: false, taskId: null, taskTitle: null, startTime: null, elapsedTime: 0, timeEntryId: null };

export function timerState(active: TimeEntry | null | undefined, now: Date): TimerState {
  if (!active || active.endTime) return IDLE;
  return {
    isRunning: true,
    taskId: active.taskId,
    taskTitle: active.taskTitle ?? null,
    startTime: active.startTime,
    elapsedTime: elapsedSeconds(active.startTime, now),
    timeEntryId: active.id,
  };
}

/** What a start request should do given the running timer: start, or refuse (another task runs). */
export function startDecision(state: TimerState, taskId: number): 'start' | 'already-running' | 'other-task-running' {
  if (!state.isRunning) return 'start';
  return state.taskId === taskId ? 'already-running' : 'other-task-running';
}

/** The toast for a failed start or stop (core.md §8 Timer). */
export function timerErrorToast(error: unknown, message: string): { title: string; description: string } {
  const status = errorStatus(error);
  if (status === 404) return { title: 'Tarefa não encontrada', description: message };
  if (status === 409 && message === TIMER_OTHER_TASK_RUNNING) return { title: 'Atenção', description: message };
  if (status !== null) return { title: 'Erro', description: message };
  return { title: 'Erro ao gerenciar timer', description: message };
}

export { TIMER_NOT_RUNNING, TIMER_OTHER_TASK_RUNNING };
