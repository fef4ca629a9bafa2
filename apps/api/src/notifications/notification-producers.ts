import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChatEvents, type ChatMessageCreatedEvent } from '../chat/chat-events';
import { TaskEvents, type TaskEvent } from '../tasks/task-events';
import { UserEvents } from '../users/user-events';
import { NotificationsService } from './notifications.service';
import { RealtimeService } from './realtime.service';

/** Turns board, chat and account events into notifications and live /ws change events. */
@Injectable()
export class NotificationProducers implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
    private readonly taskEvents: TaskEvents,
    private readonly userEvents: UserEvents,
    private readonly chatEvents: ChatEvents,
  ) {}

  onModuleInit(): void {
    this.taskEvents.subscribe((event) => this.onTaskEvent(event));
    this.userEvents.onUserApproved(async (user) => {
      await this.notifications.notify(user.id, 'account_approved', {
        title: 'Sua conta foi aprovada',
        message: `Olá, ${user.name}! Sua conta no WKFlow foi aprovada. Você já pode entrar com seu e-mail e senha.`,
      });
    });
    this.chatEvents.onMessageCreated((event) => this.onChatMessage(event));
  }

  private async task(taskId: number): Promise<{ title: string; assignees: number[]; createdBy: number | null } | null> {
    const [row] = await this.dataSource.query(
      `SELECT t.title, t."createdBy", COALESCE((SELECT array_agg(a."userId") FROM task_assignees a WHERE a."taskId" = t.id), '{}') AS assignees FROM tasks t WHERE t.id = $1`,
      [taskId],
    );
    return row ?? null;
  }

  private async actorName(userId: number): Promise<string> {
    const [row] = await this.dataSource.query(`SELECT name FROM users WHERE id = $1`, [userId]);
    return row?.name ?? 'Alguém';
  }

  private async onTaskEvent(event: TaskEvent): Promise<void> {
    // Other open boards refetch what they may see; no task content goes over the socket.
    if (event.type === 'columnsChanged') this.realtime.broadcast({ type: 'column.changed' });
    else this.realtime.broadcast({ type: 'task.changed', taskId: event.taskId });

    if (event.type === 'taskCreated' || event.type === 'taskAssigned') {
      const added = event.type === 'taskCreated' ? event.assignedTo : event.added;
      const task = await this.task(event.taskId);
      if (!task) return;
      const actor = await this.actorName(event.actorId);
      for (const userId of added.filter((id) => id !== event.actorId)) {
        await this.notifications.notify(userId, 'task_assigned', {
          title: `Nova tarefa atribuída: ${task.title}`,
          message: `${actor} atribuiu a tarefa "${task.title}" a você.`,
          data: { taskId: event.taskId },
        });
      }
    } else if (event.type === 'commentAdded') {
      const task = await this.task(event.taskId);
      if (!task) return;
      const actor = await this.actorName(event.actorId);
      for (const userId of task.assignees.filter((id) => id !== event.actorId)) {
        await this.notifications.notify(userId, 'task_comment', {
          title: `Novo comentário em: ${task.title}`,
          message: `${actor} comentou na tarefa "${task.title}".`,
          data: { taskId: event.taskId, commentId: event.commentId },
        });
      }
    } else if (event.type === 'taskMoved' && event.completed) {
      const task = await this.task(event.taskId);
      if (!task) return;
      const actor = await this.actorName(event.actorId);
      const recipients = new Set([...task.assignees, ...(task.createdBy ? [task.createdBy] : [])]);
      recipients.delete(event.actorId);
      for (const userId of recipients) {
        await this.notifications.notify(userId, 'task_completed', {
          title: `Tarefa concluída: ${task.title}`,
          message: `${actor} concluiu a tarefa "${task.title}".`,
          data: { taskId: event.taskId },
        });
      }
    }
  }

  /** Chat rooms are open to everyone with chat read: those users hear of new messages. */
  private async onChatMessage(event: ChatMessageCreatedEvent): Promise<void> {
    this.realtime.broadcast({ type: 'chat.message', roomId: event.roomId });
    const text = event.message.message;
    const [room] = await this.dataSource.query(`SELECT name FROM chat_rooms WHERE id = $1`, [event.roomId]);
    const author = await this.actorName(event.authorId);
    const readers: { id: number; accessProfileId: number }[] = await this.dataSource.query(
      `SELECT u.id, u."accessProfileId" FROM users u
        WHERE u."isApproved" AND u.id <> $1
          AND (u."accessProfileId" = 1 OR EXISTS (SELECT 1 FROM module_permissions p WHERE p."profileId" = u."accessProfileId" AND p.module = 'chat' AND p.permission <> 'hidden'))`,
      [event.authorId],
    );
    for (const reader of readers) {
      const online = this.realtime.isOnline(reader.id);
      await this.notifications.notify(reader.id, online ? 'chat_message_online' : 'chat_message_offline', {
        title: `Nova mensagem em ${room?.name ?? 'chat'}`,
        message: `${author}: ${text.slice(0, 200)}`,
        data: { roomId: event.roomId },
      });
    }
  }
}
