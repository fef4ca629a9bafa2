import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReminderOption } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import type { TaskRow } from '../task-rows';
import type { TaskSummary } from '../../platform/events/app-events';
import { findTaskRow, TASK_SELECT } from './task-sql';

export type { TaskSummary };

/** An open board task due soon, with whom to remind (for the reminders). */
export interface DueTask {
  taskId: number;
  title: string;
  deadline: Date;
  reminderTime: ReminderOption | null;
  columnName: string;
  /** The assignees; the creator when nobody is assigned. */
  recipients: number[];
  /** The task's assignees (empty: the creator is reminded). */
  assignees: number[];
}

/** A new task's row. */
export interface NewTaskRow {
  title: string;
  description: string;
  clientId: number;
  columnId: number;
  deadline: Date | string;
  reminderTime: ReminderOption | null;
  createdBy: number;
  rank: string;
  /** completedAt: now when it is created in a completion list. */
  completed: boolean;
}

/** A plain column of tasks an edit may set (task-changes decides which and to what). */
export type TaskField = 'title' | 'description' | 'clientId' | 'deadline' | 'reminderTime' | 'isArchived';

/** Every query of tasks and task_assignees but the board's reads (TaskBoardRepository) and the order keys (TaskOrderRepository). */
@Injectable()
export class TasksRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** One task's row with its place, assignees and attachments; locked for the transaction when asked. */
  findRow(db: Db, id: number, lock = false): Promise<TaskRow | null> {
    return findTaskRow(db, id, lock);
  }

  /** Tasks `ids` with their places (deleted ones are absent). */
  async rowsByIds(db: Db, ids: number[]): Promise<TaskRow[]> {
    return ids.length ? db.query(`${TASK_SELECT} WHERE t.id = ANY($1::int[])`, [ids]) : [];
  }

  async insert(db: Db, task: NewTaskRow): Promise<number> {
    const [{ id }]: { id: number }[] = await db.query(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "reminderTime", "createdBy", rank, "completedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $9, CASE WHEN $8::boolean THEN now() END)
       RETURNING id`,
      [
        task.title,
        task.description,
        task.clientId,
        task.columnId,
        task.deadline,
        task.reminderTime,
        task.createdBy,
        task.completed,
        task.rank,
      ],
    );
    return id;
  }

  async addAssignees(db: Db, taskId: number, userIds: number[]): Promise<void> {
    for (const userId of userIds) await db.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [taskId, userId]);
  }

  async removeAssignees(db: Db, taskId: number, userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    await db.query(`DELETE FROM task_assignees WHERE "taskId" = $1 AND "userId" = ANY($2::int[])`, [taskId, userIds]);
  }

  /** Sets these fields (and updatedAt) when there are any. */
  async updateFields(db: Db, id: number, fields: Partial<Record<TaskField, unknown>>): Promise<void> {
    const entries = Object.entries(fields);
    if (!entries.length) return;
    const set = entries.map(([column], index) => `"${column}" = $${index + 2}`);
    await db.query(`UPDATE tasks SET ${set.join(', ')}, "updatedAt" = now() WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
  }

  /** Back on the board at `rank`; completedAt follows the column (`completed`: a completion list). */
  async unarchive(db: Db, id: number, rank: string, completed: boolean): Promise<void> {
    await db.query(
      `UPDATE tasks SET "isArchived" = false, rank = $2, "updatedAt" = now(),
              "completedAt" = CASE WHEN $3::boolean THEN COALESCE("completedAt", now()) END
        WHERE id = $1`,
      [id, rank, completed],
    );
  }

  async summary(taskId: number, db: Db = this.dataSource): Promise<TaskSummary | null> {
    const [row]: TaskSummary[] = await db.query(
      `SELECT t.id, t.title, t."clientId", t."createdBy",
              ARRAY(SELECT a."userId" FROM task_assignees a WHERE a."taskId" = t.id ORDER BY a."userId") AS assignees
         FROM tasks t WHERE t.id = $1`,
      [taskId],
    );
    return row ?? null;
  }

  async assigneesOf(taskId: number): Promise<number[]> {
    const [row]: { assignees: number[] }[] = await this.dataSource.query(
      `SELECT ARRAY(SELECT a."userId" FROM task_assignees a WHERE a."taskId" = $1) AS assignees`,
      [taskId],
    );
    return row?.assignees ?? [];
  }

  /** The ids of the tasks the user is assigned to. */
  async assignedTaskIds(userId: number, db: Db = this.dataSource): Promise<number[]> {
    const rows: { taskId: number }[] = await db.query(`SELECT "taskId" FROM task_assignees WHERE "userId" = $1`, [userId]);
    return rows.map((row) => row.taskId);
  }

  /** Title and client of tasks `ids` (deleted ones are absent). */
  byIds(ids: number[], db: Db = this.dataSource): Promise<{ id: number; title: string; clientId: number }[]> {
    return db.query(`SELECT id, title, "clientId" FROM tasks WHERE id = ANY($1::int[])`, [ids]);
  }

  /** Non-archived tasks due after `now` and within a day of it. */
  dueWithinADay(now: Date): Promise<DueTask[]> {
    return this.dataSource.query(
      `SELECT "taskId", title, deadline, "reminderTime", "columnName", assignees,
              COALESCE(NULLIF(assignees, '{}'), CASE WHEN "createdBy" IS NULL THEN '{}'::int[] ELSE ARRAY["createdBy"] END) AS recipients
         FROM (SELECT t.id AS "taskId", t.title, t.deadline, t."reminderTime", t."createdBy", c.name AS "columnName",
                      ARRAY(SELECT a."userId" FROM task_assignees a WHERE a."taskId" = t.id ORDER BY a."userId") AS assignees
                 FROM tasks t JOIN columns c ON c.id = t."columnId"
                WHERE NOT t."isArchived" AND t.deadline > $1 AND t.deadline <= $1::timestamptz + interval '1 day') due`,
      [now],
    );
  }

  /** The newest task on the board (not archived), or null. */
  async newestOpenTaskId(): Promise<number | null> {
    const [task]: { id: number }[] = await this.dataSource.query(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id DESC LIMIT 1`);
    return task?.id ?? null;
  }
}
