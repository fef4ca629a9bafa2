import {
  DEFAULT_COLUMN_COLOR,
  type Column,
  type ColumnPosition,
  type CreateColumnRequest,
  type ReorderColumnsRequest,
  type UpdateColumnRequest,
} from '@wkflow/contracts';
import { mutate } from 'swr';
import { apiFetch, errorMessage, errorStatus } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** Column writes (admin only on the server); each refreshes the columns list. */

export async function createColumn(name: string, position: number): Promise<Column> {
  const column = await apiFetch<Column>('/api/columns', {
    method: 'POST',
    body: { name, position, color: DEFAULT_COLUMN_COLOR } satisfies CreateColumnRequest,
  });
  await mutate(keys.columns);
  return column;
}

export async function updateColumn(id: number, body: UpdateColumnRequest): Promise<Column> {
  const column = await apiFetch<Column>(`/api/columns/${id}`, { method: 'PUT', body });
  await mutate<Column[]>(keys.columns, (list) => (list ?? []).map((c) => (c.id === id ? column : c)), { revalidate: false });
  // A new name can make the list a completed one (or not): the tasks' status follows it.
  if ('name' in body) void mutate(keys.tasks);
  return column;
}

export async function deleteColumn(id: number): Promise<void> {
  await apiFetch(`/api/columns/${id}`, { method: 'DELETE' });
  await mutate<Column[]>(keys.columns, (list) => (list ?? []).filter((c) => c.id !== id), { revalidate: false });
}

/**
 * Renames a list. When the new name makes it a completion list or stops it being one, the server
 * answers 428 with the sentence naming how many tasks change state: `ask` shows it, and only a
 * yes renames. Resolves null when the user said no.
 */
export async function renameColumn(id: number, name: string, ask: (question: string) => boolean): Promise<Column | null> {
  try {
    return await updateColumn(id, { name });
  } catch (error) {
    if (errorStatus(error) !== 428) throw error;
    if (!ask(`${errorMessage(error)}\n\nRenomear mesmo assim?`)) return null;
    return updateColumn(id, { name, confirmCompletionChange: true });
  }
}

/** New column order (admin): shown at once, undone when the server refuses. */
export async function reorderColumnsOnServer(columnUpdates: ColumnPosition[]): Promise<void> {
  const place = new Map(columnUpdates.map((u) => [u.id, u.position]));
  await mutate<Column[]>(
    keys.columns,
    async () => apiFetch<Column[]>('/api/columns/reorder', { method: 'PUT', body: { columnUpdates } satisfies ReorderColumnsRequest }),
    {
      optimisticData: (list) => (list ?? []).map((c) => ({ ...c, position: place.get(c.id) ?? c.position })),
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    },
  );
}
