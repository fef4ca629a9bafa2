import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * What the platform (the access guard, the /ws hub) needs of sessions, which the auth module owns
 * and provides: the user of a request's session, the owner of a socket's, which sessions are still
 * open, and the database channel that tells of session and access changes.
 */
export abstract class SessionAccess {
  /** The channel NOTIFY'd when a session ends or a user's access changes. */
  abstract readonly changesChannel: string;

  /** The approved user of the request's session; null: no session, or no approved user behind it. */
  abstract requestUser(request: Request): Promise<AuthenticatedUser | null>;

  /** The session an upgrade request carries (its cookie), as its stored id and approved user; null: none. */
  abstract socketOwner(request: IncomingMessage): Promise<{ sessionId: string; user: AuthenticatedUser } | null>;

  /** Which of these stored session ids are still open and belong to an approved user. */
  abstract stillOpen(sessionIds: string[]): Promise<Set<string>>;
}
