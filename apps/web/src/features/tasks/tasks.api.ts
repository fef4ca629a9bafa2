import {
  applyTaskChanges,
  type CreateCommentRequest,
  type CreateTaskRequest,
  type MoveTaskRequest,
  type Task,
  type TaskAttachment,
  type TaskComment,
  type UpdateTaskRequest,
} from '@wkflow/contracts';
import { mutate } from 'swr';
import { apiFetch, getApiBaseUrl, getJson } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import { applyMove, removeTask } from '../board/board.logic';
import { copyBody } from './tasks.logic';

/** Writes of the tasks domain; each updates the SWR keys it changes. */

/**
 * The server's copy of a task into the board list, the other cards' places shifting as on the
 * server (applyTaskChanges): the same copy arriving again over /ws changes nothing.
 */
function putInList(task: Task): Promise<unknown> {
  return mutate<Task[]>(keys.tasks, (list) => applyTaskChanges(list ?? [], [task], []), { revalidate: false });
}

function refreshHistory(taskId: number): Promise<unknown> {
  return mutate(keys.taskHistory(taskId));
}

export async function createTask(body: CreateTaskRequest): Promise<Task> {
  const task = await apiFetch<Task>('/api/tasks', { method: 'POST', body });
  await putInList(task);
  return task;
}

export async function updateTask(id: number, body: UpdateTaskRequest): Promise<Task> {
  const task = await apiFetch<Task>(`/api/tasks/${id}`, { method: 'PUT', body });
  await Promise.all([putInList(task), refreshHistory(id)]);
  return task;
}

/** 'Copiar': a new task with ' (cópia)' after the title, in the same column (core.md §4). */
export function copyTask(task: Task): Promise<Task> {
  return createTask(copyBody(task));
}

/**
 * The history read again now: archive and restore usually happen with the dialog closed (the
 * toast's 'Desfazer', 'Arquivadas'), and a revalidation would skip a key no hook shows, leaving
 * the next opening with the history from before.
 */
function reloadHistory(taskId: number): Promise<unknown> {
  const key = keys.taskHistory(taskId);
  return mutate(key, getJson(key), { revalidate: false });
}

/** Every page of the 'Arquivadas' list that is cached (any search, client or page). */
function refreshArchived(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(keys.archivedPrefix));
}

/** 'Arquivar': isArchived true; the task leaves the board (and its own copy says archived). */
export async function archiveTask(id: number): Promise<Task> {
  const task = await apiFetch<Task>(`/api/tasks/${id}`, { method: 'PUT', body: { isArchived: true } satisfies UpdateTaskRequest });
  await Promise.all([
    mutate<Task[]>(keys.tasks, (list) => removeTask(list, id), { revalidate: false }),
    mutate(keys.task(id), task, { revalidate: false }),
    reloadHistory(id),
  ]);
  void refreshArchived();
  return task;
}

/** 'Restaurar' (and the archive toast's 'Desfazer'): back on the board, at the end of its list. */
export async function restoreTask(id: number): Promise<Task> {
  const task = await apiFetch<Task>(`/api/tasks/${id}/restore`, { method: 'POST' });
  await Promise.all([putInList(task), mutate(keys.task(id), task, { revalidate: false }), reloadHistory(id)]);
  void refreshArchived();
  return task;
}

/**
 * A drop or 'Mover para…': the card shows in its new place at once, with a temporary rank between
 * its new neighbours, then takes the server's copy (real rank). The /ws message for the same move
 * may come first: the answer is then not applied (the list no longer holds the temporary copy),
 * and applying the same copy twice moves nothing. On failure the card goes back, and the error is
 * rethrown for the toast.
 */
export async function moveTask(taskId: number, columnId: number, position: number, columnName: string): Promise<void> {
  let before: Task | undefined;
  let temporary: string | undefined;
  await mutate<Task[]>(
    keys.tasks,
    (list) => {
      before = list?.find((t) => t.id === taskId);
      const next = applyMove(list ?? [], taskId, columnId, position, columnName);
      temporary = next.find((t) => t.id === taskId)?.rank;
      return next;
    },
    { revalidate: false },
  );
  // Only while the card still shows the temporary copy (no newer copy came over /ws meanwhile).
  const settle = (copy: Task) =>
    mutate<Task[]>(
      keys.tasks,
      (list) => {
        const shown = list?.find((t) => t.id === taskId);
        return list && shown && shown.rank === temporary ? applyTaskChanges(list, [copy], []) : list;
      },
      { revalidate: false },
    );
  let task: Task;
  try {
    task = await apiFetch<Task>(`/api/tasks/${taskId}/move`, { method: 'PUT', body: { columnId, position } satisfies MoveTaskRequest });
  } catch (error) {
    if (before) await settle(before);
    throw error;
  }
  await settle(task);
  void refreshHistory(taskId);
}

export async function addComment(taskId: number, content: string): Promise<TaskComment> {
  const comment = await apiFetch<TaskComment>(`/api/tasks/${taskId}/comments`, {
    method: 'POST',
    body: { content } satisfies CreateCommentRequest,
  });
  await mutate<TaskComment[]>(keys.taskComments(taskId), (list) => [...(list ?? []), comment], { revalidate: false });
  return comment;
}

/** The card's attachment count comes from the task: reread it after an attachment changes. */
async function refreshTask(taskId: number): Promise<void> {
  await mutate(keys.taskAttachments(taskId));
  const task = await apiFetch<Task>(`/api/tasks/${taskId}`);
  await putInList(task);
}

/**
 * POST /api/tasks/{id}/attachments as multipart ('file'). The JSON fetcher cannot send FormData,
 * so this call keeps its conventions by hand: cookies included, `Error("<status>: <body>")`.
 */
export async function uploadAttachment(taskId: number, file: File): Promise<TaskAttachment> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${getApiBaseUrl()}/api/tasks/${taskId}/attachments`, { method: 'POST', body: form, credentials: 'include' });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  await refreshTask(taskId);
  return JSON.parse(text) as TaskAttachment;
}

export async function deleteAttachment(taskId: number, attachmentId: number): Promise<void> {
  await apiFetch(`/api/tasks/${taskId}/attachments/${attachmentId}`, { method: 'DELETE' });
  await refreshTask(taskId);
}

export function attachmentDownloadUrl(taskId: number, attachmentId: number): string {
  return `${getApiBaseUrl()}/api/tasks/${taskId}/attachments/${attachmentId}/download`;
}
