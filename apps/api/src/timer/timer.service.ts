import { ConflictException, Inject, Injectable, NotFoundException, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  canViewAllTasks,
  periodStart,
  TIMER_NOT_RUNNING,
  TIMER_OTHER_TASK_RUNNING,
  timeEntryScope,
  type AdminTimeEntry,
  type TimeEntry,
  type TimePeriod,
  type TimeEntryScope,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ActiveTimerCache } from './active-timer-cache';
import { TimerEvents } from './timer-events';
import { isUniqueViolation } from '../common/db-errors';

export const TASK_NOT_FOUND = 'Tarefa não encontrada';
export const ENTRY_NOT_FOUND = 'Registro de tempo não encontrado';
export const TIMER_ALREADY_RUNNING = 'O timer desta tarefa já está em andamento';
export const STOP_BEFORE_EDITING = 'Pare o timer antes de editar este registro';

interface EntryRow {
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

const ENTRY_COLUMNS = `e.id, e."userId", e."taskId", e."startTime", e."endTime", e.duration, e.description, e."createdAt"`;

function toTimeEntry(row: EntryRow): TimeEntry {
  return {
    id: row.id,
    userId: row.userId,
    taskId: row.taskId,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
    duration: row.duration,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    ...(row.taskTitle !== undefined ? { taskTitle: row.taskTitle } : {}),
    ...(row.userName !== undefined ? { userName: row.userName } : {}),
  };
}

/** SQL condition limiting entries (alias e) to what a time_tracking scope may see; $1 is the user id. */
export function scopeCondition(scope: TimeEntryScope): string {
  switch (scope) {
    case 'all':
      return '$1::int IS NOT NULL'; // always true; keeps $1 typed when no other clause uses it
    case 'assigned':
      return `(e."userId" = $1 OR EXISTS (SELECT 1 FROM task_assignees a WHERE a."taskId" = e."taskId" AND a."userId" = $1))`;
    case 'own':
      return `e."userId" = $1`;
    case 'none':
      return '$1::int IS NULL';
  }
}

/** The one running timer per user, task totals and time administration. */
@Injectable()
export class TimerService implements OnModuleInit, OnModuleDestroy {
  /** Answers the once-a-second poll of every open tab without a query. */
  private readonly activeTimers: ActiveTimerCache;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: TimerEvents,
  ) {
    this.activeTimers = new ActiveTimerCache(config.databaseUrl, config.cacheTtlMs);
  }

  async onModuleInit(): Promise<void> {
    await this.activeTimers.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.activeTimers.close();
  }

  /** The task, if this user may see it (every task with tasks view_all, else assigned ones). */
  private async visibleTask(
    db: EntityManager | DataSource,
    user: AuthenticatedUser,
    taskId: number,
  ): Promise<{ id: number; title: string }> {
    const [task] = await db.query(
      `SELECT t.id, t.title, EXISTS (SELECT 1 FROM task_assignees a WHERE a."taskId" = t.id AND a."userId" = $2) AS assigned
         FROM tasks t WHERE t.id = $1`,
      [taskId, user.id],
    );
    if (!task || (!task.assigned && !canViewAllTasks(user))) throw new NotFoundException(TASK_NOT_FOUND);
    return task;
  }

  async start(user: AuthenticatedUser, taskId: number, description?: string): Promise<TimeEntry> {
    const task = await this.visibleTask(this.dataSource, user, taskId);
    const running = await this.loadActive(user.id);
    if (running) throw new ConflictException(running.taskId === taskId ? TIMER_ALREADY_RUNNING : TIMER_OTHER_TASK_RUNNING);
    try {
      const [row]: EntryRow[] = await this.dataSource.query(
        `INSERT INTO time_entries ("userId", "taskId", "startTime", description) VALUES ($1, $2, now(), $3)
         RETURNING id, "userId", "taskId", "startTime", "endTime", duration, description, "createdAt"`,
        [user.id, taskId, description ?? null],
      );
      // The database notifies every process too; forgetting here first means this user's next poll sees it at once.
      this.activeTimers.invalidate(String(user.id));
      this.events.emit({ userId: user.id, taskId });
      return toTimeEntry({ ...row, taskTitle: task.title });
    } catch (error) {
      // A concurrent start won the race: the partial unique index refused this one.
      if (isUniqueViolation(error)) throw new ConflictException(TIMER_OTHER_TASK_RUNNING);
      throw error;
    }
  }

  /** Stops the user's own running entry; the server measures the duration and records it in the task's history. */
  async stop(user: AuthenticatedUser, entryId: number): Promise<TimeEntry> {
    const stopped = await this.dataSource.transaction(async (db) => {
      // An UPDATE answers [rows, count].
      const [[row]]: [EntryRow[], number] = await db.query(
        `UPDATE time_entries SET "endTime" = now(), duration = GREATEST(0, floor(extract(epoch FROM now() - "startTime")))::int, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND "endTime" IS NULL
          RETURNING id, "userId", "taskId", "startTime", "endTime", duration, description, "createdAt"`,
        [entryId, user.id],
      );
      if (!row) {
        const [exists] = await db.query(`SELECT "endTime" FROM time_entries WHERE id = $1 AND "userId" = $2`, [entryId, user.id]);
        if (!exists) throw new NotFoundException(ENTRY_NOT_FOUND);
        throw new ConflictException(TIMER_NOT_RUNNING);
      }
      await db.query(`INSERT INTO task_history ("taskId", "userId", "actionType", metadata) VALUES ($1, $2, 'time_tracked', $3)`, [
        row.taskId,
        user.id,
        JSON.stringify({ duration: row.duration, timeEntryId: row.id, startTime: row.startTime, endTime: row.endTime }),
      ]);
      return toTimeEntry(row);
    });
    this.activeTimers.invalidate(String(user.id));
    this.events.emit({ userId: user.id, taskId: stopped.taskId });
    return stopped;
  }

  /** The user's running entry or null: from memory, else one lookup on the partial unique index. */
  async active(user: AuthenticatedUser): Promise<TimeEntry | null> {
    const cached = this.activeTimers.get(user.id);
    if (cached) return cached.entry;
    const generation = this.activeTimers.loadStarted();
    const entry = await this.loadActive(user.id);
    this.activeTimers.put(user.id, entry, generation);
    return entry;
  }

  private async loadActive(userId: number): Promise<TimeEntry | null> {
    const [row]: EntryRow[] = await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS}, t.title AS "taskTitle"
         FROM time_entries e JOIN tasks t ON t.id = e."taskId"
        WHERE e."userId" = $1 AND e."endTime" IS NULL`,
      [userId],
    );
    return row ? toTimeEntry(row) : null;
  }

  async forTask(user: AuthenticatedUser, taskId: number): Promise<TimeEntry[]> {
    await this.visibleTask(this.dataSource, user, taskId);
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS}, u.name AS "userName"
         FROM time_entries e JOIN users u ON u.id = e."userId"
        WHERE e."taskId" = $2 AND ${scopeCondition(timeEntryScope(user))}
        ORDER BY e."startTime" DESC`,
      [user.id, taskId],
    );
    return rows.map(toTimeEntry);
  }

  /** Seconds tracked on a task (finished entries, plus running ones up to now), within the user's scope. */
  async totalForTask(user: AuthenticatedUser, taskId: number): Promise<{ totalTime: number }> {
    await this.visibleTask(this.dataSource, user, taskId);
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(SUM(COALESCE(e.duration, floor(extract(epoch FROM now() - e."startTime"))::int)), 0)::int AS "totalTime"
         FROM time_entries e WHERE e."taskId" = $2 AND ${scopeCondition(timeEntryScope(user))}`,
      [user.id, taskId],
    );
    return { totalTime: row.totalTime };
  }

  async adminList(user: AuthenticatedUser, period: TimePeriod): Promise<AdminTimeEntry[]> {
    const since = periodStart(period, new Date(), this.config.appTimezone);
    const rows = await this.dataSource.query(
      `SELECT e.id, e."taskId", t.title AS task_title, e."userId", u.name AS user_name, c.name AS client_name,
              e.duration, e."startTime", e."endTime", e."createdAt"
         FROM time_entries e
         JOIN tasks t ON t.id = e."taskId"
         JOIN users u ON u.id = e."userId"
         LEFT JOIN clients c ON c.id = t."clientId"
        WHERE ${scopeCondition(timeEntryScope(user))} AND ($2::timestamptz IS NULL OR e."startTime" >= $2)
        ORDER BY e."startTime" DESC
        LIMIT 1000`,
      [user.id, since],
    );
    return rows.map((row: AdminTimeEntry & { startTime: Date; endTime: Date | null; createdAt: Date }) => ({
      ...row,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime ? row.endTime.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** An entry this user may see: 404 otherwise. */
  private async scopedEntry(db: EntityManager, user: AuthenticatedUser, entryId: number): Promise<EntryRow> {
    const [row]: EntryRow[] = await db.query(
      `SELECT ${ENTRY_COLUMNS} FROM time_entries e WHERE e.id = $2 AND ${scopeCondition(timeEntryScope(user))} FOR UPDATE OF e`,
      [user.id, entryId],
    );
    if (!row) throw new NotFoundException(ENTRY_NOT_FOUND);
    return row;
  }

  async update(user: AuthenticatedUser, entryId: number, duration: number, description?: string): Promise<TimeEntry> {
    const updated = await this.dataSource.transaction(async (db) => {
      const entry = await this.scopedEntry(db, user, entryId);
      if (!entry.endTime) throw new ConflictException(STOP_BEFORE_EDITING);
      const [[row]]: [EntryRow[], number] = await db.query(
        `UPDATE time_entries SET duration = $2, "endTime" = "startTime" + $2::int * interval '1 second',
                description = COALESCE($3::text, description), "updatedAt" = now()
          WHERE id = $1
          RETURNING id, "userId", "taskId", "startTime", "endTime", duration, description, "createdAt"`,
        [entryId, duration, description ?? null],
      );
      return toTimeEntry(row);
    });
    this.activeTimers.invalidate(String(updated.userId));
    this.events.emit({ userId: updated.userId, taskId: updated.taskId });
    return updated;
  }

  async remove(user: AuthenticatedUser, entryId: number): Promise<void> {
    const owner = await this.dataSource.transaction(async (db) => {
      const entry = await this.scopedEntry(db, user, entryId);
      await db.query(`DELETE FROM time_entries WHERE id = $1`, [entryId]);
      return { userId: entry.userId, taskId: entry.taskId };
    });
    this.activeTimers.invalidate(String(owner.userId));
    this.events.emit(owner);
  }
}
