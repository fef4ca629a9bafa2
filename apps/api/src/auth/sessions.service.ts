import { Injectable, NotFoundException } from '@nestjs/common';
import { SESSION_NOT_FOUND, type UserSession } from '@wkflow/contracts';
import UAParser from 'ua-parser-js';
import { UserDirectory } from '../users/user-directory';
import { AppEvents, type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { AuthRepository, type StoredSession } from './auth.repository';
import { lastSeenAt, listedSessionId, storedSessionId } from './session-store';

/** Server-side session records beyond the current request's (the auth module owns the session table). */
@Injectable()
export class SessionsService {
  constructor(
    private readonly auth: AuthRepository,
    private readonly users: UserDirectory,
    private readonly events: AppEvents,
  ) {}

  /** The users module asks for it (a password change, an account that goes, an admin) without depending on auth. */
  @OnAppEvent('SessionsEndRequested')
  async onSessionsEndRequested({ userId, exceptSessionId }: AppEventMap['SessionsEndRequested']): Promise<void> {
    await this.revokeUserSessions(userId, exceptSessionId);
  }

  /** Ends every session of a user except one (its id as the cookie carries it); answers how many ended. */
  async revokeUserSessions(userId: number, exceptSid?: string): Promise<number> {
    const ended = await this.auth.deleteUserSessions(userId, exceptSid ? storedSessionId(exceptSid) : null);
    // Other replicas hear the deletion from the database; this one forgets at once.
    if (ended) this.events.emit('AccessChanged', { scope: userId });
    return ended;
  }

  /** The user's open sessions, the one of `currentSid` (the cookie's id) marked. */
  async list(userId: number, currentSid: string): Promise<UserSession[]> {
    const current = storedSessionId(currentSid);
    return (await this.auth.userSessions(userId)).map((row) => toUserSession(row, row.sid === current));
  }

  /** Ends one of the user's own sessions by its listed id; 404 when he has none by that id. Answers whether it was the current one. */
  async end(userId: number, listedId: string, currentSid: string): Promise<{ current: boolean }> {
    const row = (await this.auth.userSessions(userId)).find((session) => listedSessionId(session.sid) === listedId);
    if (!row || !(await this.auth.deleteUserSession(userId, row.sid))) throw new NotFoundException(SESSION_NOT_FOUND);
    this.events.emit('AccessChanged', { scope: userId });
    const current = row.sid === storedSessionId(currentSid);
    await this.auth.audit({ actorId: userId, action: 'session_ended', entity: 'user', entityId: userId, data: { current } });
    return { current };
  }

  /** 'Encerrar as outras sessões': every session of the user but the current one. */
  async endOthers(userId: number, currentSid: string): Promise<number> {
    const ended = await this.revokeUserSessions(userId, currentSid);
    if (ended) {
      await this.auth.audit({ actorId: userId, action: 'sessions_ended', entity: 'user', entityId: userId, data: { ended, others: true } });
    }
    return ended;
  }

  /** Which of these sessions (ids as stored) are still open: not expired, their user approved. */
  async stillOpen(sids: string[]): Promise<Set<string>> {
    const rows = await this.auth.openSessions(sids);
    const approved = new Set(await this.users.approvedIds(rows.flatMap((row) => (row.userId === null ? [] : [row.userId]))));
    return new Set(rows.filter((row) => row.userId !== null && approved.has(row.userId)).map((row) => row.sid));
  }
}

/** A stored session as its user sees it: device and browser from the user agent, the current one seen now. */
function toUserSession(row: StoredSession, current: boolean): UserSession {
  const agent = new UAParser(row.sess.userAgent ?? '').getResult();
  const browser = [agent.browser.name, agent.browser.major].filter(Boolean).join(' ') || null;
  const os = [agent.os.name, agent.os.version].filter(Boolean).join(' ') || null;
  return {
    id: listedSessionId(row.sid),
    current,
    browser,
    os,
    mobile: agent.device.type === 'mobile' || agent.device.type === 'tablet',
    address: row.sess.address ?? null,
    createdAt: row.sess.signedInAt ?? null,
    lastSeenAt: (current ? new Date() : lastSeenAt(new Date(row.expire))).toISOString(),
  };
}
