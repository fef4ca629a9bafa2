import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  DEFAULT_NOTIFICATION_PREFERENCES,
  dueReminderFor,
  effectivePreferences,
  NOTIFICATION_TYPES,
  remindersDue,
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
