import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Column } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../../platform/database/repository';

const COLUMN_FIELDS = `id, name, position, color, "isFixed"`;

/** Every query of the board's columns (and the column-wide task updates a rename or a removal makes). */
@Injectable()
export class ColumnsRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The column (the first fixed one, the backlog, when null), key-share locked: a concurrent delete waits, other writers do not. */
  async keyShared(db: Db, columnId: number | null): Promise<Pick<Column, 'id' | 'name'> | undefined> {
    const [column]: Pick<Column, 'id' | 'name'>[] = columnId
      ? await db.query(`SELECT id, name FROM columns WHERE id = $1 FOR KEY SHARE`, [columnId])
      : await db.query(`SELECT id, name FROM columns ORDER BY "isFixed" DESC, position ASC LIMIT 1 FOR KEY SHARE`);
    return column;
  }

  /** Every column in board order. */
  list(db: Db = this.dataSource): Promise<Column[]> {
    return db.query(`SELECT ${COLUMN_FIELDS} FROM columns ORDER BY position, id`);
  }

  /** Blocks other column writes (not reads) until the transaction ends: positions are computed from what is read. */
  async lockAll(db: Db): Promise<void> {
    await db.query(`LOCK TABLE columns IN SHARE ROW EXCLUSIVE MODE`);
  }

  async last(db: Db): Promise<Pick<Column, 'name' | 'position' | 'isFixed'> | undefined> {
    const [last]: Pick<Column, 'name' | 'position' | 'isFixed'>[] = await db.query(
      `SELECT name, position, "isFixed" FROM columns ORDER BY position DESC, id DESC LIMIT 1`,
    );
    return last;
  }

  /** Moves the columns from `position` on one place right. */
  async shiftFrom(db: Db, position: number): Promise<void> {
    await db.query(`UPDATE columns SET position = position + 1 WHERE position >= $1`, [position]);
  }

  async insert(db: Db, column: { name: string; color: string; position: number; isFixed?: boolean }): Promise<Column> {
    const [row]: Column[] = await db.query(
      `INSERT INTO columns (name, color, position, "isFixed") VALUES ($1, $2, $3, $4) RETURNING ${COLUMN_FIELDS}`,
      [column.name, column.color, column.position, column.isFixed ?? false],
    );
    return row;
  }

  /** The column, locked for the rest of the transaction. */
  async forUpdate(db: Db, id: number): Promise<Pick<Column, 'id' | 'name' | 'isFixed'> | undefined> {
    const [row]: Pick<Column, 'id' | 'name' | 'isFixed'>[] = await db.query(
      `SELECT id, name, "isFixed" FROM columns WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async activeTaskCount(db: Db, columnId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM tasks WHERE "columnId" = $1 AND NOT "isArchived"`, [
      columnId,
    ]);
    return n;
  }

  /** The column's tasks become completed now (those not yet), or not completed. */
  async setTasksCompleted(db: Db, columnId: number, completed: boolean): Promise<void> {
    await db.query(
      completed
        ? `UPDATE tasks SET "completedAt" = now() WHERE "columnId" = $1 AND "completedAt" IS NULL`
        : `UPDATE tasks SET "completedAt" = NULL WHERE "columnId" = $1`,
      [columnId],
    );
  }

  /** A new name and/or colour (null: unchanged). */
  async update(db: Db, id: number, patch: { name: string | null; color: string | null }): Promise<Column> {
    const [rows]: [Column[], number] = await db.query(
      `UPDATE columns SET name = COALESCE($2, name), color = COALESCE($3, color) WHERE id = $1 RETURNING ${COLUMN_FIELDS}`,
      [id, patch.name, patch.color],
    );
    return rows[0];
  }

  /** Deletes the column; its (archived) tasks move to the first fixed column, and positions close the gap. */
  async remove(db: Db, id: number): Promise<void> {
    await db.query(
      `UPDATE tasks SET "columnId" = (SELECT id FROM columns WHERE "isFixed" ORDER BY position LIMIT 1) WHERE "columnId" = $1`,
      [id],
    );
    await db.query(`DELETE FROM columns WHERE id = $1`, [id]);
    await db.query(
      `UPDATE columns c SET position = r.rn FROM (SELECT id, row_number() OVER (ORDER BY position, id)::int AS rn FROM columns) r WHERE c.id = r.id`,
    );
  }

  positions(db: Db): Promise<{ id: number; position: number }[]> {
    return db.query(`SELECT id, position FROM columns ORDER BY position, id`);
  }

  async setPosition(db: Db, id: number, position: number): Promise<void> {
    await db.query(`UPDATE columns SET position = $2 WHERE id = $1 AND position <> $2`, [id, position]);
  }
}
