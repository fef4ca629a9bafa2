import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TimesheetEntry, TimesheetOptions, TimesheetTotal } from '@wkflow/contracts';
import { ModuleRepository } from '../../platform/database/repository';
import type { EntryVisibility } from '../../timer/entry-visibility';

/**
 * Read model (docs/decisions.md, "Module boundaries"): the timesheet of /time-management.
 * Reads (foreign tables): time_entries, tasks, task_assignees, users, clients.
 * It reports over time_entries with tasks, users and clients joined in SQL, because its filters (by
 * client), totals (per client and person, in money from the client's rate), ordering by name and
 * paging all happen in the database; done through the other modules' services it would load every
 * entry of the period to total them. It only reads; the writes stay with each table's module.
 * Every read is limited by the viewer's EntryVisibility (the timer module turns his time_tracking
 * scope into the users and tasks whose entries he sees), so filters and totals never reach entries
 * the user may not see.
 */

/** Seconds of an entry: its duration, or the time so far while it runs. */
const SECONDS = `COALESCE(e.duration, GREATEST(0, floor(extract(epoch FROM now() - e."startTime")))::int)`;
/** Entries (alias e) an EntryVisibility lets through; its three values are the parameters from `$first` on. */
const visibleEntries = (first: number) =>
  `($${first}::boolean OR e."userId" = ANY($${first + 1}::int[]) OR e."taskId" = ANY($${first + 2}::int[]))`;
const visibilityParams = (visibility: EntryVisibility) => [visibility.all, visibility.userIds, visibility.taskIds];

/** Hours × the client's rate, in cents; null without a rate. */
const VALUE = `round(${SECONDS}::numeric * c."hourlyRate" / 3600, 2)`;

/** A TimesheetEntry as PostgreSQL answers it: times as Dates, money as numeric text, and the seconds so far. */
export type TimesheetRow = Omit<TimesheetEntry, 'startTime' | 'endTime' | 'createdAt' | 'hourlyRate' | 'value'> & {
  seconds: number;
  startTime: Date;
  endTime: Date | null;
  createdAt: Date;
  hourlyRate: string | null;
  value: string | null;
};

/** A total as PostgreSQL answers it: its value as numeric text (null without a rate). */
export type TimesheetTotalRow = Omit<TimesheetTotal, 'value'> & { value: string | null };

/** Whose entries: those the viewer sees, and the filters (null: any). */
export interface TimesheetQuery {
  visibility: EntryVisibility;
  since: Date | null;
  until: Date | null;
  userId: number | null;
  clientId: number | null;
  taskId: number | null;
}

@Injectable()
export class TimesheetReadModel extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** FROM … WHERE of the filtered, visible entries, and its 8 parameters. */
  private where(query: TimesheetQuery): { sql: string; params: unknown[] } {
    return {
      sql: `FROM time_entries e
            JOIN tasks t ON t.id = e."taskId"
            JOIN users u ON u.id = e."userId"
            LEFT JOIN clients c ON c.id = t."clientId"
           WHERE ($1::timestamptz IS NULL OR e."startTime" >= $1)
             AND ($2::timestamptz IS NULL OR e."startTime" < $2)
             AND ($3::int IS NULL OR e."userId" = $3)
             AND ($4::int IS NULL OR t."clientId" = $4)
             AND ($5::int IS NULL OR e."taskId" = $5)
             AND ${visibleEntries(6)}`,
      params: [query.since, query.until, query.userId, query.clientId, query.taskId, ...visibilityParams(query.visibility)],
    };
  }

  /** The entries, latest first. */
  entries(query: TimesheetQuery, limit: number, offset: number): Promise<TimesheetRow[]> {
    const { sql, params } = this.where(query);
    return this.dataSource.query(
      `SELECT e.id, e."taskId", t.title AS task_title, e."userId", u.name AS user_name, t."clientId", c.name AS client_name,
              e.description, e.duration, ${SECONDS} AS seconds, e."startTime", e."endTime", e."createdAt",
              c."hourlyRate"::text AS "hourlyRate", ${VALUE}::text AS value
         ${sql}
        ORDER BY e."startTime" DESC, e.id DESC
        LIMIT $9 OFFSET $10`,
      [...params, limit, offset],
    );
  }

  /** Seconds, records and value per client or per person, most seconds first. */
  totals(query: TimesheetQuery, group: 'client' | 'person'): Promise<TimesheetTotalRow[]> {
    const { sql, params } = this.where(query);
    return this.dataSource.query(
      group === 'client'
        ? `SELECT t."clientId" AS id, COALESCE(c.name, 'Sem cliente') AS name, SUM(${SECONDS})::int AS seconds,
                  COUNT(*)::int AS records, SUM(${VALUE})::text AS value
             ${sql} GROUP BY t."clientId", c.name ORDER BY seconds DESC, name`
        : `SELECT e."userId" AS id, u.name AS name, SUM(${SECONDS})::int AS seconds,
                  COUNT(*)::int AS records, SUM(${VALUE})::text AS value
             ${sql} GROUP BY e."userId", u.name ORDER BY seconds DESC, name`,
      params,
    );
  }

  /** People, clients and tasks the viewer's scope has entries of (tasks narrowed to a client when given). */
  async options(visibility: EntryVisibility, clientId: number | null): Promise<TimesheetOptions> {
    const condition = visibleEntries(1);
    const params = visibilityParams(visibility);
    const [people, clients, tasks] = await Promise.all([
      this.dataSource.query(
        `SELECT u.id, u.name FROM users u WHERE EXISTS (SELECT 1 FROM time_entries e WHERE e."userId" = u.id AND ${condition}) ORDER BY u.name, u.id`,
        params,
      ),
      this.dataSource.query(
        `SELECT c.id, c.name FROM clients c
          WHERE EXISTS (SELECT 1 FROM tasks t JOIN time_entries e ON e."taskId" = t.id WHERE t."clientId" = c.id AND ${condition})
          ORDER BY c.name, c.id`,
        params,
      ),
      // At most 500 tasks, the most recently tracked first: the select is for picking, not browsing.
      this.dataSource.query(
        `SELECT t.id, t.title, t."clientId" FROM tasks t
          WHERE ($4::int IS NULL OR t."clientId" = $4)
            AND EXISTS (SELECT 1 FROM time_entries e WHERE e."taskId" = t.id AND ${condition})
          ORDER BY t.title, t.id LIMIT 500`,
        [...params, clientId],
      ),
    ]);
    return { people, clients, tasks };
  }

  /** The user's own seconds per local day (`zone`) of the 7 days from `since`; days without entries are absent. */
  weekSeconds(userId: number, since: Date, zone: string): Promise<{ day: string; seconds: number }[]> {
    return this.dataSource.query(
      `SELECT to_char(e."startTime" AT TIME ZONE $3, 'YYYY-MM-DD') AS day, SUM(${SECONDS})::int AS seconds
         FROM time_entries e
        WHERE e."userId" = $1 AND e."startTime" >= $2 AND e."startTime" < $2::timestamptz + interval '7 days'
        GROUP BY 1`,
      [userId, since, zone],
    );
  }
}
