import { Injectable, Logger } from '@nestjs/common';
import type { TaskSummary } from './task-lookup';

/** What happened on the board, emitted after the change is committed. */
export type TaskEvent =
  | { type: 'taskCreated'; taskId: number; actorId: number; assignedTo: number[] }
  | { type: 'taskUpdated'; taskId: number; actorId: number }
  | { type: 'taskAssigned'; taskId: number; actorId: number; added: number[]; removed: number[] }
  | {
      type: 'taskMoved';
      taskId: number;
      actorId: number;
      fromColumnId: number;
      toColumnId: number;
      completed: boolean;
      /** The task as the move wrote it, when the move read it anyway (listeners read it otherwise). */
      task?: TaskSummary;
    }
  | { type: 'commentAdded'; taskId: number; actorId: number; commentId: number }
  | { type: 'columnsChanged'; actorId: number };

type Listener = (event: TaskEvent) => void | Promise<void>;

/** A task's move: from and to which column, and whether it entered a completed column. */
export interface TaskMove {
  from: number;
  to: number;
  completed: boolean;
  task?: TaskSummary;
}

/** In-process hook for the modules that react to board changes (notifications, /ws). */
@Injectable()
export class TaskEvents {
  private readonly logger = new Logger(TaskEvents.name);
  private readonly listeners: Listener[] = [];

  subscribe(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  /** 'taskMoved' for a committed move (the move call, or an edit that changed the column); nothing when there was none. */
  emitMoved(taskId: number, actorId: number, move: TaskMove | null): void {
    if (!move) return;
    this.emit({
      type: 'taskMoved',
      taskId,
      actorId,
      fromColumnId: move.from,
      toColumnId: move.to,
      completed: move.completed,
      task: move.task,
    });
  }

  /** Listeners run after the response path; a failing listener never fails the change. */
  emit(event: TaskEvent): void {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) =>
          this.logger.error(`listener failed on ${event.type}: ${error instanceof Error ? error.message : error}`),
        );
    }
  }
}
