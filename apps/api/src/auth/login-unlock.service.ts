import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { LOGIN_UNLOCK_INVALID, LOGIN_UNLOCK_TTL_MS } from '@wkflow/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EmailService } from '../email/email.service';
import { UserIdentityService } from '../users/user-identity.service';
import { AuthLimits } from './auth-limits';
import { AuthRepository } from './auth.repository';
import { hashResetToken } from './password-reset.service';

/** Stands for the link in the stored e-mail (what the admin outbox shows); the link itself is put in when sending. */
export const UNLOCK_LINK_MARKER = '[link de liberação de acesso]';

/** The account an unlock e-mail goes to. */
export interface UnlockRecipient {
  id: number;
  name: string;
  email: string;
}

/**
 * The way past the account ceiling (auth-limits.ts) that never locks the owner out. While the
 * ceiling holds unknown sources, the right password from one of them sends the account's e-mail
 * a link (a token, only its SHA-256 stored, one hour, single use); following it makes that source
 * known to the account, so the next login from there gets in. The owner is also told once per
 * episode that the ceiling was reached. Both need SMTP_URL; the link also a web address (WEB_URL,
 * or an Origin listed in WEB_ORIGIN, as for password resets).
 */
@Injectable()
export class LoginUnlockService {
  constructor(
    private readonly auth: AuthRepository,
    private readonly identity: UserIdentityService,
    private readonly email: EmailService,
    private readonly limits: AuthLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether a held login can be offered the link (else the hold is a timed one). */
  canSendLinks(linkBase: string | null): linkBase is string {
    return Boolean(this.config.smtpUrl && linkBase);
  }

  /** Mails an unlock link for `source` (at most UNLOCK_MAILS_PER_HOUR an hour per account). */
  async sendLink(user: UnlockRecipient, source: string, address: string, linkBase: string): Promise<void> {
    if (!(await this.limits.unlockMailAllowed(user.id))) return;
    const token = randomBytes(32).toString('base64url');
    const link = `${linkBase}/login-unlock?token=${token}`;
    await this.auth.transaction(async (manager) => {
      await this.auth.insertUnlockToken(manager, {
        userId: user.id,
        tokenHash: hashResetToken(token),
        source,
        expiresAt: new Date(Date.now() + LOGIN_UNLOCK_TTL_MS),
      });
      await this.email.enqueue(
        {
          type: 'login_unlock',
          to: user.email,
          recipientName: user.name,
          subject: 'Confirme sua entrada no WKFlow',
          message: [
            `Alguém acertou a senha da sua conta no WKFlow a partir de um endereço novo (${address}), enquanto a entrada por endereços novos está retida por causa de muitas tentativas com senha errada.`,
            'Se foi você, abra o link abaixo para liberar a entrada a partir desse endereço e entre de novo. Ele vale por 1 hora e só pode ser usado uma vez:',
            UNLOCK_LINK_MARKER,
            'Se não foi você, não abra o link: alguém conhece sua senha. Troque-a assim que puder (em "Esqueceu a senha?" na tela de login).',
          ].join('\n\n'),
          secrets: { [UNLOCK_LINK_MARKER]: link },
        },
        manager,
      );
    });
  }

  /** Tells the owner of `email` (if an approved account) that the ceiling was reached; once per episode (the caller's rule). */
  async tellOwner(email: string): Promise<void> {
    if (!this.config.smtpUrl) return;
    const user = await this.identity.findWithPasswordByEmail(email);
    if (!user || !user.isApproved) return;
    await this.email.enqueue({
      type: 'system_notification',
      to: user.email,
      recipientName: user.name,
      subject: 'Tentativas de entrar na sua conta do WKFlow',
      message: [
        'Houve muitas tentativas de entrar na sua conta do WKFlow com a senha errada, a partir de vários endereços.',
        'Por segurança, enquanto elas continuarem, entrar a partir de um endereço novo pede uma confirmação: ao acertar a senha, você recebe neste e-mail um link para liberar a entrada. Nos aparelhos em que você já entrou, nada muda.',
        'Se não foi você, sua senha continua protegida; se ela for fraca ou usada em outros sites, troque-a.',
      ].join('\n\n'),
    });
  }

  /** Spends the token and makes its source known to its account; 400 when it is used, expired or unknown. */
  async unlock(token: string): Promise<void> {
    const tokenHash = hashResetToken(token);
    const unlocked = await this.auth.transaction(async (manager) => {
      // Locked: of two uses at once, one wins.
      const row = await this.auth.usableUnlockToken(manager, tokenHash);
      if (!row) return false;
      const user = await this.identity.findById(row.userId);
      if (!user?.isApproved) return false;
      // Before the token is spent: if this fails, the link still works.
      await this.limits.sourceUnlocked(user.email, row.source);
      await this.auth.spendUnlockToken(manager, tokenHash);
      return true;
    });
    if (!unlocked) throw new BadRequestException(LOGIN_UNLOCK_INVALID);
  }
}
