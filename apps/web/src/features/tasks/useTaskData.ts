import type {
  ArchivedTaskPage,
  TaskTotalTime,
  Column,
  Task,
  TaskAttachment,
  TaskComment,
  TaskHistoryItem,
  TimeEntry,
  User,
} from '@wkflow/contracts';
import useSWR, { preload } from 'swr';
import { fetchOrNull401 } from '../../lib/fetcher';
import { fetchKey, keys } from '../../lib/swr';

/** Reads of the board and the task dialog: one hook per read, keys from lib/swr. */

/** GET /api/tasks: the non-archived tasks the user may see (the header search filters them locally). */
export function useTasks(enabled = true) {
  return useSWR<Task[]>(enabled ? keys.tasks : null);
}

/** GET /api/columns, ordered by position. */
export function useColumns(enabled = true) {
  return useSWR<Column[]>(enabled ? keys.columns : null);
}

/** GET /api/users: the approved team (members list, avatars). */
export function useTeam(enabled = true) {
  return useSWR<User[]>(enabled ? keys.users : null);
}

/**
 * A cold load of the board's address: the reads its first card waits for start as soon as the app's code runs,
 * not after the first render has the user, then its permissions, then the lazy page (three round trips in a
 * row: on Fast 3G the first card came at 5.1 s). The answer to /api/auth/me is the one index.html preloads;
 * nothing more is asked when no one is logged in. The hooks above (and useCurrentUser, usePermissions) take
 * these promises over, so each read still happens once: the fetchers here must stay theirs (fetchKey, the SWR
 * default, which keeps the board list's version; fetchOrNull401 for the user). Resolves once the reads are under way.
 */
export async function preloadBoardData(): Promise<void> {
  const me = await preload(keys.me, fetchOrNull401).catch(() => null);
  if (!me) return;
  for (const key of [keys.modulePermissions, keys.tasks, keys.columns]) void preload(key, fetchKey).catch(() => undefined);
}

/** GET /api/tasks/{id}: one task (a link to a task outside the loaded list). */
export function useTask(id: number | null) {
  return useSWR<Task>(id ? keys.task(id) : null);
}

/** GET /api/tasks/archived, asked again on each opening and filter change (a cached page may predate an archive or restore). */
export function useArchivedTasks(query: Parameters<typeof keys.archived>[0] | null) {
  return useSWR<ArchivedTaskPage>(query ? keys.archived(query) : null, { keepPreviousData: true, revalidateIfStale: true });
}

export function useTaskComments(taskId: number | null) {
  return useSWR<TaskComment[]>(taskId ? keys.taskComments(taskId) : null);
}

/** GET /api/tasks/{id}/history, newest first. */
export function useTaskHistory(taskId: number | null) {
  return useSWR<TaskHistoryItem[]>(taskId ? keys.taskHistory(taskId) : null);
}

export function useTaskTimeEntries(taskId: number | null) {
  return useSWR<TimeEntry[]>(taskId ? keys.taskTimeEntries(taskId) : null);
}

/** GET /api/tasks/{id}/total-time: {totalTime} in seconds. */
export function useTaskTotalTime(taskId: number | null) {
  return useSWR<TaskTotalTime>(taskId ? keys.taskTotalTime(taskId) : null);
}

export function useTaskAttachments(taskId: number | null) {
  return useSWR<TaskAttachment[]>(taskId ? keys.taskAttachments(taskId) : null);
}
