import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { isCompletedColumnName, remindersDue, type ReminderClaim, type ReminderNotificationType } from '@wkflow/contracts';
import { addConfiguredInterval, removeConfiguredInterval } from '../platform/schedule/configured-interval';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { maySeeTask } from '../tasks/task-access';
import { TaskLookup, type DueTask } from '../tasks/task-lookup';
import { UserDirectory } from '../users/user-directory';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

type DueRow = DueTask;

export const REMINDERS_INTERVAL = 'deadline-reminders';

const LABELS: Record<ReminderNotificationType, string> = {
  task_due_6h: 'em até 6 horas',
  task_due_3h: 'em até 3 horas',
  task_due_1h: 'em até 1 hora',
  task_reminder: 'em breve',
};

/**
 * Deadline reminders (task_due_6h/3h/1h and the task's own reminder option), checked on an
 * interval. Idempotent: a reminder is sent only by the transaction that inserts its
 * notification_deliveries row (unique task, user, kind), and the notification and its outbox
 * e-mail are written in that same transaction; so a second run, a restart or another replica
 * never sends it again, and a failed send leaves it to the next run.
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RemindersService.name);
  private running = false;

  constructor(
    private readonly deliveries: NotificationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly tasks: TaskLookup,
    private readonly users: UserDirectory,
    private readonly schedules: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    addConfiguredInterval(this.schedules, REMINDERS_INTERVAL, this.config.reminderIntervalMs, () => this.tick());
  }

  onModuleDestroy(): void {
    removeConfiguredInterval(this.schedules, REMINDERS_INTERVAL);
  }

  /** One run at a time per process (a slow run is not overlapped by the next tick). */
  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.runOnce();
    } catch (error) {
      this.logger.warn(`reminders: ${error instanceof Error ? error.message : error}`);
    } finally {
      this.running = false;
    }
  }

  /** Checks the open tasks due within a day; returns how many reminders this call sent. */
  async runOnce(now = new Date()): Promise<number> {
    // Assignees are reminded; a task nobody is assigned to reminds its creator.
    const rows = await this.tasks.dueWithinADay(now);
    // Skips what was sent already without a transaction each; the claim below stays the guard.
    const done = await this.deliveries.deliveredReminders(rows.map((r) => r.taskId));
    // A reminder names the task: only to those who may see it now (a creator moved to a profile
    // that sees only assigned tasks, or an assignee whose profile hides tasks, is not reminded).
    const access = new Map((await this.users.approvedAccess([...new Set(rows.flatMap((r) => r.recipients))])).map((u) => [u.id, u]));
    let sent = 0;
    for (const row of rows) {
      if (isCompletedColumnName(row.columnName)) continue;
      for (const claim of remindersDue(row.deadline, row.reminderTime, now)) {
        for (const userId of row.recipients) {
          const user = access.get(userId);
          if (!user || !maySeeTask(user, row.assignees)) continue;
          if (done.has(`${row.taskId}/${userId}/${claim.kind}`)) continue;
          try {
            if (await this.deliver(row, userId, claim)) sent += 1;
          } catch (error) {
            this.logger.warn(
              `reminder ${claim.kind} for task ${row.taskId}, user ${userId}: ${error instanceof Error ? error.message : error}`,
            );
          }
        }
      }
    }
    return sent;
  }

  /** Claims the reminder and sends it in one transaction; false when someone else claimed it first. */
  private deliver(row: DueRow, userId: number, claim: ReminderClaim): Promise<boolean> {
    return this.deliveries.transaction(async (manager) => {
      const inserted = await this.deliveries.claimReminders(manager, row.taskId, userId, [claim.kind, ...claim.closes]);
      if (!inserted.includes(claim.kind)) return false;
      await this.send(manager, row, userId, claim.type);
      return true;
    });
  }

  private async send(manager: EntityManager, row: DueRow, userId: number, type: ReminderNotificationType): Promise<void> {
    // APP_TIMEZONE only shapes the text; the windows are absolute instants.
    const when = DateTime.fromJSDate(row.deadline).setZone(this.config.appTimezone).setLocale('pt-BR').toFormat('dd/MM/yyyy HH:mm');
    await this.notifications.notify(
      userId,
      type,
      {
        title: `Prazo próximo: ${row.title}`,
        message: `A tarefa "${row.title}" vence ${LABELS[type]} (${when}).`,
        data: { taskId: row.taskId, deadline: row.deadline.toISOString() },
      },
      manager,
    );
  }
}
