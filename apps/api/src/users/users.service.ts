import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ADMIN_PROFILE_ID,
  can,
  lostAdminRights,
  mayTouchAdminProfile,
  roleForProfile,
  USER_ERRORS,
  USER_MESSAGES,
  type PendingUser,
  type PermissionSubject,
  type User,
} from '@wkflow/contracts';
import { recordAudit } from '../audit/audit-trail';
import { NOT_ALLOWED } from '../platform/access/access.guard';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { hashPassword } from '../platform/crypto/passwords';
import { isUniqueViolation, translate } from '../platform/database/db-errors';
import type { CreateUserDto, SetPasswordDto, UpdateUserDto } from './dto/users.dto';
import { toUser } from './user.mapper';
import { AppEvents } from '../platform/events/app-events';
import { IDENTITY_CONSTRAINTS, UserIdentityService } from './user-identity.service';
import { UsersRepository } from './repositories/users.repository';

export const USER_NOT_FOUND = USER_ERRORS.userNotFound;
export const PROFILE_NOT_FOUND = USER_ERRORS.profileNotFound;
export const ALREADY_APPROVED = USER_ERRORS.alreadyApproved;
export const LAST_ADMIN = USER_ERRORS.lastAdmin;
export const OWN_ADMIN_RIGHTS = USER_ERRORS.ownAdminRights;
export const ADMIN_ONLY_ON_APPROVAL = USER_ERRORS.adminProfileOnlyOnApproval;
/** Names the advisory lock that serialises administrator demotions. */
const DEMOTION_LOCK = 'wkflow:admin-demotion';

/** Unique indexes answer like the pre-checks; a profile deleted meanwhile is the profile missing. */
const WRITE_CONSTRAINTS: Record<string, () => Error> = {
  ...IDENTITY_CONSTRAINTS,
  CHK_users_pending_not_admin: () => new ConflictException(ADMIN_ONLY_ON_APPROVAL),
};
const WRITE_CODES: Record<string, () => Error> = { '23503': () => new BadRequestException(PROFILE_NOT_FOUND) };

/** An approval that met the username index (unique among approved accounts): another account has the username. */
function refuseTakenUsername<T>(approval: Promise<T>): Promise<T> {
  return approval.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new ConflictException(USER_ERRORS.usernameTakenOnApproval) : error;
  });
}

/** Users, their approval and their profile. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly identity: UserIdentityService,
    private readonly events: AppEvents,
  ) {}

  /** The team: approved users; pending ones too only for users read. */
  async list(actor: AuthenticatedUser, includePending: boolean): Promise<User[]> {
    if (includePending && !can(actor, 'users', 'read')) throw new ForbiddenException(NOT_ALLOWED);
    return (await this.users.list(includePending)).map(toUser);
  }

  /**
   * Registrations waiting for approval, oldest first: the profile each holds, the one it asked for
   * (a hint), and whether an approved account already has its username (its approval would fail).
   */
  async pending(): Promise<PendingUser[]> {
    const rows = await this.users.pending();
    return rows.map((row) => ({
      ...(toUser(row) as PendingUser),
      accessProfileName: row.accessProfileName,
      requestedProfileId: row.requestedProfileId,
      requestedProfileName: row.requestedProfileName,
      usernameTaken: row.usernameTaken,
    }));
  }

  /** users read, or one's own record; without users read another id is a 403 whether it exists or not. */
  async get(actor: AuthenticatedUser, id: number): Promise<User> {
    if (id !== actor.id && !can(actor, 'users', 'read')) throw new ForbiddenException(NOT_ALLOWED);
    const row = await this.users.find(id);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    return { ...toUser(row), requestedProfileId: row.requestedProfileId };
  }

  private async assertProfile(db: EntityManager | undefined, profileId: number): Promise<void> {
    if (!(await this.users.profileExists(profileId, db))) throw new BadRequestException(PROFILE_NOT_FOUND);
  }

  private assertMayTouchAdmin(actor: AuthenticatedUser, ...profileIds: number[]): void {
    if (!mayTouchAdminProfile(actor, profileIds)) throw new ForbiddenException(USER_ERRORS.adminProfileOnlyByAdmins);
  }

  /** Created by someone with users write: approved at once, the role following the profile. */
  async create(actor: AuthenticatedUser, dto: CreateUserDto): Promise<User> {
    this.assertMayTouchAdmin(actor, dto.accessProfileId);
    await this.assertProfile(undefined, dto.accessProfileId);
    await this.identity.assertAvailable(dto.username, dto.email);
    const passwordHash = await hashPassword(dto.password);
    try {
      const row = await this.users.insertApproved({
        name: dto.name,
        username: dto.username,
        email: dto.email,
        passwordHash,
        role: roleForProfile(dto.accessProfileId),
        accessProfileId: dto.accessProfileId,
        approvedById: actor.id,
      });
      return toUser(row);
    } catch (error) {
      translate(error, WRITE_CONSTRAINTS, WRITE_CODES);
    }
  }

  private async subjectOf(db: EntityManager, profileId: number): Promise<PermissionSubject> {
    return { accessProfileId: profileId, permissions: await this.users.permissionsOf(db, profileId) };
  }

  async update(actor: AuthenticatedUser, id: number, dto: UpdateUserDto): Promise<User> {
    try {
      const updated = await this.users.transaction(async (db) => {
        const current = await this.users.forUpdate(db, id);
        if (!current) throw new NotFoundException(USER_NOT_FOUND);
        this.assertMayTouchAdmin(actor, current.accessProfileId, dto.accessProfileId);
        // Administrador is granted by an approval that names it, never held while pending.
        if (!current.isApproved && dto.accessProfileId === ADMIN_PROFILE_ID) throw new ConflictException(ADMIN_ONLY_ON_APPROVAL);
        await this.assertProfile(db, dto.accessProfileId);
        await this.identity.assertAvailable(dto.username, dto.email, id);
        if (current.accessProfileId !== dto.accessProfileId) {
          if (current.accessProfileId === ADMIN_PROFILE_ID && current.isApproved) {
            // Serialise demotions so two admins cannot demote each other at once. A transaction-scoped
            // advisory lock, not row locks on every administrator: each demotion already holds its
            // target's row, and locking the others' rows too made two crossed demotions deadlock.
            await this.users.lockDemotions(db, DEMOTION_LOCK);
            if ((await this.users.approvedCountOnProfile(db, ADMIN_PROFILE_ID)) <= 1) throw new ConflictException(LAST_ADMIN);
          }
          if (id === actor.id && lostAdminRights(actor, await this.subjectOf(db, dto.accessProfileId)).length) {
            throw new ConflictException(OWN_ADMIN_RIGHTS);
          }
        }
        const row = await this.users.update(db, id, {
          name: dto.name,
          email: dto.email,
          username: dto.username,
          accessProfileId: dto.accessProfileId,
          role: roleForProfile(dto.accessProfileId),
        });
        if (current.accessProfileId !== dto.accessProfileId) {
          await recordAudit(db, {
            actorId: actor.id,
            action: 'user_profile_changed',
            entity: 'user',
            entityId: id,
            data: { from: current.accessProfileId, to: dto.accessProfileId },
          });
        }
        return toUser(row);
      });
      this.events.emit('AccessChanged', { scope: id });
      return updated;
    } catch (error) {
      translate(error, WRITE_CONSTRAINTS, WRITE_CODES);
    }
  }

  /**
   * Sets a user's password and ends their sessions: whoever knew the old one is logged out
   * everywhere. When one sets one's own password here, the session making the call stays.
   */
  async setPassword(actor: AuthenticatedUser, id: number, dto: SetPasswordDto, currentSessionId?: string): Promise<void> {
    if (dto.newPassword !== dto.confirmPassword) throw new BadRequestException(USER_MESSAGES.passwordsDiffer);
    const target = await this.users.profilesOf(id);
    if (!target) throw new NotFoundException(USER_NOT_FOUND);
    this.assertMayTouchAdmin(actor, target.accessProfileId);
    if (!(await this.users.setPasswordHash(id, await hashPassword(dto.newPassword)))) throw new NotFoundException(USER_NOT_FOUND);
    await this.events.emitAndWait('SessionsEndRequested', { userId: id, exceptSessionId: id === actor.id ? currentSessionId : undefined });
    this.events.emit('AccessChanged', { scope: id });
  }

  /**
   * An administrator ends every session of a user (a lost laptop, a departure): his requests get
   * 401 and his sockets close at once on every replica. The caller's own current session stays.
   */
  async endSessions(actor: AuthenticatedUser, id: number, currentSessionId: string): Promise<void> {
    const target = await this.users.profilesOf(id);
    if (!target) throw new NotFoundException(USER_NOT_FOUND);
    this.assertMayTouchAdmin(actor, target.accessProfileId);
    await this.events.emitAndWait('SessionsEndRequested', { userId: id, exceptSessionId: id === actor.id ? currentSessionId : undefined });
    await this.users.transaction((db) =>
      recordAudit(db, { actorId: actor.id, action: 'sessions_ended', entity: 'user', entityId: id, data: { byAdmin: true } }),
    );
  }

  /**
   * Approves once: the conditional UPDATE lets exactly one of parallel approvals through; the
   * others find the row approved and get a 409. The approval grants the profile it names, or the
   * one the account holds (Colaborador from registration, never Administrador): what the
   * registrant asked for is only a hint, so Administrador needs `accessProfileId: 1` from an
   * administrator. A username an approved account took meanwhile is a 409 too. The approval is
   * audited in the same transaction, and AppEvents tells its listeners after the commit.
   */
  async approve(actor: AuthenticatedUser, id: number, accessProfileId?: number): Promise<User> {
    const current = await this.users.profilesOf(id);
    if (!current) throw new NotFoundException(USER_NOT_FOUND);
    const granted: number = accessProfileId ?? current.accessProfileId;
    this.assertMayTouchAdmin(actor, granted);
    if (granted !== current.accessProfileId) await this.assertProfile(undefined, granted);
    const user = await this.users.transaction(async (db) => {
      const row = await refuseTakenUsername(
        this.users.approve(db, id, { approvedById: actor.id, accessProfileId: granted, role: roleForProfile(granted) }),
      );
      if (!row) throw (await this.users.exists(db, id)) ? new ConflictException(ALREADY_APPROVED) : new NotFoundException(USER_NOT_FOUND);
      await recordAudit(db, {
        actorId: actor.id,
        action: 'user_approved',
        entity: 'user',
        entityId: id,
        data: {
          username: row.username,
          email: row.email,
          accessProfileId: row.accessProfileId,
          requestedProfileId: current.requestedProfileId,
        },
      });
      return toUser(row);
    });
    this.events.emit('AccessChanged', { scope: id });
    this.events.emit('UserApproved', user);
    return user;
  }

  /** Removes a pending registration and records who rejected whom and why, in one transaction. */
  async reject(actor: AuthenticatedUser, id: number, reason?: string): Promise<void> {
    await this.users.transaction(async (db) => {
      const user = await this.users.forUpdate(db, id);
      if (!user) throw new NotFoundException(USER_NOT_FOUND);
      if (user.isApproved) throw new ConflictException(ALREADY_APPROVED);
      await this.users.remove(db, id);
      await recordAudit(db, {
        actorId: actor.id,
        action: 'user_rejected',
        entity: 'user',
        entityId: id,
        data: {
          username: user.username,
          email: user.email,
          name: user.name,
          accessProfileId: user.accessProfileId,
          requestedProfileId: user.requestedProfileId,
          reason: reason || null,
        },
      });
    });
  }
}
