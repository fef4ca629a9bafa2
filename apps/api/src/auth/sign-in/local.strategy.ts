import { ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { Counter } from 'prom-client';
import { MetricsService } from '../../platform/metrics/metrics.service';
import { LOGIN_UNLOCK_SENT, type User } from '@wkflow/contracts';
import { AuthLimits, LOGIN_RATE_LIMITED, type LoginAttempt, TooManyRequests } from '../auth-limits';
import { AuthRepository } from '../auth.repository';
import { AuthService } from '../auth.service';
import { clientAddress, clientSource } from '../client-source';
import { LoginUnlockService } from '../login-unlock.service';
import { PasswordResetService } from '../password-reset.service';
import type { LoginDto } from '../dto/auth.dto';

/**
 * E-mail and password kept by WKFlow (argon2), under the login limits: 401 for wrong credentials,
 * 403 for an account waiting for approval, 429 while this source's own limits are spent. While
 * the account's ceiling holds this (unknown) source, 403 with LOGIN_UNLOCK_SENT whatever the
 * password (429 with Retry-After when no link can be sent): the right one also mails the unlock link.
 * It only says who signs in; SignInService opens the session.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  private readonly logger = new Logger(LocalStrategy.name);
  private readonly loginFailures: Counter;

  constructor(
    private readonly auth: AuthService,
    private readonly limits: AuthLimits,
    private readonly resets: PasswordResetService,
    private readonly unlocks: LoginUnlockService,
    private readonly records: AuthRepository,
    metrics: MetricsService,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
    this.loginFailures = metrics.counter('wkflow_login_failures_total', 'Sign-ins refused for a wrong e-mail or password');
  }

  async validate(request: Request, email: string, password: string): Promise<User> {
    const credentials: LoginDto = { email, password };
    const source = clientSource(clientAddress(request));
    const attempt = await this.limits.login(email, source);
    if (attempt.ceilingReached) this.inBackground('owner notice', this.unlocks.tellOwner(email));
    if (attempt.held) return this.heldLogin(credentials, request, source, attempt.held);
    let user: User;
    try {
      user = await this.auth.authenticate(credentials);
    } catch (error) {
      // A pending account's right password is no guess.
      if (error instanceof ForbiddenException) await attempt.notCounted();
      if (error instanceof UnauthorizedException) {
        this.loginFailures.inc();
        await this.auditFailure(email, request);
      }
      throw error;
    }
    await attempt.succeeded();
    return user;
  }

  /**
   * The answer to a held login tells nothing of the password: it is checked all the same (one
   * argon2 run), and only a right one mails the link, after the answer is sent.
   */
  private async heldLogin(
    credentials: LoginDto,
    request: Request,
    source: string,
    held: NonNullable<LoginAttempt['held']>,
  ): Promise<never> {
    const linkBase = this.resets.linkBase(request.get('origin'));
    // No way to mail a link (no SMTP_URL, no web address): a timed hold, as for spent limits.
    if (!this.unlocks.canSendLinks(linkBase)) throw new TooManyRequests(LOGIN_RATE_LIMITED, held.retryAfterSeconds);
    const account = await this.auth.approvedAccount(credentials);
    if (account) this.inBackground('unlock link', this.unlocks.sendLink(account, source, clientAddress(request), linkBase));
    throw new ForbiddenException(LOGIN_UNLOCK_SENT);
  }

  /** A wrong e-mail or password, in the audit trail with the address it came from (the limits bound how many). */
  private auditFailure(email: string, request: Request): Promise<void> {
    return this.records.audit({
      actorId: null,
      action: 'sign_in_failed',
      entity: 'user',
      entityId: null,
      data: { email: email.trim().toLowerCase().slice(0, 254), address: clientAddress(request) },
    });
  }

  private inBackground(what: string, work: Promise<void>): void {
    work.catch((error: unknown) => this.logger.error(`${what} failed: ${error instanceof Error ? error.message : error}`));
  }
}
