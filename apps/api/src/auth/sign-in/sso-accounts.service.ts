import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ssoAccountName, ssoUsername, type User } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { hashPassword } from '../../platform/crypto/passwords';
import { isUniqueViolation } from '../../platform/database/db-errors';
import { AppEvents } from '../../platform/events/app-events';
import { toUser } from '../../users/user.mapper';
import { UserIdentityService } from '../../users/user-identity.service';
import { AuthRepository } from '../auth.repository';
import { type ProviderClaims, SsoRefused } from './oidc-sign-in.service';
import { SsoIdentitiesRepository } from './sso-identities.repository';

const EMAIL_MAX = 254;

/**
 * Whether the provider vouches for the e-mail: `email_verified` (Keycloak, Google, Authentik…), or
 * Entra ID's `xms_edov` (the e-mail's domain is verified by the tenant), which sends no `email_verified`.
 */
function emailVerified(claims: ProviderClaims): boolean {
  return claims.email_verified === true || (claims.email_verified as unknown) === 'true' || claims.xms_edov === true;
}

/**
 * Which WKFlow account a single sign-on opens: the one linked to the provider's subject; else, the
 * first time, the account with the provider's verified e-mail (case-insensitive), which is then
 * linked; else a new account, approved on OIDC_DEFAULT_PROFILE or waiting for approval.
 */
@Injectable()
export class SsoAccountsService {
  private readonly logger = new Logger(SsoAccountsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: AuthRepository,
    private readonly identities: SsoIdentitiesRepository,
    private readonly identity: UserIdentityService,
    private readonly events: AppEvents,
  ) {}

  /** The approved account the claims sign in; SsoRefused when there is none yet ('pending', 'created', 'email_unverified'). */
  async accountFor(claims: ProviderClaims): Promise<User> {
    const account = await this.identity.findById(await this.accountId(claims, true));
    if (!account) throw new SsoRefused('failed', 'the linked account is gone');
    if (!account.isApproved) throw new SsoRefused('pending', `account ${account.id} waits for approval`);
    return toUser(account);
  }

  private async accountId(claims: ProviderClaims, retry: boolean): Promise<number> {
    const linked = await this.identities.userOf(claims.iss, claims.sub);
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    // An unverified e-mail never links an account, nor makes one that its owner could not have made.
    if (!email || email.length > EMAIL_MAX || !email.includes('@') || !emailVerified(claims))
      throw new SsoRefused('email_unverified', `subject ${claims.sub} has no verified e-mail`);
    const existing = await this.identity.findByEmail(email);
    if (existing) {
      await this.identities.link(claims.iss, claims.sub, existing.id);
      await this.records.audit({
        actorId: existing.id,
        action: 'sso_identity_linked',
        entity: 'user',
        entityId: existing.id,
        data: { issuer: claims.iss },
      });
      return existing.id;
    }
    try {
      return await this.create(claims, email);
    } catch (error) {
      // The same person's first sign-in in two tabs at once: the other made the account; link to it.
      if (retry && isUniqueViolation(error)) return this.accountId(claims, false);
      throw error;
    }
  }

  /** A new account for the person; one waiting for approval is announced to the administrators, like a registration. */
  private async create(claims: ProviderClaims, email: string): Promise<number> {
    const profileId = await this.defaultProfile();
    const name = ssoAccountName({ ...claims, email });
    const id = await this.identity.createFromSso({
      name,
      username: ssoUsername({ ...claims, email }),
      email,
      // No password anyone knows: the account signs in through the provider (or after a reset link).
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      profileId,
    });
    await this.identities.link(claims.iss, claims.sub, id);
    await this.records.audit({
      actorId: id,
      action: 'sso_account_created',
      entity: 'user',
      entityId: id,
      data: { issuer: claims.iss, profileId },
    });
    if (profileId !== null) return id;
    this.events.emit('UserRegistered', { id, name, email });
    throw new SsoRefused('created', `account ${id} created, waiting for approval`);
  }

  /** OIDC_DEFAULT_PROFILE, while that profile exists (one deleted since: the account waits for approval). */
  private async defaultProfile(): Promise<number | null> {
    const profileId = this.config.oidc?.defaultProfileId ?? null;
    if (profileId === null || (await this.identity.profileExists(profileId))) return profileId;
    this.logger.warn(`OIDC_DEFAULT_PROFILE ${profileId} names no access profile: the new account waits for approval`);
    return null;
  }
}
