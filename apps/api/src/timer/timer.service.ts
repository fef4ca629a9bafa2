import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  entryChangeError,
  entryCreateError,
  intervalError,
  overlapMessage,
  overlapping,
  periodStart,
  TIMER_NOT_RUNNING,
  TIMER_OTHER_TASK_RUNNING,
  type AdminTimeEntry,
  type TimeEntry,
  type TimePeriod,
  type Interval,
} from '@wkflow/contracts';
import type { CreateTimeEntryRequest } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { ClientDirectory } from '../clients/client-directory';
import { TaskHistoryWriter } from '../tasks/task-history';
import { TaskLookup } from '../tasks/task-lookup';
import { UserDirectory } from '../users/user-directory';
import { ActiveTimerCache } from './active-timer-cache';
import { EntryVisibilities } from './entry-visibility';
import type { Db } from '../platform/database/repository';
import { type AdminEntryRow, type EntryRow, TimerRepository } from './timer.repository';
import { AppEvents } from '../platform/events/app-events';
import { TimeLockService } from './time-lock.service';
import { isUniqueViolation } from '../platform/database/db-errors';

export const TASK_NOT_FOUND = 'Tarefa não encontrada';
export const ENTRY_NOT_FOUND = 'Registro de tempo não encontrado';
export const TIMER_ALREADY_RUNNING = 'O timer desta tarefa já está em andamento';
export const STOP_BEFORE_EDITING = 'Pare o timer antes de editar este registro';
export const USER_NOT_FOUND = 'Usuário não encontrado';

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

/** The one running timer per user, task totals and time administration. */
@Injectable()
export class TimerService implements OnModuleInit, OnModuleDestroy {
  /** Answers the once-a-second poll of every open tab without a query. */
  private readonly activeTimers: ActiveTimerCache;

  constructor(
    private readonly timer: TimerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: AppEvents,
    private readonly lock: TimeLockService,
    private readonly tasks: TaskLookup,
    private readonly history: TaskHistoryWriter,
    private readonly users: UserDirectory,
    private readonly clients: ClientDirectory,
    private readonly visibility: EntryVisibilities,
  ) {
    this.activeTimers = new ActiveTimerCache(config.databaseUrl, config.cacheTtlMs);
  }

  async onModuleInit(): Promise<void> {
    await this.activeTimers.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.activeTimers.close();
  }

  async start(user: AuthenticatedUser, taskId: number, description?: string): Promise<TimeEntry> {
    const task = await this.tasks.visible(user, taskId);
    const running = await this.loadActive(user.id);
    if (running) throw new ConflictException(running.taskId === taskId ? TIMER_ALREADY_RUNNING : TIMER_OTHER_TASK_RUNNING);
    try {
      const row = await this.timer.transaction(async (db) => {
        await this.timer.lockUserTimes(db, user.id);
        // After the lock: a manual entry committed meanwhile ends before this clock reading.
        const clash = await this.timer.endingAfterNow(db, user.id);
        if (clash) throw new ConflictException(overlapMessage(clash, this.config.appTimezone));
        return this.timer.insertRunning(db, user.id, taskId, description ?? null);
      });
      // The database notifies every process too; forgetting here first means this user's next poll sees it at once.
      this.activeTimers.invalidate(String(user.id));
      this.events.emit('TimerChanged', { userId: user.id, taskId });
      return toTimeEntry({ ...row, taskTitle: task.title });
    } catch (error) {
      // A concurrent start won the race: the partial unique index refused this one.
      if (isUniqueViolation(error)) throw new ConflictException(TIMER_OTHER_TASK_RUNNING);
      throw error;
    }
  }

  /** The 409 for an interval that overlaps another entry of the user (a running one up to now), if any. */
  private async refuseOverlap(db: Db, userId: number, interval: Interval, exceptId: number | null): Promise<void> {
    const others = await this.timer.overlapCandidates(db, userId, interval, exceptId);
    const [clash] = overlapping(interval, others, new Date());
    if (clash) throw new ConflictException(overlapMessage(clash, this.config.appTimezone));
  }

  /**
   * 'Adicionar tempo': a finished entry typed by hand, for the user himself (any time_tracking read
   * level) or anyone (write), on a task he may see, outside the locked period (unless write), never
   * in the future, at most 24 h, overlapping none of the owner's entries; recorded as time_tracked.
   */
  async create(user: AuthenticatedUser, input: CreateTimeEntryRequest): Promise<TimeEntry> {
    const start = new Date(input.startTime);
    const end = input.endTime !== undefined ? new Date(input.endTime) : new Date(start.getTime() + (input.duration ?? 0) * 1000);
    const interval = { start, end };
    const invalid = intervalError(interval, new Date());
    if (invalid) throw new BadRequestException(invalid);
    const ownerId = input.userId ?? user.id;

    const created = await this.timer.transaction(async (db) => {
      const task = await this.tasks.visible(user, input.taskId, db);
      const refused = entryCreateError(user, ownerId, start, await this.lock.lockDate(db), this.config.appTimezone);
      if (refused) throw new ForbiddenException(refused);
      const ownerName = await this.users.nameOf(ownerId, true, db);
      if (ownerName === null) throw new NotFoundException(USER_NOT_FOUND);
      await this.timer.lockUserTimes(db, ownerId);
      await this.refuseOverlap(db, ownerId, interval, null);
      const row = await this.timer.insertFinished(db, {
        userId: ownerId,
        taskId: input.taskId,
        start,
        end,
        duration: Math.round((end.getTime() - start.getTime()) / 1000),
        description: input.description?.trim() || null,
      });
      await this.history.write(db, row.taskId, user.id, [
        {
          actionType: 'time_tracked',
          metadata: {
            duration: row.duration,
            timeEntryId: row.id,
            startTime: row.startTime,
            endTime: row.endTime,
            manual: true,
            ...(ownerId !== user.id ? { forUserId: ownerId } : {}),
          },
        },
      ]);
      return toTimeEntry({ ...row, taskTitle: task.title, userName: ownerName });
    });
    this.activeTimers.invalidate(String(ownerId));
    this.events.emit('TimerChanged', { userId: ownerId, taskId: created.taskId });
    return created;
  }

  /** Stops the user's own running entry; the server measures the duration and records it in the task's history. */
  async stop(user: AuthenticatedUser, entryId: number): Promise<TimeEntry> {
    const stopped = await this.timer.transaction(async (db) => {
      const row = await this.timer.stopRunning(db, entryId, user.id);
      if (!row) {
        if (!(await this.timer.ownsEntry(db, entryId, user.id))) throw new NotFoundException(ENTRY_NOT_FOUND);
        throw new ConflictException(TIMER_NOT_RUNNING);
      }
      await this.history.write(db, row.taskId, user.id, [
        {
          actionType: 'time_tracked',
          metadata: { duration: row.duration, timeEntryId: row.id, startTime: row.startTime, endTime: row.endTime },
        },
      ]);
      return toTimeEntry(row);
    });
    this.activeTimers.invalidate(String(user.id));
    this.events.emit('TimerChanged', { userId: user.id, taskId: stopped.taskId });
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
    const row = await this.timer.running(userId);
    if (!row) return null;
    // The title from the tasks module; a running entry's task exists (time_entries.taskId cascades).
    const [task] = (await this.tasks.byIds([row.taskId])).values();
    return toTimeEntry({ ...row, taskTitle: task?.title ?? '' });
  }

  async forTask(user: AuthenticatedUser, taskId: number): Promise<TimeEntry[]> {
    await this.tasks.visible(user, taskId);
    const rows = await this.timer.forTask(await this.visibility.of(user), taskId);
    const names = await this.users.namesByIds(rows.map((row) => row.userId));
    // An entry's owner always exists (time_entries.userId cascades with the user).
    return rows.map((row) => toTimeEntry({ ...row, userName: names.get(row.userId) ?? '' }));
  }

  /** Seconds tracked on a task (finished entries, plus running ones up to now), within the user's scope. */
  async totalForTask(user: AuthenticatedUser, taskId: number): Promise<{ totalTime: number }> {
    await this.tasks.visible(user, taskId);
    return { totalTime: await this.timer.totalForTask(await this.visibility.of(user), taskId) };
  }

  async adminList(user: AuthenticatedUser, period: TimePeriod): Promise<AdminTimeEntry[]> {
    const since = periodStart(period, new Date(), this.config.appTimezone);
    const rows = await this.timer.adminList(await this.visibility.of(user), since);
    const [tasks, users] = await Promise.all([
      this.tasks.byIds(rows.map((row: AdminEntryRow) => row.taskId)),
      this.users.namesByIds(rows.map((row: AdminEntryRow) => row.userId)),
    ]);
    const clients = await this.clients.namesByIds([...tasks.values()].map((task) => task.clientId));
    return rows.map((row: AdminEntryRow) => {
      const task = tasks.get(row.taskId);
      return {
        id: row.id,
        taskId: row.taskId,
        task_title: task?.title ?? '',
        userId: row.userId,
        user_name: users.get(row.userId) ?? '',
        client_name: (task && clients.get(task.clientId)) ?? null,
        duration: row.duration,
        startTime: row.startTime.toISOString(),
        endTime: row.endTime ? row.endTime.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** An entry this user may see: 404 otherwise. */
  private async scopedEntry(db: Db, user: AuthenticatedUser, entryId: number): Promise<EntryRow> {
    const row = await this.timer.scopedEntryForUpdate(db, await this.visibility.of(user, db), entryId);
    if (!row) throw new NotFoundException(ENTRY_NOT_FOUND);
    return row;
  }

  /** Changes the entry's duration (its end follows) and description under the same rules as a new entry. */
  async update(user: AuthenticatedUser, entryId: number, duration: number, description?: string): Promise<TimeEntry> {
    const updated = await this.timer.transaction(async (db) => {
      const entry = await this.scopedEntry(db, user, entryId);
      const refused = entryChangeError(user, entry, await this.lock.lockDate(db), this.config.appTimezone);
      if (refused) throw new ForbiddenException(refused);
      if (!entry.endTime) throw new ConflictException(STOP_BEFORE_EDITING);
      const interval = { start: entry.startTime, end: new Date(entry.startTime.getTime() + duration * 1000) };
      const invalid = intervalError(interval, new Date());
      if (invalid) throw new BadRequestException(invalid);
      await this.timer.lockUserTimes(db, entry.userId);
      await this.refuseOverlap(db, entry.userId, interval, entry.id);
      return toTimeEntry(await this.timer.updateDuration(db, entryId, duration, description ?? null));
    });
    this.activeTimers.invalidate(String(updated.userId));
    this.events.emit('TimerChanged', { userId: updated.userId, taskId: updated.taskId });
    return updated;
  }

  /** Deletes an entry: with time_tracking write any visible one, otherwise only one's own in the open period. */
  async remove(user: AuthenticatedUser, entryId: number): Promise<void> {
    const owner = await this.timer.transaction(async (db) => {
      const entry = await this.scopedEntry(db, user, entryId);
      const refused = entryChangeError(user, entry, await this.lock.lockDate(db), this.config.appTimezone);
      if (refused) throw new ForbiddenException(refused);
      await this.timer.deleteEntry(db, entryId);
      return { userId: entry.userId, taskId: entry.taskId };
    });
    this.activeTimers.invalidate(String(owner.userId));
    this.events.emit('TimerChanged', owner);
  }
}
