import { Injectable, OnModuleInit } from '@nestjs/common';
import { can, timeEntryScope } from '@wkflow/contracts';
import { ChatDirectory } from '../chat/chat-directory';
import { ChatEvents, type ChatMessageCreatedEvent } from '../chat/chat-events';
import { maySeeTask } from '../tasks/task-access';
import { TaskEvents, type TaskEvent } from '../tasks/task-events';
import { TaskLookup, type TaskSummary } from '../tasks/task-lookup';
import { TimerEvents, type TimerChangedEvent } from '../timer/timer-events';
import { UserDirectory, type UserAccess, type UserContact } from '../users/user-directory';
import { UserEvents } from '../users/user-events';
import { NotificationsService } from './notifications.service';
import { RealtimeService } from './realtime.service';

const CHAT_PREVIEW = 200;

/**
 * Turns board, chat and account events into notifications (each by the recipient's preferences)
 * and /ws change events (board deltas come from BoardFeed). The hooks fire after the event's commit.
 */
@Injectable()
export class NotificationProducers implements OnModuleInit {
  constructor(
    private readonly users: UserDirectory,
    private readonly tasks: TaskLookup,
    private readonly chat: ChatDirectory,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
    private readonly taskEvents: TaskEvents,
    private readonly userEvents: UserEvents,
    private readonly chatEvents: ChatEvents,
    private readonly timerEvents: TimerEvents,
  ) {}

  onModuleInit(): void {
    this.taskEvents.subscribe((event) => this.onTaskEvent(event));
    this.userEvents.onUserApproved(async (user) => {
      await this.notifications.notify(user.id, 'account_approved', {
        title: 'Sua conta foi aprovada',
        message: `Olá, ${user.name}! Sua conta no WKFlow foi aprovada. Você já pode entrar com seu e-mail e senha.`,
      });
    });
    this.userEvents.onUserRegistered(async (user) => {
      // Administrators hear of every account waiting for approval (bell, and e-mail when configured).
      const [admins, profile] = await Promise.all([this.users.approvedAdminIds(), this.users.requestedProfileNameOf(user.id)]);
      await this.notifications.notifyEach(admins, 'account_requested', {
        title: 'Novo cadastro aguardando aprovação',
        message: `${user.name} (${user.email}) se cadastrou${profile ? ` e solicitou o perfil ${profile}` : ''}. Aprove ou rejeite em Usuários › Aprovações.`,
        data: { userId: user.id },
      });
    });
    this.chatEvents.onMessageCreated((event) => this.onChatMessage(event));
    // Reading a room reads its chat notification: the next message starts a new one.
    this.chatEvents.onRoomRead(({ roomId, userId }) => this.notifications.markRoomRead(userId, roomId));
    this.timerEvents.subscribe((event) => this.onTimerChanged(event));
  }

  /**
   * 'timer.changed' (ids only) to the entry's owner and to whoever may see his entries: a
   * time_tracking scope of every entry, or of entries on tasks assigned to them.
   */
  private async onTimerChanged(event: TimerChangedEvent): Promise<void> {
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

  private async onTaskEvent(event: TaskEvent): Promise<void> {
    // Open boards hear of the change itself from the board feed (BoardFeed, from the change log).
    if (event.type === 'taskCreated' || event.type === 'taskAssigned') {
      const told = event.type === 'taskCreated' ? event.assignedTo : event.added;
      const { readers, actor } = await this.taskAudience(told, event.actorId, told);
      if (!readers.length) return;
      const task = await this.task(event.taskId);
      if (!task) return;
      await this.notifications.notifyContacts(readers, 'task_assigned', {
        title: `Nova tarefa atribuída: ${task.title}`,
        message: `${actor} atribuiu a tarefa "${task.title}" a você.`,
        data: { taskId: event.taskId },
      });
    } else if (event.type === 'commentAdded') {
      const task = await this.task(event.taskId);
      if (!task) return;
      const { readers, actor } = await this.taskAudience(task.assignees, event.actorId, task.assignees);
      await this.notifications.notifyContacts(readers, 'task_comment', {
        title: `Novo comentário em: ${task.title}`,
        message: `${actor} comentou na tarefa "${task.title}".`,
        data: { taskId: event.taskId, commentId: event.commentId },
      });
    } else if (event.type === 'taskMoved' && event.completed) {
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
  }

  /**
   * Chat rooms have no membership: every room is open to whoever has chat read, so those users (and
   * only they: the rule the guard applies, with the permissions they hold now) get 'chat.message',
   * and hear of a message (in the browser when connected, by e-mail otherwise), except its author
   * and anyone whose open page shows that room right now. A burst in one room is one notification
   * per reader until it is read (NotificationsService.notifyChat).
   */
  private async onChatMessage(event: ChatMessageCreatedEvent): Promise<void> {
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
