import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DataSource, type EntityManager } from 'typeorm';
import { ARCHIVED_PAGE_DEFAULT, canViewAllTasks, type ArchivedTaskPage, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { ArchivedTaskQueryDto, TaskListQueryDto } from './dto/tasks.dto';
import { assertCanEdit, assertCanSee, visibleTaskCondition } from './task-access';
import { likePattern, placedTaskSelect, TaskRows, taskSelect, type TaskRow } from './task-rows';

export type BoardEncoding = 'br' | 'gzip' | 'identity';

export interface SerialisedBoard {
  /** The Task[] JSON (a 5,000-card board: ~2 MB; ~100 KB gzipped, ~75 KB with brotli). */
  body: Buffer;
  /** A hash of the body: the same board always has the same ETag (on every replica), another board another. */
  etag: string;
  /** The board version it was read at (the X-Board-Version header). */
  version: number;
  /** The body in an encoding, compressed on the first request that asks for it (once per body). */
  encoded(encoding: BoardEncoding): Promise<Buffer>;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Quality 5: within a few % of the best size for JSON, at a fraction of the time (~25 ms for 2 MB). */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** How many visibility scopes (everyone with view_all shares one) keep a serialised board. */
const BOARD_CACHE_SCOPES = 200;
/** How many versions of column changes are remembered to patch a cached board (older boards are rebuilt). */
const TRACKED_STEPS = 2_000;

/** One scope's cached board: its columns serialised apart, so a write re-reads only the columns it touched. */
interface ScopeBoard {
  day: string;
  /** Column id → the JSON of its tasks in order, comma-joined (no brackets), and its hash; columns without tasks are absent. */
  columns: Map<number, { json: Buffer; hash: string }>;
  board: SerialisedBoard;
}

/**
 * Which columns changed at which version, from the board_changes log: a task's old column (from
 * `taskColumns`, the column of every board task at `version`) and its new one. A step with
 * `columns` null changed every column (a column write, a truncate).
 */
interface ChangeTracker {
  version: number;
  /** The oldest version boards can be patched from. */
  base: number;
  taskColumns: Map<number, number>;
  steps: { version: number; columns: Set<number> | null }[];
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Whether two boards' columns are the same (same columns in `order`, same contents). */
function sameColumns(a: Map<number, { hash: string }>, b: Map<number, { hash: string }>, order: number[]): boolean {
  return a.size === b.size && order.every((id) => a.get(id)?.hash === b.get(id)!.hash);
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('base64url');

function serialised(body: Buffer, etag: string, version: number): SerialisedBoard {
  const encodings = new Map<BoardEncoding, Promise<Buffer>>();
  return {
    body,
    etag,
    version,
    encoded(encoding) {
      if (encoding === 'identity') return Promise.resolve(body);
      let pending = encodings.get(encoding);
      if (!pending) {
        pending = encoding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body);
        pending.catch(() => encodings.delete(encoding));
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rows: TaskRows,
  ) {}

  /** Non-archived tasks the user may see, in board order, each with its place among all of its column's tasks; one query. */
  async list(user: AuthenticatedUser, query: TaskListQueryDto): Promise<Task[]> {
    const params: unknown[] = [user.id];
    const where = ['NOT t."isArchived"', visibleTaskCondition(user, '$1')];
    let placesWhere = 'NOT "isArchived"';
    if (query.search?.trim()) {
      params.push(likePattern(query.search.trim()));
      where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
    }
    if (query.columnId) {
      params.push(query.columnId);
      where.push(`t."columnId" = $${params.length}`);
      placesWhere += ` AND "columnId" = $${params.length}`;
    }
    if (query.cursor) {
      // The cursor resolves among the tasks the user may see: a hidden task's id pages like an unknown one (nothing).
      params.push(query.cursor);
      where.push(
        `(t."columnId", t.rank, t.id) > (SELECT k."columnId", k.rank, k.id FROM tasks k WHERE k.id = $${params.length} AND ${visibleTaskCondition(user, '$1', 'k')})`,
      );
    }
    const limit = query.limit ? `LIMIT ${query.limit}` : '';
    const rows: TaskRow[] = await this.dataSource.query(
      `${placedTaskSelect(placesWhere)}
       WHERE ${where.join(' AND ')} ORDER BY t."columnId", t.rank, t.id ${limit}`,
      params,
    );
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
    if (cached && cached.day === day && cached.board.version >= version) return cached.board;
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
      .then((board) => board.encoded('br'))
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
   * Reads the scope's board in one snapshot (REPEATABLE READ: the version and the rows agree):
   * the columns changed since the cached board's version, or all of them when there is no cached
   * board, a new day, a column write or truncate, or a version older than the remembered log.
   */
  private async loadBoard(user: AuthenticatedUser, scope: string, day: string): Promise<SerialisedBoard> {
    return this.dataSource.transaction('REPEATABLE READ', async (db) => {
      const [{ version, prunedThrough }]: { version: string; prunedThrough: string }[] = await db.query(
        `SELECT version::text AS version, "prunedThrough"::text AS "prunedThrough" FROM board_version WHERE id = 1`,
      );
      const v = Number(version);
      const tracker = await this.advanceTracker(db, v, Number(prunedThrough));
      const cached = this.boardCache.get(scope);
      if (cached && cached.day === day && cached.board.version >= v) return cached.board;
      const changed = cached && cached.day === day ? this.changedSince(tracker, cached.board.version) : null;
      const columns = changed ? new Map(cached!.columns) : new Map<number, { json: Buffer; hash: string }>();
      if (changed?.size !== 0) {
        const ids = changed ? [...changed] : null;
        // The columns once more on t: without them PostgreSQL scans every task to join the places (a patch: 13 → 10 ms).
        const inColumns = (column: string) => `($2::int[] IS NULL OR ${column} = ANY($2::int[]))`;
        const rows: TaskRow[] = await db.query(
          `${placedTaskSelect(`NOT "isArchived" AND ${inColumns('"columnId"')}`)}
           WHERE NOT t."isArchived" AND ${inColumns('t."columnId"')} AND ${visibleTaskCondition(user, '$1')} ORDER BY t."columnId", t.rank, t.id`,
          [user.id, ids],
        );
        const now = new Date();
        const todayStartMs = this.rows.todayStart(now).toMillis();
        const byColumn = new Map<number, string[]>();
        for (const row of rows) {
          let list = byColumn.get(row.columnId);
          if (!list) byColumn.set(row.columnId, (list = []));
          list.push(JSON.stringify(this.rows.toTask(row, now, todayStartMs)));
        }
        for (const id of ids ?? []) columns.delete(id);
        for (const [id, list] of byColumn) {
          const json = Buffer.from(list.join(','));
          columns.set(id, { json, hash: sha1(json) });
        }
      }
      const order = [...columns.keys()].sort((a, b) => a - b);
      let board: SerialisedBoard;
      if (changed?.size === 0 || (cached && cached.day === day && sameColumns(cached.columns, columns, order))) {
        // Nothing this scope sees changed: the same body, ETag and compressed copies, at the new version.
        const same = cached!.board;
        board = { ...same, version: v, encoded: (encoding) => same.encoded(encoding) };
      } else {
        const parts: Buffer[] = [OPEN];
        order.forEach((id, i) => {
          if (i) parts.push(COMMA);
          parts.push(columns.get(id)!.json);
        });
        parts.push(CLOSE);
        const etag = `W/"tasks-${sha1(order.map((id) => `${id}:${columns.get(id)!.hash}`).join(','))}"`;
        board = serialised(Buffer.concat(parts), etag, v);
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

  /** The columns changed after `version` (up to the tracker's), or null when the board must be read whole. */
  private changedSince(tracker: ChangeTracker, version: number): Set<number> | null {
    if (version < tracker.base) return null;
    const changed = new Set<number>();
    for (let i = tracker.steps.length - 1; i >= 0 && tracker.steps[i].version > version; i -= 1) {
      const columns = tracker.steps[i].columns;
      if (!columns) return null;
      columns.forEach((c) => changed.add(c));
    }
    return changed;
  }

  /**
   * Brings the change tracker to `version` inside the caller's snapshot: the log rows after its
   * version and the current column of each task they name. Starts over (every task's column) when
   * there is none yet or the log was pruned past it.
   */
  private advanceTracker(db: EntityManager, version: number, prunedThrough: number): Promise<ChangeTracker> {
    const run = this.trackerQueue.then(async () => {
      let tracker = this.tracker;
      if (tracker && tracker.version >= version) return tracker;
      if (!tracker || tracker.version < prunedThrough) {
        const rows: { id: number; columnId: number }[] = await db.query(`SELECT id, "columnId" FROM tasks WHERE NOT "isArchived"`);
        tracker = { version, base: version, taskColumns: new Map(rows.map((r) => [r.id, r.columnId])), steps: [] };
        this.tracker = tracker;
        return tracker;
      }
      const changes: { kind: string; taskIds: number[] | null }[] = await db.query(
        `SELECT kind, array_agg(DISTINCT "taskId") FILTER (WHERE "taskId" IS NOT NULL) AS "taskIds"
           FROM board_changes WHERE version > $1 AND version <= $2 GROUP BY kind`,
        [tracker.version, version],
      );
      let columns: Set<number> | null = new Set<number>();
      if (changes.some((c) => c.kind === 'column' || c.kind === 'reset')) {
        columns = null;
        const rows: { id: number; columnId: number }[] = await db.query(`SELECT id, "columnId" FROM tasks WHERE NOT "isArchived"`);
        tracker.taskColumns = new Map(rows.map((r) => [r.id, r.columnId]));
      } else {
        const ids = [...new Set(changes.flatMap((c) => c.taskIds ?? []))];
        const rows: { id: number; columnId: number; isArchived: boolean }[] = ids.length
          ? await db.query(`SELECT id, "columnId", "isArchived" FROM tasks WHERE id = ANY($1::int[])`, [ids])
          : [];
        const now = new Map(rows.map((r) => [r.id, r.isArchived ? null : r.columnId]));
        for (const id of ids) {
          const before = tracker.taskColumns.get(id);
          const after = now.get(id) ?? null;
          if (before !== undefined) columns.add(before);
          if (after !== null) {
            columns.add(after);
            tracker.taskColumns.set(id, after);
          } else tracker.taskColumns.delete(id);
        }
      }
      tracker.steps.push({ version, columns });
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
    this.dataSource
      .query(`SELECT version::text AS version FROM board_version WHERE id = 1`)
      .then(
        ([row]: { version: string }[]) => waiters.forEach((w) => w.resolve(row.version)),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.versionReading = false;
        if (this.versionWaiters.length) this.readBoardVersion();
      });
  }

  async get(user: AuthenticatedUser, id: number): Promise<Task> {
    const row = await this.rows.findRow(this.dataSource, id);
    assertCanSee(user, row);
    return this.rows.toTask(row);
  }

  /**
   * GET /api/tasks/archived: the archived tasks the user may see, most recently archived first,
   * filtered by words in the title or description and by client; one page and the total.
   */
  async archived(user: AuthenticatedUser, query: ArchivedTaskQueryDto): Promise<ArchivedTaskPage> {
    const params: unknown[] = [user.id];
    const where = ['t."isArchived"', visibleTaskCondition(user, '$1')];
    if (query.search?.trim()) {
      params.push(likePattern(query.search.trim()));
      where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
    }
    if (query.clientId) {
      params.push(query.clientId);
      where.push(`t."clientId" = $${params.length}`);
    }
    const condition = where.join(' AND ');
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM tasks t WHERE ${condition}`,
      params,
    );
    const limit = query.limit ?? ARCHIVED_PAGE_DEFAULT;
    const offset = query.offset ?? 0;
    const rows: (TaskRow & { archivedAt: Date | null })[] = total
      ? await this.dataSource.query(
          `${taskSelect(
            '0',
            'tasks',
            `(SELECT max(h."createdAt") FROM task_history h
               WHERE h."taskId" = t.id AND h."fieldName" = 'status' AND h."newValue" = 'archived') AS "archivedAt",`,
          )}
           WHERE ${condition}
           ORDER BY "archivedAt" DESC NULLS LAST, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        )
      : [];
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
    const row = await this.rows.findRow(this.dataSource, taskId);
    if (edit) assertCanEdit(user, row);
    else assertCanSee(user, row);
    return this.rows.toTask(row);
  }

  async ensureExists(taskId: number): Promise<void> {
    const [row] = await this.dataSource.query(`SELECT id FROM tasks WHERE id = $1`, [taskId]);
    if (!row) throw new NotFoundException('Tarefa não encontrada');
  }
}
