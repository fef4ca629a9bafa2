import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_PROFILE_IDS,
  duplicateModules,
  lostAdminRights,
  USER_ERRORS,
  type AccessProfile,
  type ModulePermission,
  type PermissionEntry,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { translate } from '../platform/database/db-errors';
import type { AccessProfileDto, CreateModulePermissionDto } from './dto/users.dto';
import { AppEvents } from '../platform/events/app-events';

export type { AccessProfile };

const PERMISSION_COLUMNS = `id, "profileId", module, permission, "additionalData"`;
/** userCount: approved accounts only; a pending registration is not yet a user of the profile (its delete still counts them). */
const PROFILE_COLUMNS = `p.id, p.name, p.description, p."isDefault", (SELECT count(*)::int FROM users u WHERE u."accessProfileId" = p.id AND u."isApproved") AS "userCount"`;

const nameTaken = () => new ConflictException(USER_ERRORS.profileNameTaken);
const profileMissing = () => new NotFoundException(USER_ERRORS.profileNotFound);

/**
 * Access profiles and their per-module permissions.
 *
 * Profile 1 (Administrador) has full access by rule (`can()` in libs/contracts): its rows may be
 * read and saved like any other profile's, but they never change what its users may do.
 */
@Injectable()
export class AccessProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: AppEvents,
  ) {}

  /** Runs a committed change to profiles or permissions, then says everyone's access may differ. */
  private async changingAccess<T>(change: () => Promise<T>): Promise<T> {
    const result = await change();
    this.events.emit('AccessChanged', { scope: 'everyone' });
    return result;
  }

  list(): Promise<AccessProfile[]> {
    return this.dataSource.query(`SELECT ${PROFILE_COLUMNS} FROM access_profiles p ORDER BY p.id`);
  }

  private async one(db: EntityManager | DataSource, id: number): Promise<AccessProfile> {
    const [profile] = await db.query(`SELECT ${PROFILE_COLUMNS} FROM access_profiles p WHERE p.id = $1`, [id]);
    if (!profile) throw profileMissing();
    return profile;
  }

  private async assertNameFree(db: EntityManager | DataSource, name: string, exceptId?: number): Promise<void> {
    const [clash] = await db.query(`SELECT id FROM access_profiles WHERE lower(name) = lower($1) AND ($2::int IS NULL OR id <> $2)`, [
      name,
      exceptId ?? null,
    ]);
    if (clash) throw nameTaken();
  }

  async create(dto: AccessProfileDto): Promise<AccessProfile> {
    await this.assertNameFree(this.dataSource, dto.name);
    try {
      const [row] = await this.dataSource.query(
        `INSERT INTO access_profiles (name, description, "isDefault") VALUES ($1, $2, false) RETURNING id, name, description, "isDefault", 0 AS "userCount"`,
        [dto.name, dto.description],
      );
      return row;
    } catch (error) {
      translate(error, { UQ_access_profiles_name_lower: nameTaken });
    }
  }

  /** Renames or re-describes a profile (defaults included: their ids, not names, carry meaning). */
  update(id: number, dto: AccessProfileDto): Promise<AccessProfile> {
    return this.changingAccess(async () => {
      try {
        return await this.dataSource.transaction(async (db) => {
          const [[row]] = await db.query(`UPDATE access_profiles SET name = $2, description = $3 WHERE id = $1 RETURNING id`, [
            id,
            dto.name,
            dto.description,
          ]);
          if (!row) throw profileMissing();
          await this.assertNameFree(db, dto.name, id);
          return this.one(db, id);
        });
      } catch (error) {
        translate(error, { UQ_access_profiles_name_lower: nameTaken });
      }
    });
  }

  remove(id: number): Promise<void> {
    return this.changingAccess(async () => {
      await this.dataSource.transaction(async (db) => {
        const [profile] = await db.query(`SELECT id, "isDefault" FROM access_profiles WHERE id = $1 FOR UPDATE`, [id]);
        if (!profile) throw profileMissing();
        if (profile.isDefault || DEFAULT_PROFILE_IDS.includes(id)) throw new ConflictException(USER_ERRORS.defaultProfile);
        // The FOR UPDATE above makes a concurrent assignment of this profile wait for us (its FK check).
        const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1`, [id]);
        if (n > 0) throw new ConflictException(`O perfil ainda é usado por ${n} usuário(s): troque o perfil deles antes de excluir`);
        await db.query(`DELETE FROM access_profiles WHERE id = $1`, [id]);
      });
    });
  }

  private rows(db: EntityManager | DataSource, profileId: number): Promise<ModulePermission[]> {
    return db.query(`SELECT ${PERMISSION_COLUMNS} FROM module_permissions WHERE "profileId" = $1 ORDER BY module`, [profileId]);
  }

  async permissions(id: number): Promise<ModulePermission[]> {
    await this.one(this.dataSource, id);
    return this.rows(this.dataSource, id);
  }

  /** The current user's permissions: no existence check, their profile exists (FK). */
  mine(user: AuthenticatedUser): Promise<ModulePermission[]> {
    return this.rows(this.dataSource, user.accessProfileId);
  }

  /**
   * Nobody saws off the branch they sit on: after a change to the actor's own profile they must
   * still hold every administration right (users write, user_management write) they held before.
   * Profile 1 keeps them by rule, whatever its rows say.
   */
  private async assertKeepsOwnRights(db: EntityManager, actor: AuthenticatedUser, profileId: number): Promise<void> {
    if (profileId !== actor.accessProfileId) return;
    const permissions = await db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [
      profileId,
    ]);
    if (lostAdminRights(actor, { accessProfileId: profileId, permissions }).length) throw new ConflictException(USER_ERRORS.ownAdminRights);
  }

  /**
   * Replaces every permission of the profile in one transaction (one entry per module): any
   * refusal (bad entry, own rights) rolls back to the previous rows. The profile row is locked,
   * so concurrent saves of one profile apply one after the other.
   */
  replace(actor: AuthenticatedUser, id: number, entries: PermissionEntry[]): Promise<ModulePermission[]> {
    return this.changingAccess(async () => {
      const repeated = duplicateModules(entries);
      if (repeated.length) throw new BadRequestException(`Módulo repetido: ${repeated.join(', ')} (uma permissão por módulo)`);
      return this.dataSource.transaction(async (db) => {
        const [profile] = await db.query(`SELECT id FROM access_profiles WHERE id = $1 FOR UPDATE`, [id]);
        if (!profile) throw profileMissing();
        await db.query(`DELETE FROM module_permissions WHERE "profileId" = $1`, [id]);
        if (entries.length) {
          await db.query(
            `INSERT INTO module_permissions ("profileId", module, permission, "additionalData")
             SELECT $1, e.module, e.permission, e."additionalData" FROM jsonb_to_recordset($2::jsonb) AS e(module varchar, permission varchar, "additionalData" jsonb)`,
            [
              id,
              JSON.stringify(
                entries.map((e) => ({ module: e.module, permission: e.permission, additionalData: e.additionalData ?? null })),
              ),
            ],
          );
        }
        await this.assertKeepsOwnRights(db, actor, id);
        return this.rows(db, id);
      });
    });
  }

  /** One step of the documented save (delete every permission, then create one per module). */
  addPermission(dto: CreateModulePermissionDto): Promise<ModulePermission> {
    return this.changingAccess(async () => {
      await this.one(this.dataSource, dto.profileId);
      const [existing] = await this.dataSource.query(`SELECT id FROM module_permissions WHERE "profileId" = $1 AND module = $2`, [
        dto.profileId,
        dto.module,
      ]);
      if (existing) throw new ConflictException(USER_ERRORS.duplicateModulePermission);
      try {
        const [row] = await this.dataSource.query(
          `INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4) RETURNING ${PERMISSION_COLUMNS}`,
          [dto.profileId, dto.module, dto.permission, dto.additionalData ? JSON.stringify(dto.additionalData) : null],
        );
        return row;
      } catch (error) {
        // A concurrent save got there first, or the profile was deleted meanwhile.
        translate(
          error,
          { UQ_module_permissions_profile_module: () => new ConflictException(USER_ERRORS.duplicateModulePermission) },
          { '23503': profileMissing },
        );
      }
    });
  }

  removePermission(actor: AuthenticatedUser, id: number): Promise<void> {
    return this.changingAccess(async () => {
      await this.dataSource.transaction(async (db) => {
        const [[row]] = await db.query(`DELETE FROM module_permissions WHERE id = $1 RETURNING "profileId"`, [id]);
        if (!row) throw new NotFoundException(USER_ERRORS.permissionNotFound);
        await this.assertKeepsOwnRights(db, actor, row.profileId);
      });
    });
  }
}
