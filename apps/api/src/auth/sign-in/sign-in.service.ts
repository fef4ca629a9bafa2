import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { MeResponse, User } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { regenerateSession, saveSession } from '../session-store';

/** Where a sign-in guard leaves the user its strategy accepted (apart from `request.user`, the session's user). */
export const SIGNED_IN_PROPERTY = 'signedIn';

export function signedInUser(request: Request): User {
  return (request as Request & { [SIGNED_IN_PROPERTY]: User })[SIGNED_IN_PROPERTY];
}

/**
 * Opens the PostgreSQL-backed session for whoever a strategy signed in (the local e-mail and
 * password today; single sign-on or a second factor later call the same method), or a password reset.
 */
@Injectable()
export class SignInService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async establish(request: Request, user: User): Promise<MeResponse> {
    // A fresh session id at sign-in: a planted cookie never becomes an authenticated one.
    await regenerateSession(request);
    request.session.userId = user.id;
    await saveSession(request);
    return { user, timeZone: this.config.appTimezone };
  }
}
