import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Interval, TimeLockMode, TimeLockSettings } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';
import type { EntryVisibility } from './entry-visibility';

/** A time_entries row as the API reads it (with the task's title or the owner's name when asked). */
export interface EntryRow {
  id: number;
  userId: number;
  taskId: number;
  startTime: Date;
  endTime: Date | null;
  duration: number | null;
  description: string | null;
  createdAt: Date;
  taskTitle?: string;
  userName?: string;
}

/** An entry of the administration list (names come from their owners' modules). */
export interface AdminEntryRow {
  id: number;
  taskId: number;
  userId: number;
  duration: number | null;
  startTime: Date;
  endTime: Date | null;
  createdAt: Date;
}

/** Another entry's interval, for the overlap check (a running one has no end). */
export interface EntryInterval {
  id: number;
  startTime: Date;
  endTime: Date | null;
}

/** The lockdown settings row (lockDate as text: pg would turn a date into a Date at local midnight). */
export interface LockRow {
  mode: TimeLockMode;
  lockDate: string | null;
  lockDays: number | null;
  updatedAt: Date;
  updatedById: number | null;
}

/** Entries (alias e) an EntryVisibility lets through; its three values are the parameters from `$first` on. */
function visibleEntries(first: number): string {
  return `($${first}::boolean OR e."userId" = ANY($${first + 1}::int[]) OR e."taskId" = ANY($${first + 2}::int[]))`;
}
const visibilityParams = (visibility: EntryVisibility) => [visibility.all, visibility.userIds, visibility.taskIds];

const RETURNING = `RETURNING id, "userId", "taskId", "startTime", "endTime", duration, description, "createdAt"`;
const ENTRY_COLUMNS = `e.id, e."userId", e."taskId", e."startTime", e."endTime", e.duration, e.description, e."createdAt"`;

/**
 * Every query of the timer module: time_entries and time_lock_settings. TimerService and
 * TimeLockService call these with the pool or the transaction they opened (`db`).
 */
@Injectable()
export class TimerRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /**
   * Serialises the writes that must not overlap one user's entries (manual entries, edits, starts)
   * for the rest of the transaction: check-then-write is race-free per user.
   */
  async lockUserTimes(db: Db, userId: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('wkflow_time_entries'), $1::int)`, [userId]);
  }

  /** An entry of the user ending after this transaction's clock reading (a manual entry into the future of a start). */
  async endingAfterNow(db: Db, userId: number): Promise<EntryInterval | undefined> {
    const [clash]: EntryInterval[] = await db.query(
      `SELECT id, "startTime", "endTime" FROM time_entries WHERE "userId" = $1 AND "endTime" > clock_timestamp() LIMIT 1`,
      [userId],
    );
    return clash;
  }

  /** Up to 10 of the user's entries that may overlap the interval (a running one up to now), but `exceptId`. */
  overlapCandidates(db: Db, userId: number, interval: Interval, exceptId: number | null): Promise<EntryInterval[]> {
    return db.query(
      `SELECT id, "startTime", "endTime" FROM time_entries
        WHERE "userId" = $1 AND id IS DISTINCT FROM $4::int AND "startTime" < $3 AND ("endTime" IS NULL OR "endTime" > $2)
        ORDER BY "startTime" LIMIT 10`,
      [userId, interval.start, interval.end, exceptId],
    );
  }

  /** A running entry starting at this transaction's clock reading (the partial unique index allows one per user). */
  async insertRunning(db: Db, userId: number, taskId: number, description: string | null): Promise<EntryRow> {
    const [row]: EntryRow[] = await db.query(
      `INSERT INTO time_entries ("userId", "taskId", "startTime", description) VALUES ($1, $2, clock_timestamp(), $3) ${RETURNING}`,
      [userId, taskId, description],
    );
    return row;
  }

  async insertFinished(
    db: Db,
    entry: { userId: number; taskId: number; start: Date; end: Date; duration: number; description: string | null },
  ): Promise<EntryRow> {
    const [row]: EntryRow[] = await db.query(
      `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration, description) VALUES ($1, $2, $3, $4, $5, $6) ${RETURNING}`,
      [entry.userId, entry.taskId, entry.start, entry.end, entry.duration, entry.description],
    );
    return row;
  }

  /** Stops the user's running entry, measured by the server; undefined when it is not his or not running. */
  async stopRunning(db: Db, entryId: number, userId: number): Promise<EntryRow | undefined> {
    // An UPDATE answers [rows, count].
    const [[row]]: [EntryRow[], number] = await db.query(
      `UPDATE time_entries SET "endTime" = now(), duration = GREATEST(0, floor(extract(epoch FROM now() - "startTime")))::int, "updatedAt" = now()
        WHERE id = $1 AND "userId" = $2 AND "endTime" IS NULL
        ${RETURNING}`,
      [entryId, userId],
    );
    return row;
  }

  /** Whether the user has that entry (running or not). */
  async ownsEntry(db: Db, entryId: number, userId: number): Promise<boolean> {
    const [row] = await db.query(`SELECT 1 FROM time_entries WHERE id = $1 AND "userId" = $2`, [entryId, userId]);
    return Boolean(row);
  }

  /** The user's running entry (one lookup on the partial unique index). */
  async running(userId: number): Promise<EntryRow | undefined> {
    const [row]: EntryRow[] = await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM time_entries e WHERE e."userId" = $1 AND e."endTime" IS NULL`,
      [userId],
    );
    return row;
  }

  forTask(visibility: EntryVisibility, taskId: number): Promise<EntryRow[]> {
    return this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM time_entries e
        WHERE e."taskId" = $1 AND ${visibleEntries(2)}
        ORDER BY e."startTime" DESC`,
      [taskId, ...visibilityParams(visibility)],
    );
  }

  /** Seconds tracked on a task within the scope (finished entries, plus running ones up to now). */
  async totalForTask(visibility: EntryVisibility, taskId: number): Promise<number> {
    const [row]: { totalTime: number }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(COALESCE(e.duration, floor(extract(epoch FROM now() - e."startTime"))::int)), 0)::int AS "totalTime"
         FROM time_entries e WHERE e."taskId" = $1 AND ${visibleEntries(2)}`,
      [taskId, ...visibilityParams(visibility)],
    );
    return row.totalTime;
  }

  /** The latest 1,000 entries within the scope, started since `since` when given. */
  adminList(visibility: EntryVisibility, since: Date | null): Promise<AdminEntryRow[]> {
    return this.dataSource.query(
      `SELECT e.id, e."taskId", e."userId", e.duration, e."startTime", e."endTime", e."createdAt"
         FROM time_entries e
        WHERE ${visibleEntries(2)} AND ($1::timestamptz IS NULL OR e."startTime" >= $1)
        ORDER BY e."startTime" DESC
        LIMIT 1000`,
      [since, ...visibilityParams(visibility)],
    );
  }

  /** An entry within the scope, locked for the rest of the transaction. */
  async scopedEntryForUpdate(db: Db, visibility: EntryVisibility, entryId: number): Promise<EntryRow | undefined> {
    const [row]: EntryRow[] = await db.query(
      `SELECT ${ENTRY_COLUMNS} FROM time_entries e WHERE e.id = $1 AND ${visibleEntries(2)} FOR UPDATE OF e`,
      [entryId, ...visibilityParams(visibility)],
    );
    return row;
  }

  /** A new duration (the end follows) and, when given, description. */
  async updateDuration(db: Db, entryId: number, duration: number, description: string | null): Promise<EntryRow> {
    const [[row]]: [EntryRow[], number] = await db.query(
      `UPDATE time_entries SET duration = $2, "endTime" = "startTime" + $2::int * interval '1 second',
              description = COALESCE($3::text, description), "updatedAt" = now()
        WHERE id = $1 ${RETURNING}`,
      [entryId, duration, description],
    );
    return row;
  }

  async deleteEntry(db: Db, entryId: number): Promise<void> {
    await db.query(`DELETE FROM time_entries WHERE id = $1`, [entryId]);
  }

  /** The lockdown settings (one row; none yet: no lock). */
  async lockSettings(db: Db = this.dataSource): Promise<LockRow> {
    const [row]: LockRow[] = await db.query(
      `SELECT s.mode, s."lockDate"::text AS "lockDate", s."lockDays", s."updatedAt", s."updatedById"
         FROM time_lock_settings s WHERE s.id = 1`,
    );
    return row ?? { mode: 'none', lockDate: null, lockDays: null, updatedAt: new Date(0), updatedById: null };
  }

  async saveLockSettings(settings: TimeLockSettings, userId: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO time_lock_settings (id, mode, "lockDate", "lockDays", "updatedById", "updatedAt") VALUES (1, $1, $2::date, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET mode = EXCLUDED.mode, "lockDate" = EXCLUDED."lockDate", "lockDays" = EXCLUDED."lockDays",
         "updatedById" = EXCLUDED."updatedById", "updatedAt" = now()`,
      [settings.mode, settings.lockDate, settings.lockDays, userId],
    );
  }
}
