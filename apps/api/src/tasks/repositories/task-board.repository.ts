import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../../platform/access/authenticated-user';
import type { TaskPlace } from '../board-places';
import type { TaskRow } from '../task-rows';
import { findTaskRow, likePattern, placedTaskSelect, taskSelect, visibleTaskCondition } from './task-sql';

/** The filters of a board list (GET /api/tasks with search, columnId, cursor or limit). */
export interface BoardListFilter {
  search?: string;
  columnId?: number;
  /** The id of the last task of the previous page. */
  cursor?: number;
  limit?: number;
}

/** The filters and page of the archive (GET /api/tasks/archived). */
export interface ArchivedFilter {
  search?: string;
  clientId?: number;
  limit: number;
  offset: number;
}

export type ArchivedTaskRow = TaskRow & { archivedAt: Date | null };

/** A board_changes step range: the kinds of change and the tasks they name. */
export interface BoardChangeKinds {
  kind: string;
  taskIds: number[] | null;
}

/** The board's reads (TaskBoard): tasks a user may see, the board version, the change log, the archive. */
@Injectable()
export class TaskBoardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one REPEATABLE READ snapshot: the version and the rows it reads agree. */
  snapshot<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  /** Non-archived tasks the user may see, filtered, in board order, each with its place among all of its column's tasks. */
  listRows(user: AuthenticatedUser, filter: BoardListFilter): Promise<TaskRow[]> {
    const params: unknown[] = [user.id];
    const where = ['NOT t."isArchived"', visibleTaskCondition(user, '$1')];
    let placesWhere = 'NOT "isArchived"';
    if (filter.search?.trim()) {
      params.push(likePattern(filter.search.trim()));
      where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
    }
    if (filter.columnId) {
      params.push(filter.columnId);
      where.push(`t."columnId" = $${params.length}`);
      placesWhere += ` AND "columnId" = $${params.length}`;
    }
    if (filter.cursor) {
      // The cursor resolves among the tasks the user may see: a hidden task's id pages like an unknown one (nothing).
      params.push(filter.cursor);
      where.push(
        `(t."columnId", t.rank, t.id) > (SELECT k."columnId", k.rank, k.id FROM tasks k WHERE k.id = $${params.length} AND ${visibleTaskCondition(user, '$1', 'k')})`,
      );
    }
    const limit = filter.limit ? `LIMIT ${Number(filter.limit)}` : '';
    return this.dataSource.query(
      `${placedTaskSelect(placesWhere)}
       WHERE ${where.join(' AND ')} ORDER BY t."columnId", t.rank, t.id ${limit}`,
      params,
    );
  }

  /** The board version now (outside a snapshot). */
  async version(): Promise<string> {
    const [row]: { version: string }[] = await this.dataSource.query(`SELECT version::text AS version FROM board_version WHERE id = 1`);
    return row.version;
  }

  /** The snapshot's board version, and through which version the change log was pruned. */
  async versionIn(db: EntityManager): Promise<{ version: number; prunedThrough: number }> {
    const [row]: { version: string; prunedThrough: string }[] = await db.query(
      `SELECT version::text AS version, "prunedThrough"::text AS "prunedThrough" FROM board_version WHERE id = 1`,
    );
    return { version: Number(row.version), prunedThrough: Number(row.prunedThrough) };
  }

  /**
   * The non-archived tasks of columns `columnIds` (all when null) the user may see, in board order,
   * with their places in their columns.
   */
  columnRows(db: EntityManager, user: AuthenticatedUser, columnIds: number[] | null): Promise<TaskRow[]> {
    // The columns once more on t: without them PostgreSQL scans every task to join the places (a patch: 13 → 10 ms).
    const inColumns = (column: string) => `($2::int[] IS NULL OR ${column} = ANY($2::int[]))`;
    return db.query(
      `${placedTaskSelect(`NOT "isArchived" AND ${inColumns('"columnId"')}`)}
       WHERE NOT t."isArchived" AND ${inColumns('t."columnId"')} AND ${visibleTaskCondition(user, '$1')} ORDER BY t."columnId", t.rank, t.id`,
      [user.id, columnIds],
    );
  }

  /** Tasks `ids` that are on the board and the user may see, without their places (position 0). */
  async taskRows(db: EntityManager, user: AuthenticatedUser, ids: number[]): Promise<TaskRow[]> {
    if (!ids.length) return [];
    return db.query(`${taskSelect('0')} WHERE t.id = ANY($2::int[]) AND NOT t."isArchived" AND ${visibleTaskCondition(user, '$1')}`, [
      user.id,
      ids,
    ]);
  }

  /** Every board task's column and order key. */
  allPlaces(db: EntityManager): Promise<({ id: number } & TaskPlace)[]> {
    return db.query(`SELECT id, "columnId", rank FROM tasks WHERE NOT "isArchived"`);
  }

  /** The change log's rows after version `from` up to `to`, by kind, with the tasks each names. */
  changesBetween(db: EntityManager, from: number, to: number): Promise<BoardChangeKinds[]> {
    return db.query(
      `SELECT kind, array_agg(DISTINCT "taskId") FILTER (WHERE "taskId" IS NOT NULL) AS "taskIds"
         FROM board_changes WHERE version > $1 AND version <= $2 GROUP BY kind`,
      [from, to],
    );
  }

  /** The column, order key and archived flag of tasks `ids` (deleted ones are absent). */
  async placesOf(db: EntityManager, ids: number[]): Promise<({ id: number; isArchived: boolean } & TaskPlace)[]> {
    if (!ids.length) return [];
    return db.query(`SELECT id, "columnId", rank, "isArchived" FROM tasks WHERE id = ANY($1::int[])`, [ids]);
  }

  /** One task's row, or null. */
  findRow(id: number): Promise<TaskRow | null> {
    return findTaskRow(this.dataSource, id, false);
  }

  async exists(taskId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT id FROM tasks WHERE id = $1`, [taskId]);
    return rows.length > 0;
  }

  /**
   * The archived tasks the user may see, filtered, most recently archived first: one page and the
   * total (the page is not read when there are none).
   */
  async archivedPage(user: AuthenticatedUser, filter: ArchivedFilter): Promise<{ total: number; rows: ArchivedTaskRow[] }> {
    const params: unknown[] = [user.id];
    const where = ['t."isArchived"', visibleTaskCondition(user, '$1')];
    if (filter.search?.trim()) {
      params.push(likePattern(filter.search.trim()));
      where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
    }
    if (filter.clientId) {
      params.push(filter.clientId);
      where.push(`t."clientId" = $${params.length}`);
    }
    const condition = where.join(' AND ');
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM tasks t WHERE ${condition}`,
      params,
    );
    const rows: ArchivedTaskRow[] = total
      ? await this.dataSource.query(
          `${taskSelect(
            '0',
            'tasks',
            `(SELECT max(h."createdAt") FROM task_history h
               WHERE h."taskId" = t.id AND h."fieldName" = 'status' AND h."newValue" = 'archived') AS "archivedAt",`,
          )}
           WHERE ${condition}
           ORDER BY "archivedAt" DESC NULLS LAST, t.id DESC LIMIT ${Number(filter.limit)} OFFSET ${Number(filter.offset)}`,
          params,
        )
      : [];
    return { total, rows };
  }
}
