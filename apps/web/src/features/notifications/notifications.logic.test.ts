import type { Notification, NotificationPreference } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import {
  dropdownItems,
  markReadInList,
  parseRealtimeMessage,
  prependNotification,
  reconnectDelay,
  shouldShowPermissionPrompt,
  socketUrl,
  togglePreference,
  unreadBadge,
  unreadCount,
} from './notifications.logic';

function notification(id: number, isRead = false): Notification {
  return {
    id,
    type: 'task_assigned',
    title: `T${id}`,
    message: `M${id}`,
    isRead,
    channel: 'browser',
    soundEnabled: true,
    createdAt: '2025-03-01T12:00:00.000Z',
  };
}

describe('unread badge', () => {
  it('is hidden at 0, the count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
  it('counts only unread notifications', () => {
    expect(unreadCount([notification(1), notification(2, true), notification(3)])).toBe(2);
    expect(unreadCount(undefined)).toBe(0);
  });
});

describe('dropdown', () => {
  it('shows the first 10 and counts the rest', () => {
    const list = Array.from({ length: 13 }, (_, i) => notification(i + 1));
    const { items, more } = dropdownItems(list);
    expect(items.map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(more).toBe(3);
    expect(dropdownItems([notification(1)]).more).toBe(0);
    expect(dropdownItems(undefined)).toEqual({ items: [], more: 0 });
  });
  it('marks one or all read without touching the others', () => {
    const list = [notification(1), notification(2)];
    expect(markReadInList(list, 2).map((n) => n.isRead)).toEqual([false, true]);
    expect(markReadInList(list, 'all').every((n) => n.isRead)).toBe(true);
    expect(list[1].isRead).toBe(false);
  });
  it('puts a pushed notification first, once', () => {
    expect(prependNotification([notification(1), notification(2)], notification(3)).map((n) => n.id)).toEqual([3, 1, 2]);
    expect(prependNotification([notification(3), notification(1)], notification(3)).map((n) => n.id)).toEqual([3, 1]);
    expect(prependNotification(undefined, notification(1))).toHaveLength(1);
  });
});

describe('parseRealtimeMessage', () => {
  it('reads the server messages', () => {
    const n = notification(7);
    expect(parseRealtimeMessage(JSON.stringify({ type: 'notification', notification: n }))).toEqual({
      type: 'notification',
      notification: n,
    });
    expect(parseRealtimeMessage('{"type":"task.changed","taskId":5}')).toEqual({ type: 'task.changed', taskId: 5 });
    expect(parseRealtimeMessage('{"type":"column.changed"}')).toEqual({ type: 'column.changed' });
    expect(parseRealtimeMessage('{"type":"chat.message","roomId":2}')).toEqual({ type: 'chat.message', roomId: 2 });
    expect(parseRealtimeMessage('{"type":"connected"}')).toEqual({ type: 'connected' });
    expect(parseRealtimeMessage('{"type":"timer.changed","taskId":3,"userId":4}')).toEqual({ type: 'timer.changed', taskId: 3, userId: 4 });
  });
  it('rejects malformed or unknown messages', () => {
    for (const raw of [
      '',
      'not json',
      'null',
      '[]',
      '42',
      '{}',
      '{"type":"other"}',
      '{"type":"task.changed","taskId":"5"}',
      '{"type":"chat.message"}',
      '{"type":"timer.changed","taskId":3}',
      '{"type":"notification","notification":{"id":1}}',
    ]) {
      expect(parseRealtimeMessage(raw)).toBeNull();
    }
    expect(parseRealtimeMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('connection', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('uses wss on https, same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });
});

describe('permission prompt', () => {
  it('shows only while undecided and not dismissed', () => {
    expect(shouldShowPermissionPrompt('default', false)).toBe(true);
    expect(shouldShowPermissionPrompt('default', true)).toBe(false);
    expect(shouldShowPermissionPrompt('granted', false)).toBe(false);
    expect(shouldShowPermissionPrompt('denied', false)).toBe(false);
    expect(shouldShowPermissionPrompt(null, false)).toBe(false);
  });
});

describe('togglePreference', () => {
  it('changes one channel of one type', () => {
    const list: NotificationPreference[] = [
      { type: 'task_assigned', emailEnabled: true, browserEnabled: true, soundEnabled: true },
      { type: 'task_comment', emailEnabled: true, browserEnabled: true, soundEnabled: true },
    ];
    const next = togglePreference(list, 'task_comment', 'soundEnabled', false);
    expect(next[1]).toEqual({ type: 'task_comment', emailEnabled: true, browserEnabled: true, soundEnabled: false });
    expect(next[0]).toBe(list[0]);
    expect(list[1].soundEnabled).toBe(true);
  });
});
