import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isCompletedColumnName, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import type { CreateTaskDto, UpdateTaskDto } from './dto/tasks.dto';
import { assertCanEdit, TASK_NOT_ARCHIVED } from './task-access';
import { plainFieldChanges } from './task-changes';
import { AppEvents } from '../platform/events/app-events';
import { taskMoved, type TaskMove } from './task-move';
import { TaskHistoryWriter, type HistoryRow } from './task-history';
import { TaskOrdering } from './task-order.service';
import { retryOnWriteConflict } from './task-rank';
import { TaskRows, type TaskRow } from './task-rows';
import { ColumnsRepository } from './repositories/columns.repository';
import { type TaskField, TasksRepository } from './repositories/tasks.repository';

/** Task writes: create, edit (field by field, with history) and restore. Every change writes history in its transaction. */
@Injectable()
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly columns: ColumnsRepository,
    private readonly rows: TaskRows,
    private readonly ordering: TaskOrdering,
    private readonly events: AppEvents,
    private readonly historyWriter: TaskHistoryWriter,
    private readonly clients: ClientDirectory,
    private readonly users: UserDirectory,
  ) {}

  private async assertClient(db: EntityManager, clientId: number): Promise<void> {
    if (!(await this.clients.exists(clientId, db))) throw new BadRequestException('Cliente não encontrado');
  }

  private async assertAssignees(db: EntityManager, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await this.users.approvedIds(unique, db);
    const missing = unique.filter((id) => !found.includes(id));
    if (missing.length) throw new BadRequestException(`Responsáveis não encontrados: ${missing.join(', ')}`);
    return unique.sort((a, b) => a - b);
  }

  /** The column (key-share locked: a concurrent delete waits, other writers do not). */
  private async column(db: EntityManager, columnId: number | undefined): Promise<{ id: number; name: string }> {
    // No column given: the backlog (the first fixed column).
    const column = await this.columns.keyShared(db, columnId ?? null);
    if (!column) throw new BadRequestException('Lista não encontrada');
    return column;
  }

  async create(user: AuthenticatedUser, dto: CreateTaskDto): Promise<Task> {
    const task = await retryOnWriteConflict(() =>
      this.tasks.transaction(async (db) => {
        await this.assertClient(db, dto.clientId);
        const assignees = await this.assertAssignees(db, dto.assignedTo ?? []);
        const column = await this.column(db, dto.columnId);
        const id = await this.tasks.insert(db, {
          title: dto.title,
          description: dto.description,
          clientId: dto.clientId,
          columnId: column.id,
          deadline: dto.deadline,
          reminderTime: dto.reminderTime ?? null,
          createdBy: user.id,
          completed: isCompletedColumnName(column.name),
          rank: await this.ordering.endRank(db, column.id),
        });
        await this.tasks.addAssignees(db, id, assignees);
        const history: HistoryRow[] = [{ actionType: 'created', metadata: { title: dto.title, columnId: column.id, column: column.name } }];
        if (assignees.length)
          history.push({
            actionType: 'assigned',
            fieldName: 'assignedTo',
            newValue: assignees,
            metadata: { added: assignees, removed: [] },
          });
        if (dto.reminderTime) history.push({ actionType: 'reminder_set', fieldName: 'reminder', newValue: dto.reminderTime });
        await this.historyWriter.write(db, id, user.id, history);
        return this.rows.toTask((await this.tasks.findRow(db, id))!);
      }),
    );
    this.events.emit('TaskCreated', { taskId: task.id, actorId: user.id, assignedTo: task.assignedTo });
    return task;
  }

  async update(user: AuthenticatedUser, id: number, dto: UpdateTaskDto): Promise<Task> {
    let assignmentChange: { added: number[]; removed: number[] } | null = null;
    let moved: TaskMove | null = null;
    const task = await retryOnWriteConflict(() =>
      this.tasks.transaction(async (db) => {
        assignmentChange = null;
        moved = null;
        const current = await this.tasks.findRow(db, id, true);
        assertCanEdit(user, current);
        const history: HistoryRow[] = [];
        const fields: Partial<Record<TaskField, unknown>> = {};
        const assign = (column: TaskField, value: unknown) => {
          fields[column] = value;
        };

        for (const change of plainFieldChanges(current, dto)) {
          if (change.column === 'clientId') await this.assertClient(db, change.value as number);
          assign(change.column, change.value);
          history.push(change.history);
        }
        if (dto.isArchived !== undefined && dto.isArchived !== current.isArchived) {
          if (dto.isArchived) {
            assign('isArchived', true);
            history.push({
              actionType: 'updated',
              fieldName: 'status',
              oldValue: 'active',
              newValue: 'archived',
              metadata: { columnId: current.columnId, column: current.columnName },
            });
          } else history.push(await this.unarchive(db, current));
        }
        if (dto.assignedTo !== undefined) {
          const next = await this.assertAssignees(db, dto.assignedTo);
          const added = next.filter((u) => !current.assignedTo.includes(u));
          const removed = current.assignedTo.filter((u) => !next.includes(u));
          if (added.length || removed.length) {
            await this.tasks.removeAssignees(db, id, removed);
            await this.tasks.addAssignees(db, id, added);
            history.push({
              actionType: 'assigned',
              fieldName: 'assignedTo',
              oldValue: current.assignedTo,
              newValue: next,
              metadata: { added, removed },
            });
            assignmentChange = { added, removed };
          }
        }
        await this.tasks.updateFields(db, id, fields);
        await this.historyWriter.write(db, id, user.id, history);
        if (dto.columnId !== undefined && dto.columnId !== current.columnId) {
          // To the end of the other column, as a drop on it does.
          moved = await this.ordering.moveWithin(db, user, current, dto.columnId, Number.MAX_SAFE_INTEGER);
        }
        return this.rows.toTask((await this.tasks.findRow(db, id))!);
      }),
    );
    this.events.emit('TaskUpdated', { taskId: id, actorId: user.id });
    const change = assignmentChange as { added: number[]; removed: number[] } | null;
    if (change) this.events.emit('TaskAssigned', { taskId: id, actorId: user.id, ...change });
    const move = moved as TaskMove | null;
    if (move) this.events.emit('TaskMoved', taskMoved(id, user.id, move));
    return task;
  }

  /**
   * Puts an archived task back on the board inside an open transaction, at the end of its column
   * (its old key may be taken by now); returns its history row. Deleting a column moves the
   * archived tasks it held to the backlog, so a task whose column is gone comes back there.
   * completedAt follows the column it comes back to, as after a move.
   */
  private async unarchive(db: EntityManager, current: TaskRow): Promise<HistoryRow> {
    const rank = await this.ordering.endRank(db, current.columnId);
    await this.tasks.unarchive(db, current.id, rank, isCompletedColumnName(current.columnName));
    return {
      actionType: 'updated',
      fieldName: 'status',
      oldValue: 'archived',
      newValue: 'active',
      metadata: { columnId: current.columnId, column: current.columnName },
    };
  }

  /** POST /api/tasks/{id}/restore: editing rights as for any change; a task not archived is a 409. */
  async restore(user: AuthenticatedUser, id: number): Promise<Task> {
    const task = await retryOnWriteConflict(() =>
      this.tasks.transaction(async (db) => {
        const current = await this.tasks.findRow(db, id, true);
        assertCanEdit(user, current);
        if (!current.isArchived) throw new ConflictException(TASK_NOT_ARCHIVED);
        await this.historyWriter.write(db, id, user.id, [await this.unarchive(db, current)]);
        return this.rows.toTask((await this.tasks.findRow(db, id))!);
      }),
    );
    this.events.emit('TaskUpdated', { taskId: id, actorId: user.id });
    return task;
  }
}
