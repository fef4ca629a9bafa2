import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { UserRole } from '@wkflow/contracts';
import { UserEntity } from './user.entity';

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
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async assertAvailable(username: string | undefined, email: string | undefined, exceptUserId?: number): Promise<void> {
    const query = this.users.createQueryBuilder('u').select(['u.id', 'u.username', 'u.email']);
    const conditions: string[] = [];
    if (username !== undefined) conditions.push('lower(u.username) = lower(:username)');
    if (email !== undefined) conditions.push('lower(u.email) = lower(:email)');
    if (!conditions.length) return;
    query.where(`(${conditions.join(' OR ')})`, { username, email });
    if (exceptUserId !== undefined) query.andWhere('u.id <> :exceptUserId', { exceptUserId });
    const clashes = await query.getMany();
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
  async emailTaken(email: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** With the password hash, for login and password checks. */
  findWithPasswordByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findWithPasswordById(id: number): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** A registration waiting for approval; its id. */
  async createPending(user: {
    name: string;
    username: string;
    email: string;
    passwordHash: string;
    role: UserRole;
    accessProfileId: number;
    requestedProfileId: number;
  }): Promise<number> {
    const inserted = await this.users.insert({ ...user, isApproved: false });
    return inserted.identifiers[0].id as number;
  }

  async updateProfile(id: number, profile: { name: string; email: string }): Promise<void> {
    await this.users.update({ id }, profile);
  }

  /** Pass the caller's transaction manager to commit with it. */
  async setPasswordHash(id: number, passwordHash: string, manager?: EntityManager): Promise<void> {
    await (manager ? manager.getRepository(UserEntity) : this.users).update({ id }, { passwordHash });
  }

  async isApproved(id: number, manager?: EntityManager): Promise<boolean> {
    const user = await (manager ? manager.getRepository(UserEntity) : this.users).findOne({
      where: { id },
      select: { id: true, isApproved: true },
    });
    return user?.isApproved ?? false;
  }
}
