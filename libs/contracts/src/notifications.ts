import { REMINDER_MINUTES, taskPath, type ReminderOption } from './tasks';

export const NOTIFICATION_TYPES = [
  'task_assigned',
  'task_due_6h',
  'task_due_3h',
  'task_due_1h',
  'task_completed',
  'task_comment',
  'chat_message_offline',
  'chat_message_online',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Other kinds the server creates (account approval, a registration waiting for approval, told to
 * administrators, the test button, the task's own reminder).
 */
export type SystemNotificationType = NotificationType | 'account_approved' | 'account_requested' | 'task_reminder' | 'test';

/**
 * Which outward channels a notification used besides the in-app list (every notification is kept
 * there): the system pop-up ('browser'), e-mail, both, or none ('in_app').
 */
export type NotificationChannel = 'browser' | 'email' | 'both' | 'in_app';

/** What a notification leads to: a task (its dialog on the board) or a chat room. */
export type NotificationTarget = { taskId: number } | { roomId: number };

/**
 * The payload of a notification. Task notifications carry `taskId`, chat ones `roomId` (and how many
 * messages the row stands for); registrations carry the new user's id. Rows written before targets
 * existed may carry nothing.
 */
export interface NotificationData {
  taskId?: number;
  commentId?: number;
  roomId?: number;
  /** Chat: the messages this one notification stands for (a burst in one room). */
  count?: number;
  userId?: number;
  /** Deadline reminders: the task's deadline (ISO) the reminder was for. */
  deadline?: string;
}

export interface Notification {
  id: number;
  type: SystemNotificationType;
  title: string;
  message: string;
  isRead: boolean;
  channel: NotificationChannel;
  soundEnabled: boolean;
  createdAt: string;
  data?: NotificationData | null;
}

/** One page of the whole history (newest first) with the true totals. */
export interface NotificationPage {
  items: Notification[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  total: number;
  unread: number;
}

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The target a notification's payload names, or null (old rows, account notices). */
export function notificationTarget(data: NotificationData | Record<string, unknown> | null | undefined): NotificationTarget | null {
  if (!data || typeof data !== 'object') return null;
  if (isId(data.taskId)) return { taskId: data.taskId };
  if (isId(data.roomId)) return { roomId: data.roomId };
  return null;
}

/** The web address (path and query) of a target: the task's dialog on the board, or the chat room. */
export function targetPath(target: NotificationTarget): string {
  return 'taskId' in target ? taskPath(target.taskId) : `/chat?sala=${target.roomId}`;
}

/** An absolute link to a target under the public web address (`WEB_URL`), or null without one. */
export function targetUrl(webUrl: string | null | undefined, target: NotificationTarget | null): string | null {
  if (!webUrl || !target) return null;
  return `${webUrl.replace(/\/+$/, '')}${targetPath(target)}`;
}

/** The e-mail line that carries the link; says nothing when there is no link. */
export function targetLinkLabel(target: NotificationTarget): string {
  return 'taskId' in target ? 'Abrir a tarefa' : 'Abrir a conversa';
}

/** The channel recorded on a row: which outward channels went out. */
export function notificationChannel(channels: { emailEnabled: boolean; browserEnabled: boolean }): NotificationChannel {
  if (channels.emailEnabled && channels.browserEnabled) return 'both';
  if (channels.emailEnabled) return 'email';
  return channels.browserEnabled ? 'browser' : 'in_app';
}

/** Whether a notification pops up in the system (its browser toggle was on). */
export function showsBrowserPopup(channel: NotificationChannel): boolean {
  return channel === 'browser' || channel === 'both';
}

/** A chat notification's title: one message, or a burst in one room ('3 novas mensagens em #sala'). */
export function chatNotificationTitle(count: number, roomName: string): string {
  return count > 1 ? `${count} novas mensagens em #${roomName}` : `Nova mensagem em #${roomName}`;
}

/**
 * Cursor of the history: the last row's time in microseconds since the epoch (the database's own
 * precision, so no row is skipped) and its id, opaque to clients.
 */
export function encodeNotificationCursor(micros: string, id: number): string {
  return `${micros}_${id}`;
}

/** Null when the cursor is not one this API wrote. */
export function decodeNotificationCursor(cursor: string): { micros: string; id: number } | null {
  const match = /^(\d{1,17})_(\d{1,10})$/.exec(cursor);
  if (!match) return null;
  const id = Number(match[2]);
  if (!isId(id) || id > 2_147_483_647 || !Number.isSafeInteger(Number(match[1]))) return null;
  return { micros: match[1], id };
}

export interface NotificationPreference {
  type: NotificationType;
  emailEnabled: boolean;
  browserEnabled: boolean;
  soundEnabled: boolean;
}

/** Defaults for users who never saved (extended.md §9). */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationType, Omit<NotificationPreference, 'type'>> = {
  task_assigned: { emailEnabled: true, browserEnabled: true, soundEnabled: true },
  task_due_6h: { emailEnabled: true, browserEnabled: true, soundEnabled: true },
  task_due_3h: { emailEnabled: false, browserEnabled: true, soundEnabled: true },
  task_due_1h: { emailEnabled: false, browserEnabled: true, soundEnabled: true },
  task_completed: { emailEnabled: true, browserEnabled: false, soundEnabled: false },
  task_comment: { emailEnabled: true, browserEnabled: true, soundEnabled: true },
  chat_message_offline: { emailEnabled: true, browserEnabled: false, soundEnabled: false },
  chat_message_online: { emailEnabled: false, browserEnabled: true, soundEnabled: true },
};

export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  task_assigned: 'Tarefa atribuída a você',
  task_due_6h: 'Prazo em 6 horas',
  task_due_3h: 'Prazo em 3 horas',
  task_due_1h: 'Prazo em 1 hora',
  task_completed: 'Tarefa concluída',
  task_comment: 'Novo comentário em tarefa',
  chat_message_offline: 'Mensagem de chat (offline)',
  chat_message_online: 'Mensagem de chat (online)',
};

/** A user's preferences: saved ones over the defaults, every type present. */
export function effectivePreferences(saved: readonly NotificationPreference[]): NotificationPreference[] {
  return NOTIFICATION_TYPES.map((type) => saved.find((p) => p.type === type) ?? { type, ...DEFAULT_NOTIFICATION_PREFERENCES[type] });
}

/** Types without a preference row of their own go to the browser; account approvals and registrations also by e-mail. */
export function channelsFor(type: SystemNotificationType, saved: readonly NotificationPreference[]): Omit<NotificationPreference, 'type'> {
  if ((NOTIFICATION_TYPES as readonly string[]).includes(type)) {
    const { type: _type, ...rest } = effectivePreferences(saved).find((p) => p.type === type)!;
    return rest;
  }
  if (type === 'task_reminder') return { ...DEFAULT_NOTIFICATION_PREFERENCES.task_due_1h, emailEnabled: true };
  return { emailEnabled: type === 'account_approved' || type === 'account_requested', browserEnabled: true, soundEnabled: true };
}

/** Deadline reminders: the window before the deadline each kind fires in, smallest first. */
export const DUE_REMINDERS = [
  { type: 'task_due_1h', minutes: 60 },
  { type: 'task_due_3h', minutes: 180 },
  { type: 'task_due_6h', minutes: 360 },
] as const;

/**
 * Which due reminder a task gets now: the tightest window it has entered (a task created 50 min
 * before its deadline gets only the 1 h one). Null when it is not due within 6 h or already late.
 */
export function dueReminderFor(deadline: Date, now: Date): (typeof DUE_REMINDERS)[number]['type'] | null {
  const minutesLeft = (deadline.getTime() - now.getTime()) / 60_000;
  if (minutesLeft <= 0) return null;
  return DUE_REMINDERS.find((r) => minutesLeft <= r.minutes)?.type ?? null;
}

export type ReminderNotificationType = (typeof DUE_REMINDERS)[number]['type'] | 'task_reminder';

/** One reminder to claim for a task and user; `closes` are the wider windows claimed with it. */
export interface ReminderClaim {
  type: ReminderNotificationType;
  /** Key of the delivery row; includes the deadline, so moving the deadline re-arms the reminders. */
  kind: string;
  closes: string[];
}

/**
 * The reminders a task may send now: the tightest due window entered (entering it also closes the
 * wider ones, so a task created 50 min before its deadline gets only task_due_1h) and the task's
 * own reminder option once its time has come. Nothing once the deadline has passed.
 */
export function remindersDue(deadline: Date, reminderTime: ReminderOption | null, now: Date): ReminderClaim[] {
  if (deadline.getTime() <= now.getTime()) return [];
  const at = deadline.toISOString();
  const claims: ReminderClaim[] = [];
  const due = dueReminderFor(deadline, now);
  if (due) {
    const minutes = DUE_REMINDERS.find((r) => r.type === due)!.minutes;
    const closes = DUE_REMINDERS.filter((r) => r.minutes > minutes).map((r) => `${r.type}@${at}`);
    claims.push({ type: due, kind: `${due}@${at}`, closes });
  }
  if (reminderTime && reminderTime in REMINDER_MINUTES && now.getTime() >= deadline.getTime() - REMINDER_MINUTES[reminderTime] * 60_000) {
    claims.push({ type: 'task_reminder', kind: `reminder:${reminderTime}@${at}`, closes: [] });
  }
  return claims;
}

/** PUT /api/notifications/preferences */
export interface SavePreferencesRequest {
  preferences: NotificationPreference[];
}

/** GET /api/notifications: a page older than the cursor. */
export interface NotificationHistoryQuery {
  limit?: number;
  cursor?: string;
}
