import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isCompletedColumnName, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { pgError } from '../common/db-errors';
import { preparedQuery } from '../common/prepared-query';
import type { MoveTaskDto } from './dto/tasks.dto';
import { assertCanEdit } from './task-access';
import { TaskEvents, type TaskMove } from './task-events';
import { TaskHistoryWriter } from './task-history';
import { freshRanks, isRankConflict, RANK_MAX_LENGTH, rankBetween, retryOnRankConflict, UnusableRankError } from './task-rank';
import { TaskRows, taskSelect, type TaskRow } from './task-rows';

/** completedAt after a move: set on entering a completed column ($4: target completed, $5: source completed), cleared on leaving. */
const COMPLETED_AT_AFTER_MOVE = `CASE WHEN $4::boolean AND NOT $5::boolean THEN now() WHEN NOT $4::boolean THEN NULL ELSE "completedAt" END`;

/**
 * A move's read, one statement without a lock: the task (with its key; its current place is not
 * needed), the target column's name and the keys at the place asked ($3 offset, $4 how many) among
 * that column's other board tasks, read in key order through the (columnId, rank) index. Only when
 * fewer keys than asked come back (the place is past the end) are the column's last key and count read.
 */
const MOVE_READ = `
  WITH near AS (SELECT array_agg(rank ORDER BY rank) AS near FROM (
         SELECT rank FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1 ORDER BY rank OFFSET $3 LIMIT $4) s)
  ${taskSelect(
    '0',
    'tasks',
    `t.rank AS "currentRank",
     (SELECT name FROM columns WHERE id = $2) AS "targetName",
     (SELECT near FROM near) AS near,
     CASE WHEN coalesce(cardinality((SELECT near FROM near)), 0) < $4
          THEN (SELECT max(rank) FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1) END AS last,
     CASE WHEN coalesce(cardinality((SELECT near FROM near)), 0) < $4
          THEN (SELECT count(*)::int FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1) END AS n,`,
  )} WHERE t.id = $1`;

/**
 * A move's write, one statement and so one transaction: the row, only if it is still where the
 * read saw it ($8 column, $9 key: otherwise nothing is written and the move is read again), its
 * 'moved' history row ($6 user, $7 names and metadata), and its new place. The commit does not wait
 * for the WAL flush (synchronous_commit off for this transaction; see docs/decisions.md).
 */
const MOVE_WRITE = `
  WITH moved AS (
         UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${COMPLETED_AT_AFTER_MOVE}
          WHERE id = $1 AND "columnId" = $8 AND rank = $9 AND NOT "isArchived"
         RETURNING "completedAt"),
       history AS (
         INSERT INTO task_history ("taskId", "userId", "actionType", "oldValue", "newValue", metadata)
         SELECT $1, $6, 'moved', $7::jsonb->>'from', $7::jsonb->>'to', $7::jsonb->'metadata' FROM moved)
  SELECT set_config('synchronous_commit', 'off', true) AS "asyncCommit", "completedAt",
         (SELECT count(*) FROM tasks k WHERE k."columnId" = $2 AND NOT k."isArchived" AND k.id <> $1 AND k.rank < $3)::int + 1 AS position
    FROM moved`;

/** What MOVE_READ answers. */
type MoveRead = TaskRow & { currentRank: string; targetName: string | null; near: string[] | null; last: string | null; n: number | null };

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rows: TaskRows,
    private readonly historyWriter: TaskHistoryWriter,
    private readonly events: TaskEvents,
  ) {}

  /** A key after the last board task of the column (new and restored tasks go to the end). */
  async endRank(db: EntityManager, columnId: number, respaced = false): Promise<string> {
    const [{ last }] = await db.query(`SELECT max(rank) AS last FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [columnId]);
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
   * retried with a fresh read (retryOnRankConflict).
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
    const [row]: { near: string[] | null; last: string | null; n: number }[] = await db.query(
      `SELECT (SELECT array_agg(rank ORDER BY rank) FROM (SELECT rank FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank OFFSET $3 LIMIT $4) s) AS near,
              (SELECT max(rank) FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS last,
              (SELECT count(*)::int FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS n`,
      [columnId, taskId, offset, wanted === 1 ? 1 : 2],
    );
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
    await db.query(`SELECT id FROM columns WHERE id = $1 FOR UPDATE`, [columnId]);
    const rows: { id: number }[] = await db.query(
      `SELECT id FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank, id`,
      [columnId, taskId ?? 0],
    );
    const ids = rows.map((r) => r.id);
    if (taskId !== null) ids.splice(place - 1, 0, taskId);
    // Temporary distinct keys first: the unique index is checked row by row.
    await db.query(`UPDATE tasks SET rank = '~' || id WHERE id = ANY($1::int[])`, [ids]);
    await db.query(`UPDATE tasks t SET rank = v.rank FROM unnest($1::int[], $2::text[]) AS v(id, rank) WHERE t.id = v.id`, [
      ids,
      freshRanks(ids.length),
    ]);
  }

  /** Moves inside an open transaction: one row gets the target column and a key at the place asked; records history. */
  async moveWithin(db: EntityManager, user: AuthenticatedUser, task: TaskRow, toColumnId: number, position: number) {
    // Key-share locks: a concurrent column delete waits for this move (and then sees its task).
    const columns: { id: number; name: string }[] = await db.query(
      `SELECT id, name FROM columns WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`,
      [[task.columnId, toColumnId]],
    );
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
    await db.query(
      `UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${COMPLETED_AT_AFTER_MOVE} WHERE id = $1`,
      [task.id, toColumnId, tooLong ? `~${task.id}` : rank, completed, wasCompleted],
    );
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

  /**
   * PUT /api/tasks/{id}/move: two statements and no explicit transaction (MOVE_READ, then
   * MOVE_WRITE, which checks the task did not move in between); no column lock, no renumbering.
   * Read again when the task moved meanwhile or another move took the same key.
   */
  async move(user: AuthenticatedUser, id: number, dto: MoveTaskDto): Promise<Task> {
    const wanted = Math.max(1, dto.position);
    const offset = Math.min(Math.max(0, wanted - 2), MAX_OFFSET);
    let moved: TaskMove | null = null;
    let task: Task | null = null;
    for (let attempt = 1; !task; attempt += 1) {
      const [row] = await preparedQuery<MoveRead>(this.dataSource, 'task_move_read', MOVE_READ, [
        id,
        dto.columnId,
        offset,
        wanted === 1 ? 1 : 2,
      ]);
      const current = row ?? null;
      assertCanEdit(user, current);
      if (current.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
      if (current.targetName === null) throw new BadRequestException('Lista não encontrada');
      const source = { id: current.columnId, name: current.columnName };
      const target = { id: dto.columnId, name: current.targetName };
      let key: { rank: string; place: number } | null = null;
      try {
        key = keyForPlace(wanted, current, current.columnId !== dto.columnId ? current.currentRank : null);
      } catch (error) {
        if (!(error instanceof UnusableRankError)) throw error;
      }
      const { rank, place } = key ?? { rank: '', place: wanted };
      const wasCompleted = isCompletedColumnName(source.name);
      const completed = isCompletedColumnName(target.name);
      moved = { from: source.id, to: target.id, completed: completed && !wasCompleted };
      if (!key || rank.length > RANK_MAX_LENGTH || attempt > MOVE_ATTEMPTS) {
        // Rare: a column needing fresh keys, or a task fought over: the locked path.
        task = await retryOnRankConflict(() =>
          this.dataSource.transaction(async (db) => {
            const locked = await this.rows.findRow(db, id, true);
            assertCanEdit(user, locked);
            if (locked.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
            moved = await this.moveWithin(db, user, locked, dto.columnId, wanted);
            return this.rows.toTask((await this.rows.findRow(db, id))!);
          }),
        );
        break;
      }
      try {
        const [after] = await preparedQuery<{ completedAt: Date | null; position: number }>(
          this.dataSource,
          'task_move_write',
          MOVE_WRITE,
          [
            id,
            target.id,
            rank,
            completed,
            wasCompleted,
            user.id,
            JSON.stringify({ from: source.name, to: target.name, metadata: movedMetadata(source, target, place) }),
            current.columnId,
            current.currentRank,
          ],
        );
        if (after) task = this.rows.toTask({ ...current, columnId: target.id, columnName: target.name, rank, ...after });
      } catch (error) {
        if (isRankConflict(error)) continue;
        // The column was deleted between the read and the write.
        if (pgError(error)?.code === '23503') throw new BadRequestException('Lista não encontrada');
        throw error;
      }
    }
    this.events.emitMoved(id, user.id, moved as TaskMove | null);
    return task;
  }
}
