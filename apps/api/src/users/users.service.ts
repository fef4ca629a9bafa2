import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
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
import type { UserEntity } from './user.entity';
import { toUser } from './user.mapper';
import { AppEvents } from '../platform/events/app-events';
import { IDENTITY_CONSTRAINTS, UserIdentityService } from './user-identity.service';

export const USER_NOT_FOUND = USER_ERRORS.userNotFound;
export const PROFILE_NOT_FOUND = USER_ERRORS.profileNotFound;
export const ALREADY_APPROVED = USER_ERRORS.alreadyApproved;
export const LAST_ADMIN = USER_ERRORS.lastAdmin;
export const OWN_ADMIN_RIGHTS = USER_ERRORS.ownAdminRights;
export const ADMIN_ONLY_ON_APPROVAL = USER_ERRORS.adminProfileOnlyOnApproval;
/** Names the advisory lock that serialises administrator demotions. */
const DEMOTION_LOCK = 'wkflow:admin-demotion';

const USER_COLUMNS = `id, name, username, email, role, "accessProfileId", "isApproved", "createdAt"`;

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly identity: UserIdentityService,
    private readonly events: AppEvents,
  ) {}

  /** The team: approved users; pending ones too only for users read. */
  async list(actor: AuthenticatedUser, includePending: boolean): Promise<User[]> {
    if (includePending && !can(actor, 'users', 'read')) throw new ForbiddenException(NOT_ALLOWED);
    const rows: UserEntity[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users ${includePending ? '' : 'WHERE "isApproved"'} ORDER BY name, id`,
    );
    return rows.map(toUser);
  }

  /**
   * Registrations waiting for approval, oldest first: the profile each holds, the one it asked for
   * (a hint), and whether an approved account already has its username (its approval would fail).
   */
  async pending(): Promise<PendingUser[]> {
    type Row = UserEntity & Pick<PendingUser, 'accessProfileName' | 'requestedProfileName' | 'usernameTaken'>;
    const rows: Row[] = await this.dataSource.query(
      `SELECT u.id, u.name, u.username, u.email, u.role, u."accessProfileId", u."isApproved", u."createdAt",
              p.name AS "accessProfileName", u."requestedProfileId", r.name AS "requestedProfileName",
              EXISTS (SELECT 1 FROM users o WHERE o."isApproved" AND lower(o.username) = lower(u.username)) AS "usernameTaken"
         FROM users u JOIN access_profiles p ON p.id = u."accessProfileId" LEFT JOIN access_profiles r ON r.id = u."requestedProfileId"
        WHERE NOT u."isApproved" ORDER BY u."createdAt", u.id`,
    );
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
    const [row] = await this.dataSource.query(`SELECT ${USER_COLUMNS}, "requestedProfileId" FROM users WHERE id = $1`, [id]);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    return { ...toUser(row), requestedProfileId: row.requestedProfileId };
  }

  private async assertProfile(db: EntityManager | DataSource, profileId: number): Promise<void> {
    const [profile] = await db.query(`SELECT id FROM access_profiles WHERE id = $1`, [profileId]);
    if (!profile) throw new BadRequestException(PROFILE_NOT_FOUND);
  }

  private assertMayTouchAdmin(actor: AuthenticatedUser, ...profileIds: number[]): void {
    if (!mayTouchAdminProfile(actor, profileIds)) throw new ForbiddenException(USER_ERRORS.adminProfileOnlyByAdmins);
  }

  /** Created by someone with users write: approved at once, the role following the profile. */
  async create(actor: AuthenticatedUser, dto: CreateUserDto): Promise<User> {
    this.assertMayTouchAdmin(actor, dto.accessProfileId);
    await this.assertProfile(this.dataSource, dto.accessProfileId);
    await this.identity.assertAvailable(dto.username, dto.email);
    const passwordHash = await hashPassword(dto.password);
    try {
      const [row] = await this.dataSource.query(
        `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved", "approvedAt", "approvedById")
         VALUES ($1, $2, $3, $4, $5, $6, true, now(), $7) RETURNING ${USER_COLUMNS}`,
        [dto.name, dto.username, dto.email, passwordHash, roleForProfile(dto.accessProfileId), dto.accessProfileId, actor.id],
      );
      return toUser(row);
    } catch (error) {
      translate(error, WRITE_CONSTRAINTS, WRITE_CODES);
    }
  }

  private async subjectOf(db: EntityManager, profileId: number): Promise<PermissionSubject> {
    const permissions = await db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [
      profileId,
    ]);
    return { accessProfileId: profileId, permissions };
  }

  async update(actor: AuthenticatedUser, id: number, dto: UpdateUserDto): Promise<User> {
    try {
      const updated = await this.dataSource.transaction(async (db) => {
        const [current] = await db.query(`SELECT id, "accessProfileId", "isApproved" FROM users WHERE id = $1 FOR UPDATE`, [id]);
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
            await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [DEMOTION_LOCK]);
            const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1 AND "isApproved"`, [
              ADMIN_PROFILE_ID,
            ]);
            if (n <= 1) throw new ConflictException(LAST_ADMIN);
          }
          if (id === actor.id && lostAdminRights(actor, await this.subjectOf(db, dto.accessProfileId)).length) {
            throw new ConflictException(OWN_ADMIN_RIGHTS);
          }
        }
        const [[row]] = await db.query(
          `UPDATE users SET name = $2, email = $3, username = $4, "accessProfileId" = $5, role = $6, "updatedAt" = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [id, dto.name, dto.email, dto.username, dto.accessProfileId, roleForProfile(dto.accessProfileId)],
        );
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
    const [target] = await this.dataSource.query(`SELECT "accessProfileId" FROM users WHERE id = $1`, [id]);
    if (!target) throw new NotFoundException(USER_NOT_FOUND);
    this.assertMayTouchAdmin(actor, target.accessProfileId);
    const [[row]] = await this.dataSource.query(`UPDATE users SET "passwordHash" = $2, "updatedAt" = now() WHERE id = $1 RETURNING id`, [
      id,
      await hashPassword(dto.newPassword),
    ]);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    await this.events.emitAndWait('SessionsEndRequested', { userId: id, exceptSessionId: id === actor.id ? currentSessionId : undefined });
    this.events.emit('AccessChanged', { scope: id });
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
    const [current] = await this.dataSource.query(`SELECT "accessProfileId", "requestedProfileId" FROM users WHERE id = $1`, [id]);
    if (!current) throw new NotFoundException(USER_NOT_FOUND);
    const granted: number = accessProfileId ?? current.accessProfileId;
    this.assertMayTouchAdmin(actor, granted);
    if (granted !== current.accessProfileId) await this.assertProfile(this.dataSource, granted);
    const user = await this.dataSource.transaction(async (db) => {
      const [[row]] = await refuseTakenUsername(
        db.query(
          `UPDATE users SET "isApproved" = true, "approvedAt" = now(), "approvedById" = $2, "accessProfileId" = $3, role = $4, "updatedAt" = now()
          WHERE id = $1 AND NOT "isApproved" RETURNING ${USER_COLUMNS}`,
          [id, actor.id, granted, roleForProfile(granted)],
        ),
      );
      if (!row) {
        const [exists] = await db.query(`SELECT id FROM users WHERE id = $1`, [id]);
        throw exists ? new ConflictException(ALREADY_APPROVED) : new NotFoundException(USER_NOT_FOUND);
      }
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
    await this.dataSource.transaction(async (db) => {
      const [user] = await db.query(
        `SELECT id, username, email, name, "accessProfileId", "requestedProfileId", "isApproved" FROM users WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!user) throw new NotFoundException(USER_NOT_FOUND);
      if (user.isApproved) throw new ConflictException(ALREADY_APPROVED);
      await db.query(`DELETE FROM users WHERE id = $1`, [id]);
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
