import type { Notification } from './notifications';
import type { BoardChangedMessage, Column, Task } from './tasks';

/**
 * The /ws contract: every message the server sends (ServerMessage) and every message a client
 * sends (ClientMessage), the path and the close codes. The API's gateway sends only ServerMessage;
 * the web parses with parseServerMessage. A type added to a union without its shape check below
 * fails to compile.
 */
export const WS_PATH = '/ws';

/** The server closes a socket whose session ended (logout, revocation, password change). */
export const WS_SESSION_ENDED = 4401;
/** RFC 6455 "Service Restart": this replica stops; the client reconnects, to another replica. */
export const WS_SERVICE_RESTART = 1012;
/** RFC 6455 "Try Again Later": messages piled up while the socket's session was being checked. */
export const WS_TRY_AGAIN_LATER = 1013;
/** The largest client message the server reads (bytes). */
export const WS_MAX_CLIENT_MESSAGE = 4096;

export type ServerMessage =
  /** Sent once the socket is open and authenticated. */
  | { type: 'connected' }
  /** A new notification; `repeat`: the row was updated (a chat burst), not added: no second beep. */
  | { type: 'notification'; notification: Notification; repeat?: boolean }
  /** The server's acknowledgement of the room this connection said it shows. */
  | { type: 'viewing'; roomId: number | null }
  /** Changes of the board this user may see, versions (from, to] (tasks.ts). */
  | BoardChangedMessage
  /** A time entry of `userId` changed: sent to him and to those whose time_tracking scope shows it. */
  | { type: 'timer.changed'; taskId: number; userId: number }
  /** A message in a chat room (ids only: the client refetches). */
  | { type: 'chat.message'; roomId: number };

/** What a client says: which chat room its page shows now (null: none, or the tab is hidden). */
export type ClientMessage = { type: 'viewing'; roomId: number | null };

export type ServerMessageType = ServerMessage['type'];

type Fields = Record<string, unknown>;
type ShapeChecks<M extends { type: string }> = { [K in M['type']]: (data: Fields) => boolean };

const INT4_MAX = 2_147_483_647;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= INT4_MAX;
const isVersion = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRoomOrNone = (value: unknown): boolean => value === null || isId(value);

/** Enough of a task to place and show it: ids, place, order key and the fields every card reads. */
function isTask(value: unknown): value is Task {
  return (
    isObject(value) &&
    isId(value.id) &&
    isId(value.columnId) &&
    typeof value.title === 'string' &&
    typeof value.rank === 'string' &&
    Number.isInteger(value.position) &&
    typeof value.isArchived === 'boolean' &&
    typeof value.status === 'string' &&
    Array.isArray(value.assignedTo) &&
    value.assignedTo.every(isId) &&
    Array.isArray(value.attachments)
  );
}

function isColumn(value: unknown): value is Column {
  return isObject(value) && isId(value.id) && typeof value.name === 'string' && Number.isInteger(value.position);
}

function isNotification(value: unknown): value is Notification {
  return (
    isObject(value) &&
    isId(value.id) &&
    typeof value.title === 'string' &&
    typeof value.message === 'string' &&
    typeof value.isRead === 'boolean' &&
    typeof value.soundEnabled === 'boolean'
  );
}

const SERVER_SHAPES: ShapeChecks<ServerMessage> = {
  connected: () => true,
  notification: (m) => isNotification(m.notification) && (m.repeat === undefined || typeof m.repeat === 'boolean'),
  viewing: (m) => isRoomOrNone(m.roomId),
  // A malformed part makes the whole frame malformed: it is then not applied at all.
  'board.changed': (m) =>
    isVersion(m.from) &&
    isVersion(m.to) &&
    m.from <= m.to &&
    m.full === false &&
    Array.isArray(m.tasks) &&
    m.tasks.every(isTask) &&
    Array.isArray(m.removed) &&
    m.removed.every(isId) &&
    (m.columns === undefined || (Array.isArray(m.columns) && m.columns.every(isColumn))),
  'timer.changed': (m) => isId(m.taskId) && isId(m.userId),
  'chat.message': (m) => isId(m.roomId),
};

const CLIENT_SHAPES: ShapeChecks<ClientMessage> = {
  viewing: (m) => isRoomOrNone(m.roomId),
};

function parseWith<M extends { type: string }>(shapes: ShapeChecks<M>, raw: unknown): M | null {
  if (typeof raw !== 'string') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(data) || typeof data.type !== 'string' || !Object.hasOwn(shapes, data.type)) return null;
  return shapes[data.type as M['type']](data) ? (data as M) : null;
}

/** A server frame as the web receives it; anything malformed or of an unknown type is null. */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  return parseWith(SERVER_SHAPES, raw);
}

/** A client frame as the gateway receives it; anything malformed or of an unknown type is null. */
export function parseClientMessage(raw: unknown): ClientMessage | null {
  return parseWith(CLIENT_SHAPES, raw);
}
