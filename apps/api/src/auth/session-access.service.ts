import { ForbiddenException, Injectable } from '@nestjs/common';
import { TWO_FACTOR_MESSAGES } from '@wkflow/contracts';
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { SessionAccess } from '../platform/access/session-access';
import { storedSessionId, userLoadedWithSession } from './session-store';
import { SessionUserService } from './session-user.service';
import { SessionProvider } from './session.provider';
import { SessionsService } from './sessions.service';

/**
 * What a session whose profile requires a second factor it has not set up may still call: who it
 * is, the second factor's own routes, and signing out (everything else is a 403 saying why).
 */
const TWO_FACTOR_SETUP_PATHS = new Set([
  '/api/auth/me',
  '/api/auth/logout',
  '/api/auth/2fa',
  '/api/auth/2fa/setup',
  '/api/auth/2fa/enable',
]);

/** The auth module's answer to the platform's SessionAccess: sessions in PostgreSQL through express-session. */
@Injectable()
export class SessionAccessService extends SessionAccess {
  constructor(
    private readonly sessions: SessionProvider,
    private readonly records: SessionsService,
    private readonly users: SessionUserService,
  ) {
    super();
  }

  async requestUser(request: Request): Promise<AuthenticatedUser | null> {
    const userId = request.session?.userId;
    if (!userId) return null;
    if (request.session.twoFactorSetupRequired && !TWO_FACTOR_SETUP_PATHS.has(request.path)) {
      throw new ForbiddenException(TWO_FACTOR_MESSAGES.setupRequired);
    }
    // Usually read by the session store in the same query as the session; loaded here otherwise.
    const loaded = userLoadedWithSession(request);
    return loaded !== undefined ? loaded : this.users.load(userId);
  }

  async sessionOf(request: IncomingMessage): Promise<{ sessionId: string; user: AuthenticatedUser } | null> {
    const req = request as Request;
    await new Promise<void>((resolve, reject) =>
      this.sessions.handler(req, new ServerResponse(req) as unknown as Response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    // A session that must first set up its second factor opens no socket.
    const user = req.session?.userId && !req.session.twoFactorSetupRequired ? await this.users.load(req.session.userId) : null;
    return user ? { sessionId: storedSessionId(req.sessionID), user } : null;
  }

  stillOpen(sessionIds: string[]): Promise<Set<string>> {
    return this.records.stillOpen(sessionIds);
  }
}
