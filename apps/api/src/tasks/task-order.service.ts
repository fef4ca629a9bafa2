import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isCompletedColumnName, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { pgError } from '../common/db-errors';
import { preparedQuery } from '../common/prepared-query';
import type { MoveTaskDto } from './dto/tasks.dto';
import { assertCanEdit, editRights } from './task-access';
import { AppEvents } from '../events/app-events';
import { taskMoved, type TaskMove } from './task-move';
import { TaskHistoryWriter } from './task-history';
import { freshRanks, isWriteConflict, RANK_MAX_LENGTH, rankBetween, retryOnWriteConflict, UnusableRankError } from './task-rank';
import { TaskRows, taskSelect, type TaskRow } from './task-rows';

/**
 * completedAt after a move, from two SQL conditions: set on entering a completed column (`target`
 * completed, `source` not), cleared on leaving one; `current` is the column as the statement names it.
 */
const completedAtAfterMove = (target: string, source: string, current = '"completedAt"') =>
  `CASE WHEN ${target} AND NOT ${source} THEN now() WHEN NOT ${target} THEN NULL ELSE ${current} END`;

/**
 * A move in one statement, and so one round trip and one transaction, without a lock:
 * - `cur`: the task as it is, with the target column's name;
 * - `near`: the keys at the place asked ($3 offset, $4 how many) among the target column's other
 *   board tasks, read in key order through the (columnId, rank) index; `span`: the keys the new
 *   one goes between and its 1-based place (past the end: after the last key, at count + 1);
 * - `key`: a key between them (`task_rank_between`, NULL when only the slower path can make it);
 * - `moved`: the row, only if it is still where `cur` saw it, the user may edit it ($7: every task
 *   he sees; $8: the tasks assigned to him, $6) and both columns' names are the ones the caller
 *   decided completion from ($9 id → name, $10 the completion columns among them);
 * - its 'moved' history row.
 * The commit does not wait for the WAL flush (synchronous_commit off for this transaction; see
 * docs/decisions.md). What it answers says why nothing was written, when nothing was.
 */
const MOVE = `
  WITH cur AS (${taskSelect('0', 'tasks', `t.rank AS "currentRank", (SELECT name FROM columns WHERE id = $2) AS "targetName",`)} WHERE t.id = $1),
       near AS (SELECT array_agg(rank ORDER BY rank) AS near FROM (
         SELECT rank FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1 ORDER BY rank OFFSET $3 LIMIT $4) s),
       span AS (
         SELECT CASE WHEN $5 = 1 THEN NULL WHEN coalesce(cardinality(near), 0) = $4 THEN near[1]
                     ELSE (SELECT max(rank) FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1) END AS lo,
                CASE WHEN $5 = 1 THEN near[1] WHEN coalesce(cardinality(near), 0) = $4 THEN near[2] END AS hi,
                CASE WHEN coalesce(cardinality(near), 0) = $4 THEN $5
                     ELSE (SELECT count(*)::int FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1) + 1 END AS place
           FROM near),
       key AS (SELECT task_rank_between(lo, hi) AS rank FROM span),
       moved AS (
         UPDATE tasks t SET "columnId" = $2, rank = key.rank, "updatedAt" = now(),
                "completedAt" = ${completedAtAfterMove('$2 = ANY($10::int[])', 'cur."columnId" = ANY($10::int[])', 't."completedAt"')}
           FROM cur, key
          WHERE t.id = $1 AND t."columnId" = cur."columnId" AND t.rank = cur."currentRank" AND NOT t."isArchived"
            AND key.rank IS NOT NULL AND key.rank <> cur."currentRank"
            AND ($7 OR ($8 AND $6 = ANY(cur."assignedTo")))
            AND cur."columnName" = $9::jsonb ->> cur."columnId"::text AND cur."targetName" = $9::jsonb ->> $2::text
         RETURNING t.rank, t."completedAt"),
       history AS (
         INSERT INTO task_history ("taskId", "userId", "actionType", "oldValue", "newValue", metadata)
         SELECT $1, $6, 'moved', cur."columnName", cur."targetName",
                jsonb_build_object('fromColumnId', cur."columnId", 'toColumnId', $2, 'fromColumn', cur."columnName",
                                   'toColumn', cur."targetName", 'position', span.place)
           FROM moved, cur, span)
  SELECT set_config('synchronous_commit', 'off', true) AS "asyncCommit", cur.*, span.place,
         moved.rank AS "newRank", moved."completedAt" AS "newCompletedAt", key.rank IS NULL AS "noKey",
         cur."columnName" IS DISTINCT FROM $9::jsonb ->> cur."columnId"::text
           OR cur."targetName" IS DISTINCT FROM $9::jsonb ->> $2::text AS "namesChanged"
    FROM cur CROSS JOIN span CROSS JOIN key LEFT JOIN moved ON true`;

/** What MOVE answers (no row: no such task). */
type MoveRow = TaskRow & {
  currentRank: string;
  targetName: string | null;
  place: number;
  newRank: string | null;
  newCompletedAt: Date | null;
  noKey: boolean;
  namesChanged: boolean;
};

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rows: TaskRows,
    private readonly historyWriter: TaskHistoryWriter,
    private readonly events: AppEvents,
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
    // Temporary distinct keys first: the unique index is checked row by row. Only rows still in the
    // column: a one-statement move out of it may have committed since the read (its row is waited
    // for, then left alone).
    const stillHere = `"columnId" = $2 AND NOT "isArchived"`;
    await db.query(`UPDATE tasks SET rank = '~' || id WHERE id = ANY($1::int[]) AND ${stillHere}`, [ids, columnId]);
    await db.query(
      `UPDATE tasks t SET rank = v.rank FROM unnest($1::int[], $3::text[]) AS v(id, rank) WHERE t.id = v.id AND ${stillHere}`,
      [ids, columnId, freshRanks(ids.length)],
    );
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
      `UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${completedAtAfterMove('$4::boolean', '$5::boolean')} WHERE id = $1`,
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

  /** The columns' names for MOVE, read once (concurrent moves share the read) and again whenever a move finds one changed. */
  private columnNames: Promise<ColumnNames> | null = null;

  private namesOfColumns(): Promise<ColumnNames> {
    this.columnNames ??= (this.dataSource.query(`SELECT id, name FROM columns`) as Promise<{ id: number; name: string }[]>).then(
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
        [row] = await preparedQuery<MoveRow>(this.dataSource, 'task_move', MOVE, [
          id,
          dto.columnId,
          offset,
          wanted === 1 ? 1 : 2,
          wanted,
          user.id,
          ...editRights(user),
          columns.json,
          columns.completion,
        ]);
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
      this.dataSource.transaction(async (db) => {
        const locked = await this.rows.findRow(db, id, true);
        assertCanEdit(user, locked);
        if (locked.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
        moved = await this.moveWithin(db, user, locked, dto.columnId, wanted);
        return this.rows.toTask((await this.rows.findRow(db, id))!);
      }),
    );
    const move = moved as TaskMove | null;
    if (move) this.events.emit('TaskMoved', taskMoved(id, user.id, move));
    return task;
  }
}
