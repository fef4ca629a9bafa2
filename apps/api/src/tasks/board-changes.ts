import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { EntityManager } from 'typeorm';
import {
  can,
  canViewAllTasks,
  type BoardChanges,
  type BoardChangesResponse,
  type Column,
  type PermissionSubject,
  type Task,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ColumnsService } from './columns.service';
import { TaskBoard } from './task-board.service';
import { TaskRows } from './task-rows';
import { BoardChangesRepository } from './repositories/board-changes.repository';
import { TasksRepository } from './repositories/tasks.repository';

/**
 * Above this many changed tasks in one range, a delta is about as heavy as the board itself: a
 * `?since=` answer is the whole board (full), and the /ws feed restarts the chains (clients ask
 * `?since=`, which answers full).
 */
export const BOARD_DELTA_MAX_TASKS = 2_000;
/** Log retention: a day (a tab asleep overnight catches up with a delta)… */
export const BOARD_LOG_KEEP_MS = 24 * 3600_000;
/** …and at most this many versions (bounds the table on a day of bulk imports). */
export const BOARD_LOG_KEEP_VERSIONS = 100_000;
/** Oldest log rows one pruning pass looks at (bounded work per pass; the next one goes on). */
const PRUNE_SCAN_ROWS = 50_000;
const PRUNE_EVERY_MS = 5 * 60_000;

/** Who a batch is derived for: a user id and his permissions. */
export type BoardReader = PermissionSubject & { id: number };

/**
 * The log of a version range, read once: what changed, as it is now. `forUser` derives each
 * user's view from it in memory (the /ws feed serves every local socket from one batch).
 */
export class BoardBatch {
  constructor(
    /** The range (from, to] it covers. */
    readonly from: number,
    readonly to: number,
    /** True when the range cannot be answered as a delta: a reset in it, pruned, unknown or too big. */
    readonly full: boolean,
    /** Every changed task id, with its current board task (absent: deleted). */
    private readonly changed: number[],
    private readonly current: Map<number, Task>,
    /** userId → the tasks he was assigned to or unassigned from in the range. */
    private readonly assigneeTouches: Map<number, Set<number>>,
    /** Every column, when a column changed in the range. */
    readonly columns: Column[] | null,
  ) {}

  /** A range that cannot be answered as a delta: clients read the whole board. */
  static full(from: number, to: number): BoardBatch {
    return new BoardBatch(from, to, true, [], new Map(), new Map(), null);
  }

  /** Nothing changed in the range. */
  get empty(): boolean {
    return !this.full && !this.changed.length && !this.columns;
  }

  /**
   * What of the range this user may know (never an id of a task he may not see): null when nothing
   * concerns him. Users without tasks read get nothing. Only for a batch that is not full.
   */
  forUser(user: BoardReader): BoardChanges | null {
    if (!can(user, 'tasks', 'read')) return null;
    const all = canViewAllTasks(user);
    const touched = this.assigneeTouches.get(user.id);
    const tasks: Task[] = [];
    const removed: number[] = [];
    for (const id of this.changed) {
      const task = this.current.get(id);
      const assigned = !!task && task.assignedTo.includes(user.id);
      if (task && !task.isArchived && (all || assigned)) tasks.push(task);
      // Left the view: for those who see every task, archived or deleted; for the others, only when
      // they are concerned (assigned or unassigned in the range, or still assigned to the archived task).
      else if (all || assigned || touched?.has(id)) removed.push(id);
    }
    if (!tasks.length && !removed.length && !this.columns) return null;
    return { full: false, tasks, removed, ...(this.columns ? { columns: this.columns } : {}) };
  }

  /** A key shared by users whose view of this batch is the same (everyone who sees all tasks). */
  static viewKey(user: BoardReader): string {
    return !can(user, 'tasks', 'read') ? 'none' : canViewAllTasks(user) ? 'all' : `u${user.id}`;
  }
}

/**
 * The board's change log (board_changes, written by the triggers of the BoardChanges migration):
 * reads a version range into a BoardBatch, answers GET /api/tasks?since=, and prunes old rows.
 */
@Injectable()
export class BoardChangeLog {
  private readonly logger = new Logger(BoardChangeLog.name);

  constructor(
    private readonly log: BoardChangesRepository,
    private readonly tasks: TasksRepository,
    private readonly rows: TaskRows,
    private readonly board: TaskBoard,
    private readonly columnsService: ColumnsService,
  ) {}

  /** Any replica may prune, and two doing it at once is harmless (the same rows, GREATEST). */
  @Interval('board-changes-prune', PRUNE_EVERY_MS)
  async pruneOnSchedule(): Promise<void> {
    await this.prune().catch((error: Error) => this.logger.warn(`prune: ${error.message}`));
  }

  /** The current board version and the newest pruned one. */
  head(db?: EntityManager): Promise<{ version: number; prunedThrough: number }> {
    return this.log.head(db);
  }

  /**
   * The changes in (from, up to the current version], read in one snapshot: the rows are exactly
   * those of the version the batch is labelled with. `to` is at least `from` (a future `from`
   * gives a full batch labelled with the current version).
   */
  read(from: number): Promise<BoardBatch> {
    return this.log.snapshot(async (db) => {
      const { version, prunedThrough } = await this.head(db);
      if (from > version || from < prunedThrough) return BoardBatch.full(from, version);
      if (from === version) return new BoardBatch(from, version, false, [], new Map(), new Map(), null);
      const log = await this.log.changes(db, from, version, BOARD_DELTA_MAX_TASKS * 4 + 1);
      const changed = new Set<number>();
      const touches = new Map<number, Set<number>>();
      let columns = false;
      let reset = log.length > BOARD_DELTA_MAX_TASKS * 4;
      for (const { kind, taskId, userId } of log) {
        if (kind === 'reset') reset = true;
        else if (kind === 'column') columns = true;
        else if (taskId !== null) {
          changed.add(taskId);
          if (kind === 'assignee' && userId !== null) {
            const set = touches.get(userId) ?? new Set<number>();
            set.add(taskId);
            touches.set(userId, set);
          }
        }
      }
      if (reset || changed.size > BOARD_DELTA_MAX_TASKS) return BoardBatch.full(from, version);
      const ids = [...changed];
      const rows = await this.tasks.rowsByIds(db, ids);
      const now = new Date();
      const todayStartMs = this.rows.todayStart(now).toMillis();
      const current = new Map(rows.map((row) => [row.id, this.rows.toTask(row, now, todayStartMs)]));
      return new BoardBatch(from, version, false, ids, current, touches, columns ? await this.columnsService.list(db) : null);
    });
  }

  /** GET /api/tasks?since=: what changed for this user after `since`, or the whole board (full). */
  async since(user: AuthenticatedUser, since: number): Promise<BoardChangesResponse> {
    const batch = await this.read(since);
    if (!batch.full) return { version: batch.to, ...(batch.forUser(user) ?? { full: false, tasks: [], removed: [] }) };
    // The version was read before the board: the data is never older than its label.
    const [tasks, columns] = await Promise.all([this.board.list(user, {}), this.columnsService.list()]);
    return { version: batch.to, full: true, tasks, removed: [], columns };
  }

  /**
   * Deletes the log rows past the retention (older than a day, or beyond the last 100,000
   * versions), and raises prunedThrough in the same transaction.
   */
  async prune(now = new Date()): Promise<number> {
    const byAge = await this.log.newestOlderThan(new Date(now.getTime() - BOARD_LOG_KEEP_MS), PRUNE_SCAN_ROWS);
    const { version, prunedThrough } = await this.head();
    const through = Math.max(Number(byAge ?? 0), version - BOARD_LOG_KEEP_VERSIONS);
    return through > prunedThrough ? this.pruneThrough(through) : prunedThrough;
  }

  /** Deletes the log rows up to `version` (never past the current version); the newest pruned version. */
  pruneThrough(version: number): Promise<number> {
    return this.log.pruneThrough(version);
  }
}
