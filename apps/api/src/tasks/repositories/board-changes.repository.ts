import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Db, ModuleRepository } from '../../platform/database/repository';

/** One change of the log: its kind ('task', 'assignee', 'column', 'reset'), the task and the user it names. */
export interface BoardChangeRow {
  kind: string;
  taskId: number | null;
  userId: number | null;
}

/**
 * board_version and board_changes: the board's version and change log, written by the triggers of
 * the BoardChanges migration on tasks, task_assignees, task_attachments and columns.
 */
@Injectable()
export class BoardChangesRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The current board version and the newest pruned one. */
  async head(db: Db = this.dataSource): Promise<{ version: number; prunedThrough: number }> {
    const [row]: { version: string; prunedThrough: string }[] = await db.query(
      `SELECT version::text AS version, "prunedThrough"::text AS "prunedThrough" FROM board_version WHERE id = 1`,
    );
    return { version: Number(row.version), prunedThrough: Number(row.prunedThrough) };
  }

  /** The distinct changes in (from, to], at most `limit`. */
  changes(db: Db, from: number, to: number, limit: number): Promise<BoardChangeRow[]> {
    return db.query(`SELECT DISTINCT kind, "taskId", "userId" FROM board_changes WHERE version > $1 AND version <= $2 LIMIT $3`, [
      from,
      to,
      limit,
    ]);
  }

  /** The newest version older than `before` among the oldest `scanRows` log rows (null: none). */
  async newestOlderThan(before: Date, scanRows: number): Promise<number | null> {
    const [{ byAge }]: { byAge: string | null }[] = await this.dataSource.query(
      `SELECT max(version)::text AS "byAge" FROM (SELECT version, "createdAt" FROM board_changes ORDER BY version LIMIT $2) o
        WHERE "createdAt" < $1`,
      [before, scanRows],
    );
    return byAge === null ? null : Number(byAge);
  }

  /** Deletes the log rows up to `version` (never past the current version); the newest pruned version. */
  pruneThrough(version: number): Promise<number> {
    return this.dataSource.transaction(async (db) => {
      // The delete first: the board_version row (which every board commit locks) is held only briefly.
      await db.query(`DELETE FROM board_changes WHERE version <= LEAST($1::bigint, (SELECT version FROM board_version WHERE id = 1))`, [
        version,
      ]);
      // TypeORM answers an UPDATE with [rows, count].
      const [[row]]: [{ prunedThrough: string }[], number] = await db.query(
        `UPDATE board_version SET "prunedThrough" = GREATEST("prunedThrough", LEAST($1::bigint, version)) WHERE id = 1 RETURNING "prunedThrough"::text AS "prunedThrough"`,
        [version],
      );
      return Number(row.prunedThrough);
    });
  }
}
