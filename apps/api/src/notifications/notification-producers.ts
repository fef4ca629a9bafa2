import { Injectable } from '@nestjs/common';
import { can, timeEntryScope } from '@wkflow/contracts';
import { ChatDirectory } from '../chat/chat-directory';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { maySeeTask } from '../tasks/task-access';
import { TaskLookup, type TaskSummary } from '../tasks/task-lookup';
import { UserDirectory, type UserAccess, type UserContact } from '../users/user-directory';
import { NotificationsService } from './notifications.service';
import { RealtimeService } from '../platform/realtime/realtime.service';

const CHAT_PREVIEW = 200;

/**
 * Turns board, chat and account events into notifications (each by the recipient's preferences)
 * and /ws change events (board deltas come from BoardFeed). The events fire after their commit.
 */
@Injectable()
export class NotificationProducers {
  constructor(
    private readonly users: UserDirectory,
    private readonly tasks: TaskLookup,
    private readonly chat: ChatDirectory,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
  ) {}

  @OnAppEvent('UserApproved')
  async onUserApproved(user: AppEventMap['UserApproved']): Promise<void> {
    await this.notifications.notify(user.id, 'account_approved', {
      title: 'Sua conta foi aprovada',
      message: `Olá, ${user.name}! Sua conta no WKFlow foi aprovada. Você já pode entrar.`,
    });
  }

  /** Administrators hear of every account waiting for approval (bell, and e-mail when configured). */
  @OnAppEvent('UserRegistered')
  async onUserRegistered(user: AppEventMap['UserRegistered']): Promise<void> {
    const [admins, profile] = await Promise.all([this.users.approvedAdminIds(), this.users.requestedProfileNameOf(user.id)]);
    await this.notifications.notifyEach(admins, 'account_requested', {
      title: 'Novo cadastro aguardando aprovação',
      message: `${user.name} (${user.email}) se cadastrou${profile ? ` e solicitou o perfil ${profile}` : ''}. Aprove ou rejeite em Usuários › Aprovações.`,
      data: { userId: user.id },
    });
  }

  /** Reading a room reads its chat notification: the next message starts a new one. */
  @OnAppEvent('ChatRoomRead')
  async onRoomRead({ roomId, userId }: AppEventMap['ChatRoomRead']): Promise<void> {
    await this.notifications.markRoomRead(userId, roomId);
  }

  /**
   * 'timer.changed' (ids only) to the entry's owner and to whoever may see his entries: a
   * time_tracking scope of every entry, or of entries on tasks assigned to them.
   */
  @OnAppEvent('TimerChanged')
  async onTimerChanged(event: AppEventMap['TimerChanged']): Promise<void> {
    const [assigneeIds, users] = await Promise.all([this.tasks.assigneesOf(event.taskId), this.users.approvedAccess()]);
    const assignees = new Set<number>(assigneeIds);
    const message = { type: 'timer.changed' as const, taskId: event.taskId, userId: event.userId };
    for (const user of users) {
      const scope = timeEntryScope(user);
      const sees = user.id === event.userId || scope === 'all' || (scope === 'assigned' && assignees.has(user.id));
      if (sees) this.realtime.sendToUser(user.id, message);
    }
  }

  private task(taskId: number): Promise<TaskSummary | null> {
    return this.tasks.summary(taskId);
  }

  private async actorName(userId: number): Promise<string> {
    return (await this.users.nameOf(userId)) ?? 'Alguém';
  }

  /** Approved users among `ids` (all approved users when null) with their permissions, in one query. */
  private recipients(ids: number[] | null): Promise<UserAccess[]> {
    return this.users.approvedAccess(ids ?? undefined);
  }

  /**
   * Who hears of a task event, in one users query: the approved users among `ids` who may see the
   * task now (tasks read, and every task or this one assigned to them: `assignees`), never the one
   * who acted; and the actor's name for the message.
   */
  private async taskAudience(
    ids: Iterable<number>,
    actorId: number,
    assignees: readonly number[],
  ): Promise<{ readers: UserContact[]; actor: string }> {
    const wanted = new Set(ids);
    wanted.delete(actorId);
    if (!wanted.size) return { readers: [], actor: '' };
    const users = await this.users.contactsWithAccess([...wanted, actorId]);
    return {
      readers: users.filter((user) => wanted.has(user.id) && user.isApproved && maySeeTask(user, assignees)),
      actor: users.find((user) => user.id === actorId)?.name ?? 'Alguém',
    };
  }

  // Open boards hear of task changes themselves from the board feed (BoardFeed, from the change log).

  @OnAppEvent('TaskCreated')
  async onTaskCreated(event: AppEventMap['TaskCreated']): Promise<void> {
    await this.tellAssigned(event.taskId, event.actorId, event.assignedTo);
  }

  @OnAppEvent('TaskAssigned')
  async onTaskAssigned(event: AppEventMap['TaskAssigned']): Promise<void> {
    await this.tellAssigned(event.taskId, event.actorId, event.added);
  }

  private async tellAssigned(taskId: number, actorId: number, told: number[]): Promise<void> {
    const { readers, actor } = await this.taskAudience(told, actorId, told);
    if (!readers.length) return;
    const task = await this.task(taskId);
    if (!task) return;
    await this.notifications.notifyContacts(readers, 'task_assigned', {
      title: `Nova tarefa atribuída: ${task.title}`,
      message: `${actor} atribuiu a tarefa "${task.title}" a você.`,
      data: { taskId },
    });
  }

  @OnAppEvent('CommentAdded')
  async onCommentAdded(event: AppEventMap['CommentAdded']): Promise<void> {
    const task = await this.task(event.taskId);
    if (!task) return;
    const { readers, actor } = await this.taskAudience(task.assignees, event.actorId, task.assignees);
    await this.notifications.notifyContacts(readers, 'task_comment', {
      title: `Novo comentário em: ${task.title}`,
      message: `${actor} comentou na tarefa "${task.title}".`,
      data: { taskId: event.taskId, commentId: event.commentId },
    });
  }

  @OnAppEvent('TaskMoved')
  async onTaskMoved(event: AppEventMap['TaskMoved']): Promise<void> {
    if (!event.completed) return;
    const task = event.task ?? (await this.task(event.taskId));
    if (!task) return;
    const { readers, actor } = await this.taskAudience(
      [...task.assignees, ...(task.createdBy ? [task.createdBy] : [])],
      event.actorId,
      task.assignees,
    );
    await this.notifications.notifyContacts(readers, 'task_completed', {
      title: `Tarefa concluída: ${task.title}`,
      message: `${actor} concluiu a tarefa "${task.title}".`,
      data: { taskId: event.taskId },
    });
  }

  /**
   * Chat rooms have no membership: every room is open to whoever has chat read, so those users (and
   * only they: the rule the guard applies, with the permissions they hold now) get 'chat.message',
   * and hear of a message (in the browser when connected, by e-mail otherwise), except its author
   * and anyone whose open page shows that room right now. A burst in one room is one notification
   * per reader until it is read (NotificationsService.notifyChat).
   */
  @OnAppEvent('ChatMessageCreated')
  async onChatMessage(event: AppEventMap['ChatMessageCreated']): Promise<void> {
    const chatReaders = (await this.recipients(null)).filter((user) => can(user, 'chat', 'read'));
    this.realtime.sendToUsers(
      chatReaders.map((user) => user.id),
      { type: 'chat.message', roomId: event.roomId },
    );
    const viewers = await this.realtime.viewersOf(event.roomId);
    const readers = chatReaders.filter((user) => user.id !== event.authorId && !viewers.has(user.id));
    if (!readers.length) return;
    const roomName = await this.chat.roomName(event.roomId);
    if (roomName === null) return;
    const author = await this.actorName(event.authorId);
    const text = event.message.message.length > CHAT_PREVIEW ? `${event.message.message.slice(0, CHAT_PREVIEW)}…` : event.message.message;
    for (const reader of readers) {
      const online = await this.realtime.isOnline(reader.id);
      await this.notifications.notifyChat(reader.id, online ? 'chat_message_online' : 'chat_message_offline', {
        roomId: event.roomId,
        roomName,
        preview: `${author}: ${text}`,
      });
    }
  }
}
