import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  API_TOKEN_MESSAGES,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  isAdmin,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../../platform/access/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { EmailService } from '../../email/email.service';
import { UserDirectory } from '../../users/user-directory';
import { TooManyRequests } from '../auth-limits';
import { AuthRepository } from '../auth.repository';
import { toAuthenticatedUser } from '../session-user.service';
import { type ApiTokenRow, ApiTokensRepository } from './api-tokens.repository';

/** Owners hear this many days before a token expires. */
const EXPIRY_NOTICE_DAYS = 7;
const EXPIRY_CHECK_MS = 3600_000;

export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A request's token: its owner as the access rules see him, and what its scopes allow. */
export interface TokenGrant {
  user: AuthenticatedUser;
  tokenId: number;
  scopes: readonly string[];
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    owner: { id: row.userId, name: row.ownerName ?? '' },
  };
}

/**
 * Personal API tokens: made by their owner (the secret shown once, its SHA-256 kept), listed,
 * revoked by the owner or an administrator, told of before they expire, and turned back into their
 * owner on each request (BearerStrategy), under a per-token request limit.
 */
@Injectable()
export class ApiTokensService {
  private readonly logger = new Logger(ApiTokensService.name);
  private readonly limiter: RateLimiterMemory;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: ApiTokensRepository,
    private readonly records: AuthRepository,
    private readonly users: UserDirectory,
    private readonly email: EmailService,
  ) {
    this.limiter = new RateLimiterMemory({ points: config.apiTokenRateLimit, duration: 60 });
  }

  async create(owner: AuthenticatedUser, request: CreateApiTokenRequest): Promise<CreatedApiToken> {
    const secret = `wkf_${randomBytes(32).toString('base64url')}`;
    const scopes = [...new Set(request.scopes)].sort();
    const id = await this.tokens.transaction(async (db) => {
      const tokenId = await this.tokens.insert(db, {
        userId: owner.id,
        name: request.name,
        tokenHash: hashApiToken(secret),
        scopes,
        expiresAt: new Date(request.expiresAt),
      });
      await this.records.audit(
        {
          actorId: owner.id,
          action: 'api_token_created',
          entity: 'api_token',
          entityId: tokenId,
          data: { name: request.name, scopes, expiresAt: request.expiresAt },
        },
        db,
      );
      return tokenId;
    });
    const row = await this.tokens.find(id);
    if (!row) throw new NotFoundException(API_TOKEN_MESSAGES.notFound);
    return { ...toApiToken(row), token: secret };
  }

  /** The caller's tokens; `all` (administrators): everyone's. */
  async list(caller: AuthenticatedUser, all: boolean): Promise<ApiToken[]> {
    return (await this.tokens.list(all && isAdmin(caller) ? null : caller.id)).map(toApiToken);
  }

  /** The owner's or, for an administrator, anyone's; another user's token is a 404 to everyone else. */
  async revoke(caller: AuthenticatedUser, id: number): Promise<void> {
    await this.tokens.transaction(async (db) => {
      const token = await this.tokens.find(id, db);
      if (!token || (token.userId !== caller.id && !isAdmin(caller))) throw new NotFoundException(API_TOKEN_MESSAGES.notFound);
      if (!(await this.tokens.remove(db, id))) throw new NotFoundException(API_TOKEN_MESSAGES.notFound);
      await this.records.audit(
        {
          actorId: caller.id,
          action: 'api_token_revoked',
          entity: 'api_token',
          entityId: id,
          data: { name: token.name, ownerId: token.userId },
        },
        db,
      );
    });
  }

  /** The live token's grant; null when unknown, expired, revoked or its owner is not approved. 429 past its limit. */
  async grant(secret: string): Promise<TokenGrant | null> {
    const token = await this.tokens.live(hashApiToken(secret));
    const user = toAuthenticatedUser(token?.user);
    if (!token || !user) return null;
    try {
      await this.limiter.consume(String(token.id));
    } catch (limited) {
      if (limited instanceof RateLimiterRes)
        throw new TooManyRequests(API_TOKEN_MESSAGES.rateLimited, Math.ceil(limited.msBeforeNext / 1000));
      throw limited;
    }
    if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000)
      this.tokens.touch(token.id).catch((error: unknown) => this.logger.warn(`token ${token.id} last use not recorded: ${String(error)}`));
    return { user, tokenId: token.id, scopes: token.scopes };
  }

  /** Owners hear by e-mail a week before a token expires (each token once, on one replica). */
  @Interval('api-token-expiry', EXPIRY_CHECK_MS)
  async sendExpiryNotices(): Promise<number> {
    if (!this.config.smtpUrl) return 0;
    const expiring = await this.tokens.claimExpiryNotices(EXPIRY_NOTICE_DAYS);
    if (!expiring.length) return 0;
    const contacts = new Map((await this.users.approvedContacts([...new Set(expiring.map((t) => t.userId))])).map((c) => [c.id, c]));
    const emails = expiring.flatMap((token) => {
      const owner = contacts.get(token.userId);
      if (!owner) return [];
      const day = token.expiresAt.toLocaleDateString('pt-BR', { timeZone: this.config.appTimezone });
      return [
        {
          type: 'system_notification' as const,
          to: owner.email,
          recipientName: owner.name,
          subject: `Seu token de API "${token.name}" expira em ${day}`,
          message: `O token de API "${token.name}" do WKFlow expira em ${day}. Depois disso, o que o usa deixa de funcionar: crie outro em Meu perfil › Tokens de API e troque-o antes dessa data.`,
        },
      ];
    });
    await this.email.enqueueAll(emails);
    return emails.length;
  }
}
