import { Injectable } from '@nestjs/common';
import { UserDirectory } from '../users/user-directory';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { AuthRepository } from './auth.repository';
import { storedSessionId } from './session-store';

/** Server-side session records beyond the current request's (the auth module owns the session table). */
@Injectable()
export class SessionsService {
  constructor(
    private readonly auth: AuthRepository,
    private readonly users: UserDirectory,
  ) {}

  /** The users module asks for it (a password change, an account that goes) without depending on auth. */
  @OnAppEvent('SessionsEndRequested')
  async onSessionsEndRequested({ userId, exceptSessionId }: AppEventMap['SessionsEndRequested']): Promise<void> {
    await this.revokeUserSessions(userId, exceptSessionId);
  }

  /** Ends every session of a user except one (its id as the cookie carries it) (after a password change, or when an account goes). */
  async revokeUserSessions(userId: number, exceptSid?: string): Promise<void> {
    await this.auth.deleteUserSessions(userId, exceptSid ? storedSessionId(exceptSid) : null);
  }

  /** Which of these sessions (ids as stored) are still open: not expired, their user approved. */
  async stillOpen(sids: string[]): Promise<Set<string>> {
    const rows = await this.auth.openSessions(sids);
    const approved = new Set(await this.users.approvedIds(rows.flatMap((row) => (row.userId === null ? [] : [row.userId]))));
    return new Set(rows.filter((row) => row.userId !== null && approved.has(row.userId)).map((row) => row.sid));
  }
}
