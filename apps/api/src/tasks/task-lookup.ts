import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReminderOption } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { assertCanSee } from './task-access';

type Db = EntityManager | DataSource;

/**
 * SQL the tasks module writes for other modules' queries that filter or label rows by task, so a
 * list stays one query (docs/decisions.md, "Module boundaries"): the tasks tables are named here only.
 */
export const taskSql = {
  /** True when the user (`userSql`) is assigned to the task (`taskIdSql`). */
  assigned: (taskIdSql: string, userSql: string) =>
    `EXISTS (SELECT 1 FROM task_assignees a WHERE a."taskId" = ${taskIdSql} AND a."userId" = ${userSql})`,
  /** The task's title. */
  title: (taskIdSql: string) => `(SELECT t.title FROM tasks t WHERE t.id = ${taskIdSql})`,
};

export interface TaskSummary {
  id: number;
  title: string;
  clientId: number;
  createdBy: number | null;
  assignees: number[];
}

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

/** Tasks as other modules see them: the visibility rule, titles and assignees. */
@Injectable()
export class TaskLookup {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(taskId: number, db: Db = this.dataSource): Promise<TaskSummary | null> {
    const [row]: TaskSummary[] = await db.query(
      `SELECT t.id, t.title, t."clientId", t."createdBy",
              ARRAY(SELECT a."userId" FROM task_assignees a WHERE a."taskId" = t.id ORDER BY a."userId") AS assignees
         FROM tasks t WHERE t.id = $1`,
      [taskId],
    );
    return row ?? null;
  }

  /** The task if this user may see it (every task with tasks view_all, else assigned ones); 404 otherwise. */
  async visible(user: AuthenticatedUser, taskId: number, db: Db = this.dataSource): Promise<TaskSummary> {
    const task = await this.summary(taskId, db);
    assertCanSee(user, task && { assignedTo: task.assignees });
    return task!;
  }

  async assigneesOf(taskId: number): Promise<number[]> {
    const [row]: { assignees: number[] }[] = await this.dataSource.query(
      `SELECT ARRAY(SELECT a."userId" FROM task_assignees a WHERE a."taskId" = $1) AS assignees`,
      [taskId],
    );
    return row?.assignees ?? [];
  }

  /** id → title and client of these tasks, one query. */
  async byIds(ids: Iterable<number>, db: Db = this.dataSource): Promise<Map<number, { title: string; clientId: number }>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows: { id: number; title: string; clientId: number }[] = await db.query(
      `SELECT id, title, "clientId" FROM tasks WHERE id = ANY($1::int[])`,
      [unique],
    );
    return new Map(rows.map((row) => [row.id, { title: row.title, clientId: row.clientId }]));
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
