import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ModuleRepository } from '../../platform/database/repository';
import { ENTRY_SECONDS } from './entry-seconds.sql';

/**
 * Read model (docs/decisions.md, "Module boundaries"): the board and team measures the
 * recommendation rules run on.
 * Reads (foreign tables): tasks, task_assignees, time_entries, users, clients.
 * It only reads them; their modules write them. Not cached: each generate or insights request reads afresh.
 */

export interface TaskCounts {
  total: number;
  completed: number;
  open: number;
  overdue: number;
  unassigned: number;
  /** Mean hours from creation to completion of the completed tasks; null with none. */
  avgHours: number | null;
}

export interface MemberLoad {
  id: number;
  name: string;
  open: number;
  seconds14: number;
  seconds30: number;
}

@Injectable()
export class RecommendationMetricsReadModel extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Counts over the board (archived tasks left out): open means not in a `completed` column; overdue is before `todayStart`. */
  async taskCounts(completed: number[], todayStart: Date): Promise<TaskCounts> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE NOT open)::int AS completed,
              count(*) FILTER (WHERE open)::int AS open,
              count(*) FILTER (WHERE open AND deadline < $2)::int AS overdue,
              count(*) FILTER (WHERE open AND id NOT IN (SELECT "taskId" FROM task_assignees))::int AS unassigned,
              (avg(GREATEST(EXTRACT(EPOCH FROM ("completedAt" - "createdAt")), 0)) FILTER (WHERE NOT open AND "completedAt" IS NOT NULL) / 3600)::float8 AS "avgHours"
         FROM (SELECT id, deadline, "createdAt", "completedAt", NOT ("columnId" = ANY($1)) AS open FROM tasks WHERE NOT "isArchived") t`,
      [completed, todayStart],
    );
    return row;
  }

  /** Per approved member (by name): open tasks now, seconds tracked since `since14` and since `since30`. */
  members(completed: number[], since14: Date, since30: Date): Promise<MemberLoad[]> {
    return this.dataSource.query(
      `WITH open AS (
         SELECT a."userId", count(*)::int AS n FROM tasks t JOIN task_assignees a ON a."taskId" = t.id
          WHERE NOT t."isArchived" AND NOT (t."columnId" = ANY($1)) GROUP BY a."userId"),
       spent AS (
         SELECT e."userId", (sum(${ENTRY_SECONDS}) FILTER (WHERE e."startTime" >= $2))::float8 AS s14, sum(${ENTRY_SECONDS})::float8 AS s30
           FROM time_entries e WHERE e."startTime" >= $3 GROUP BY e."userId")
       SELECT u.id, u.name, COALESCE(open.n, 0) AS open, COALESCE(spent.s14, 0) AS "seconds14", COALESCE(spent.s30, 0) AS "seconds30"
         FROM users u LEFT JOIN open ON open."userId" = u.id LEFT JOIN spent ON spent."userId" = u.id
        WHERE u."isApproved" ORDER BY u.name, u.id`,
      [completed, since14, since30],
    );
  }

  /** Unarchived tasks per column, for these columns (a column without tasks is absent). */
  openTasksPerColumn(columnIds: number[]): Promise<{ columnId: number; n: number }[]> {
    return this.dataSource.query(
      `SELECT "columnId", count(*)::int AS n FROM tasks WHERE NOT "isArchived" AND "columnId" = ANY($1) GROUP BY "columnId"`,
      [columnIds],
    );
  }

  /** Clients created before `since` with no task created or changed and no time tracked since. */
  inactiveClients(since: Date): Promise<{ id: number; name: string }[]> {
    return this.dataSource.query(
      `SELECT c.id, c.name FROM clients c
        WHERE c."createdAt" < $1
          AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t."clientId" = c.id AND (t."createdAt" >= $1 OR t."updatedAt" >= $1))
          AND NOT EXISTS (SELECT 1 FROM time_entries e JOIN tasks t ON t.id = e."taskId" WHERE t."clientId" = c.id AND e."startTime" >= $1)
        ORDER BY c.name, c.id`,
      [since],
    );
  }
}
