import { ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import {
  COLLABORATOR_PROFILE_ID,
  PENDING_APPROVAL_MESSAGE,
  profileForRole,
  REGISTERED_MESSAGE,
  roleForProfile,
  type User,
} from '@wkflow/contracts';
import { isUniqueViolation } from '../platform/database/db-errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EmailService } from '../email/email.service';
import { AppEvents } from '../platform/events/app-events';
import { toUser } from '../users/user.mapper';
import { UserIdentityService } from '../users/user-identity.service';
import type { ChangePasswordDto, LoginDto, RegisterDto, UpdateProfileDto } from './dto/auth.dto';
import { hashPassword, verifyPassword } from '../platform/crypto/passwords';

export const INVALID_CREDENTIALS = 'E-mail ou senha inválidos';
export const PENDING_APPROVAL = PENDING_APPROVAL_MESSAGE;
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';
export const REGISTERED = REGISTERED_MESSAGE;

@Injectable()
export class AuthService {
  constructor(
    private readonly identity: UserIdentityService,
    private readonly email: EmailService,
    private readonly events: AppEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A new account waits for approval on Colaborador; the requested role is kept as the requested
   * profile, a hint for the approver. When the e-mail is taken nothing is created and the caller
   * cannot tell: that address, which owns the account, is told by e-mail (when SMTP is
   * configured). A taken username is not checked here: the account waits like any other and its
   * approval is refused until an administrator changes the username, so neither the answer nor
   * any e-mail tells a stranger which usernames exist. The password is hashed either way, so the
   * time taken tells nothing either.
   */
  async register(dto: RegisterDto): Promise<void> {
    const passwordHash = await hashPassword(dto.password);
    if (!(await this.identity.emailTaken(dto.email))) {
      try {
        const id = await this.identity.createPending({
          name: dto.name,
          username: dto.username,
          email: dto.email,
          passwordHash,
          role: roleForProfile(COLLABORATOR_PROFILE_ID),
          accessProfileId: COLLABORATOR_PROFILE_ID,
          requestedProfileId: profileForRole(dto.role ?? 'collaborator'),
        });
        this.events.emit('UserRegistered', { id, name: dto.name, email: dto.email });
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error; // the same e-mail registered at the same moment
      }
    }
    await this.tellOwnerAboutAttempt(dto.email);
  }

  /** Someone registered with the e-mail of an existing account: its owner hears of it, nobody else. */
  private async tellOwnerAboutAttempt(email: string): Promise<void> {
    const owner = await this.identity.findByEmail(email);
    if (!this.config.smtpUrl || !owner) return;
    await this.email.enqueue({
      type: 'system_notification',
      to: owner.email,
      recipientName: owner.name,
      subject: 'Cadastro no WKFlow',
      message:
        'Alguém tentou criar uma conta no WKFlow com este e-mail, que já tem uma conta. Se foi você, entre com sua senha; se não foi, nada muda na sua conta.',
    });
  }

  /** The user whose credentials match, if approved. */
  async authenticate(dto: LoginDto): Promise<User> {
    const user = await this.identity.findWithPasswordByEmail(dto.email);
    const valid = await verifyPassword(user?.passwordHash, dto.password);
    if (!user || !valid) throw new UnauthorizedException(INVALID_CREDENTIALS);
    if (!user.isApproved) throw new ForbiddenException(PENDING_APPROVAL);
    return toUser(user);
  }

  /**
   * The approved account these credentials open, or null: the same work (one argon2 run) and no
   * exception either way, for answers that must not depend on the password.
   */
  async approvedAccount(dto: LoginDto): Promise<{ id: number; name: string; email: string } | null> {
    const user = await this.identity.findWithPasswordByEmail(dto.email);
    const valid = await verifyPassword(user?.passwordHash, dto.password);
    return user && valid && user.isApproved ? { id: user.id, name: user.name, email: user.email } : null;
  }

  async me(userId: number): Promise<User> {
    const user = await this.identity.findById(userId);
    if (!user) throw new NotFoundException('Usuário não encontrado');
    return toUser(user);
  }

  async updateProfile(userId: number, dto: UpdateProfileDto): Promise<User> {
    await this.identity.assertAvailable(undefined, dto.email, userId);
    await this.identity.updateProfile(userId, { name: dto.name, email: dto.email });
    this.events.emit('AccessChanged', { scope: userId }); // the cached session user carries the name and e-mail
    return this.me(userId);
  }

  /** False when the current password is wrong (nothing changes). */
  async changePassword(userId: number, dto: ChangePasswordDto): Promise<boolean> {
    const user = await this.identity.findWithPasswordById(userId);
    if (!user) throw new NotFoundException('Usuário não encontrado');
    if (!(await verifyPassword(user.passwordHash, dto.currentPassword))) return false;
    await this.identity.setPasswordHash(userId, await hashPassword(dto.newPassword));
    return true;
  }
}
