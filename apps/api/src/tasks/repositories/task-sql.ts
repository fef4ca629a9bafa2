import { canViewAllTasks } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../../platform/access/authenticated-user';
import type { TaskRow } from '../task-rows';

/** The task's 1-based place in its column, for one row (lists number their rows with a window instead). */
export const PLACE = `(SELECT count(*) FROM tasks k WHERE k."columnId" = t."columnId" AND NOT k."isArchived" AND k.rank < t.rank)::int + 1`;

/** A task row (TaskRow) with its column's name, assignees and attachments; `position`: the SQL of its place. */
export const taskSelect = (position: string, source = 'tasks', extra = '') => `
  SELECT ${extra} t.id, t.title, t.description, t."clientId", t."columnId", c.name AS "columnName", t.deadline, t."reminderTime",
         t."createdBy", ${position} AS position, t.rank, t."isArchived", t."completedAt", t."createdAt",
         COALESCE((SELECT array_agg(a."userId" ORDER BY a."userId") FROM task_assignees a WHERE a."taskId" = t.id), '{}') AS "assignedTo",
         COALESCE((SELECT json_agg(json_build_object('id', f.id, 'originalName', f."originalName", 'size', f.size, 'mimeType', f."mimeType",
                                                     'createdAt', f."createdAt", 'userId', f."userId") ORDER BY f.id)
                     FROM task_attachments f WHERE f."taskId" = t.id), '[]') AS attachments
    FROM ${source} t JOIN columns c ON c.id = t."columnId"`;
/**
 * The board tasks chosen by `placesWhere`, each with its 1-based place among them in its column,
 * numbered with one window (lists; PLACE counts for one row); filter and order after it.
 */
export const placedTaskSelect = (placesWhere: string) => `
  WITH places AS (SELECT id, row_number() OVER (PARTITION BY "columnId" ORDER BY rank)::int AS place FROM tasks WHERE ${placesWhere})
  ${taskSelect('p.place')} JOIN places p ON p.id = t.id`;
export const TASK_SELECT = taskSelect(PLACE);
const LOCKED_TASK_SELECT = `WITH locked AS (SELECT * FROM tasks WHERE id = $1 FOR UPDATE) ${taskSelect(PLACE, 'locked')}`;

/** One task's row, locked when asked. */
export async function findTaskRow(
  db: { query(sql: string, params: unknown[]): Promise<TaskRow[]> },
  id: number,
  lock: boolean,
): Promise<TaskRow | null> {
  // Locked in a CTE: after waiting for a concurrent writer, the row's new version (e.g. its new column) is what is joined.
  const [row] = await db.query(lock ? LOCKED_TASK_SELECT : `${TASK_SELECT} WHERE t.id = $1`, [id]);
  return row ?? null;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL condition: the task (alias t) is visible to the user whose id is the parameter `$n`. */
export function visibleTaskCondition(user: AuthenticatedUser, param: string, alias = 't'): string {
  // The view-all branch still mentions the parameter so PostgreSQL can type it.
  return canViewAllTasks(user)
    ? `${param}::int IS NOT NULL`
    : `EXISTS (SELECT 1 FROM task_assignees va WHERE va."taskId" = ${alias}.id AND va."userId" = ${param})`;
}
