import { ColumnEntity, TaskAssigneeEntity, TaskAttachmentEntity, TaskCommentEntity, TaskEntity, TaskHistoryEntity } from './task.entities';

/** The entities of the tasks domain, registered once in platform/database/entities.ts. */
export const TASKS_ENTITIES: Function[] = [
  ColumnEntity,
  TaskEntity,
  TaskAssigneeEntity,
  TaskCommentEntity,
  TaskHistoryEntity,
  TaskAttachmentEntity,
];
