import { BadRequestException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isCompletedColumnName, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { pgError } from '../platform/database/db-errors';
import type { MoveTaskDto } from './dto/tasks.dto';
import { assertCanEdit, editRights } from './task-access';
import { AppEvents } from '../platform/events/app-events';
import { taskMoved, type TaskMove } from './task-move';
import { TaskHistoryWriter } from './task-history';
import { freshRanks, isWriteConflict, RANK_MAX_LENGTH, rankBetween, retryOnWriteConflict, UnusableRankError } from './task-rank';
import { TaskRows, type TaskRow } from './task-rows';
import { type MoveRow, TaskOrderRepository } from './repositories/task-order.repository';
import { TasksRepository } from './repositories/tasks.repository';

/** The columns' names as a move last read them, and which of them are completion columns. */
interface ColumnNames {
  /** id → name, as the JSON object the statement takes. */
  json: string;
  completion: number[];
}

/** Lock-free tries of a move before it takes the locked path (a task many people move at once). */
const MOVE_ATTEMPTS = 5;

/** The 'moved' history row's metadata. */
function movedMetadata(source: { id: number; name: string }, target: { id: number; name: string }, place: number) {
  return { fromColumnId: source.id, toColumnId: target.id, fromColumn: source.name, toColumn: target.name, position: place };
}

/**
 * The key for the 1-based place `wanted` (clamped to the end) among a column's other tasks, from
 * the keys read around it: `near` (at offsets wanted-2 and wanted-1, or the first when wanted is 1),
 * and, when `near` came back short, the last key and their count (`n` null: `near` is complete,
 * so the place exists).
 */
function keyForPlace(
  wanted: number,
  around: { near: string[] | null; last: string | null; n: number | null },
  avoid: string | null = null,
): { rank: string; place: number } {
  const near = around.near ?? [];
  const n = around.n ?? Number.MAX_SAFE_INTEGER;
  const place = Math.min(wanted, n + 1);
  let before: string | null;
  let after: string | null;
  if (place === 1) [before, after] = [null, near[0] ?? null];
  else if (place === n + 1) [before, after] = [around.last, null];
  else [before, after] = [near[0], near[1]];
  const rank = rankBetween(before, after);
  // A task entering another column keeps no key it had: the rank trigger takes an unchanged key on
  // a column change for an SQL move and sends the task to the end (columns' first keys often match).
  return { rank: rank === avoid ? rankBetween(rank, after) : rank, place };
}

/** Places past this are the end of any real column (keeps OFFSET bounded). */
const MAX_OFFSET = 1_000_000;

/** Task order: fractional keys, the move call, and the moves and end places other writes need. */
@Injectable()
export class TaskOrdering {
  constructor(
    private readonly order: TaskOrderRepository,
    private readonly tasks: TasksRepository,
    private readonly rows: TaskRows,
    private readonly historyWriter: TaskHistoryWriter,
    private readonly events: AppEvents,
  ) {}

  /** A key after the last board task of the column (new and restored tasks go to the end). */
  async endRank(db: EntityManager, columnId: number, respaced = false): Promise<string> {
    const last = await this.order.lastRank(db, columnId);
    try {
      return rankBetween(last, null);
    } catch (error) {
      if (!(error instanceof UnusableRankError) || respaced) throw error;
      await this.respace(db, columnId, null, 0);
      return this.endRank(db, columnId, true);
    }
  }

  /**
   * The key for the 1-based place `position` in the column, the task itself left out (clamped to
   * the end): between the neighbours there, read in one statement. No lock: a concurrent move
   * that picked the same key makes one of the two writes fail on the unique index, and it is
   * retried with a fresh read (retryOnWriteConflict).
   */
  private async rankAt(
    db: EntityManager,
    columnId: number,
    position: number,
    taskId: number,
    avoid: string | null,
    respaced = false,
  ): Promise<{ rank: string; place: number }> {
    const wanted = Math.max(1, position);
    const offset = Math.min(Math.max(0, wanted - 2), MAX_OFFSET);
    const row = await this.order.keysAround(db, columnId, taskId, offset, wanted === 1 ? 1 : 2);
    try {
      return keyForPlace(wanted, row, avoid);
    } catch (error) {
      if (!(error instanceof UnusableRankError) || respaced) throw error;
      await this.respace(db, columnId, null, 0);
      return this.rankAt(db, columnId, position, taskId, avoid, true);
    }
  }

  /**
   * Gives the column's board tasks fresh, short keys in their order, with `taskId` (if any) put at
   * `place`. Runs when a key would grow past RANK_MAX_LENGTH (many cards dropped at one spot) or a
   * key is not one the library accepts (written by hand). Locks the column row, so it waits for
   * writers holding it and runs once at a time.
   */
  private async respace(db: EntityManager, columnId: number, taskId: number | null, place: number): Promise<void> {
    const ids = await this.order.lockColumnTaskIds(db, columnId, taskId ?? 0);
    if (taskId !== null) ids.splice(place - 1, 0, taskId);
    await this.order.writeRanks(db, columnId, ids, freshRanks(ids.length));
  }

  /** Moves inside an open transaction: one row gets the target column and a key at the place asked; records history. */
  async moveWithin(db: EntityManager, user: AuthenticatedUser, task: TaskRow, toColumnId: number, position: number) {
    const columns = await this.order.columnsKeyShared(db, [task.columnId, toColumnId]);
    const target = columns.find((c) => c.id === toColumnId);
    if (!target) throw new BadRequestException('Lista não encontrada');
    const source = columns.find((c) => c.id === task.columnId)!;
    const { rank, place } = await this.rankAt(db, toColumnId, position, task.id, task.columnId !== toColumnId ? task.rank : null);
    return this.placeTask(db, user, task, source, target, rank, place);
  }

  /** Writes a move whose key and place are known (the slow path: history through TaskHistoryWriter, fresh keys when too long). */
  private async placeTask(
    db: EntityManager,
    user: AuthenticatedUser,
    task: TaskRow,
    source: { id: number; name: string },
    target: { id: number; name: string },
    rank: string,
    place: number,
  ) {
    const toColumnId = target.id;
    const wasCompleted = isCompletedColumnName(source.name);
    const completed = isCompletedColumnName(target.name);
    const tooLong = rank.length > RANK_MAX_LENGTH;
    await this.order.place(db, task.id, toColumnId, tooLong ? `~${task.id}` : rank, completed, wasCompleted);
    if (tooLong) await this.respace(db, toColumnId, task.id, place);
    await this.historyWriter.write(db, task.id, user.id, [
      {
        actionType: 'moved',
        oldValue: source.name,
        newValue: target.name,
        metadata: movedMetadata(source, target, place),
      },
    ]);
    return { from: source.id, to: target.id, completed: completed && !wasCompleted };
  }

  /** The columns' names for MOVE, read once (concurrent moves share the read) and again whenever a move finds one changed. */
  private columnNames: Promise<ColumnNames> | null = null;

  private namesOfColumns(): Promise<ColumnNames> {
    this.columnNames ??= this.order.columnNames().then(
      (rows) => ({
        json: JSON.stringify(Object.fromEntries(rows.map((c) => [String(c.id), c.name]))),
        completion: rows.filter((c) => isCompletedColumnName(c.name)).map((c) => c.id),
      }),
      (error: unknown) => {
        this.columnNames = null;
        throw error;
      },
    );
    return this.columnNames;
  }

  /**
   * PUT /api/tasks/{id}/move: one statement (MOVE) and no lock, no renumbering. Completion follows
   * the columns' names through `isCompletedColumnName`, decided here from the names the statement
   * checks are current. Run again when the task moved meanwhile, another move took the same key or
   * a column was renamed; the locked path when the statement cannot make the key.
   */
  async move(user: AuthenticatedUser, id: number, dto: MoveTaskDto): Promise<Task> {
    const wanted = Math.max(1, dto.position);
    const offset = Math.min(Math.max(0, wanted - 2), MAX_OFFSET);
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
      const columns = await this.namesOfColumns();
      let row: MoveRow | undefined;
      try {
        const [editsEvery, editsAssigned] = editRights(user);
        row = await this.order.move({
          taskId: id,
          columnId: dto.columnId,
          offset,
          count: wanted === 1 ? 1 : 2,
          wanted,
          userId: user.id,
          editsEvery,
          editsAssigned,
          columnNames: columns.json,
          completionColumns: columns.completion,
        });
      } catch (error) {
        if (isWriteConflict(error)) continue;
        // The column was deleted between the statement's snapshot and its write.
        if (pgError(error)?.code === '23503') throw new BadRequestException('Lista não encontrada');
        throw error;
      }
      const current = row ?? null;
      assertCanEdit(user, current);
      if (current.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
      if (current.targetName === null) throw new BadRequestException('Lista não encontrada');
      if (current.newRank !== null) {
        const completed = columns.completion.includes(dto.columnId);
        const wasCompleted = columns.completion.includes(current.columnId);
        this.events.emit(
          'TaskMoved',
          taskMoved(id, user.id, {
            from: current.columnId,
            to: dto.columnId,
            completed: completed && !wasCompleted,
            task: { id, title: current.title, clientId: current.clientId, createdBy: current.createdBy, assignees: current.assignedTo },
          }),
        );
        return this.rows.toTask({
          ...current,
          columnId: dto.columnId,
          columnName: current.targetName,
          rank: current.newRank,
          position: current.place,
          completedAt: current.newCompletedAt,
        });
      }
      if (current.namesChanged) this.columnNames = null;
      else if (current.noKey) break;
      // Else the task moved meanwhile, or the key was its own: again.
    }
    // Rare: a column needing fresh keys, or a task fought over: the locked path.
    let moved: TaskMove | null = null;
    const task = await retryOnWriteConflict(() =>
      this.tasks.transaction(async (db) => {
        const locked = await this.tasks.findRow(db, id, true);
        assertCanEdit(user, locked);
        if (locked.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
        moved = await this.moveWithin(db, user, locked, dto.columnId, wanted);
        return this.rows.toTask((await this.tasks.findRow(db, id))!);
      }),
    );
    const move = moved as TaskMove | null;
    if (move) this.events.emit('TaskMoved', taskMoved(id, user.id, move));
    return task;
  }
}
