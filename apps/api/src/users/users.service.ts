import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_PROFILE_ID, can, roleForProfile, type PermissionSubject, type User } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { hashPassword } from '../auth/passwords';
import { SessionsService } from '../auth/sessions.service';
import type { CreateUserDto, SetPasswordDto, UpdateUserDto } from './dto/users.dto';
import type { UserEntity } from './user.entity';
import { toUser } from './user.mapper';
import { UserEvents } from './user-events';
import { UserIdentityService } from './user-identity.service';

export const USER_NOT_FOUND = 'Usuário não encontrado';
export const PROFILE_NOT_FOUND = 'Perfil de acesso não encontrado';
export const ALREADY_APPROVED = 'Usuário já aprovado';
export const LAST_ADMIN = 'Não é possível remover o último administrador';
export const OWN_ADMIN_RIGHTS = 'Você não pode remover seus próprios direitos de administrador';

const USER_COLUMNS = `id, name, username, email, role, "accessProfileId", "isApproved", "createdAt"`;

/** Users, their approval and their profile. */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly identity: UserIdentityService,
    private readonly sessions: SessionsService,
    private readonly events: UserEvents,
  ) {}

  async list(includePending: boolean): Promise<User[]> {
    const rows: UserEntity[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users ${includePending ? '' : 'WHERE "isApproved"'} ORDER BY name, id`,
    );
    return rows.map(toUser);
  }

  async pending(): Promise<User[]> {
    const rows: UserEntity[] = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users WHERE NOT "isApproved" ORDER BY "createdAt", id`);
    return rows.map(toUser);
  }

  async get(actor: AuthenticatedUser, id: number): Promise<User> {
    if (id !== actor.id && !can(actor, 'users', 'read')) throw new ForbiddenException('Você não tem permissão para esta ação');
    const [row] = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    return toUser(row);
  }

  private async assertProfile(db: EntityManager | DataSource, profileId: number): Promise<void> {
    const [profile] = await db.query(`SELECT id FROM access_profiles WHERE id = $1`, [profileId]);
    if (!profile) throw new BadRequestException(PROFILE_NOT_FOUND);
  }

  /** Created by someone with users write: approved at once. */
  async create(actor: AuthenticatedUser, dto: CreateUserDto): Promise<User> {
    await this.assertProfile(this.dataSource, dto.accessProfileId);
    await this.identity.assertAvailable(dto.username, dto.email);
    const [row] = await this.dataSource.query(
      `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved", "approvedAt", "approvedById")
       VALUES ($1, $2, $3, $4, $5, $6, true, now(), $7) RETURNING ${USER_COLUMNS}`,
      [dto.name, dto.username, dto.email, await hashPassword(dto.password), roleForProfile(dto.accessProfileId), dto.accessProfileId, actor.id],
    );
    return toUser(row);
  }

  private async permissionsOf(db: EntityManager, profileId: number): Promise<PermissionSubject> {
    const permissions = await db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [profileId]);
    return { accessProfileId: profileId, permissions };
  }

  async update(actor: AuthenticatedUser, id: number, dto: UpdateUserDto): Promise<User> {
    return this.dataSource.transaction(async (db) => {
      const [current] = await db.query(`SELECT id, "accessProfileId", "isApproved" FROM users WHERE id = $1 FOR UPDATE`, [id]);
      if (!current) throw new NotFoundException(USER_NOT_FOUND);
      await this.assertProfile(db, dto.accessProfileId);
      await this.identity.assertAvailable(dto.username, dto.email, id);
      if (current.accessProfileId !== dto.accessProfileId) {
        if (current.accessProfileId === ADMIN_PROFILE_ID && current.isApproved) {
          // Serialise demotions so two admins cannot demote each other at once.
          await db.query(`SELECT id FROM users WHERE "accessProfileId" = $1 AND "isApproved" FOR UPDATE`, [ADMIN_PROFILE_ID]);
          const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1 AND "isApproved"`, [ADMIN_PROFILE_ID]);
          if (n <= 1) throw new ConflictException(LAST_ADMIN);
        }
        if (id === actor.id && !can(await this.permissionsOf(db, dto.accessProfileId), 'users', 'write')) {
          throw new ConflictException(OWN_ADMIN_RIGHTS);
        }
      }
      const [[row]] = await db.query(
        `UPDATE users SET name = $2, email = $3, username = $4, "accessProfileId" = $5, role = $6, "updatedAt" = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [id, dto.name, dto.email, dto.username, dto.accessProfileId, roleForProfile(dto.accessProfileId)],
      );
      return toUser(row);
    });
  }

  async setPassword(id: number, dto: SetPasswordDto): Promise<void> {
    if (dto.newPassword !== dto.confirmPassword) throw new BadRequestException('Senhas não conferem');
    const [[row]] = await this.dataSource.query(`UPDATE users SET "passwordHash" = $2, "updatedAt" = now() WHERE id = $1 RETURNING id`, [
      id,
      await hashPassword(dto.newPassword),
    ]);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    // Whoever knew the old password is logged out everywhere.
    await this.sessions.revokeUserSessions(id);
  }

  /** Approves once: the conditional update lets exactly one of parallel approvals through. */
  async approve(actor: AuthenticatedUser, id: number): Promise<User> {
    const user = await this.dataSource.transaction(async (db) => {
      const [[row]] = await db.query(
        `UPDATE users SET "isApproved" = true, "approvedAt" = now(), "approvedById" = $2, "updatedAt" = now()
          WHERE id = $1 AND NOT "isApproved" RETURNING ${USER_COLUMNS}`,
        [id, actor.id],
      );
      if (!row) {
        const [exists] = await db.query(`SELECT id FROM users WHERE id = $1`, [id]);
        throw exists ? new ConflictException(ALREADY_APPROVED) : new NotFoundException(USER_NOT_FOUND);
      }
      await db.query(`INSERT INTO audit_log ("actorId", action, entity, "entityId", data) VALUES ($1, 'user_approved', 'user', $2, $3)`, [
        actor.id,
        id,
        JSON.stringify({ username: row.username, accessProfileId: row.accessProfileId }),
      ]);
      return toUser(row);
    });
    this.events.userApproved(user);
    return user;
  }

  /** Removes a pending registration and records who rejected it and why. */
  async reject(actor: AuthenticatedUser, id: number, reason?: string): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const [user] = await db.query(`SELECT id, username, email, name, "isApproved" FROM users WHERE id = $1 FOR UPDATE`, [id]);
      if (!user) throw new NotFoundException(USER_NOT_FOUND);
      if (user.isApproved) throw new ConflictException(ALREADY_APPROVED);
      await db.query(`DELETE FROM users WHERE id = $1`, [id]);
      await db.query(`INSERT INTO audit_log ("actorId", action, entity, "entityId", data) VALUES ($1, 'user_rejected', 'user', $2, $3)`, [
        actor.id,
        id,
        JSON.stringify({ username: user.username, email: user.email, name: user.name, reason: reason || null }),
      ]);
    });
  }
}
