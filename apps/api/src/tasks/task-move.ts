import type { AppEventMap } from '../platform/events/app-events';
import type { TaskSummary } from './task-lookup';

/** A task's move: from and to which column, and whether it entered a completed column. */
export interface TaskMove {
  from: number;
  to: number;
  completed: boolean;
  /** The task as the move wrote it, when the move read it anyway. */
  task?: TaskSummary;
}

/** The 'TaskMoved' event of a committed move. */
export function taskMoved(taskId: number, actorId: number, move: TaskMove): AppEventMap['TaskMoved'] {
  return { taskId, actorId, fromColumnId: move.from, toColumnId: move.to, completed: move.completed, task: move.task };
}
