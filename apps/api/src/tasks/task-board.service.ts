import { Injectable, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ARCHIVED_PAGE_DEFAULT, canViewAllTasks, type ArchivedTaskPage, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import type { ArchivedTaskQueryDto, TaskListQueryDto } from './dto/tasks.dto';
import { assertCanEdit, assertCanSee } from './task-access';
import { BoardPlaces, byKey } from './board-places';
import { prepareBoardBody, type SerialisedBoard } from './board-response';
import { TaskBoardRepository } from './repositories/task-board.repository';
import { TaskRows } from './task-rows';
import type { Counter } from 'prom-client';
import { MetricsService } from '../platform/metrics/metrics.service';

/** How many visibility scopes (everyone with view_all shares one) keep a serialised board. */
const BOARD_CACHE_SCOPES = 200;
/** How many versions of column changes are remembered to patch a cached board (older boards are rebuilt). */
const TRACKED_STEPS = 2_000;

/** A column of a scope's board: its tasks in order, each one's JSON, and their JSON comma-joined (no brackets) with its hash. */
interface BoardColumn {
  tasks: Task[];
  texts: string[];
  json: Buffer;
  hash: string;
}

/** One scope's cached board: its columns serialised apart, so a write serialises only the columns it touched. */
interface ScopeBoard {
  day: string;
  /** Column id → its tasks; columns without tasks are absent. */
  columns: Map<number, BoardColumn>;
  board: SerialisedBoard;
}

/**
 * What changed at which version, from the board_changes log: the tasks named, and the columns
 * they left or entered (from `places`, where every board task is at `version`). A step with
 * `columns` null changed every column (a column write, a truncate).
 */
interface ChangeTracker {
  version: number;
  /** The oldest version boards can be patched from. */
  base: number;
  places: BoardPlaces;
  steps: { version: number; columns: Set<number> | null; tasks: number[] }[];
}

/** What changed after a cached board's version: the tasks, and the columns to serialise again. */
interface BoardChange {
  columns: Set<number>;
  tasks: Set<number>;
}

function boardColumn(tasks: Task[], texts: string[]): BoardColumn {
  const json = Buffer.from(texts.join(','));
  return { tasks, texts, json, hash: sha1(json) };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Whether two boards' columns are the same (same columns in `order`, same contents). */
function sameColumns(a: Map<number, { hash: string }>, b: Map<number, { hash: string }>, order: number[]): boolean {
  return a.size === b.size && order.every((id) => a.get(id)?.hash === b.get(id)!.hash);
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('base64url');

/** The board's read model: the lists, the cached serialised board, one task, the archive. */
@Injectable()
export class TaskBoard {
  private readonly boardCache = new Map<string, ScopeBoard>();
  /** Loads in progress, so concurrent misses share one query. */
  private readonly boardLoads = new Map<string, Promise<SerialisedBoard>>();
  private tracker: ChangeTracker | null = null;
  /** Advances of the tracker run one at a time. */
  private trackerQueue: Promise<unknown> = Promise.resolve();
  /** Requests waiting for the next version read, and whether one is running. */
  private versionWaiters: { resolve: (version: string) => void; reject: (error: unknown) => void }[] = [];
  private versionReading = false;
  /**
   * The last reader of the shared (view_all) board, and whether it was read since the last rebuild
   * ahead of its readers: only a board people keep reading is rebuilt as soon as a change is notified.
   */
  private sharedReader: { user: AuthenticatedUser; readSinceWarm: boolean } | null = null;
  private warming = false;
  private warmAgain = false;

  /** GET /api/tasks' whole-board reads: served from the cached board, or read and built. */
  private readonly boardReads: Counter<'result'>;

  constructor(
    private readonly repository: TaskBoardRepository,
    private readonly rows: TaskRows,
    metrics: MetricsService,
  ) {
    this.boardReads = metrics.counter('wkflow_board_cache_total', 'Whole-board reads from the cached board (hit) or built (miss)', [
      'result',
    ]);
  }

  /** Non-archived tasks the user may see, in board order, each with its place among all of its column's tasks; one query. */
  async list(user: AuthenticatedUser, query: TaskListQueryDto): Promise<Task[]> {
    const rows = await this.repository.listRows(user, query);
    const now = new Date();
    const todayStartMs = this.rows.todayStart(now).toMillis();
    return rows.map((row) => this.rows.toTask(row, now, todayStartMs));
  }

  /**
   * The whole board the user may see (GET /api/tasks without filters), serialised, with its ETag.
   * Cached per visibility scope, board version (raised by every committed write, see the
   * BoardVersion migration) and day (statuses change at midnight): a hit costs one tiny query.
   * After a write, the cached board is patched: only the columns the change log names since its
   * version are read and serialised again (see loadBoard).
   */
  board(user: AuthenticatedUser): Promise<SerialisedBoard> {
    if (canViewAllTasks(user)) this.sharedReader = { user, readSinceWarm: true };
    return this.currentBoard(user);
  }

  private async currentBoard(user: AuthenticatedUser): Promise<SerialisedBoard> {
    const scope = canViewAllTasks(user) ? 'all' : `u${user.id}`;
    const day = this.rows.todayStart(new Date()).toISODate()!;
    const version = Number(await this.boardVersion());
    const cached = this.boardCache.get(scope);
    // A board read at this version or later (by a load that started after this request arrived).
    if (cached && cached.day === day && cached.board.version >= version) {
      this.boardReads.inc({ result: 'hit' });
      return cached.board;
    }
    this.boardReads.inc({ result: 'miss' });
    const key = `${scope}:${version}:${day}`;
    let pending = this.boardLoads.get(key);
    if (!pending) {
      pending = this.loadBoard(user, scope, day).finally(() => this.boardLoads.delete(key));
      this.boardLoads.set(key, pending);
    }
    return pending;
  }

  /**
   * A board change was notified: when the shared board was read since the last rebuild, patch it
   * (and brotli it, what browsers ask) now, so the readers that follow a write find it ready or
   * under way instead of each waiting from their own arrival. A board nobody reads between writes
   * costs nothing, and one rebuild runs at a time: notifications arriving meanwhile make one more
   * once it ends (a burst of writes costs one rebuild per round, not one per write).
   */
  warm(): void {
    const reader = this.sharedReader;
    if (!reader?.readSinceWarm) return;
    if (this.warming) {
      this.warmAgain = true;
      return;
    }
    reader.readSinceWarm = false;
    this.warming = true;
    this.currentBoard(reader.user)
      .then((board) => prepareBoardBody(board))
      .catch(() => undefined) // a reader asking next will see the error itself
      .finally(() => {
        this.warming = false;
        if (this.warmAgain) {
          this.warmAgain = false;
          this.warm();
        }
      });
  }

  /**
   * Reads the scope's board in one snapshot (REPEATABLE READ: the version and the rows agree).
   * After a write, only the tasks the change log names since the cached board's version are read,
   * and only the columns they left or entered are serialised again (their places come from the
   * tracker). The columns are read whole when there is no cached board, a new day, a column write
   * or truncate, or a version older than the remembered log.
   */
  private async loadBoard(user: AuthenticatedUser, scope: string, day: string): Promise<SerialisedBoard> {
    return this.repository.snapshot(async (db) => {
      const { version: v, prunedThrough } = await this.repository.versionIn(db);
      const tracker = await this.advanceTracker(db, v, prunedThrough);
      const cached = this.boardCache.get(scope);
      if (cached && cached.day === day && cached.board.version >= v) return cached.board;
      const changed = cached && cached.day === day ? this.changedSince(tracker, cached.board.version) : null;
      let columns: Map<number, BoardColumn> | null = null;
      // The tracker's places are those of this snapshot only when no later load moved it on.
      if (changed && tracker.version === v) columns = await this.patchColumns(db, user, cached!.columns, changed, tracker.places);
      if (!columns) columns = await this.readColumns(db, user, changed ? cached!.columns : null, changed && [...changed.columns]);
      const order = [...columns.keys()].sort((a, b) => a - b);
      let board: SerialisedBoard;
      if (cached && cached.day === day && sameColumns(cached.columns, columns, order)) {
        // Nothing this scope sees changed: the same body (so the same compressed copies) and hash, at the new version.
        board = { ...cached.board, version: v };
      } else {
        const parts: Buffer[] = [OPEN];
        order.forEach((id, i) => {
          if (i) parts.push(COMMA);
          parts.push(columns.get(id)!.json);
        });
        parts.push(CLOSE);
        board = {
          body: Buffer.concat(parts),
          contentHash: sha1(order.map((id) => `${id}:${columns.get(id)!.hash}`).join(',')),
          version: v,
        };
      }
      const latest = this.boardCache.get(scope);
      if (!latest || latest.day !== day || latest.board.version < v) {
        this.boardCache.delete(scope); // re-inserted last: the oldest scope is evicted first
        if (this.boardCache.size >= BOARD_CACHE_SCOPES) this.boardCache.delete(this.boardCache.keys().next().value!);
        this.boardCache.set(scope, { day, columns, board });
      }
      return board;
    });
  }

  /**
   * The scope's columns `ids` (all when null) read whole, with their places, over `previous`'s
   * other columns (a write's patch when the tracker cannot place the tasks: a 417-card column costs ~5 ms more).
   */
  private async readColumns(
    db: EntityManager,
    user: AuthenticatedUser,
    previous: Map<number, BoardColumn> | null,
    ids: number[] | null,
  ): Promise<Map<number, BoardColumn>> {
    const columns = new Map(previous ?? []);
    if (ids?.length === 0) return columns;
    const rows = await this.repository.columnRows(db, user, ids);
    const now = new Date();
    const todayStartMs = this.rows.todayStart(now).toMillis();
    const byColumn = new Map<number, Task[]>();
    for (const row of rows) {
      let list = byColumn.get(row.columnId);
      if (!list) byColumn.set(row.columnId, (list = []));
      list.push(this.rows.toTask(row, now, todayStartMs));
    }
    for (const id of ids ?? []) columns.delete(id);
    for (const [id, tasks] of byColumn)
      columns.set(
        id,
        boardColumn(
          tasks,
          tasks.map((task) => JSON.stringify(task)),
        ),
      );
    return columns;
  }

  /**
   * `previous` with the changed tasks read again (those the user may still see) and the changed
   * columns' places taken from the tracker; a task whose JSON did not change keeps it. Null when
   * the tracker does not know a task's key (then the columns are read whole).
   */
  private async patchColumns(
    db: EntityManager,
    user: AuthenticatedUser,
    previous: Map<number, BoardColumn>,
    changed: BoardChange,
    places: BoardPlaces,
  ): Promise<Map<number, BoardColumn> | null> {
    const rows = await this.repository.taskRows(db, user, [...changed.tasks]);
    const now = new Date();
    const todayStartMs = this.rows.todayStart(now).toMillis();
    const entering = new Map<number, Task[]>();
    for (const row of rows) {
      if (!changed.columns.has(row.columnId)) return null;
      const list = entering.get(row.columnId);
      const task = this.rows.toTask(row, now, todayStartMs);
      if (list) list.push(task);
      else entering.set(row.columnId, [task]);
    }
    const columns = new Map(previous);
    for (const columnId of changed.columns) {
      const before = previous.get(columnId);
      const entries: { task: Task; text: string | null }[] = [];
      before?.tasks.forEach((task, i) => {
        if (!changed.tasks.has(task.id)) entries.push({ task, text: before.texts[i] });
      });
      for (const task of entering.get(columnId) ?? []) entries.push({ task, text: null });
      if (!entries.length) {
        columns.delete(columnId);
        continue;
      }
      entries.sort((a, b) => byKey(a.task.rank, b.task.rank));
      const tasks: Task[] = [];
      const texts: string[] = [];
      for (const entry of entries) {
        const place = places.placeOf(columnId, entry.task.rank);
        if (place === null) return null;
        let { task, text } = entry;
        if (task.position !== place) [task, text] = [{ ...task, position: place }, null];
        tasks.push(task);
        texts.push(text ?? JSON.stringify(task));
      }
      columns.set(columnId, boardColumn(tasks, texts));
    }
    return columns;
  }

  /** What changed after `version` (up to the tracker's), or null when the board must be read whole. */
  private changedSince(tracker: ChangeTracker, version: number): BoardChange | null {
    if (version < tracker.base) return null;
    const change: BoardChange = { columns: new Set(), tasks: new Set() };
    for (let i = tracker.steps.length - 1; i >= 0 && tracker.steps[i].version > version; i -= 1) {
      const { columns, tasks } = tracker.steps[i];
      if (!columns) return null;
      columns.forEach((c) => change.columns.add(c));
      tasks.forEach((t) => change.tasks.add(t));
    }
    return change;
  }

  /**
   * Brings the change tracker to `version` inside the caller's snapshot: the log rows after its
   * version and the current column and key of each task they name. Starts over (every task's
   * place) when there is none yet or the log was pruned past it.
   */
  private advanceTracker(db: EntityManager, version: number, prunedThrough: number): Promise<ChangeTracker> {
    const run = this.trackerQueue.then(async () => {
      let tracker = this.tracker;
      if (tracker && tracker.version >= version) return tracker;
      const allPlaces = async () => new BoardPlaces(await this.repository.allPlaces(db));
      if (!tracker || tracker.version < prunedThrough) {
        tracker = { version, base: version, places: await allPlaces(), steps: [] };
        this.tracker = tracker;
        return tracker;
      }
      const changes = await this.repository.changesBetween(db, tracker.version, version);
      const ids = [...new Set(changes.flatMap((c) => c.taskIds ?? []))];
      let columns: Set<number> | null = new Set<number>();
      if (changes.some((c) => c.kind === 'column' || c.kind === 'reset')) {
        columns = null;
        tracker.places = await allPlaces();
      } else {
        const rows = await this.repository.placesOf(db, ids);
        const now = new Map(rows.map((r) => [r.id, r.isArchived ? null : r]));
        for (const id of ids) {
          const before = tracker.places.columnOf(id);
          const after = now.get(id) ?? null;
          if (before !== undefined) columns.add(before);
          if (after) columns.add(after.columnId);
          tracker.places.set(id, after);
        }
      }
      tracker.steps.push({ version, columns, tasks: ids });
      if (tracker.steps.length > TRACKED_STEPS) tracker.base = tracker.steps.shift()!.version;
      tracker.version = version;
      return tracker;
    });
    this.trackerQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * The board version, read before the tasks (data can then only be newer than its label, never
   * older). Requests arriving while a read runs share the next one: it starts after they arrived,
   * so a client always sees its own committed writes, and a busy board costs one read per round trip.
   */
  private boardVersion(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.versionWaiters.push({ resolve, reject });
      if (!this.versionReading) this.readBoardVersion();
    });
  }

  private readBoardVersion(): void {
    const waiters = this.versionWaiters;
    this.versionWaiters = [];
    this.versionReading = true;
    this.repository
      .version()
      .then(
        (version) => waiters.forEach((w) => w.resolve(version)),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.versionReading = false;
        if (this.versionWaiters.length) this.readBoardVersion();
      });
  }

  async get(user: AuthenticatedUser, id: number): Promise<Task> {
    const row = await this.repository.findRow(id);
    assertCanSee(user, row);
    return this.rows.toTask(row);
  }

  /**
   * GET /api/tasks/archived: the archived tasks the user may see, most recently archived first,
   * filtered by words in the title or description and by client; one page and the total.
   */
  async archived(user: AuthenticatedUser, query: ArchivedTaskQueryDto): Promise<ArchivedTaskPage> {
    const { total, rows } = await this.repository.archivedPage(user, {
      search: query.search,
      clientId: query.clientId,
      limit: query.limit ?? ARCHIVED_PAGE_DEFAULT,
      offset: query.offset ?? 0,
    });
    const now = new Date();
    const todayStartMs = this.rows.todayStart(now).toMillis();
    return {
      items: rows.map((row) => ({
        ...this.rows.toTask(row, now, todayStartMs),
        archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
      })),
      total,
    };
  }

  /** For attachments: the task if the user may see it (and edit it, when asked). */
  async taskFor(user: AuthenticatedUser, taskId: number, edit: boolean): Promise<Task> {
    const row = await this.repository.findRow(taskId);
    if (edit) assertCanEdit(user, row);
    else assertCanSee(user, row);
    return this.rows.toTask(row);
  }

  async ensureExists(taskId: number): Promise<void> {
    if (!(await this.repository.exists(taskId))) throw new NotFoundException('Tarefa não encontrada');
  }
}
