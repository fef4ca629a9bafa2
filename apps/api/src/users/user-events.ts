import { Injectable, Logger } from '@nestjs/common';
import type { User } from '@wkflow/contracts';

type Listener = (user: User) => void | Promise<void>;

/** A new account waiting for approval. */
export interface RegisteredUser {
  id: number;
  name: string;
  email: string;
}
type RegisteredListener = (user: RegisteredUser) => void | Promise<void>;
/** Whose access may have changed: one user (his row), or everyone (a profile or its permissions). */
export type AccessScope = number | 'everyone';
type AccessListener = (scope: AccessScope) => void;
/** Ends a user's sessions but the one whose id (as the cookie carries it) is given. */
type SessionsListener = (userId: number, exceptSessionId?: string) => Promise<void>;

/**
 * In-process hooks: the notifications module tells an approved user (in-app and by e-mail), and
 * the administrators of a registration waiting for approval; the auth module, which owns the
 * sessions, ends them when the users module asks (so users does not depend on auth).
 */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger(UserEvents.name);
  private readonly approvedListeners: Listener[] = [];
  private readonly registeredListeners: RegisteredListener[] = [];
  private readonly accessListeners: AccessListener[] = [];
  private readonly sessionsListeners: SessionsListener[] = [];

  onUserApproved(listener: Listener): void {
    this.approvedListeners.push(listener);
  }

  onUserRegistered(listener: RegisteredListener): void {
    this.registeredListeners.push(listener);
  }

  onAccessChanged(listener: AccessListener): void {
    this.accessListeners.push(listener);
  }

  onEndSessions(listener: SessionsListener): void {
    this.sessionsListeners.push(listener);
  }

  /** Ends the user's sessions (after a password change); resolves once they are gone. */
  async endSessions(userId: number, exceptSessionId?: string): Promise<void> {
    await Promise.all(this.sessionsListeners.map((listener) => listener(userId, exceptSessionId)));
  }

  /**
   * Called after a committed change to a user row, a profile or its permissions. Listeners run at
   * once, before the response is sent: the session cache of this process forgets what it held, so
   * the very next request sees the change (other replicas hear it from the database's notification).
   */
  accessChanged(scope: AccessScope): void {
    for (const listener of this.accessListeners) listener(scope);
  }

  /** Called after the approval is committed; a failing listener never undoes it. */
  userApproved(user: User): void {
    this.emit(this.approvedListeners, user, 'approval');
  }

  /** Called after a registration is committed; a failing listener never undoes it. */
  userRegistered(user: RegisteredUser): void {
    this.emit(this.registeredListeners, user, 'registration');
  }

  private emit<T>(listeners: Array<(value: T) => void | Promise<void>>, value: T, what: string): void {
    for (const listener of listeners) {
      Promise.resolve()
        .then(() => listener(value))
        .catch((error: unknown) => this.logger.error(`${what} listener failed: ${error instanceof Error ? error.message : error}`));
    }
  }
}
