import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  DEFAULT_NOTIFICATION_PREFERENCES,
  dueReminderFor,
  effectivePreferences,
  NOTIFICATION_TYPES,
  chatNotificationTitle,
  decodeNotificationCursor,
  encodeNotificationCursor,
  notificationChannel,
  notificationTarget,
  remindersDue,
  showsBrowserPopup,
  targetLinkLabel,
  targetPath,
  targetUrl,
} from '../src/notifications';

describe('notification preferences', () => {
  it('fills every type with the defaults table', () => {
    const prefs = effectivePreferences([]);
    expect(prefs.map((p) => p.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(prefs.find((p) => p.type === 'task_due_3h')).toEqual({
      type: 'task_due_3h',
      emailEnabled: false,
      browserEnabled: true,
      soundEnabled: true,
    });
    expect(DEFAULT_NOTIFICATION_PREFERENCES.chat_message_offline).toEqual({
      emailEnabled: true,
      browserEnabled: false,
      soundEnabled: false,
    });
  });
  it('prefers what the user saved', () => {
    const saved = [{ type: 'task_assigned' as const, emailEnabled: false, browserEnabled: true, soundEnabled: false }];
    expect(channelsFor('task_assigned', saved)).toEqual({ emailEnabled: false, browserEnabled: true, soundEnabled: false });
    expect(channelsFor('account_approved', saved)).toEqual({ emailEnabled: true, browserEnabled: true, soundEnabled: true });
  });
});

describe('due reminders', () => {
  const deadline = new Date('2026-11-18T18:00:00Z');
  const at = (minutesBefore: number) => new Date(deadline.getTime() - minutesBefore * 60_000);
  it('picks the tightest window entered', () => {
    expect(dueReminderFor(deadline, at(7 * 60))).toBeNull();
    expect(dueReminderFor(deadline, at(6 * 60))).toBe('task_due_6h');
    expect(dueReminderFor(deadline, at(3 * 60 + 1))).toBe('task_due_6h');
    expect(dueReminderFor(deadline, at(3 * 60))).toBe('task_due_3h');
    expect(dueReminderFor(deadline, at(50))).toBe('task_due_1h');
    expect(dueReminderFor(deadline, at(0))).toBeNull();
    expect(dueReminderFor(deadline, at(-5))).toBeNull();
  });
});

describe('reminders due', () => {
  const deadline = new Date('2026-11-18T18:00:00Z');
  const at = (minutesBefore: number) => new Date(deadline.getTime() - minutesBefore * 60_000);
  const iso = deadline.toISOString();

  it('claims the tightest window and closes the wider ones, keyed by the deadline', () => {
    expect(remindersDue(deadline, null, at(50))).toEqual([
      { type: 'task_due_1h', kind: `task_due_1h@${iso}`, closes: [`task_due_3h@${iso}`, `task_due_6h@${iso}`] },
    ]);
    expect(remindersDue(deadline, null, at(5 * 60))).toEqual([{ type: 'task_due_6h', kind: `task_due_6h@${iso}`, closes: [] }]);
    expect(remindersDue(deadline, null, at(7 * 60))).toEqual([]);
  });

  it("adds the task's own reminder once its time has come, and nothing after the deadline", () => {
    expect(remindersDue(deadline, '1d', at(20 * 60))).toEqual([{ type: 'task_reminder', kind: `reminder:1d@${iso}`, closes: [] }]);
    expect(remindersDue(deadline, '2h', at(3 * 60))).toEqual([
      { type: 'task_due_3h', kind: `task_due_3h@${iso}`, closes: [`task_due_6h@${iso}`] },
    ]);
    expect(remindersDue(deadline, '2h', at(90)).map((c) => c.type)).toEqual(['task_due_3h', 'task_reminder']);
    expect(remindersDue(deadline, '1h', at(0))).toEqual([]);
    expect(remindersDue(deadline, '1h', at(-10))).toEqual([]);
  });
});

describe('notification targets', () => {
  it('reads the target of a payload; old rows and account notices have none', () => {
    expect(notificationTarget({ taskId: 7, commentId: 3 })).toEqual({ taskId: 7 });
    expect(notificationTarget({ roomId: 2, count: 3 })).toEqual({ roomId: 2 });
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget({})).toBeNull();
    expect(notificationTarget({ userId: 4 })).toBeNull();
    expect(notificationTarget({ taskId: '7' })).toBeNull();
    expect(notificationTarget({ taskId: -1 })).toBeNull();
    expect(targetPath({ taskId: 7 })).toBe('/kanban?task=7');
    expect(targetPath({ roomId: 2 })).toBe('/chat?sala=2');
    expect(targetUrl('https://app.example.com/', { taskId: 7 })).toBe('https://app.example.com/kanban?task=7');
    expect(targetUrl('https://example.com/wk', { roomId: 2 })).toBe('https://example.com/wk/chat?sala=2');
    expect(targetUrl(null, { taskId: 7 })).toBeNull();
    expect(targetUrl('https://example.com', null)).toBeNull();
    expect(targetLinkLabel({ taskId: 1 })).toBe('Abrir a tarefa');
  });

  it('records the outward channels; the pop-up only when the browser toggle was on', () => {
    expect(notificationChannel({ emailEnabled: true, browserEnabled: true })).toBe('both');
    expect(notificationChannel({ emailEnabled: true, browserEnabled: false })).toBe('email');
    expect(notificationChannel({ emailEnabled: false, browserEnabled: true })).toBe('browser');
    expect(notificationChannel({ emailEnabled: false, browserEnabled: false })).toBe('in_app');
    expect(['browser', 'both', 'email', 'in_app'].map((c) => showsBrowserPopup(c as never))).toEqual([true, true, false, false]);
  });

  it('titles a burst of chat messages by its count', () => {
    expect(chatNotificationTitle(1, 'sala')).toBe('Nova mensagem em #sala');
    expect(chatNotificationTitle(3, 'sala')).toBe('3 novas mensagens em #sala');
  });

  it('round-trips its cursor and refuses anything else', () => {
    const cursor = encodeNotificationCursor('1795450000123456', 42);
    expect(decodeNotificationCursor(cursor)).toEqual({ micros: '1795450000123456', id: 42 });
    for (const bad of ['', 'abc', '1_0', '1_-2', '1_99999999999', '1.5_2', '123456789012345678_1', '1_2_3'])
      expect(decodeNotificationCursor(bad)).toBeNull();
  });
});
