import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { isAdmin, PASSWORD_RESET_INVALID, PASSWORD_RESET_TTL_MS } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EmailService } from '../email/email.service';
import { UserIdentityService } from '../users/user-identity.service';
import { AuthLimits } from './auth-limits';
import { hashPassword } from '../platform/crypto/passwords';
import { AuthRepository } from './auth.repository';

/** Stands for the link in the stored e-mail (what the admin outbox shows); the link itself is put in when sending. */
export const RESET_LINK_MARKER = '[link de redefinição de senha]';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Password reset by e-mail. A request for an approved account, with SMTP configured and a web
 * address to link to, writes a token (only its SHA-256) valid for an hour and queues an e-mail with
 * the link; a new request replaces the account's earlier links. Using a link sets the password
 * and spends every open link of the account.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly auth: AuthRepository,
    private readonly identity: UserIdentityService,
    private readonly email: EmailService,
    private readonly limits: AuthLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Where links point: WEB_URL, else the request's Origin when it is one of WEB_ORIGIN. Never the
   * Host header or any other Origin: whoever asks could then send the owner a link to his own site.
   */
  linkBase(origin: string | undefined): string | null {
    if (this.config.webUrl) return this.config.webUrl;
    return origin && this.config.webOrigins.includes(origin) ? origin : null;
  }

  /** Sends the link if there is an account to send it to; says nothing either way. */
  async request(email: string, linkBase: string | null): Promise<void> {
    if (!this.config.smtpUrl) return; // the e-mail could not leave: no token either
    const user = await this.identity.findWithPasswordByEmail(email);
    // Pending accounts get nothing: they could not log in with a new password anyway.
    if (!user || !user.isApproved) return;
    // OIDC_ONLY: only an administrator's password opens a session; nobody else's reset link would.
    if (this.config.oidc?.only && !isAdmin(user)) return;
    if (!linkBase) {
      this.logger.warn(`password reset for user ${user.id} not sent: set WEB_URL (or call from an origin listed in WEB_ORIGIN)`);
      return;
    }
    if (!(await this.limits.passwordResetMailAllowed(user.id))) return;

    const token = randomBytes(32).toString('base64url');
    const link = `${linkBase}/reset-password?token=${token}`;
    await this.auth.transaction(async (manager) => {
      await this.auth.insertResetToken(manager, {
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      await this.email.enqueue(
        {
          type: 'password_reset',
          to: user.email,
          recipientName: user.name,
          subject: 'Redefinição de senha do WKFlow',
          message: [
            'Recebemos um pedido para redefinir a senha da sua conta no WKFlow.',
            'Para escolher uma nova senha, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez:',
            RESET_LINK_MARKER,
            'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
          ].join('\n\n'),
          secrets: { [RESET_LINK_MARKER]: link },
        },
        manager,
      );
    });
  }

  /** Sets the password of the token's account and spends the token; 400 when it is used, expired or unknown. */
  async reset(token: string, newPassword: string): Promise<number> {
    const tokenHash = hashResetToken(token);
    // Checked before hashing the password, so wrong tokens cost no argon2 run.
    if ((await this.auth.usableResetToken(tokenHash)) === undefined) throw new BadRequestException(PASSWORD_RESET_INVALID);
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.auth.transaction(async (manager) => {
      // Locked and checked again: of two uses at once, one wins.
      const owner = await this.auth.usableResetToken(tokenHash, manager, true);
      if (owner === undefined || !(await this.identity.isApproved(owner, manager))) return null;
      await this.identity.setPasswordHash(owner, passwordHash, manager);
      await this.auth.spendResetToken(manager, tokenHash, owner);
      return owner;
    });
    if (userId === null) throw new BadRequestException(PASSWORD_RESET_INVALID);
    return userId;
  }
}
