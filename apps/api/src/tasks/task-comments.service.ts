import { Injectable } from '@nestjs/common';
import type { TaskComment, TaskHistoryItem } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import { AppEvents } from '../platform/events/app-events';
import { TaskLookup } from './task-lookup';
import { TaskNotesRepository } from './repositories/task-notes.repository';

/** A task's comments and the reading of its history (names from the users and clients modules). */
@Injectable()
export class TaskCommentsService {
  constructor(
    private readonly notes: TaskNotesRepository,
    private readonly lookup: TaskLookup,
    private readonly events: AppEvents,
    private readonly users: UserDirectory,
    private readonly clients: ClientDirectory,
  ) {}

  async comments(user: AuthenticatedUser, taskId: number): Promise<TaskComment[]> {
    await this.lookup.visible(user, taskId);
    const rows = await this.notes.comments(taskId);
    const authors = await this.users.refsByIds(rows.map((r) => r.userId));
    return rows.map((r) => {
      const author = r.userId === null ? undefined : authors.get(r.userId);
      return {
        id: r.id,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
        userId: r.userId,
        user: author ? { id: author.id, name: author.name, username: author.username } : null,
      };
    });
  }

  async addComment(user: AuthenticatedUser, taskId: number, content: string): Promise<TaskComment> {
    await this.lookup.visible(user, taskId);
    const row = await this.notes.insertComment(taskId, user.id, content);
    this.events.emit('CommentAdded', { taskId, actorId: user.id, commentId: row.id });
    return {
      id: row.id,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      userId: user.id,
      user: { id: user.id, name: user.name, username: user.username },
    };
  }

  async history(user: AuthenticatedUser, taskId: number): Promise<TaskHistoryItem[]> {
    await this.lookup.visible(user, taskId);
    const rows = await this.notes.history(taskId);
    // Ids in assignee and client changes are read as names (one lookup each for the whole history).
    const userIds = new Set<number>();
    const clientIds = new Set<number>();
    const idList = (value: unknown): number[] =>
      (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
    for (const r of rows) {
      if (r.actionType === 'assigned') {
        for (const id of [...idList(r.metadata?.added), ...idList(r.metadata?.removed), ...idList(r.newValue), ...idList(r.oldValue)])
          userIds.add(id);
      }
      if (r.fieldName === 'client') for (const id of [...idList(r.oldValue), ...idList(r.newValue)]) clientIds.add(id);
    }
    const record = (map: Map<number, string>): Record<string, string> =>
      Object.fromEntries([...map].map(([id, name]) => [String(id), name]));
    const [actors, userNames, clientNames] = await Promise.all([
      this.users.refsByIds(rows.map((r) => r.userId)),
      this.users.namesByIds(userIds),
      this.clients.namesByIds(clientIds),
    ]);
    const names = { users: record(userNames), clients: record(clientNames) };
    return rows.map((r) => {
      const actor = r.userId === null ? undefined : actors.get(r.userId);
      return {
        id: r.id,
        actionType: r.actionType,
        fieldName: r.fieldName,
        oldValue: r.oldValue,
        newValue: r.newValue,
        metadata: r.metadata,
        createdAt: r.createdAt.toISOString(),
        user: actor?.username ? { name: actor.name ?? actor.username, username: actor.username } : null,
        ...(r.actionType === 'assigned' || r.fieldName === 'client' ? { names } : {}),
      };
    });
  }
}
