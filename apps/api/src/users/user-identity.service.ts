import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { COLLABORATOR_PROFILE_ID, roleForProfile, type UserRole } from '@wkflow/contracts';
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

  /**
   * The account of a first single sign-on: approved at once on `profileId`, or (null) waiting for
   * approval on Colaborador like a registration. Its username is the first free one of
   * `username`, `username2`, `username3`…; a clash of the e-mail throws the unique violation.
   */
  async createFromSso(user: {
    name: string;
    username: string;
    email: string;
    passwordHash: string;
    profileId: number | null;
  }): Promise<number> {
    return this.users.transaction(async (db) => {
      let username = user.username;
      for (let n = 2; await this.users.usernameExists(db, username); n++) username = `${user.username.slice(0, 55)}${n}`;
      const fields = { name: user.name, username, email: user.email, passwordHash: user.passwordHash };
      if (user.profileId === null)
        return this.users.insertPending(
          {
            ...fields,
            role: roleForProfile(COLLABORATOR_PROFILE_ID),
            accessProfileId: COLLABORATOR_PROFILE_ID,
            requestedProfileId: null,
          },
          db,
        );
      const row = await this.users.insertApproved(
        { ...fields, role: roleForProfile(user.profileId), accessProfileId: user.profileId, approvedById: null },
        db,
      );
      return row.id;
    });
  }

  /** Whether the access profile exists (a configured default may name one deleted since). */
  profileExists(profileId: number): Promise<boolean> {
    return this.users.profileExists(profileId);
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
