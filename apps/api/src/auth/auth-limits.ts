import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';

export const LOGIN_RATE_LIMITED = 'Muitas tentativas de login. Aguarde um minuto e tente novamente.';
export const REGISTER_RATE_LIMITED = 'Muitos cadastros a partir deste endereço. Tente novamente mais tarde.';
export const PASSWORD_CHANGE_RATE_LIMITED = 'Muitas tentativas de troca de senha. Aguarde e tente novamente.';
export const PASSWORD_RESET_RATE_LIMITED = 'Muitos pedidos de redefinição de senha. Aguarde e tente novamente mais tarde.';

/**
 * How long a source that logged in to an account stays known. Under 2^31 ms: the memory store
 * expires keys with setTimeout, which turns a longer delay into 1 ms.
 */
const KNOWN_SOURCE_MS = 20 * 24 * 3600 * 1000;

/** The key of an account: the e-mail as typed, trimmed and lower-cased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** 429 with the seconds to wait (the exception filter sends them as Retry-After). */
/** The longest the per-account ceiling holds unknown addresses (or one window, if longer). */
const CEILING_MAX_HOLD_MS = 3600_000;
/** How long the ceiling remembers having been reached: each time within it, the hold doubles. */
const CEILING_STRIKES_MS = 24 * 3600_000;

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
  /** The password was right: this source's failures on the account are forgotten. */
  succeeded(): Promise<void>;
  /** Not a guess (e.g. right password, account pending): nothing is counted. */
  notCounted(): Promise<void>;
}

/**
 * Anti-automation for login, registration and password changes (OWASP ASVS 2.2.1). Only failures
 * count. Login failures are counted per account and source (LOGIN_LIMIT_PER_ACCOUNT), per source
 * over all accounts (LOGIN_LIMIT_PER_IP) and per account over all sources
 * (LOGIN_LIMIT_ACCOUNT_CEILING, looser); the ceiling does not apply to a source that logged in to
 * the account before, so a distributed guesser cannot lock the owner out of his usual address.
 * Each time the ceiling is reached it holds for longer: one window, then two, four… (at most an
 * hour, or one window if longer), counted over a day. The
 * counters live in Redis when REDIS_URL is set (every replica sees them), with memory as the
 * fallback while Redis is unreachable; in memory otherwise.
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
  private readonly resetsPerAddress: RateLimiterAbstract;
  private readonly resetsPerSource: RateLimiterAbstract;
  private readonly resetsPerAccount: RateLimiterAbstract;
  private readonly resetTokenFailures: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisService) {
    const make = (keyPrefix: string, points: number, windowMs: number) => {
      const options = { keyPrefix, points, duration: Math.max(1, Math.ceil(windowMs / 1000)) };
      const memory = new RateLimiterMemory(options);
      return redis.client
        ? new RateLimiterRedis({ ...options, storeClient: redis.client, rejectIfRedisNotReady: true, insuranceLimiter: memory })
        : memory;
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
    const resetWindow = config.passwordResetLimitWindowMs;
    this.resetsPerAddress = make('limit:reset:address', config.passwordResetLimitPerAddress, resetWindow);
    this.resetsPerSource = make('limit:reset:source', config.passwordResetLimitPerIp, resetWindow);
    this.resetsPerAccount = make('limit:reset:account', config.passwordResetLimitPerAddress, resetWindow);
    this.resetTokenFailures = make('limit:reset:token-source', config.passwordResetLimitPerIp, resetWindow);
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
    try {
      await take(this.perAccountSource, pair);
      await take(this.perSource, source);
      if (known) {
        // A known source still counts towards the ceiling, without being held by it.
        await this.perAccount.penalty(account).catch(() => undefined);
        taken.push([this.perAccount, account]);
      } else {
        await this.takeCeiling(account);
        taken.push([this.perAccount, account]);
      }
    } catch (error) {
      await Promise.all(taken.map(([limiter, key]) => limiter.reward(key).catch(() => undefined)));
      throw error;
    }
    const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key).catch(() => undefined)));
    return {
      notCounted: async () => void (await giveBack()),
      succeeded: async () => {
        await giveBack();
        await this.perAccountSource.delete(pair).catch(() => undefined);
        await this.knownSources.penalty(pair).catch(() => undefined);
      },
    };
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

  /**
   * One failure against the account's ceiling. The request that reaches it holds the ceiling for
   * window × 2^(times reached within a day − 1), capped: Retry-After grows with each round.
   */
  private async takeCeiling(account: string): Promise<void> {
    try {
      await this.perAccount.consume(account);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return; // store and insurance failed: let it through
      let waitMs = rejection.msBeforeNext;
      // Reached anew (not already held): count the round and hold for its length.
      if ((await this.ceilingHeld.get(account).catch(() => null)) === null) {
        const strikes = (await this.ceilingStrikes.penalty(account).catch(() => null))?.consumedPoints ?? 1;
        waitMs = Math.min(Math.max(CEILING_MAX_HOLD_MS, this.windowMs), this.windowMs * 2 ** Math.min(strikes - 1, 30));
        const seconds = Math.ceil(waitMs / 1000);
        await Promise.all([this.perAccount.block(account, seconds), this.ceilingHeld.block(account, seconds)]).catch(() => undefined);
      }
      throw new TooManyRequests(LOGIN_RATE_LIMITED, Math.ceil(waitMs / 1000));
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
