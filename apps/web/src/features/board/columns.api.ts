import { DEFAULT_COLUMN_COLOR, type Column } from '@wkflow/contracts';
import { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';

/** Column writes (admin only on the server); each refreshes the columns list. */

export async function createColumn(name: string, position: number): Promise<Column> {
  const column = await apiFetch<Column>('/api/columns', { method: 'POST', body: { name, position, color: DEFAULT_COLUMN_COLOR } });
  await mutate(keys.columns);
  return column;
}

export async function updateColumn(id: number, body: { name: string } | { color: string }): Promise<Column> {
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
