import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { can, canEditAllTasks, canEditAssignedTasks, canViewAllTasks, type PermissionSubject } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';

export const TASK_NOT_FOUND = 'Tarefa não encontrada';
export const TASK_NOT_ARCHIVED = 'A tarefa não está arquivada';
export const TASK_NOT_EDITABLE = 'Você não tem permissão para editar esta tarefa';

/**
 * Whether a user may see a task assigned to `assignedTo`: tasks read, and every task or one
 * assigned to him (what the board and assertCanSee show him). For what is sent to a user outside a
 * request he made: notifications and /ws messages naming the task.
 */
export function maySeeTask(user: PermissionSubject & { id: number }, assignedTo: readonly number[]): boolean {
  return can(user, 'tasks', 'read') && (canViewAllTasks(user) || assignedTo.includes(user.id));
}

/** 404 when the user may not see the task; 403 when they see it but may not edit it. */
export function assertCanSee(user: AuthenticatedUser, task: { assignedTo: number[] } | null): asserts task {
  if (!task || (!canViewAllTasks(user) && !task.assignedTo.includes(user.id))) throw new NotFoundException(TASK_NOT_FOUND);
}

/**
 * assertCanEdit's rule as two flags for a statement that checks it itself: whether the user may
 * edit every task (he sees them all and edits all), and whether he may edit those assigned to him.
 */
export function editRights(user: AuthenticatedUser): [every: boolean, assigned: boolean] {
  return [canViewAllTasks(user) && canEditAllTasks(user), canEditAllTasks(user) || canEditAssignedTasks(user)];
}

export function assertCanEdit(user: AuthenticatedUser, task: { assignedTo: number[] } | null): asserts task {
  assertCanSee(user, task);
  if (canEditAllTasks(user)) return;
  if (canEditAssignedTasks(user) && task.assignedTo.includes(user.id)) return;
  throw new ForbiddenException(TASK_NOT_EDITABLE);
}
