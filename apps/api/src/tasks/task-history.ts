import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type HistoryRow, TaskNotesRepository } from './repositories/task-notes.repository';

export type { HistoryRow };

/** Writes task_history rows inside the caller's transaction (the task's change and its history commit together). */
@Injectable()
export class TaskHistoryWriter {
  constructor(private readonly notes: TaskNotesRepository) {}

  write(db: EntityManager, taskId: number, userId: number, rows: HistoryRow[]): Promise<void> {
    return this.notes.writeHistory(db, taskId, userId, rows);
  }
}
