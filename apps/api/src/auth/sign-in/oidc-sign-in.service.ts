import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  type Client,
  custom,
  errors,
  generators,
  Issuer,
  Strategy as OpenIdStrategy,
  type TokenSet,
  type UserinfoResponse,
} from 'openid-client';
import passport from 'passport';
import type { SsoOutcome } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig, type OidcConfig } from '../../platform/config/app-config';

/** How long one call to the provider (discovery, token, userinfo) may take before it counts as down. */
const PROVIDER_TIMEOUT_MS = 5000;
/** Where the session keeps `state`, `nonce` and the PKCE verifier between the two routes. */
const SESSION_KEY = 'oidc';
const SCOPES = 'openid email profile';
/** Network failures that mean the provider cannot be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What the provider says of the person who signed in: the ID token's claims and its userinfo. */
export interface ProviderClaims extends UserinfoResponse {
  iss: string;
}

/** A single sign-on that did not say who signs in, and what the login screen tells of it. */
export class SsoRefused extends Error {
  constructor(
    readonly outcome: SsoOutcome,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Single sign-on with the company's OpenID provider: authorization code with PKCE (S256), state
 * and nonce, run by openid-client's Passport strategy. The provider's discovery document is read
 * on first use and kept (read again after a failure), so the API starts and serves everyone else
 * while the provider is down. It is read again at each sign-in's start (one small request), so
 * an outage is told on the login screen and changed keys or endpoints are picked up.
 */
@Injectable()
export class OidcSignInService {
  private readonly logger = new Logger(OidcSignInService.name);
  private client: Promise<Client> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get settings(): OidcConfig {
    if (!this.config.oidc) throw new NotFoundException('A entrada com SSO não está configurada');
    return this.config.oidc;
  }

  /** Sends the browser to the provider; the session keeps what the callback checks. */
  async start(request: Request, response: Response): Promise<void> {
    // Read afresh: a provider that is down now is said here, not by the browser failing at its door.
    const strategy = this.strategy(await this.providerClient(true));
    await new Promise<void>((resolve, reject) => {
      // The strategy's redirect ends the response (after express-session saved the session).
      response.once('finish', () => resolve());
      // Passport hands these options to the strategy as authorization parameters: a nonce of this sign-in's
      // own (the strategy makes one only for flows that return the ID token directly), which the ID token must carry back.
      const parameters = { nonce: generators.nonce() } as passport.AuthenticateOptions;
      const authenticate = passport.authenticate(strategy, parameters, (error: unknown) =>
        reject(error ?? new SsoRefused('failed', 'the strategy did not redirect')),
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      authenticate(request, response, reject);
    });
  }

  /**
   * Checks the provider's answer (state, the code exchanged once with its PKCE verifier, the ID
   * token's signature, issuer, audience and nonce) and answers the person's claims.
   */
  async finish(request: Request, response: Response): Promise<ProviderClaims> {
    const strategy = this.strategy(await this.providerClient(false));
    try {
      return await new Promise<ProviderClaims>((resolve, reject) => {
        const authenticate = passport.authenticate(strategy, {}, (error: unknown, claims: ProviderClaims | false, failure: unknown) =>
          error ? reject(error) : claims ? resolve(claims) : reject(failure ?? new Error('no claims')),
        ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
        authenticate(request, response, reject);
      });
    } catch (error) {
      throw error instanceof SsoRefused ? error : new SsoRefused(outcomeOf(error), errorText(error));
    }
  }

  private strategy(client: Client): passport.Strategy {
    return new OpenIdStrategy(
      { client, params: { scope: SCOPES }, usePKCE: 'S256', sessionKey: SESSION_KEY },
      // Three parameters: the strategy reads the userinfo endpoint too (some providers put the e-mail only there).
      (tokens: TokenSet, userinfo: UserinfoResponse, done: (error: unknown, claims?: ProviderClaims) => void) =>
        done(null, { ...userinfo, ...tokens.claims() } as ProviderClaims),
    ) as unknown as passport.Strategy;
  }

  /**
   * The provider's client, from its discovery document (`fresh`: read again, else the last one
   * read); SsoRefused('unavailable') while it cannot be read.
   */
  private async providerClient(fresh: boolean): Promise<Client> {
    if (fresh) this.client = null;
    this.client ??= this.discover().catch((error: unknown) => {
      this.client = null;
      this.logger.warn(`OpenID provider ${this.settings.issuerUrl} unavailable: ${errorText(error)}`);
      throw new SsoRefused('unavailable', errorText(error));
    });
    return this.client;
  }

  private async discover(): Promise<Client> {
    const settings = this.settings;
    custom.setHttpOptionsDefaults({ timeout: PROVIDER_TIMEOUT_MS });
    const issuer = await Issuer.discover(settings.issuerUrl);
    return new issuer.Client({
      client_id: settings.clientId,
      ...(settings.clientSecret ? { client_secret: settings.clientSecret } : { token_endpoint_auth_method: 'none' }),
      redirect_uris: [settings.redirectUri],
      response_types: ['code'],
    });
  }
}

/** The login screen's word for a failed callback: the person said no, the provider is down, or the answer did not check out. */
function outcomeOf(error: unknown): SsoOutcome {
  if (error instanceof errors.OPError) {
    if (error.error === 'access_denied') return 'cancelled';
    if (error.error === 'server_error' || error.error === 'temporarily_unavailable') return 'unavailable';
    // A 5xx answer without an OAuth error body.
    if ((error.response?.statusCode ?? 0) >= 500) return 'unavailable';
    return 'failed';
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'unavailable';
  if ((error as { name?: unknown })?.name === 'TimeoutError') return 'unavailable';
  return 'failed';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
