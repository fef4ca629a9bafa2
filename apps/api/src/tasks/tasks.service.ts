import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ARCHIVED_PAGE_DEFAULT,
  canViewAllTasks,
  isCompletedColumnName,
  type ArchivedTaskPage,
  type Task,
  type TaskAttachment,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ArchivedTaskQueryDto, CreateTaskDto, MoveTaskDto, TaskListQueryDto, UpdateTaskDto } from './dto/tasks.dto';
import { assertCanEdit, assertCanSee, TASK_NOT_ARCHIVED, visibleTaskCondition } from './task-access';
import { TaskEvents } from './task-events';
import { TaskHistoryWriter, type HistoryRow } from './task-history';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import { pgError } from '../common/db-errors';
import { freshRanks, isRankConflict, RANK_MAX_LENGTH, rankBetween, retryOnRankConflict, UnusableRankError } from './task-rank';

interface TaskRow {
  id: number;
  title: string;
  description: string;
  clientId: number;
  columnId: number;
  columnName: string;
  deadline: Date;
  reminderTime: Task['reminderTime'];
  createdBy: number | null;
  position: number;
  isArchived: boolean;
  completedAt: Date | null;
  createdAt: Date;
  assignedTo: number[];
  attachments: TaskAttachment[];
}

/** The task's 1-based place in its column, for one row (lists number their rows with a window instead). */
const PLACE = `(SELECT count(*) FROM tasks k WHERE k."columnId" = t."columnId" AND NOT k."isArchived" AND k.rank < t.rank)::int + 1`;

const taskSelect = (position: string, source = 'tasks', extra = '') => `
  SELECT ${extra} t.id, t.title, t.description, t."clientId", t."columnId", c.name AS "columnName", t.deadline, t."reminderTime",
         t."createdBy", ${position} AS position, t."isArchived", t."completedAt", t."createdAt",
         COALESCE((SELECT array_agg(a."userId" ORDER BY a."userId") FROM task_assignees a WHERE a."taskId" = t.id), '{}') AS "assignedTo",
         COALESCE((SELECT json_agg(json_build_object('id', f.id, 'originalName', f."originalName", 'size', f.size, 'mimeType', f."mimeType",
                                                     'createdAt', f."createdAt", 'userId', f."userId") ORDER BY f.id)
                     FROM task_attachments f WHERE f."taskId" = t.id), '[]') AS attachments
    FROM ${source} t JOIN columns c ON c.id = t."columnId"`;
const TASK_SELECT = taskSelect(PLACE);
const LOCKED_TASK_SELECT = `WITH locked AS (SELECT * FROM tasks WHERE id = $1 FOR UPDATE) ${taskSelect(PLACE, 'locked')}`;

/** completedAt after a move: set on entering a completed column ($4: target completed, $5: source completed), cleared on leaving. */
const COMPLETED_AT_AFTER_MOVE = `CASE WHEN $4::boolean AND NOT $5::boolean THEN now() WHEN NOT $4::boolean THEN NULL ELSE "completedAt" END`;

/**
 * A move's read, one statement without a lock: the task (with its key), the target column's name
 * and the keys around the place asked ($3 offset, $4 how many) among that column's other board tasks.
 */
const MOVE_READ = `
  WITH others AS (SELECT rank FROM tasks WHERE "columnId" = $2 AND NOT "isArchived" AND id <> $1)
  ${taskSelect(
    PLACE,
    'tasks',
    `t.rank AS "currentRank",
     (SELECT name FROM columns WHERE id = $2) AS "targetName",
     (SELECT array_agg(rank ORDER BY rank) FROM (SELECT rank FROM others ORDER BY rank OFFSET $3 LIMIT $4) s) AS near,
     (SELECT max(rank) FROM others) AS last,
     (SELECT count(*)::int FROM others) AS n,`,
  )} WHERE t.id = $1`;

/**
 * A move's write, one statement and so one transaction: the row, only if it is still where the
 * read saw it ($8 column, $9 key: otherwise nothing is written and the move is read again), its
 * 'moved' history row ($6 user, $7 names and metadata), and its new place. The commit does not wait
 * for the WAL flush (synchronous_commit off for this transaction; see docs/decisions.md).
 */
const MOVE_WRITE = `
  WITH moved AS (
         UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${COMPLETED_AT_AFTER_MOVE}
          WHERE id = $1 AND "columnId" = $8 AND rank = $9 AND NOT "isArchived"
         RETURNING "completedAt"),
       history AS (
         INSERT INTO task_history ("taskId", "userId", "actionType", "oldValue", "newValue", metadata)
         SELECT $1, $6, 'moved', $7::jsonb->>'from', $7::jsonb->>'to', $7::jsonb->'metadata' FROM moved)
  SELECT set_config('synchronous_commit', 'off', true) AS "asyncCommit", "completedAt",
         (SELECT count(*) FROM tasks k WHERE k."columnId" = $2 AND NOT k."isArchived" AND k.id <> $1 AND k.rank < $3)::int + 1 AS position
    FROM moved`;

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SerialisedBoard {
  /** The Task[] JSON, and the same compressed (a 5,000-card board: ~2 MB; ~100 KB gzipped, ~75 KB with brotli). */
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Quality 5: within a few % of the best size for JSON, at a fraction of the time (~25 ms for 2 MB). */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** What MOVE_READ answers. */
type MoveRead = TaskRow & { currentRank: string; targetName: string | null; near: string[] | null; last: string | null; n: number };

/** Lock-free tries of a move before it takes the locked path (a task many people move at once). */
const MOVE_ATTEMPTS = 5;

/** The 'moved' history row's metadata. */
function movedMetadata(source: { id: number; name: string }, target: { id: number; name: string }, place: number) {
  return { fromColumnId: source.id, toColumnId: target.id, fromColumn: source.name, toColumn: target.name, position: place };
}

/**
 * The key for the 1-based place `wanted` (clamped to the end) among a column's other tasks, from
 * the keys read around it: `near` (at offsets wanted-2 and wanted-1, or the first when wanted is 1),
 * the last key and their count.
 */
function keyForPlace(wanted: number, around: { near: string[] | null; last: string | null; n: number }): { rank: string; place: number } {
  const near = around.near ?? [];
  const place = Math.min(wanted, around.n + 1);
  let before: string | null;
  let after: string | null;
  if (place === 1) [before, after] = [null, near[0] ?? null];
  else if (place === around.n + 1) [before, after] = [around.last, null];
  else [before, after] = [near[0], near[1]];
  return { rank: rankBetween(before, after), place };
}

/** Places past this are the end of any real column (keeps OFFSET bounded). */
const MAX_OFFSET = 1_000_000;

/** How many visibility scopes (everyone with view_all shares one) keep a serialised board. */
const BOARD_CACHE_SCOPES = 200;

/** The board: tasks, their moves, comments and history. Every change writes history in its transaction. */
@Injectable()
export class TasksService {
  private readonly boardCache = new Map<string, { key: string; board: SerialisedBoard }>();
  /** Loads in progress, so concurrent misses share one query. */
  private readonly boardLoads = new Map<string, Promise<SerialisedBoard>>();
  /** Requests waiting for the next version read, and whether one is running. */
  private versionWaiters: { resolve: (version: string) => void; reject: (error: unknown) => void }[] = [];
  private versionReading = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: TaskEvents,
    private readonly historyWriter: TaskHistoryWriter,
    private readonly clients: ClientDirectory,
    private readonly users: UserDirectory,
  ) {}

  /** Start of today in APP_TIMEZONE: a task due before it is overdue (taskStatus, computed once per list). */
  private todayStart(now: Date): DateTime {
    return DateTime.fromJSDate(now).setZone(this.config.appTimezone).startOf('day');
  }

  private toTask(row: TaskRow, now = new Date(), todayStartMs = this.todayStart(now).toMillis()): Task {
    const completed = isCompletedColumnName(row.columnName);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      clientId: row.clientId,
      columnId: row.columnId,
      deadline: row.deadline.toISOString(),
      assignedTo: row.assignedTo,
      reminderTime: row.reminderTime,
      createdBy: row.createdBy,
      position: row.position,
      isArchived: row.isArchived,
      status: completed || row.deadline.getTime() >= todayStartMs ? 'open' : 'overdue',
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      attachments: row.attachments,
    };
  }

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
    const todayStartMs = this.todayStart(now).toMillis();
    return rows.map((row) => this.toTask(row, now, todayStartMs));
  }

  /**
   * The whole board the user may see (GET /api/tasks without filters), serialised, with its ETag.
   * Cached per visibility scope, board version (raised by every committed write, see the
   * BoardVersion migration) and day (statuses change at midnight): a hit costs one tiny query.
   */
  async board(user: AuthenticatedUser): Promise<SerialisedBoard> {
    const scope = canViewAllTasks(user) ? 'all' : `u${user.id}`;
    const day = this.todayStart(new Date()).toISODate();
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
          const board = { body, gzip: gzipped, br: brotli, etag: `W/"tasks-${key}"` };
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

  private async findRow(db: EntityManager | DataSource, id: number, lock = false): Promise<TaskRow | null> {
    // Locked in a CTE: after waiting for a concurrent writer, the row's new version (e.g. its new column) is what is joined.
    const [row] = await db.query(lock ? LOCKED_TASK_SELECT : `${TASK_SELECT} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  async get(user: AuthenticatedUser, id: number): Promise<Task> {
    const row = await this.findRow(this.dataSource, id);
    assertCanSee(user, row);
    return this.toTask(row);
  }

  private async assertClient(db: EntityManager, clientId: number): Promise<void> {
    if (!(await this.clients.exists(clientId, db))) throw new BadRequestException('Cliente não encontrado');
  }

  private async assertAssignees(db: EntityManager, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await this.users.approvedIds(unique, db);
    const missing = unique.filter((id) => !found.includes(id));
    if (missing.length) throw new BadRequestException(`Responsáveis não encontrados: ${missing.join(', ')}`);
    return unique.sort((a, b) => a - b);
  }

  /** The column (key-share locked: a concurrent delete waits, other writers do not). */
  private async column(db: EntityManager, columnId: number | undefined): Promise<{ id: number; name: string }> {
    const [column] = columnId
      ? await db.query(`SELECT id, name FROM columns WHERE id = $1 FOR KEY SHARE`, [columnId])
      : // No column given: the backlog (the first fixed column).
        await db.query(`SELECT id, name FROM columns ORDER BY "isFixed" DESC, position ASC LIMIT 1 FOR KEY SHARE`);
    if (!column) throw new BadRequestException('Lista não encontrada');
    return column;
  }

  async create(user: AuthenticatedUser, dto: CreateTaskDto): Promise<Task> {
    const task = await retryOnRankConflict(() =>
      this.dataSource.transaction(async (db) => {
        await this.assertClient(db, dto.clientId);
        const assignees = await this.assertAssignees(db, dto.assignedTo ?? []);
        const column = await this.column(db, dto.columnId);
        const [{ id }] = await db.query(
          `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "reminderTime", "createdBy", rank, "completedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9, CASE WHEN $8::boolean THEN now() END)
         RETURNING id`,
          [
            dto.title,
            dto.description,
            dto.clientId,
            column.id,
            dto.deadline,
            dto.reminderTime ?? null,
            user.id,
            isCompletedColumnName(column.name),
            await this.endRank(db, column.id),
          ],
        );
        for (const userId of assignees) await db.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [id, userId]);
        const history: HistoryRow[] = [{ actionType: 'created', metadata: { title: dto.title, columnId: column.id, column: column.name } }];
        if (assignees.length)
          history.push({
            actionType: 'assigned',
            fieldName: 'assignedTo',
            newValue: assignees,
            metadata: { added: assignees, removed: [] },
          });
        if (dto.reminderTime) history.push({ actionType: 'reminder_set', fieldName: 'reminder', newValue: dto.reminderTime });
        await this.historyWriter.write(db, id, user.id, history);
        return this.toTask((await this.findRow(db, id))!);
      }),
    );
    this.events.emit({ type: 'taskCreated', taskId: task.id, actorId: user.id, assignedTo: task.assignedTo });
    return task;
  }

  async update(user: AuthenticatedUser, id: number, dto: UpdateTaskDto): Promise<Task> {
    let assignmentChange: { added: number[]; removed: number[] } | null = null;
    let moved: { from: number; to: number; completed: boolean } | null = null;
    const task = await retryOnRankConflict(() =>
      this.dataSource.transaction(async (db) => {
        assignmentChange = null;
        moved = null;
        const current = await this.findRow(db, id, true);
        assertCanEdit(user, current);
        const history: HistoryRow[] = [];
        const set: string[] = [];
        const params: unknown[] = [id];
        const assign = (column: string, value: unknown) => {
          params.push(value);
          set.push(`"${column}" = $${params.length}`);
        };

        if (dto.title !== undefined && dto.title !== current.title) {
          assign('title', dto.title);
          history.push({ actionType: 'updated', fieldName: 'title', oldValue: current.title, newValue: dto.title });
        }
        if (dto.description !== undefined && dto.description !== current.description) {
          assign('description', dto.description);
          history.push({ actionType: 'updated', fieldName: 'description', oldValue: current.description, newValue: dto.description });
        }
        if (dto.clientId !== undefined && dto.clientId !== current.clientId) {
          await this.assertClient(db, dto.clientId);
          assign('clientId', dto.clientId);
          history.push({ actionType: 'updated', fieldName: 'client', oldValue: current.clientId, newValue: dto.clientId });
        }
        if (dto.deadline !== undefined && new Date(dto.deadline).getTime() !== current.deadline.getTime()) {
          assign('deadline', dto.deadline);
          history.push({
            actionType: 'deadline_changed',
            fieldName: 'deadline',
            oldValue: current.deadline,
            newValue: new Date(dto.deadline),
          });
        }
        if (dto.reminderTime !== undefined && (dto.reminderTime ?? null) !== current.reminderTime) {
          assign('reminderTime', dto.reminderTime ?? null);
          history.push({
            actionType: 'reminder_set',
            fieldName: 'reminder',
            oldValue: current.reminderTime,
            newValue: dto.reminderTime ?? null,
          });
        }
        if (dto.isArchived !== undefined && dto.isArchived !== current.isArchived) {
          if (dto.isArchived) {
            assign('isArchived', true);
            history.push({
              actionType: 'updated',
              fieldName: 'status',
              oldValue: 'active',
              newValue: 'archived',
              metadata: { columnId: current.columnId, column: current.columnName },
            });
          } else history.push(await this.unarchive(db, current));
        }
        if (dto.assignedTo !== undefined) {
          const next = await this.assertAssignees(db, dto.assignedTo);
          const added = next.filter((u) => !current.assignedTo.includes(u));
          const removed = current.assignedTo.filter((u) => !next.includes(u));
          if (added.length || removed.length) {
            if (removed.length)
              await db.query(`DELETE FROM task_assignees WHERE "taskId" = $1 AND "userId" = ANY($2::int[])`, [id, removed]);
            for (const userId of added) await db.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [id, userId]);
            history.push({
              actionType: 'assigned',
              fieldName: 'assignedTo',
              oldValue: current.assignedTo,
              newValue: next,
              metadata: { added, removed },
            });
            assignmentChange = { added, removed };
          }
        }
        if (set.length) await db.query(`UPDATE tasks SET ${set.join(', ')}, "updatedAt" = now() WHERE id = $1`, params);
        await this.historyWriter.write(db, id, user.id, history);
        if (dto.columnId !== undefined && dto.columnId !== current.columnId) {
          // To the end of the other column, as a drop on it does.
          moved = await this.moveWithin(db, user, current, dto.columnId, Number.MAX_SAFE_INTEGER);
        }
        return this.toTask((await this.findRow(db, id))!);
      }),
    );
    this.events.emit({ type: 'taskUpdated', taskId: id, actorId: user.id });
    const change = assignmentChange as { added: number[]; removed: number[] } | null;
    if (change) this.events.emit({ type: 'taskAssigned', taskId: id, actorId: user.id, ...change });
    const move = moved as { from: number; to: number; completed: boolean } | null;
    if (move)
      this.events.emit({
        type: 'taskMoved',
        taskId: id,
        actorId: user.id,
        fromColumnId: move.from,
        toColumnId: move.to,
        completed: move.completed,
      });
    return task;
  }

  /**
   * Puts an archived task back on the board inside an open transaction, at the end of its column
   * (its old key may be taken by now); returns its history row. Deleting a column moves the
   * archived tasks it held to the backlog, so a task whose column is gone comes back there.
   * completedAt follows the column it comes back to, as after a move.
   */
  private async unarchive(db: EntityManager, current: TaskRow): Promise<HistoryRow> {
    const rank = await this.endRank(db, current.columnId);
    await db.query(
      `UPDATE tasks SET "isArchived" = false, rank = $2, "updatedAt" = now(),
              "completedAt" = CASE WHEN $3::boolean THEN COALESCE("completedAt", now()) END
        WHERE id = $1`,
      [current.id, rank, isCompletedColumnName(current.columnName)],
    );
    return {
      actionType: 'updated',
      fieldName: 'status',
      oldValue: 'archived',
      newValue: 'active',
      metadata: { columnId: current.columnId, column: current.columnName },
    };
  }

  /** POST /api/tasks/{id}/restore: editing rights as for any change; a task not archived is a 409. */
  async restore(user: AuthenticatedUser, id: number): Promise<Task> {
    const task = await retryOnRankConflict(() =>
      this.dataSource.transaction(async (db) => {
        const current = await this.findRow(db, id, true);
        assertCanEdit(user, current);
        if (!current.isArchived) throw new ConflictException(TASK_NOT_ARCHIVED);
        await this.historyWriter.write(db, id, user.id, [await this.unarchive(db, current)]);
        return this.toTask((await this.findRow(db, id))!);
      }),
    );
    this.events.emit({ type: 'taskUpdated', taskId: id, actorId: user.id });
    return task;
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
    const todayStartMs = this.todayStart(now).toMillis();
    return {
      items: rows.map((row) => ({
        ...this.toTask(row, now, todayStartMs),
        archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
      })),
      total,
    };
  }

  /** A key after the last board task of the column (new and restored tasks go to the end). */
  private async endRank(db: EntityManager, columnId: number, respaced = false): Promise<string> {
    const [{ last }] = await db.query(`SELECT max(rank) AS last FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [columnId]);
    try {
      return rankBetween(last, null);
    } catch (error) {
      if (!(error instanceof UnusableRankError) || respaced) throw error;
      await this.respace(db, columnId, null, 0);
      return this.endRank(db, columnId, true);
    }
  }

  /**
   * The key for the 1-based place `position` in the column, the task itself left out (clamped to
   * the end): between the neighbours there, read in one statement. No lock: a concurrent move
   * that picked the same key makes one of the two writes fail on the unique index, and it is
   * retried with a fresh read (retryOnRankConflict).
   */
  private async rankAt(
    db: EntityManager,
    columnId: number,
    position: number,
    taskId: number,
    respaced = false,
  ): Promise<{ rank: string; place: number }> {
    const wanted = Math.max(1, position);
    const offset = Math.min(Math.max(0, wanted - 2), MAX_OFFSET);
    const [row]: { near: string[] | null; last: string | null; n: number }[] = await db.query(
      `SELECT (SELECT array_agg(rank ORDER BY rank) FROM (SELECT rank FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank OFFSET $3 LIMIT $4) s) AS near,
              (SELECT max(rank) FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS last,
              (SELECT count(*)::int FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2) AS n`,
      [columnId, taskId, offset, wanted === 1 ? 1 : 2],
    );
    try {
      return keyForPlace(wanted, row);
    } catch (error) {
      if (!(error instanceof UnusableRankError) || respaced) throw error;
      await this.respace(db, columnId, null, 0);
      return this.rankAt(db, columnId, position, taskId, true);
    }
  }

  /**
   * Gives the column's board tasks fresh, short keys in their order, with `taskId` (if any) put at
   * `place`. Runs when a key would grow past RANK_MAX_LENGTH (many cards dropped at one spot) or a
   * key is not one the library accepts (written by hand). Locks the column row, so it waits for
   * writers holding it and runs once at a time.
   */
  private async respace(db: EntityManager, columnId: number, taskId: number | null, place: number): Promise<void> {
    await db.query(`SELECT id FROM columns WHERE id = $1 FOR UPDATE`, [columnId]);
    const rows: { id: number }[] = await db.query(
      `SELECT id FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" AND id <> $2 ORDER BY rank, id`,
      [columnId, taskId ?? 0],
    );
    const ids = rows.map((r) => r.id);
    if (taskId !== null) ids.splice(place - 1, 0, taskId);
    // Temporary distinct keys first: the unique index is checked row by row.
    await db.query(`UPDATE tasks SET rank = '~' || id WHERE id = ANY($1::int[])`, [ids]);
    await db.query(`UPDATE tasks t SET rank = v.rank FROM unnest($1::int[], $2::text[]) AS v(id, rank) WHERE t.id = v.id`, [
      ids,
      freshRanks(ids.length),
    ]);
  }

  /** Moves inside an open transaction: one row gets the target column and a key at the place asked; records history. */
  private async moveWithin(db: EntityManager, user: AuthenticatedUser, task: TaskRow, toColumnId: number, position: number) {
    // Key-share locks: a concurrent column delete waits for this move (and then sees its task).
    const columns: { id: number; name: string }[] = await db.query(
      `SELECT id, name FROM columns WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`,
      [[task.columnId, toColumnId]],
    );
    const target = columns.find((c) => c.id === toColumnId);
    if (!target) throw new BadRequestException('Lista não encontrada');
    const source = columns.find((c) => c.id === task.columnId)!;
    const { rank, place } = await this.rankAt(db, toColumnId, position, task.id);
    return this.placeTask(db, user, task, source, target, rank, place);
  }

  /** Writes a move whose key and place are known (the slow path: history through writeHistory, fresh keys when too long). */
  private async placeTask(
    db: EntityManager,
    user: AuthenticatedUser,
    task: TaskRow,
    source: { id: number; name: string },
    target: { id: number; name: string },
    rank: string,
    place: number,
  ) {
    const toColumnId = target.id;
    const wasCompleted = isCompletedColumnName(source.name);
    const completed = isCompletedColumnName(target.name);
    const tooLong = rank.length > RANK_MAX_LENGTH;
    await db.query(
      `UPDATE tasks SET "columnId" = $2, rank = $3, "updatedAt" = now(), "completedAt" = ${COMPLETED_AT_AFTER_MOVE} WHERE id = $1`,
      [task.id, toColumnId, tooLong ? `~${task.id}` : rank, completed, wasCompleted],
    );
    if (tooLong) await this.respace(db, toColumnId, task.id, place);
    await this.historyWriter.write(db, task.id, user.id, [
      {
        actionType: 'moved',
        oldValue: source.name,
        newValue: target.name,
        metadata: movedMetadata(source, target, place),
      },
    ]);
    return { from: source.id, to: target.id, completed: completed && !wasCompleted };
  }

  /**
   * PUT /api/tasks/{id}/move: two statements and no explicit transaction (MOVE_READ, then
   * MOVE_WRITE, which checks the task did not move in between); no column lock, no renumbering.
   * Read again when the task moved meanwhile or another move took the same key.
   */
  async move(user: AuthenticatedUser, id: number, dto: MoveTaskDto): Promise<Task> {
    const wanted = Math.max(1, dto.position);
    const offset = Math.min(Math.max(0, wanted - 2), MAX_OFFSET);
    let moved: { from: number; to: number; completed: boolean } | null = null;
    let task: Task | null = null;
    for (let attempt = 1; !task; attempt += 1) {
      const [row]: MoveRead[] = await this.dataSource.query(MOVE_READ, [id, dto.columnId, offset, wanted === 1 ? 1 : 2]);
      const current = row ?? null;
      assertCanEdit(user, current);
      if (current.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
      if (current.targetName === null) throw new BadRequestException('Lista não encontrada');
      const source = { id: current.columnId, name: current.columnName };
      const target = { id: dto.columnId, name: current.targetName };
      let key: { rank: string; place: number } | null = null;
      try {
        key = keyForPlace(wanted, current);
      } catch (error) {
        if (!(error instanceof UnusableRankError)) throw error;
      }
      const { rank, place } = key ?? { rank: '', place: wanted };
      const wasCompleted = isCompletedColumnName(source.name);
      const completed = isCompletedColumnName(target.name);
      moved = { from: source.id, to: target.id, completed: completed && !wasCompleted };
      if (!key || rank.length > RANK_MAX_LENGTH || attempt > MOVE_ATTEMPTS) {
        // Rare: a column needing fresh keys, or a task fought over: the locked path.
        task = await retryOnRankConflict(() =>
          this.dataSource.transaction(async (db) => {
            const locked = await this.findRow(db, id, true);
            assertCanEdit(user, locked);
            if (locked.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
            moved = await this.moveWithin(db, user, locked, dto.columnId, wanted);
            return this.toTask((await this.findRow(db, id))!);
          }),
        );
        break;
      }
      try {
        const [after]: { completedAt: Date | null; position: number }[] = await this.dataSource.query(MOVE_WRITE, [
          id,
          target.id,
          rank,
          completed,
          wasCompleted,
          user.id,
          JSON.stringify({ from: source.name, to: target.name, metadata: movedMetadata(source, target, place) }),
          current.columnId,
          current.currentRank,
        ]);
        if (after) task = this.toTask({ ...current, columnId: target.id, columnName: target.name, ...after });
      } catch (error) {
        if (isRankConflict(error)) continue;
        // The column was deleted between the read and the write.
        if (pgError(error)?.code === '23503') throw new BadRequestException('Lista não encontrada');
        throw error;
      }
    }
    const move = moved as { from: number; to: number; completed: boolean } | null;
    if (move)
      this.events.emit({
        type: 'taskMoved',
        taskId: id,
        actorId: user.id,
        fromColumnId: move.from,
        toColumnId: move.to,
        completed: move.completed,
      });
    return task;
  }

  /** For attachments: the task if the user may see it (and edit it, when asked). */
  async taskFor(user: AuthenticatedUser, taskId: number, edit: boolean): Promise<Task> {
    const row = await this.findRow(this.dataSource, taskId);
    if (edit) assertCanEdit(user, row);
    else assertCanSee(user, row);
    return this.toTask(row);
  }

  async ensureExists(taskId: number): Promise<void> {
    const [row] = await this.dataSource.query(`SELECT id FROM tasks WHERE id = $1`, [taskId]);
    if (!row) throw new NotFoundException('Tarefa não encontrada');
  }
}
