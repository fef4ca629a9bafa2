import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

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

/** Writes task_history rows inside the caller's transaction (the task's change and its history commit together). */
@Injectable()
export class TaskHistoryWriter {
  async write(db: EntityManager, taskId: number, userId: number, rows: HistoryRow[]): Promise<void> {
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
