import { describe, expect, it } from 'vitest';
import type { Notification } from '../src/notifications';
import { type ClientMessage, parseClientMessage, parseServerMessage, type ServerMessage } from '../src/realtime';

/** A notification as the bell lists it (the fields the parser checks, and the rest). */
const pushed: Notification = {
  id: 7,
  type: 'task_assigned',
  title: 'T',
  message: 'M',
  isRead: false,
  channel: 'browser',
  soundEnabled: true,
  createdAt: '2025-03-01T12:00:00.000Z',
};

describe('parseServerMessage', () => {
  it('reads the server messages', () => {
    const n = pushed;
    expect(parseServerMessage(JSON.stringify({ type: 'notification', notification: n }))).toEqual({
      type: 'notification',
      notification: n,
    });
    expect(parseServerMessage(JSON.stringify({ type: 'notification', notification: n, repeat: true }))).toMatchObject({ repeat: true });
    expect(parseServerMessage('{"type":"viewing","roomId":2}')).toEqual({ type: 'viewing', roomId: 2 });
    expect(parseServerMessage('{"type":"viewing","roomId":null}')).toEqual({ type: 'viewing', roomId: null });
    // The old refetch hints are gone: the board now gets its changes.
    expect(parseServerMessage('{"type":"task.changed","taskId":5}')).toBeNull();
    expect(parseServerMessage('{"type":"column.changed"}')).toBeNull();
    expect(parseServerMessage('{"type":"chat.message","roomId":2}')).toEqual({ type: 'chat.message', roomId: 2 });
    expect(parseServerMessage('{"type":"connected"}')).toEqual({ type: 'connected' });
    expect(parseServerMessage('{"type":"timer.changed","taskId":3,"userId":4}')).toEqual({ type: 'timer.changed', taskId: 3, userId: 4 });
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
      '{"type":"viewing"}',
      '{"type":"constructor"}',
      '{"type":"toString"}',
    ]) {
      expect(parseServerMessage(raw)).toBeNull();
    }
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("parseServerMessage: 'board.changed'", () => {
  const card = {
    id: 4,
    title: 'Post',
    description: '',
    clientId: 1,
    columnId: 2,
    deadline: '2026-12-01T12:00:00.000Z',
    assignedTo: [3],
    reminderTime: null,
    createdBy: 1,
    position: 2,
    rank: 'a0V',
    isArchived: false,
    status: 'open',
    completedAt: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    attachments: [],
  };
  const column = { id: 2, name: 'A fazer', position: 2, color: '#3b82f6', isFixed: false };
  const message = { type: 'board.changed', from: 7, to: 8, full: false, tasks: [card], removed: [9] };
  const frame = (over: Record<string, unknown>) => JSON.stringify({ ...message, ...over });

  it('reads the changed tasks, the removed ids and the columns when present', () => {
    expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    expect(parseServerMessage(frame({ columns: [column] }))).toEqual({ ...message, columns: [column] });
    expect(parseServerMessage(frame({ from: 0, to: 0, tasks: [], removed: [] }))).toMatchObject({ from: 0, to: 0 });
  });

  it('drops a malformed message whole', () => {
    for (const over of [
      { from: -1 },
      { from: 9, to: 8 },
      { to: '8' },
      { from: 1.5 },
      { full: true },
      { full: undefined },
      { tasks: null },
      { tasks: [{ ...card, rank: 5 }] },
      { tasks: [{ ...card, id: 0 }] },
      { tasks: [{ ...card, columnId: null }] },
      { tasks: [{ ...card, assignedTo: ['3'] }] },
      { tasks: [{ ...card, position: '2' }] },
      { removed: [0] },
      { removed: 'x' },
      { columns: {} },
      { columns: [{ ...column, name: null }] },
    ]) {
      expect(parseServerMessage(frame(over)), JSON.stringify(over)).toBeNull();
    }
  });
});

describe('parseClientMessage', () => {
  it("reads 'viewing' with a room id or null", () => {
    expect(parseClientMessage('{"type":"viewing","roomId":3}')).toEqual({ type: 'viewing', roomId: 3 });
    expect(parseClientMessage('{"type":"viewing","roomId":null}')).toEqual({ type: 'viewing', roomId: null });
  });
  it('rejects anything else', () => {
    for (const raw of [
      '',
      'x',
      '{"type":"viewing"}',
      '{"type":"viewing","roomId":0}',
      '{"type":"viewing","roomId":2147483648}',
      '{"type":"viewing","roomId":"3"}',
      '{"type":"viewing","roomId":1.5}',
      '{"type":"connected"}',
      '{"type":"__proto__"}',
    ])
      expect(parseClientMessage(raw), raw).toBeNull();
    expect(parseClientMessage(Buffer.from('{"type":"viewing","roomId":3}'))).toBeNull();
  });
});

describe('the unions are closed', () => {
  it('types each message by its type', () => {
    const ok: ServerMessage[] = [{ type: 'chat.message', roomId: 1 }, { type: 'connected' }];
    const client: ClientMessage = { type: 'viewing', roomId: null };
    // @ts-expect-error a message type the contract does not declare does not compile
    const unknown: ServerMessage = { type: 'task.changed', taskId: 1 };
    // @ts-expect-error a declared type with the wrong fields does not compile
    const wrong: ServerMessage = { type: 'timer.changed', roomId: 1 };
    expect([ok, client, unknown, wrong]).toHaveLength(4);
  });
});
