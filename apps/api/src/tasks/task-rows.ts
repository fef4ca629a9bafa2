import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { DataSource, EntityManager } from 'typeorm';
import { isCompletedColumnName, type Task, type TaskAttachment } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface TaskRow {
  id: number;
  title: string;
  description: string;
  clientId: number;
  columnId: number;
  columnName: string;
  deadline: Date;
  reminderTime: Task['reminderTime'];
  createdBy: number | null;
  position: number;
  rank: string;
  isArchived: boolean;
  completedAt: Date | null;
  createdAt: Date;
  assignedTo: number[];
  attachments: TaskAttachment[];
}

/** The task's 1-based place in its column, for one row (lists number their rows with a window instead). */
export const PLACE = `(SELECT count(*) FROM tasks k WHERE k."columnId" = t."columnId" AND NOT k."isArchived" AND k.rank < t.rank)::int + 1`;

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
export const LOCKED_TASK_SELECT = `WITH locked AS (SELECT * FROM tasks WHERE id = $1 FOR UPDATE) ${taskSelect(PLACE, 'locked')}`;

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A task's row as the SELECTs above answer it, and its API shape. */
@Injectable()
export class TaskRows {
  /** The last day computed, its start and the instant the next one starts (luxon's zone math costs ~20 µs a call). */
  private today: { start: DateTime; startMs: number; endMs: number } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Start of today in APP_TIMEZONE: a task due before it is overdue (taskStatus, computed once per list). */
  todayStart(now: Date): DateTime {
    const ms = now.getTime();
    const today = this.today;
    if (today && ms >= today.startMs && ms < today.endMs) return today.start;
    const start = DateTime.fromJSDate(now).setZone(this.config.appTimezone).startOf('day');
    this.today = { start, startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis() };
    return start;
  }

  toTask(row: TaskRow, now = new Date(), todayStartMs = this.todayStart(now).toMillis()): Task {
    const completed = isCompletedColumnName(row.columnName);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      clientId: row.clientId,
      columnId: row.columnId,
      deadline: row.deadline.toISOString(),
      assignedTo: row.assignedTo,
      reminderTime: row.reminderTime,
      createdBy: row.createdBy,
      position: row.position,
      rank: row.rank,
      isArchived: row.isArchived,
      status: completed || row.deadline.getTime() >= todayStartMs ? 'open' : 'overdue',
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      attachments: row.attachments,
    };
  }

  async findRow(db: EntityManager | DataSource, id: number, lock = false): Promise<TaskRow | null> {
    // Locked in a CTE: after waiting for a concurrent writer, the row's new version (e.g. its new column) is what is joined.
    const [row] = await db.query(lock ? LOCKED_TASK_SELECT : `${TASK_SELECT} WHERE t.id = $1`, [id]);
    return row ?? null;
  }
}
