import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { completionRenameQuestion, DEFAULT_COLUMN_COLOR, isCompletedColumnName, type Column } from '@wkflow/contracts';
import type { CreateColumnDto, ReorderColumnsDto, UpdateColumnDto } from './dto/tasks.dto';
import { AppEvents } from '../events/app-events';

export const COLUMN_NOT_FOUND = 'Lista não encontrada';
export const FIXED_COLUMN = 'Listas fixas não podem ser excluídas';
export const COLUMN_HAS_TASKS = 'A lista ainda tem tarefas: mova-as antes de excluir';

const COLUMN_FIELDS = `id, name, position, color, "isFixed"`;

/** The board's columns. Writes are admin-only (the controller says so). */
@Injectable()
export class ColumnsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: AppEvents,
  ) {}

  /** Every column in board order (`db`: inside a transaction, e.g. the change log's snapshot). */
  list(db: EntityManager | DataSource = this.dataSource): Promise<Column[]> {
    return db.query(`SELECT ${COLUMN_FIELDS} FROM columns ORDER BY position, id`);
  }

  /**
   * Appended at the end, except that a fixed completion list ('concluídos') that ends the board stays
   * last: the new list goes just before it. The client's position is not trusted.
   */
  async create(actorId: number, dto: CreateColumnDto): Promise<Column> {
    const column = await this.dataSource.transaction(async (db) => {
      await db.query(`LOCK TABLE columns IN SHARE ROW EXCLUSIVE MODE`);
      const [last]: Pick<Column, 'name' | 'position' | 'isFixed'>[] = await db.query(
        `SELECT name, position, "isFixed" FROM columns ORDER BY position DESC, id DESC LIMIT 1`,
      );
      let position = (last?.position ?? 0) + 1;
      if (last?.isFixed && isCompletedColumnName(last.name)) {
        position = last.position;
        await db.query(`UPDATE columns SET position = position + 1 WHERE position >= $1`, [position]);
      }
      const [row] = await db.query(`INSERT INTO columns (name, color, position) VALUES ($1, $2, $3) RETURNING ${COLUMN_FIELDS}`, [
        dto.name,
        dto.color ?? DEFAULT_COLUMN_COLOR,
        position,
      ]);
      return row as Column;
    });
    this.events.emit('ColumnsChanged', { actorId });
    return column;
  }

  /**
   * A rename that makes the list a completion list (or stops it being one) changes the state of its
   * tasks: without `confirmCompletionChange` it is refused with 428 and the sentence to ask; once
   * confirmed, the tasks' completedAt follows (set now, or cleared) as a move would do.
   */
  async update(actorId: number, id: number, dto: UpdateColumnDto): Promise<Column> {
    if (dto.name == null && dto.color == null) throw new BadRequestException('Informe o nome ou a cor da lista');
    const column = await this.dataSource.transaction(async (db) => {
      const [current] = await db.query(`SELECT name FROM columns WHERE id = $1 FOR UPDATE`, [id]);
      if (!current) throw new NotFoundException(COLUMN_NOT_FOUND);
      const flips = dto.name != null && isCompletedColumnName(current.name) !== isCompletedColumnName(dto.name);
      if (flips) {
        const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [id]);
        if (!dto.confirmCompletionChange) {
          throw new HttpException(
            { statusCode: 428, message: completionRenameQuestion(current.name, dto.name!, n) },
            HttpStatus.PRECONDITION_REQUIRED,
          );
        }
        await db.query(
          isCompletedColumnName(dto.name!)
            ? `UPDATE tasks SET "completedAt" = now() WHERE "columnId" = $1 AND "completedAt" IS NULL`
            : `UPDATE tasks SET "completedAt" = NULL WHERE "columnId" = $1`,
          [id],
        );
      }
      const [rows] = await db.query(
        `UPDATE columns SET name = COALESCE($2, name), color = COALESCE($3, color) WHERE id = $1 RETURNING ${COLUMN_FIELDS}`,
        [id, dto.name ?? null, dto.color ?? null],
      );
      return rows[0] as Column;
    });
    this.events.emit('ColumnsChanged', { actorId });
    return column;
  }

  /**
   * A fixed column is never deleted; one that still holds active tasks is refused (409) so nothing
   * is hidden by accident. Archived tasks it holds move to the backlog.
   */
  async remove(actorId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const [column] = await db.query(`SELECT id, "isFixed" FROM columns WHERE id = $1 FOR UPDATE`, [id]);
      if (!column) throw new NotFoundException(COLUMN_NOT_FOUND);
      if (column.isFixed) throw new BadRequestException(FIXED_COLUMN);
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [id]);
      if (n > 0) throw new ConflictException(COLUMN_HAS_TASKS);
      await db.query(
        `UPDATE tasks SET "columnId" = (SELECT id FROM columns WHERE "isFixed" ORDER BY position LIMIT 1) WHERE "columnId" = $1`,
        [id],
      );
      await db.query(`DELETE FROM columns WHERE id = $1`, [id]);
      await db.query(
        `UPDATE columns c SET position = r.rn FROM (SELECT id, row_number() OVER (ORDER BY position, id)::int AS rn FROM columns) r WHERE c.id = r.id`,
      );
    });
    this.events.emit('ColumnsChanged', { actorId });
  }

  /** New order from the given positions; columns not listed keep their relative order after them. */
  async reorder(actorId: number, dto: ReorderColumnsDto): Promise<Column[]> {
    const ids = dto.columnUpdates.map((u) => u.id);
    if (new Set(ids).size !== ids.length) throw new BadRequestException('Lista repetida em columnUpdates');
    const columns = await this.dataSource.transaction(async (db) => {
      await db.query(`LOCK TABLE columns IN SHARE ROW EXCLUSIVE MODE`);
      const existing: { id: number; position: number }[] = await db.query(`SELECT id, position FROM columns ORDER BY position, id`);
      const unknown = ids.filter((id) => !existing.some((c) => c.id === id));
      if (unknown.length) throw new BadRequestException(`Listas não encontradas: ${unknown.join(', ')}`);
      const wanted = new Map(dto.columnUpdates.map((u) => [u.id, u.position]));
      const ordered = [...existing].sort(
        (a, b) => (wanted.get(a.id) ?? a.position + 0.5) - (wanted.get(b.id) ?? b.position + 0.5) || a.id - b.id,
      );
      for (const [index, column] of ordered.entries()) {
        await db.query(`UPDATE columns SET position = $2 WHERE id = $1 AND position <> $2`, [column.id, index + 1]);
      }
      return db.query(`SELECT ${COLUMN_FIELDS} FROM columns ORDER BY position, id`);
    });
    this.events.emit('ColumnsChanged', { actorId });
    return columns;
  }
}
