import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { dueReminderFor, DUE_REMINDERS, isCompletedColumnName, REMINDER_MINUTES, type ReminderOption } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationsService } from './notifications.service';

interface DueRow {
  taskId: number;
  title: string;
  deadline: Date;
  reminderTime: ReminderOption | null;
  columnName: string;
  userId: number;
}

/**
 * Deadline reminders (task_due_6h/3h/1h and the task's own reminder option). Idempotent: a
 * reminder is sent only by whoever inserts its notification_deliveries row, so a second run, a
 * restart or another replica never sends it again.
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RemindersService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runOnce().catch((error: Error) => this.logger.warn(`reminders: ${error.message}`)), this.config.reminderIntervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Checks every open task due within a day; returns how many reminders it sent. */
  async runOnce(now = new Date()): Promise<number> {
    const rows: DueRow[] = await this.dataSource.query(
      `SELECT t.id AS "taskId", t.title, t.deadline, t."reminderTime", c.name AS "columnName", a."userId"
         FROM tasks t JOIN columns c ON c.id = t."columnId" JOIN task_assignees a ON a."taskId" = t.id
        WHERE NOT t."isArchived" AND t.deadline > $1 AND t.deadline <= $1::timestamptz + interval '1 day'`,
      [now],
    );
    let sent = 0;
    for (const row of rows) {
      if (isCompletedColumnName(row.columnName)) continue;
      const due = dueReminderFor(row.deadline, now);
      if (due) {
        // Entering a tighter window also closes the wider ones, so they never fire late.
        const kinds = DUE_REMINDERS.filter((r) => r.minutes >= DUE_REMINDERS.find((d) => d.type === due)!.minutes).map((r) => r.type);
        if (await this.claim(row, due, kinds)) {
          await this.send(row, due);
          sent += 1;
        }
      }
      if (row.reminderTime && now.getTime() >= row.deadline.getTime() - REMINDER_MINUTES[row.reminderTime] * 60_000) {
        // Keyed by the deadline too: moving the deadline re-arms the reminder.
        const kind = `reminder:${row.reminderTime}:${row.deadline.toISOString()}`;
        if (await this.claim(row, kind, [kind])) {
          await this.send(row, 'task_reminder');
          sent += 1;
        }
      }
    }
    return sent;
  }

  /** Inserts the delivery rows; true only for the caller that inserted `kind` itself. */
  private async claim(row: DueRow, kind: string, kinds: readonly string[]): Promise<boolean> {
    const inserted: { kind: string }[] = await this.dataSource.query(
      `INSERT INTO notification_deliveries ("taskId", "userId", kind) SELECT $1, $2, unnest($3::varchar[]) ON CONFLICT DO NOTHING RETURNING kind`,
      [row.taskId, row.userId, kinds],
    );
    return inserted.some((r) => r.kind === kind);
  }

  private async send(row: DueRow, type: 'task_due_6h' | 'task_due_3h' | 'task_due_1h' | 'task_reminder'): Promise<void> {
    const when = DateTime.fromJSDate(row.deadline).setZone(this.config.appTimezone).setLocale('pt-BR');
    const label = { task_due_6h: 'em até 6 horas', task_due_3h: 'em até 3 horas', task_due_1h: 'em até 1 hora', task_reminder: 'em breve' }[type];
    await this.notifications.notify(row.userId, type, {
      title: `Prazo próximo: ${row.title}`,
      message: `A tarefa "${row.title}" vence ${label} (${when.toFormat('dd/MM/yyyy HH:mm')}).`,
      data: { taskId: row.taskId, deadline: row.deadline.toISOString() },
    });
  }
}
