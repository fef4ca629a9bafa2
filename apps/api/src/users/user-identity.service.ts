import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserRole } from '@wkflow/contracts';
import type { UserEntity } from './user.entity';
import { UsersRepository } from './repositories/users.repository';

export const USERNAME_TAKEN = 'Nome de usuário já está em uso';
export const EMAIL_TAKEN = 'E-mail já está em uso';

/**
 * The unique indexes behind assertAvailable(): when two requests pass the check at once, the
 * second INSERT/UPDATE fails on one of these and is answered with the same 409. The username's
 * covers approved accounts only (a pending registration may repeat one; its approval then fails).
 */
export const IDENTITY_CONSTRAINTS: Record<string, () => Error> = {
  UQ_users_username_lower: () => new ConflictException(USERNAME_TAKEN),
  UQ_users_email_lower: () => new ConflictException(EMAIL_TAKEN),
};

/**
 * Username and e-mail uniqueness (case-insensitive), look-ups by them, and the account writes the
 * auth module makes (registration, profile, password): the users table is written only here and
 * in UsersService.
 */
@Injectable()
export class UserIdentityService {
  constructor(private readonly users: UsersRepository) {}

  async assertAvailable(username: string | undefined, email: string | undefined, exceptUserId?: number): Promise<void> {
    const clashes = await this.users.identityClashes(username, email, exceptUserId);
    if (username !== undefined && clashes.some((u) => u.username.toLowerCase() === username.toLowerCase())) {
      throw new ConflictException(USERNAME_TAKEN);
    }
    if (email !== undefined && clashes.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
      throw new ConflictException(EMAIL_TAKEN);
    }
  }

  /**
   * Whether an account (approved or pending) has this e-mail, case-insensitive. Registration asks
   * about the e-mail only: usernames are unique among approved accounts, checked at approval.
   */
  emailTaken(email: string): Promise<boolean> {
    return this.users.emailTaken(email);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email);
  }

  /** With the password hash, for login and password checks. */
  findWithPasswordByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email, true);
  }

  findWithPasswordById(id: number): Promise<UserEntity | null> {
    return this.users.findWithPasswordById(id);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findEntity(id);
  }

  /** A registration waiting for approval; its id. */
  createPending(user: {
    name: string;
    username: string;
    email: string;
    passwordHash: string;
    role: UserRole;
    accessProfileId: number;
    requestedProfileId: number;
  }): Promise<number> {
    return this.users.insertPending(user);
  }

  updateProfile(id: number, profile: { name: string; email: string }): Promise<void> {
    return this.users.updateContact(id, profile);
  }

  /** Pass the caller's transaction manager to commit with it. */
  setPasswordHash(id: number, passwordHash: string, manager?: EntityManager): Promise<void> {
    return this.users.writePasswordHash(id, passwordHash, manager);
  }

  isApproved(id: number, manager?: EntityManager): Promise<boolean> {
    return this.users.isApproved(id, manager);
  }
}
