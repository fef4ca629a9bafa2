import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TaskHistoryItem } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../../platform/database/repository';

export interface CommentRow {
  id: number;
  content: string;
  createdAt: Date;
  userId: number | null;
}

export type HistoryItemRow = Pick<TaskHistoryItem, 'id' | 'actionType' | 'fieldName' | 'oldValue' | 'newValue' | 'metadata'> & {
  createdAt: Date;
  userId: number | null;
};

/** A task_history row to write; values are stored as text. */
export interface HistoryRow {
  actionType: string;
  fieldName?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  metadata?: Record<string, unknown> | null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** Every query of what is written about a task: task_comments and task_history. */
@Injectable()
export class TaskNotesRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The task's comments, newest first. */
  comments(taskId: number): Promise<CommentRow[]> {
    return this.dataSource.query(
      `SELECT m.id, m.content, m."createdAt", m."userId" FROM task_comments m
        WHERE m."taskId" = $1 ORDER BY m."createdAt" DESC, m.id DESC`,
      [taskId],
    );
  }

  async insertComment(taskId: number, userId: number, content: string): Promise<CommentRow> {
    const [row]: CommentRow[] = await this.dataSource.query(
      `INSERT INTO task_comments ("taskId", "userId", content) VALUES ($1, $2, $3) RETURNING id, content, "createdAt", "userId"`,
      [taskId, userId, content],
    );
    return row;
  }

  /** The task's history, newest first. */
  history(taskId: number): Promise<HistoryItemRow[]> {
    return this.dataSource.query(
      `SELECT h.id, h."actionType", h."fieldName", h."oldValue", h."newValue", h.metadata, h."createdAt", h."userId"
         FROM task_history h
        WHERE h."taskId" = $1 ORDER BY h."createdAt" DESC, h.id DESC`,
      [taskId],
    );
  }

  /** History rows, inside the caller's transaction (the task's change and its history commit together). */
  async writeHistory(db: Db, taskId: number, userId: number, rows: HistoryRow[]): Promise<void> {
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
}
