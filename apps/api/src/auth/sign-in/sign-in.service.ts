import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isAdmin, type MeResponse, SSO_ONLY_MESSAGE, type TwoFactorChallenge, type User } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { clientAddress } from '../client-source';
import { AuthRepository } from '../auth.repository';
import { regenerateSession, saveSession } from '../session-store';
import { TwoFactorService } from '../two-factor/two-factor.service';

/** How much of a user agent a session keeps (enough for any real browser's). */
const USER_AGENT_MAX = 512;

/** Where a sign-in guard leaves the user its strategy accepted (apart from `request.user`, the session's user). */
export const SIGNED_IN_PROPERTY = 'signedIn';

export function signedInUser(request: Request): User {
  return (request as Request & { [SIGNED_IN_PROPERTY]: User })[SIGNED_IN_PROPERTY];
}

/**
 * Opens the PostgreSQL-backed session for whoever a strategy signed in (e-mail and password,
 * single sign-on, the second factor), or a password reset.
 */
@Injectable()
export class SignInService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthRepository,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Signs the user in. `method` names the way in for the audit trail ('password', 'password+totp',
   * 'password_reset'…); `twoFactorSetupRequired`: his profile requires a second factor he has not
   * set up, and the session answers only its routes until he does (SessionAccessService).
   */
  async establish(request: Request, user: User, method: string, twoFactorSetupRequired = false): Promise<MeResponse> {
    // A fresh session id at sign-in: a planted cookie never becomes an authenticated one.
    await regenerateSession(request);
    request.session.userId = user.id;
    request.session.signedInAt = new Date().toISOString();
    request.session.userAgent = (request.get('user-agent') ?? '').slice(0, USER_AGENT_MAX);
    request.session.address = clientAddress(request);
    if (twoFactorSetupRequired) request.session.twoFactorSetupRequired = true;
    await saveSession(request);
    await this.auth.audit({
      actorId: user.id,
      action: 'sign_in',
      entity: 'user',
      entityId: user.id,
      data: { method, address: request.session.address },
    });
    return { user, timeZone: this.config.appTimezone, ...(twoFactorSetupRequired ? { twoFactorSetupRequired } : {}) };
  }

  /**
   * After a right password (or a reset link, which stands in for it): the second factor's code comes
   * next when it is on (POST /api/auth/2fa/verify); otherwise signed in, and sent to set one up
   * first when the profile requires it.
   */
  async afterPassword(request: Request, user: User, method: string): Promise<MeResponse | TwoFactorChallenge> {
    // OIDC_ONLY: the company's provider is everyone's way in; a password stays the administrators' break-glass.
    if (this.config.oidc?.only && !isAdmin(user)) throw new ForbiddenException(SSO_ONLY_MESSAGE);
    if (await this.twoFactor.isEnabled(user.id)) return this.challenge(request, user);
    return this.establish(request, user, method, await this.twoFactor.requiredByProfile(user.id));
  }

  /** The password was right and a second factor is on: a fresh session that waits for the code, signed in to nothing. */
  async challenge(request: Request, user: User): Promise<TwoFactorChallenge> {
    await regenerateSession(request);
    request.session.pendingSecondFactor = { userId: user.id, at: Date.now() };
    await saveSession(request);
    return { twoFactorRequired: true };
  }
}
