import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { assertCanSee } from './task-access';
import { type DueTask, type TaskSummary, TasksRepository } from './repositories/tasks.repository';

export type { DueTask, TaskSummary };

type Db = EntityManager | DataSource;

/** Tasks as other modules see them: the visibility rule, titles and assignees. */
@Injectable()
export class TaskLookup {
  constructor(private readonly tasks: TasksRepository) {}

  summary(taskId: number, db?: Db): Promise<TaskSummary | null> {
    return this.tasks.summary(taskId, db);
  }

  /** The task if this user may see it (every task with tasks view_all, else assigned ones); 404 otherwise. */
  async visible(user: AuthenticatedUser, taskId: number, db?: Db): Promise<TaskSummary> {
    const task = await this.summary(taskId, db);
    assertCanSee(user, task && { assignedTo: task.assignees });
    return task!;
  }

  assigneesOf(taskId: number): Promise<number[]> {
    return this.tasks.assigneesOf(taskId);
  }

  /** The tasks the user is assigned to (a time_tracking 'assigned' scope sees their entries). */
  assignedTaskIds(userId: number, db?: Db): Promise<number[]> {
    return this.tasks.assignedTaskIds(userId, db);
  }

  /** id → title and client of these tasks, one query. */
  async byIds(ids: Iterable<number>, db?: Db): Promise<Map<number, { title: string; clientId: number }>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.tasks.byIds(unique, db);
    return new Map(rows.map((row) => [row.id, { title: row.title, clientId: row.clientId }]));
  }

  /** Non-archived tasks due after `now` and within a day of it. */
  dueWithinADay(now: Date): Promise<DueTask[]> {
    return this.tasks.dueWithinADay(now);
  }

  /** The newest task on the board (not archived), or null. */
  newestOpenTaskId(): Promise<number | null> {
    return this.tasks.newestOpenTaskId();
  }
}
