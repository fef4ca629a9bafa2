import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { completionRenameQuestion, DEFAULT_COLUMN_COLOR, isCompletedColumnName, type Column } from '@wkflow/contracts';
import type { CreateColumnDto, ReorderColumnsDto, UpdateColumnDto } from './dto/tasks.dto';
import { AppEvents } from '../platform/events/app-events';
import { ColumnsRepository } from './repositories/columns.repository';

export const COLUMN_NOT_FOUND = 'Lista não encontrada';
export const FIXED_COLUMN = 'Listas fixas não podem ser excluídas';
export const COLUMN_HAS_TASKS = 'A lista ainda tem tarefas: mova-as antes de excluir';

/** The board's columns. Writes are admin-only (the controller says so). */
@Injectable()
export class ColumnsService {
  constructor(
    private readonly columns: ColumnsRepository,
    private readonly events: AppEvents,
  ) {}

  /** Every column in board order (`db`: inside a transaction, e.g. the change log's snapshot). */
  list(db?: EntityManager): Promise<Column[]> {
    return this.columns.list(db);
  }

  /**
   * Appended at the end, except that a fixed completion list ('concluídos') that ends the board stays
   * last: the new list goes just before it. The client's position is not trusted.
   */
  async create(actorId: number, dto: CreateColumnDto): Promise<Column> {
    const column = await this.columns.transaction(async (db) => {
      await this.columns.lockAll(db);
      const last = await this.columns.last(db);
      let position = (last?.position ?? 0) + 1;
      if (last?.isFixed && isCompletedColumnName(last.name)) {
        position = last.position;
        await this.columns.shiftFrom(db, position);
      }
      return this.columns.insert(db, { name: dto.name, color: dto.color ?? DEFAULT_COLUMN_COLOR, position });
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
    const column = await this.columns.transaction(async (db) => {
      const current = await this.columns.forUpdate(db, id);
      if (!current) throw new NotFoundException(COLUMN_NOT_FOUND);
      const flips = dto.name != null && isCompletedColumnName(current.name) !== isCompletedColumnName(dto.name);
      if (flips) {
        const n = await this.columns.activeTaskCount(db, id);
        if (!dto.confirmCompletionChange) {
          throw new HttpException(
            { statusCode: 428, message: completionRenameQuestion(current.name, dto.name!, n) },
            HttpStatus.PRECONDITION_REQUIRED,
          );
        }
        await this.columns.setTasksCompleted(db, id, isCompletedColumnName(dto.name!));
      }
      return this.columns.update(db, id, { name: dto.name ?? null, color: dto.color ?? null });
    });
    this.events.emit('ColumnsChanged', { actorId });
    return column;
  }

  /**
   * A fixed column is never deleted; one that still holds active tasks is refused (409) so nothing
   * is hidden by accident. Archived tasks it holds move to the backlog.
   */
  async remove(actorId: number, id: number): Promise<void> {
    await this.columns.transaction(async (db) => {
      const column = await this.columns.forUpdate(db, id);
      if (!column) throw new NotFoundException(COLUMN_NOT_FOUND);
      if (column.isFixed) throw new BadRequestException(FIXED_COLUMN);
      if ((await this.columns.activeTaskCount(db, id)) > 0) throw new ConflictException(COLUMN_HAS_TASKS);
      await this.columns.remove(db, id);
    });
    this.events.emit('ColumnsChanged', { actorId });
  }

  /** New order from the given positions; columns not listed keep their relative order after them. */
  async reorder(actorId: number, dto: ReorderColumnsDto): Promise<Column[]> {
    const ids = dto.columnUpdates.map((u) => u.id);
    if (new Set(ids).size !== ids.length) throw new BadRequestException('Lista repetida em columnUpdates');
    const columns = await this.columns.transaction(async (db) => {
      await this.columns.lockAll(db);
      const existing = await this.columns.positions(db);
      const unknown = ids.filter((id) => !existing.some((c) => c.id === id));
      if (unknown.length) throw new BadRequestException(`Listas não encontradas: ${unknown.join(', ')}`);
      const wanted = new Map(dto.columnUpdates.map((u) => [u.id, u.position]));
      const ordered = [...existing].sort(
        (a, b) => (wanted.get(a.id) ?? a.position + 0.5) - (wanted.get(b.id) ?? b.position + 0.5) || a.id - b.id,
      );
      for (const [index, column] of ordered.entries()) await this.columns.setPosition(db, column.id, index + 1);
      return this.columns.list(db);
    });
    this.events.emit('ColumnsChanged', { actorId });
    return columns;
  }
}
