import type { Notification, NotificationPreference } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import {
  bellItems,
  markReadInList,
  markReadInPage,
  markRoomReadInPage,
  prependToPage,
  shouldShowPermissionPrompt,
  togglePreference,
  unreadBadge,
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
});

const pageOf = (items: Notification[], total = items.length, unread = items.filter((n) => !n.isRead).length) => ({
  items,
  nextCursor: null,
  total,
  unread,
});

describe('dropdown', () => {
  it("shows the server's first 10 and the true number beyond them", () => {
    const items = Array.from({ length: 10 }, (_, i) => notification(i + 1));
    expect(bellItems(pageOf(items, 250, 130))).toEqual({ items, more: 240, unread: 130 });
    expect(bellItems(pageOf([notification(1)])).more).toBe(0);
    expect(bellItems(undefined)).toEqual({ items: [], more: 0, unread: 0 });
  });
  it('marks one or all read without touching the others', () => {
    const list = [notification(1), notification(2)];
    expect(markReadInList(list, 2).map((n) => n.isRead)).toEqual([false, true]);
    expect(markReadInList(list, 'all').every((n) => n.isRead)).toBe(true);
    expect(list[1].isRead).toBe(false);
  });
  it('keeps the unread count right when marking in the page', () => {
    const page = pageOf([notification(1), notification(2, true)], 40, 12);
    expect(markReadInPage(page, 1)).toMatchObject({ unread: 11, total: 40 });
    expect(markReadInPage(page, 2)).toMatchObject({ unread: 12 });
    expect(markReadInPage(page, 99)).toMatchObject({ unread: 12 });
    expect(markReadInPage(page, 'all')).toMatchObject({ unread: 0, total: 40 });
    expect(markReadInPage(undefined, 1)).toBeUndefined();
  });
  it('puts a pushed notification first, once; a repeat of a burst adds nothing to the counts', () => {
    const page = pageOf([notification(1), notification(2)], 30, 5);
    const added = prependToPage(page, notification(3), false)!;
    expect(added.items.map((n) => n.id)).toEqual([3, 1, 2]);
    expect(added).toMatchObject({ total: 31, unread: 6 });
    const repeated = prependToPage(page, notification(2), true)!;
    expect(repeated.items.map((n) => n.id)).toEqual([2, 1]);
    expect(repeated).toMatchObject({ total: 30, unread: 5 });
    // A repeat of a row beyond the first 10 (read meanwhile elsewhere is not possible: repeats are unread rows).
    expect(prependToPage(page, notification(77), true)).toMatchObject({ total: 30, unread: 5 });
    const full = pageOf(Array.from({ length: 10 }, (_, i) => notification(i + 1)));
    expect(prependToPage(full, notification(11), false)!.items).toHaveLength(10);
    expect(prependToPage(undefined, notification(1), false)).toBeUndefined();
  });
});

describe('reading a chat room', () => {
  it("reads that room's chat notification in the bell, and nothing else", () => {
    const chat = (id: number, roomId: number, isRead = false): Notification => ({
      ...notification(id, isRead),
      type: 'chat_message_online',
      data: { roomId, count: 2 },
    });
    const page = pageOf([chat(1, 5), chat(2, 6), { ...notification(3), data: { taskId: 5 } }], 9, 4);
    const after = markRoomReadInPage(page, 5)!;
    expect(after.items.map((n) => n.isRead)).toEqual([true, false, false]);
    expect(after.unread).toBe(3);
    expect(markRoomReadInPage(page, 7)).toBe(page);
    expect(markRoomReadInPage(undefined, 5)).toBeUndefined();
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
