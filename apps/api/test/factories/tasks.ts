import { isCompletedColumnName, type Column } from '@wkflow/contracts';
import { ColumnsService } from '../../src/tasks/columns.service';
import { ColumnEntity, TaskAssigneeEntity, TaskEntity, TaskHistoryEntity } from '../../src/tasks/task.entities';
import { TaskOrdering } from '../../src/tasks/task-order.service';
import { retryOnWriteConflict } from '../../src/tasks/task-rank';
import type { FactoryContext } from './context';
import { newClient } from './clients';
import { unique } from './names';
import { adminUserId } from './users';

const DAY = 86_400_000;

/** A seeded column by its name ('Backlog', 'A fazer', 'Em andamento', 'Em revisão', 'concluídos'). */
export async function columnNamed(ctx: FactoryContext, name: string): Promise<ColumnEntity> {
  return ctx.dataSource.getRepository(ColumnEntity).findOneByOrFail({ name });
}

/** The default column of a new task: the first of the board that is not a completion list (the Backlog when seeded). */
export async function firstOpenColumn(ctx: FactoryContext): Promise<ColumnEntity> {
  const columns = await ctx.dataSource.getRepository(ColumnEntity).find({ order: { position: 'ASC', id: 'ASC' } });
  const open = columns.find((column) => !isCompletedColumnName(column.name));
  if (!open) throw new Error('factory: the board has no column that is not a completion list');
  return open;
}

/** A new list, through the columns service (its place rule: before a closing 'concluídos'); the name is unique unless given. */
export async function newColumn(ctx: FactoryContext, options: { name?: string; color?: string } = {}): Promise<Column> {
  const name = options.name ?? unique('Lista ');
  return ctx.app.get(ColumnsService).create(await adminUserId(ctx), { name, ...(options.color !== undefined && { color: options.color }) });
}

export interface NewTaskOptions {
  title?: string;
  description?: string;
  /** The client's id; default: a new client. */
  client?: number;
  /** The column's id; default: firstOpenColumn. */
  column?: number;
  /** Default: two days from now. */
  deadline?: Date;
  /** Approved users' ids, written as the task's assignees. */
  assignees?: number[];
  /** Default: null (no creator left). */
  createdBy?: number | null;
  reminderTime?: string | null;
  isArchived?: boolean;
  /** Default: as the create sets it (now in a completion list, else null); given: back-dated figures. */
  completedAt?: Date | null;
  /** Back-dates the task. */
  createdAt?: Date;
}

export type NewTask = TaskEntity & { assignees: number[] };

/**
 * A task row and its assignees as the create leaves them: the order key at the end of its column
 * (the ordering service's endRank) and completedAt set by the column. No history, no notification
 * and no event: a test that needs those creates the task through the API.
 */
export async function newTask(ctx: FactoryContext, options: NewTaskOptions = {}): Promise<NewTask> {
  const columnId = options.column ?? (await firstOpenColumn(ctx)).id;
  const clientId = options.client ?? (await newClient(ctx)).id;
  const assignees = [...new Set(options.assignees ?? [])];
  // Retried like the create: two tasks made at once may pick the same key at a column's end.
  return retryOnWriteConflict(() =>
    ctx.dataSource.transaction(async (db) => {
      const column = await db.getRepository(ColumnEntity).findOneByOrFail({ id: columnId });
      const tasks = db.getRepository(TaskEntity);
      const task = await tasks.save(
        tasks.create({
          title: options.title ?? unique('Tarefa '),
          description: options.description ?? 'descrição',
          clientId,
          columnId,
          deadline: options.deadline ?? new Date(Date.now() + 2 * DAY),
          reminderTime: options.reminderTime ?? null,
          createdBy: options.createdBy ?? null,
          isArchived: options.isArchived ?? false,
          rank: await ctx.app.get(TaskOrdering).endRank(db, columnId),
          completedAt: options.completedAt !== undefined ? options.completedAt : isCompletedColumnName(column.name) ? new Date() : null,
          ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
        }),
      );
      if (assignees.length) await db.getRepository(TaskAssigneeEntity).insert(assignees.map((userId) => ({ taskId: task.id, userId })));
      return Object.assign(task, { assignees });
    }),
  );
}

/** Adds assignees to an existing task (as an edit that assigns them would, without its history). */
export async function assignTask(ctx: FactoryContext, taskId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await ctx.dataSource.getRepository(TaskAssigneeEntity).insert(userIds.map((userId) => ({ taskId, userId })));
}

/** One task history row (who did what, when): activity figures read these. */
export async function newTaskHistory(
  ctx: FactoryContext,
  options: { task: number; user: number | null; actionType: string; createdAt?: Date },
): Promise<TaskHistoryEntity> {
  const history = ctx.dataSource.getRepository(TaskHistoryEntity);
  return history.save(
    history.create({
      taskId: options.task,
      userId: options.user,
      actionType: options.actionType,
      ...(options.createdAt !== undefined && { createdAt: options.createdAt }),
    }),
  );
}
