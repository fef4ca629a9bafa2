import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * The database channel the Performance migration's triggers notify on session and access changes
 * ('s:<stored session id>', 'u:<userId>' or '*'); the session cache, the /ws hub and the users'
 * directory listen to it.
 */
export const SESSION_CHANNEL = 'wkflow_sessions';

/**
 * What the platform (the access guard, the /ws hub) needs of sessions, which the auth module owns
 * and provides: the user of a request's session, the session a request or a socket carries, which sessions are still
 * open.
 */
export abstract class SessionAccess {
  /** The approved user of the request's session; null: no session, or no approved user behind it. */
  abstract requestUser(request: Request): Promise<AuthenticatedUser | null>;

  /** The session a request carries (its cookie, read here if no middleware did), as its stored id and approved user; null: none. */
  abstract sessionOf(request: IncomingMessage): Promise<{ sessionId: string; user: AuthenticatedUser } | null>;

  /** Which of these stored session ids are still open and belong to an approved user. */
  abstract stillOpen(sessionIds: string[]): Promise<Set<string>>;
}
