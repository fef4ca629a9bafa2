import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DataSource } from 'typeorm';
import { ARCHIVED_PAGE_DEFAULT, canViewAllTasks, type ArchivedTaskPage, type Task } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { ArchivedTaskQueryDto, TaskListQueryDto } from './dto/tasks.dto';
import { assertCanEdit, assertCanSee, visibleTaskCondition } from './task-access';
import { likePattern, TaskRows, taskSelect, type TaskRow } from './task-rows';

export interface SerialisedBoard {
  /** The Task[] JSON, and the same compressed (a 5,000-card board: ~2 MB; ~100 KB gzipped, ~75 KB with brotli). */
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The board version it was read at (the X-Board-Version header). */
  version: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Quality 5: within a few % of the best size for JSON, at a fraction of the time (~25 ms for 2 MB). */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** How many visibility scopes (everyone with view_all shares one) keep a serialised board. */
const BOARD_CACHE_SCOPES = 200;

/** The board's read model: the lists, the cached serialised board, one task, the archive. */
@Injectable()
export class TaskBoard {
  private readonly boardCache = new Map<string, { key: string; board: SerialisedBoard }>();
  /** Loads in progress, so concurrent misses share one query. */
  private readonly boardLoads = new Map<string, Promise<SerialisedBoard>>();
  /** Requests waiting for the next version read, and whether one is running. */
  private versionWaiters: { resolve: (version: string) => void; reject: (error: unknown) => void }[] = [];
  private versionReading = false;

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
      `WITH places AS (SELECT id, row_number() OVER (PARTITION BY "columnId" ORDER BY rank)::int AS place FROM tasks WHERE ${placesWhere})
       ${taskSelect('p.place')} JOIN places p ON p.id = t.id
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
   */
  async board(user: AuthenticatedUser): Promise<SerialisedBoard> {
    const scope = canViewAllTasks(user) ? 'all' : `u${user.id}`;
    const day = this.rows.todayStart(new Date()).toISODate();
    const version = await this.boardVersion();
    const key = `${scope}:${version}:${day}`;
    const cached = this.boardCache.get(scope);
    if (cached?.key === key) return cached.board;
    let pending = this.boardLoads.get(key);
    if (!pending) {
      pending = this.list(user, {})
        .then(async (tasks) => {
          const body = Buffer.from(JSON.stringify(tasks));
          const [gzipped, brotli] = await Promise.all([gzipAsync(body), brotliAsync(body, BROTLI_OPTIONS)]);
          const board = { body, gzip: gzipped, br: brotli, etag: `W/"tasks-${key}"`, version: Number(version) };
          this.boardCache.delete(scope); // re-inserted last: the oldest scope is evicted first
          if (this.boardCache.size >= BOARD_CACHE_SCOPES) this.boardCache.delete(this.boardCache.keys().next().value!);
          this.boardCache.set(scope, { key, board });
          return board;
        })
        .finally(() => this.boardLoads.delete(key));
      this.boardLoads.set(key, pending);
    }
    return pending;
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
