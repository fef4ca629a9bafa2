import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { TWO_FACTOR_MESSAGES } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { AuthRepository } from './auth.repository';

export const LOGIN_RATE_LIMITED = 'Muitas tentativas de login. Aguarde um minuto e tente novamente.';
export const REGISTER_RATE_LIMITED = 'Muitos cadastros a partir deste endereço. Tente novamente mais tarde.';
export const PASSWORD_CHANGE_RATE_LIMITED = 'Muitas tentativas de troca de senha. Aguarde e tente novamente.';
export const PASSWORD_RESET_RATE_LIMITED = 'Muitos pedidos de redefinição de senha. Aguarde e tente novamente mais tarde.';
export const LOGIN_UNLOCK_RATE_LIMITED = 'Muitas tentativas com links de liberação. Aguarde e tente novamente mais tarde.';

/**
 * How long a source that logged in to an account stays known. Under 2^31 ms: the memory store
 * expires keys with setTimeout, which turns a longer delay into 1 ms.
 */
const KNOWN_SOURCE_MS = 20 * 24 * 3600 * 1000;

/** The key of an account: the e-mail as typed, trimmed and lower-cased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest the per-account ceiling holds unknown addresses (or one window, if longer). */
const CEILING_MAX_HOLD_MS = 3600_000;
/** How long the ceiling remembers having been reached: each time within it, the hold doubles. */
const CEILING_STRIKES_MS = 24 * 3600_000;
/** Unlock e-mails per account per hour (only a right password sends one). */
const UNLOCK_MAILS_PER_HOUR = 3;
/** How often expired counters are deleted (those expired over an hour ago). */
const SWEEP_MS = 5 * 60_000;

/** 429 with the seconds to wait (the exception filter sends them as Retry-After). */
export class TooManyRequests extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** A counted attempt: settle it once the outcome is known. */
export interface LoginAttempt {
  /**
   * Set when the account's ceiling holds this (unknown) source: the attempt stays counted whatever
   * the password, and the answer must not depend on it (see AuthController.login).
   */
  held: { retryAfterSeconds: number } | null;
  /** This attempt reached the ceiling first in its episode (a day of rounds): the owner is told once. */
  ceilingReached: boolean;
  /** The password was right: this source's failures on the account are forgotten. */
  succeeded(): Promise<void>;
  /** Not a guess (e.g. right password, account pending): nothing is counted. */
  notCounted(): Promise<void>;
}

/** What one failure against the account's ceiling met: a hold (for unknown sources), reached anew or not. */
interface Ceiling {
  held: { retryAfterSeconds: number } | null;
  reached: boolean;
}

/**
 * Anti-automation for login, registration and password changes (OWASP ASVS 2.2.1). Only failures
 * count. A source is the client's IPv4 /24 or IPv6 /64 (client-source.ts). Login failures are
 * counted per account and source (LOGIN_LIMIT_PER_ACCOUNT), per source over all accounts
 * (LOGIN_LIMIT_PER_IP) and per account over all sources (LOGIN_LIMIT_ACCOUNT_CEILING, looser).
 * The ceiling does not lock anyone out: sources that logged in to the account before (or were
 * unlocked by its e-mailed link) pass it, and it holds unknown sources only until the owner follows
 * the unlock link (AuthController.login). Each time it is reached it holds for longer: one window,
 * then two, four… (at most an hour, or one window if longer), counted over a day. The counters
 * live in PostgreSQL (table auth_limits): every replica shares them whether or not Redis is up,
 * and a Redis restart forgets no hold. Memory stands in only while PostgreSQL does not answer.
 */
@Injectable()
export class AuthLimits {
  private readonly perAccountSource: RateLimiterAbstract;
  private readonly perSource: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;
  private readonly knownSources: RateLimiterAbstract;
  private readonly ceilingStrikes: RateLimiterAbstract;
  private readonly ceilingHeld: RateLimiterAbstract;
  private readonly windowMs: number;
  private readonly registrations: RateLimiterAbstract;
  private readonly passwordChanges: RateLimiterAbstract;
  private readonly twoFactorFailures: RateLimiterAbstract;
  private readonly resetsPerAddress: RateLimiterAbstract;
  private readonly resetsPerSource: RateLimiterAbstract;
  private readonly resetsPerAccount: RateLimiterAbstract;
  private readonly resetTokenFailures: RateLimiterAbstract;
  private readonly unlockMails: RateLimiterAbstract;
  private readonly unlockTokenFailures: RateLimiterAbstract;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() dataSource: DataSource,
    private readonly auth: AuthRepository,
  ) {
    const make = (keyPrefix: string, points: number, windowMs: number) => {
      const options = { keyPrefix, points, duration: Math.max(1, Math.ceil(windowMs / 1000)) };
      return new RateLimiterPostgres({
        ...options,
        storeClient: dataSource,
        storeType: 'typeorm',
        tableName: 'auth_limits',
        tableCreated: true, // by the migration
        clearExpiredByTimeout: false, // one sweep below for all the limiters
        // A key spent stays refused from this process's memory until its window ends: a flood of
        // refused attempts costs no query.
        inMemoryBlockOnConsumed: points < Number.MAX_SAFE_INTEGER ? points + 1 : 0,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    const window = config.loginLimitWindowMs;
    this.perAccountSource = make('limit:login:account-source', config.loginLimitPerAccount, window);
    this.perSource = make('limit:login:source', config.loginLimitPerIp, window);
    this.perAccount = make('limit:login:account', config.loginLimitAccountCeiling, window);
    this.knownSources = make('limit:login:known', Number.MAX_SAFE_INTEGER, KNOWN_SOURCE_MS);
    this.ceilingStrikes = make('limit:login:ceiling-strikes', Number.MAX_SAFE_INTEGER, CEILING_STRIKES_MS);
    this.ceilingHeld = make('limit:login:ceiling-held', 1, window);
    this.windowMs = window;
    this.registrations = make('limit:register:source', config.registerLimitPerIp, config.registerLimitWindowMs);
    this.passwordChanges = make('limit:password:user', config.loginLimitPerAccount, window);
    // Wrong second-factor codes, per account: as many as wrong passwords (a 6-digit code is no stronger).
    this.twoFactorFailures = make('limit:2fa:user', config.loginLimitPerAccount, window);
    const resetWindow = config.passwordResetLimitWindowMs;
    this.resetsPerAddress = make('limit:reset:address', config.passwordResetLimitPerAddress, resetWindow);
    this.resetsPerSource = make('limit:reset:source', config.passwordResetLimitPerIp, resetWindow);
    this.resetsPerAccount = make('limit:reset:account', config.passwordResetLimitPerAddress, resetWindow);
    this.resetTokenFailures = make('limit:reset:token-source', config.passwordResetLimitPerIp, resetWindow);
    this.unlockMails = make('limit:unlock:account', UNLOCK_MAILS_PER_HOUR, 3600_000);
    this.unlockTokenFailures = make('limit:unlock:token-source', config.passwordResetLimitPerIp, resetWindow);
  }

  /** Drops expired counters. Any replica may run it: deleting the same expired rows twice is harmless. */
  @Interval('auth-limits-sweep', SWEEP_MS)
  async sweepExpired(): Promise<void> {
    await this.auth.deleteExpiredLimits(Date.now() - 3600_000).catch(() => undefined);
  }

  /**
   * Every password-reset request counts, per source and per address as typed (429 when spent).
   * Both count unknown addresses exactly like known ones, so a 429 tells nothing of an account.
   */
  async passwordResetRequested(email: string, source: string): Promise<void> {
    await this.consume(this.resetsPerSource, source, PASSWORD_RESET_RATE_LIMITED);
    await this.consume(this.resetsPerAddress, accountKey(email), PASSWORD_RESET_RATE_LIMITED);
  }

  /**
   * Per account (whatever the address's spelling): false when its e-mails are spent. Silent on
   * purpose: a 429 here would only ever happen to existing accounts.
   */
  async passwordResetMailAllowed(userId: number): Promise<boolean> {
    try {
      await this.resetsPerAccount.consume(String(userId));
      return true;
    } catch (rejection) {
      return !(rejection instanceof RateLimiterRes);
    }
  }

  /** Refuses a source whose wrong reset tokens are spent (each costs a lookup, not a guess worth making). */
  async assertResetTokenAllowed(source: string): Promise<void> {
    const res = await this.resetTokenFailures.get(source).catch(() => null);
    if (res && res.consumedPoints >= this.resetTokenFailures.points) {
      throw new TooManyRequests(PASSWORD_RESET_RATE_LIMITED, Math.ceil(res.msBeforeNext / 1000));
    }
  }

  async resetTokenFailed(source: string): Promise<void> {
    await this.resetTokenFailures.penalty(source).catch(() => undefined);
  }

  /**
   * Takes one failure from each login counter up front (so parallel guesses cannot overrun them),
   * or answers 429 when one is spent. The caller settles the attempt when the password was right.
   */
  async login(email: string, source: string): Promise<LoginAttempt> {
    const account = accountKey(email);
    const pair = `${account}|${source}`;
    const known = (await this.knownSources.get(pair)) !== null;
    const taken: [RateLimiterAbstract, string][] = [];
    const take = async (limiter: RateLimiterAbstract, key: string) => {
      await this.consume(limiter, key, LOGIN_RATE_LIMITED);
      taken.push([limiter, key]);
    };
    let ceiling: Ceiling = { held: null, reached: false };
    try {
      await take(this.perAccountSource, pair);
      await take(this.perSource, source);
      if (known) {
        // A known source still counts towards the ceiling, without being held by it.
        await this.perAccount.penalty(account).catch(() => undefined);
        taken.push([this.perAccount, account]);
      } else {
        ceiling = await this.takeCeiling(account);
        if (!ceiling.held) taken.push([this.perAccount, account]);
      }
    } catch (error) {
      await Promise.all(taken.map(([limiter, key]) => limiter.reward(key).catch(() => undefined)));
      throw error;
    }
    const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key).catch(() => undefined)));
    if (ceiling.held) {
      // Held: counted whatever the outcome. Giving a right password's points back would let the
      // next attempts' answers tell which password was right.
      const settled = async () => undefined;
      return { held: ceiling.held, ceilingReached: ceiling.reached, succeeded: settled, notCounted: settled };
    }
    return {
      held: null,
      ceilingReached: false,
      notCounted: async () => void (await giveBack()),
      succeeded: async () => {
        await giveBack();
        await this.perAccountSource.delete(pair).catch(() => undefined);
        await this.knownSources.penalty(pair).catch(() => undefined);
      },
    };
  }

  /**
   * The account's unlock link was followed: its source becomes known to the account (the ceiling no
   * longer holds it) and its failures on the account are forgotten.
   */
  async sourceUnlocked(email: string, source: string): Promise<void> {
    const pair = `${accountKey(email)}|${source}`;
    await this.knownSources.penalty(pair);
    await this.perAccountSource.delete(pair).catch(() => undefined);
  }

  /** Per account: false when its unlock e-mails are spent (silent: only a right password asks). */
  async unlockMailAllowed(userId: number): Promise<boolean> {
    try {
      await this.unlockMails.consume(String(userId));
      return true;
    } catch (rejection) {
      return !(rejection instanceof RateLimiterRes);
    }
  }

  /** Refuses a source whose wrong unlock tokens are spent. */
  async assertUnlockTokenAllowed(source: string): Promise<void> {
    const res = await this.unlockTokenFailures.get(source).catch(() => null);
    if (res && res.consumedPoints >= this.unlockTokenFailures.points) {
      throw new TooManyRequests(LOGIN_UNLOCK_RATE_LIMITED, Math.ceil(res.msBeforeNext / 1000));
    }
  }

  async unlockTokenFailed(source: string): Promise<void> {
    await this.unlockTokenFailures.penalty(source).catch(() => undefined);
  }

  /** Every registration from a source counts (each costs an argon2 hash). */
  async register(source: string): Promise<void> {
    await this.consume(this.registrations, source, REGISTER_RATE_LIMITED);
  }

  /** Refuses a password change while the user's wrong current passwords are spent. */
  async assertPasswordChangeAllowed(userId: number): Promise<void> {
    const res = await this.passwordChanges.get(String(userId)).catch(() => null);
    if (res && res.consumedPoints >= this.passwordChanges.points) {
      throw new TooManyRequests(PASSWORD_CHANGE_RATE_LIMITED, Math.ceil(res.msBeforeNext / 1000));
    }
  }

  async passwordChangeFailed(userId: number): Promise<void> {
    await this.passwordChanges.penalty(String(userId)).catch(() => undefined);
  }

  /** 429 while the account's wrong second-factor codes are spent (sign-in, enabling, disabling alike). */
  async assertTwoFactorAllowed(userId: number): Promise<void> {
    const res = await this.twoFactorFailures.get(String(userId)).catch(() => null);
    if (res && res.consumedPoints >= this.twoFactorFailures.points) {
      throw new TooManyRequests(TWO_FACTOR_MESSAGES.rateLimited, Math.ceil(res.msBeforeNext / 1000));
    }
  }

  async twoFactorFailed(userId: number): Promise<void> {
    await this.twoFactorFailures.penalty(String(userId)).catch(() => undefined);
  }

  /**
   * One failure against the account's ceiling. The request that reaches it holds the ceiling for
   * window × 2^(times reached within a day − 1), capped: Retry-After grows with each round. The
   * first round of the day is the one the owner is told about.
   */
  private async takeCeiling(account: string): Promise<Ceiling> {
    try {
      await this.perAccount.consume(account);
      return { held: null, reached: false };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return { held: null, reached: false }; // store and insurance failed
      let reached = false;
      // The hold's own end: the refusal may come from this process's memory, which knows only the window's.
      const hold = await this.ceilingHeld.get(account).catch(() => null);
      let waitMs = Math.max(rejection.msBeforeNext, hold?.msBeforeNext ?? 0);
      // Reached anew (not already held): count the round and hold for its length.
      if (hold === null) {
        const strikes = (await this.ceilingStrikes.penalty(account).catch(() => null))?.consumedPoints ?? 1;
        reached = strikes === 1;
        waitMs = Math.min(Math.max(CEILING_MAX_HOLD_MS, this.windowMs), this.windowMs * 2 ** Math.min(strikes - 1, 30));
        const seconds = Math.ceil(waitMs / 1000);
        await Promise.all([this.perAccount.block(account, seconds), this.ceilingHeld.block(account, seconds)]).catch(() => undefined);
      }
      return { held: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }, reached };
    }
  }

  private async consume(limiter: RateLimiterAbstract, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new TooManyRequests(message, Math.ceil(rejection.msBeforeNext / 1000));
      // The store failed and so did the insurance: let the attempt through rather than lock everyone out.
    }
  }
}
