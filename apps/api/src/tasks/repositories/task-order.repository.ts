import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import { preparedQuery } from '../../platform/database/prepared-query';
import type { TaskRow } from '../task-rows';
import { taskSelect } from './task-sql';

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
export type MoveRow = TaskRow & {
  currentRank: string;
  targetName: string | null;
  place: number;
  newRank: string | null;
  newCompletedAt: Date | null;
  noKey: boolean;
  namesChanged: boolean;
};

/** The parameters of MOVE, in its order. */
export interface MoveParams {
  taskId: number;
  columnId: number;
  offset: number;
  /** How many keys to read at the offset: 1 for the first place, else 2. */
  count: number;
  wanted: number;
  userId: number;
  /** editRights(user). */
  editsEvery: boolean;
  editsAssigned: boolean;
  /** id → name of the columns, as JSON. */
  columnNames: string;
  completionColumns: number[];
}

/** The order keys of a column's tasks: every query TaskOrdering runs. */
@Injectable()
export class TaskOrderRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The last key among the column's board tasks (null: none). */
  async lastRank(db: Db, columnId: number): Promise<string | null> {
    const [{ last }]: { last: string | null }[] = await db.query(
      `SELECT max(rank) AS last FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`,
      [columnId],
    );
    return last;
  }

  /** The `count` keys at `offset` among the column's other board tasks, their last key and their count. */
  async keysAround(
    db: Db,
    columnId: number,
    taskId: number,
    offset: number,
    count: number,
  ): Promise<{ near: string[] | null; last: string | null; n: number }> {
    const [row]: { near: string[] | null; last: string | null; n: number }[] = await db.query(
      `SELECT (SELECT array_agg(rank ORDER BY rank) FROM (SELECT rank FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank OFFSET $3 LIMIT $4) s) AS near,
              (SELECT max(rank) FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS last,
              (SELECT count(*)::int FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS n`,
      [columnId, taskId, offset, count],
    );
    return row;
  }

  /** Locks the column row (one respacing at a time) and reads its board tasks but `exceptId` in key order. */
  async lockColumnTaskIds(db: Db, columnId: number, exceptId: number): Promise<number[]> {
    await db.query(`SELECT id FROM columns WHERE id = $1 FOR UPDATE`, [columnId]);
    const rows: { id: number }[] = await db.query(
      `SELECT id FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank, id`,
      [columnId, exceptId],
    );
    return rows.map((row) => row.id);
  }

  /** Writes `ranks` to tasks `ids` (same order) that are still board tasks of the column. */
  async writeRanks(db: Db, columnId: number, ids: number[], ranks: string[]): Promise<void> {
    // Temporary distinct keys first: the unique index is checked row by row. Only rows still in the
    // column: a one-statement move out of it may have committed since the read (its row is waited
    // for, then left alone).
    const stillHere = `"columnId" = $2 AND NOT "isArchived"`;
    await db.query(`UPDATE tasks SET rank = '~' || id WHERE id = ANY($1::int[]) AND ${stillHere}`, [ids, columnId]);
    await db.query(
      `UPDATE tasks t SET rank = v.rank FROM unnest($1::int[], $3::text[]) AS v(id, rank) WHERE t.id = v.id AND ${stillHere}`,
      [ids, columnId, ranks],
    );
  }

  /** The columns `ids`, key-share locked: a concurrent column delete waits for this move (and then sees its task). */
  columnsKeyShared(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
    return db.query(`SELECT id, name FROM columns WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`, [ids]);
  }

  /** The task's new column and key; completedAt set on entering a completion column, cleared on leaving one. */
  async place(db: Db, taskId: number, columnId: number, rank: string, completed: boolean, wasCompleted: boolean): Promise<void> {
    await db.query(
      `UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${completedAtAfterMove('$4::boolean', '$5::boolean')} WHERE id = $1`,
      [taskId, columnId, rank, completed, wasCompleted],
    );
  }

  columnNames(): Promise<{ id: number; name: string }[]> {
    return this.dataSource.query(`SELECT id, name FROM columns`);
  }

  /** MOVE, as a prepared statement; no row: no such task. */
  async move(params: MoveParams): Promise<MoveRow | undefined> {
    const [row] = await preparedQuery<MoveRow>(this.dataSource, 'task_move', MOVE, [
      params.taskId,
      params.columnId,
      params.offset,
      params.count,
      params.wanted,
      params.userId,
      params.editsEvery,
      params.editsAssigned,
      params.columnNames,
      params.completionColumns,
    ]);
    return row;
  }
}
