import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import {
  canViewAllTasks,
  isCompletedColumnName,
  type Task,
  type TaskAttachment,
  type TaskComment,
  type TaskHistoryItem,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CreateTaskDto, MoveTaskDto, TaskListQueryDto, UpdateTaskDto } from './dto/tasks.dto';
import { assertCanEdit, assertCanSee, visibleTaskCondition } from './task-access';
import { TaskEvents } from './task-events';

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

interface HistoryRow {
  actionType: string;
  fieldName?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  metadata?: Record<string, unknown> | null;
}

const TASK_SELECT = `
  SELECT t.id, t.title, t.description, t."clientId", t."columnId", c.name AS "columnName", t.deadline, t."reminderTime",
         t."createdBy", t.position, t."isArchived", t."completedAt", t."createdAt",
         COALESCE((SELECT array_agg(a."userId" ORDER BY a."userId") FROM task_assignees a WHERE a."taskId" = t.id), '{}') AS "assignedTo",
         COALESCE((SELECT json_agg(json_build_object('id', f.id, 'originalName', f."originalName", 'size', f.size, 'mimeType', f."mimeType",
                                                     'createdAt', f."createdAt", 'userId', f."userId") ORDER BY f.id)
                     FROM task_attachments f WHERE f."taskId" = t.id), '[]') AS attachments
    FROM tasks t JOIN columns c ON c.id = t."columnId"`;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

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

  /** Non-archived tasks the user may see, in board order; one query. */
  async list(user: AuthenticatedUser, query: TaskListQueryDto): Promise<Task[]> {
    const params: unknown[] = [user.id];
    const where = ['NOT t."isArchived"', visibleTaskCondition(user, '$1')];
    if (query.search?.trim()) {
      params.push(likePattern(query.search.trim()));
      where.push(`(t.title ILIKE $${params.length} OR t.description ILIKE $${params.length})`);
    }
    if (query.columnId) {
      params.push(query.columnId);
      where.push(`t."columnId" = $${params.length}`);
    }
    if (query.cursor) {
      params.push(query.cursor);
      where.push(`(t."columnId", t.position, t.id) > (SELECT k."columnId", k.position, k.id FROM tasks k WHERE k.id = $${params.length})`);
    }
    const limit = query.limit ? `LIMIT ${query.limit}` : '';
    const rows: TaskRow[] = await this.dataSource.query(
      `${TASK_SELECT} WHERE ${where.join(' AND ')} ORDER BY t."columnId", t.position, t.id ${limit}`,
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
    if (lock) await db.query(`SELECT id FROM tasks WHERE id = $1 FOR UPDATE`, [id]);
    const [row] = await db.query(`${TASK_SELECT} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  async get(user: AuthenticatedUser, id: number): Promise<Task> {
    const row = await this.findRow(this.dataSource, id);
    assertCanSee(user, row);
    return this.toTask(row);
  }

  private async writeHistory(db: EntityManager, taskId: number, userId: number, rows: HistoryRow[]): Promise<void> {
    for (const row of rows) {
      await db.query(
        `INSERT INTO task_history ("taskId", "userId", "actionType", "fieldName", "oldValue", "newValue", metadata) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          taskId,
          userId,
          row.actionType,
          row.fieldName ?? null,
          text(row.oldValue),
          text(row.newValue),
          row.metadata ? JSON.stringify(row.metadata) : null,
        ],
      );
    }
  }

  private async assertClient(db: EntityManager, clientId: number): Promise<void> {
    const [client] = await db.query(`SELECT id FROM clients WHERE id = $1`, [clientId]);
    if (!client) throw new BadRequestException('Cliente não encontrado');
  }

  private async assertAssignees(db: EntityManager, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found: { id: number }[] = await db.query(`SELECT id FROM users WHERE id = ANY($1::int[]) AND "isApproved"`, [unique]);
    const missing = unique.filter((id) => !found.some((u) => u.id === id));
    if (missing.length) throw new BadRequestException(`Responsáveis não encontrados: ${missing.join(', ')}`);
    return unique.sort((a, b) => a - b);
  }

  private async column(db: EntityManager, columnId: number | undefined): Promise<{ id: number; name: string }> {
    const [column] = columnId
      ? await db.query(`SELECT id, name FROM columns WHERE id = $1`, [columnId])
      : // No column given: the backlog (the first fixed column).
        await db.query(`SELECT id, name FROM columns ORDER BY "isFixed" DESC, position ASC LIMIT 1`);
    if (!column) throw new BadRequestException('Lista não encontrada');
    return column;
  }

  async create(user: AuthenticatedUser, dto: CreateTaskDto): Promise<Task> {
    const task = await this.dataSource.transaction(async (db) => {
      await this.assertClient(db, dto.clientId);
      const assignees = await this.assertAssignees(db, dto.assignedTo ?? []);
      const column = await this.column(db, dto.columnId);
      // Serialises appends to one column so positions stay 1..n.
      await db.query(`SELECT id FROM columns WHERE id = $1 FOR UPDATE`, [column.id]);
      const [{ id }] = await db.query(
        `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "reminderTime", "createdBy", position, "completedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7,
                 (SELECT COALESCE(MAX(position), 0) + 1 FROM tasks WHERE "columnId" = $4 AND NOT "isArchived"),
                 CASE WHEN $8::boolean THEN now() END)
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
        ],
      );
      for (const userId of assignees) await db.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [id, userId]);
      const history: HistoryRow[] = [{ actionType: 'created', metadata: { title: dto.title, columnId: column.id, column: column.name } }];
      if (assignees.length)
        history.push({ actionType: 'assigned', fieldName: 'assignedTo', newValue: assignees, metadata: { added: assignees, removed: [] } });
      if (dto.reminderTime) history.push({ actionType: 'reminder_set', fieldName: 'reminder', newValue: dto.reminderTime });
      await this.writeHistory(db, id, user.id, history);
      return this.toTask((await this.findRow(db, id))!);
    });
    this.events.emit({ type: 'taskCreated', taskId: task.id, actorId: user.id, assignedTo: task.assignedTo });
    return task;
  }

  async update(user: AuthenticatedUser, id: number, dto: UpdateTaskDto): Promise<Task> {
    let assignmentChange: { added: number[]; removed: number[] } | null = null;
    let moved: { from: number; to: number; completed: boolean } | null = null;
    const task = await this.dataSource.transaction(async (db) => {
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
        assign('isArchived', dto.isArchived);
        history.push({
          actionType: 'updated',
          fieldName: 'status',
          oldValue: current.isArchived ? 'archived' : 'active',
          newValue: dto.isArchived ? 'archived' : 'active',
        });
      }
      if (dto.assignedTo !== undefined) {
        const next = await this.assertAssignees(db, dto.assignedTo);
        const added = next.filter((u) => !current.assignedTo.includes(u));
        const removed = current.assignedTo.filter((u) => !next.includes(u));
        if (added.length || removed.length) {
          if (removed.length) await db.query(`DELETE FROM task_assignees WHERE "taskId" = $1 AND "userId" = ANY($2::int[])`, [id, removed]);
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
      await this.writeHistory(db, id, user.id, history);
      if (dto.columnId !== undefined && dto.columnId !== current.columnId) {
        const count = await this.columnCount(db, dto.columnId);
        moved = await this.moveWithin(db, user, current, dto.columnId, count + 1);
      } else if (dto.isArchived !== undefined && dto.isArchived !== current.isArchived) {
        await this.renumber(db, current.columnId);
      }
      return this.toTask((await this.findRow(db, id))!);
    });
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

  private async columnCount(db: EntityManager, columnId: number): Promise<number> {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [columnId]);
    return row.n;
  }

  /** Positions of a column's non-archived tasks become 1..n, in their current order; one statement. */
  private async renumber(db: EntityManager, columnId: number): Promise<void> {
    await db.query(
      `UPDATE tasks t SET position = r.rn
         FROM (SELECT id, row_number() OVER (ORDER BY position, id)::int AS rn FROM tasks WHERE "columnId" = $1 AND NOT "isArchived") r
        WHERE t.id = r.id AND t.position <> r.rn`,
      [columnId],
    );
  }

  /** Moves inside an open transaction: locks both columns (in id order), places, renumbers, records. */
  private async moveWithin(db: EntityManager, user: AuthenticatedUser, task: TaskRow, toColumnId: number, position: number) {
    const columns: { id: number; name: string }[] = await db.query(
      `SELECT id, name FROM columns WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [[task.columnId, toColumnId]],
    );
    const target = columns.find((c) => c.id === toColumnId);
    if (!target) throw new BadRequestException('Lista não encontrada');
    const source = columns.find((c) => c.id === task.columnId)!;
    const count = await this.columnCount(db, toColumnId);
    const max = task.columnId === toColumnId ? count : count + 1;
    const place = Math.min(Math.max(1, position), max);
    const wasCompleted = isCompletedColumnName(source.name);
    const completed = isCompletedColumnName(target.name);

    // Make room, place the task, then close the gaps in both columns.
    await db.query(`UPDATE tasks SET position = position + 1 WHERE "columnId" = $1 AND NOT "isArchived" AND position >= $2 AND id <> $3`, [
      toColumnId,
      place,
      task.id,
    ]);
    await db.query(
      `UPDATE tasks SET "columnId" = $2, position = $3, "updatedAt" = now(),
              "completedAt" = CASE WHEN $4::boolean AND NOT $5::boolean THEN now() WHEN NOT $4::boolean THEN NULL ELSE "completedAt" END
        WHERE id = $1`,
      [task.id, toColumnId, place, completed, wasCompleted],
    );
    await this.renumber(db, toColumnId);
    if (task.columnId !== toColumnId) await this.renumber(db, task.columnId);
    await this.writeHistory(db, task.id, user.id, [
      {
        actionType: 'moved',
        oldValue: source.name,
        newValue: target.name,
        metadata: { fromColumnId: source.id, toColumnId: target.id, fromColumn: source.name, toColumn: target.name, position: place },
      },
    ]);
    return { from: source.id, to: target.id, completed: completed && !wasCompleted };
  }

  async move(user: AuthenticatedUser, id: number, dto: MoveTaskDto): Promise<Task> {
    let moved: { from: number; to: number; completed: boolean } | null = null;
    const task = await this.dataSource.transaction(async (db) => {
      const current = await this.findRow(db, id);
      assertCanEdit(user, current);
      if (current.isArchived) throw new BadRequestException('Tarefa arquivada não pode ser movida');
      moved = await this.moveWithin(db, user, current, dto.columnId, dto.position);
      return this.toTask((await this.findRow(db, id))!);
    });
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

  async comments(user: AuthenticatedUser, taskId: number): Promise<TaskComment[]> {
    assertCanSee(user, await this.findRow(this.dataSource, taskId));
    const rows = await this.dataSource.query(
      `SELECT m.id, m.content, m."createdAt", m."userId", u.id AS "uid", u.name, u.username
         FROM task_comments m LEFT JOIN users u ON u.id = m."userId"
        WHERE m."taskId" = $1 ORDER BY m."createdAt" DESC, m.id DESC`,
      [taskId],
    );
    return rows.map(
      (r: { id: number; content: string; createdAt: Date; userId: number | null; uid: number | null; name: string; username: string }) => ({
        id: r.id,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
        userId: r.userId,
        user: r.uid ? { id: r.uid, name: r.name, username: r.username } : null,
      }),
    );
  }

  async addComment(user: AuthenticatedUser, taskId: number, content: string): Promise<TaskComment> {
    assertCanSee(user, await this.findRow(this.dataSource, taskId));
    const [row] = await this.dataSource.query(
      `INSERT INTO task_comments ("taskId", "userId", content) VALUES ($1, $2, $3) RETURNING id, content, "createdAt"`,
      [taskId, user.id, content],
    );
    this.events.emit({ type: 'commentAdded', taskId, actorId: user.id, commentId: row.id });
    return {
      id: row.id,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      userId: user.id,
      user: { id: user.id, name: user.name, username: user.username },
    };
  }

  async history(user: AuthenticatedUser, taskId: number): Promise<TaskHistoryItem[]> {
    assertCanSee(user, await this.findRow(this.dataSource, taskId));
    const rows = await this.dataSource.query(
      `SELECT h.id, h."actionType", h."fieldName", h."oldValue", h."newValue", h.metadata, h."createdAt", u.name, u.username
         FROM task_history h LEFT JOIN users u ON u.id = h."userId"
        WHERE h."taskId" = $1 ORDER BY h."createdAt" DESC, h.id DESC`,
      [taskId],
    );
    return rows.map((r: TaskHistoryItem & { createdAt: Date; name: string | null; username: string | null }) => ({
      id: r.id,
      actionType: r.actionType,
      fieldName: r.fieldName,
      oldValue: r.oldValue,
      newValue: r.newValue,
      metadata: r.metadata,
      createdAt: r.createdAt.toISOString(),
      user: r.username ? { name: r.name ?? r.username, username: r.username } : null,
    }));
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
