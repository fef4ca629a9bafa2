import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { isCompletedColumnName, type Task, type TaskAttachment } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export interface TaskRow {
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
  rank: string;
  isArchived: boolean;
  completedAt: Date | null;
  createdAt: Date;
  assignedTo: number[];
  attachments: TaskAttachment[];
}

/** A task's row (as TasksRepository and TaskBoardRepository read it) as its API shape. */
@Injectable()
export class TaskRows {
  /** The last day computed, its start and the instant the next one starts (luxon's zone math costs ~20 µs a call). */
  private today: { start: DateTime; startMs: number; endMs: number } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Start of today in APP_TIMEZONE: a task due before it is overdue (taskStatus, computed once per list). */
  todayStart(now: Date): DateTime {
    const ms = now.getTime();
    const today = this.today;
    if (today && ms >= today.startMs && ms < today.endMs) return today.start;
    const start = DateTime.fromJSDate(now).setZone(this.config.appTimezone).startOf('day');
    this.today = { start, startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis() };
    return start;
  }

  toTask(row: TaskRow, now = new Date(), todayStartMs = this.todayStart(now).toMillis()): Task {
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
      rank: row.rank,
      isArchived: row.isArchived,
      status: completed || row.deadline.getTime() >= todayStartMs ? 'open' : 'overdue',
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      attachments: row.attachments,
    };
  }
}
