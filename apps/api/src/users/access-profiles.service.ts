import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit-trail';
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
import { AccessProfilesRepository } from './repositories/access-profiles.repository';

export type { AccessProfile };

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
    private readonly profiles: AccessProfilesRepository,
    private readonly events: AppEvents,
  ) {}

  /** Runs a committed change to profiles or permissions, then says everyone's access may differ. */
  private async changingAccess<T>(change: () => Promise<T>): Promise<T> {
    const result = await change();
    this.events.emit('AccessChanged', { scope: 'everyone' });
    return result;
  }

  list(): Promise<AccessProfile[]> {
    return this.profiles.list();
  }

  private async one(id: number, db?: EntityManager): Promise<AccessProfile> {
    const profile = await this.profiles.find(id, db);
    if (!profile) throw profileMissing();
    return profile;
  }

  private async assertNameFree(name: string, exceptId?: number, db?: EntityManager): Promise<void> {
    if (await this.profiles.nameTaken(name, exceptId ?? null, db)) throw nameTaken();
  }

  async create(actor: AuthenticatedUser, dto: AccessProfileDto): Promise<AccessProfile> {
    await this.assertNameFree(dto.name);
    try {
      return await this.profiles.transaction(async (db) => {
        const profile = await this.profiles.insert(
          { name: dto.name, description: dto.description, requireTwoFactor: dto.requireTwoFactor },
          db,
        );
        await audit(db, actor, 'access_profile_created', profile.id, { name: profile.name, requireTwoFactor: profile.requireTwoFactor });
        return profile;
      });
    } catch (error) {
      translate(error, { UQ_access_profiles_name_lower: nameTaken });
    }
  }

  /** Renames or re-describes a profile (defaults included: their ids, not names, carry meaning). */
  update(actor: AuthenticatedUser, id: number, dto: AccessProfileDto): Promise<AccessProfile> {
    return this.changingAccess(async () => {
      try {
        return await this.profiles.transaction(async (db) => {
          if (
            !(await this.profiles.update(db, id, { name: dto.name, description: dto.description, requireTwoFactor: dto.requireTwoFactor }))
          )
            throw profileMissing();
          await this.assertNameFree(dto.name, id, db);
          const profile = await this.one(id, db);
          await audit(db, actor, 'access_profile_updated', id, {
            name: profile.name,
            description: profile.description,
            requireTwoFactor: profile.requireTwoFactor,
          });
          return profile;
        });
      } catch (error) {
        translate(error, { UQ_access_profiles_name_lower: nameTaken });
      }
    });
  }

  remove(actor: AuthenticatedUser, id: number): Promise<void> {
    return this.changingAccess(async () => {
      await this.profiles.transaction(async (db) => {
        const profile = await this.profiles.forUpdate(db, id);
        if (!profile) throw profileMissing();
        if (profile.isDefault || DEFAULT_PROFILE_IDS.includes(id)) throw new ConflictException(USER_ERRORS.defaultProfile);
        // The FOR UPDATE above makes a concurrent assignment of this profile wait for us (its FK check).
        const n = await this.profiles.accountCount(db, id);
        if (n > 0) throw new ConflictException(`O perfil ainda é usado por ${n} usuário(s): troque o perfil deles antes de excluir`);
        await this.profiles.remove(db, id);
        await audit(db, actor, 'access_profile_deleted', id);
      });
    });
  }

  async permissions(id: number): Promise<ModulePermission[]> {
    await this.one(id);
    return this.profiles.permissions(id);
  }

  /** The current user's permissions: no existence check, their profile exists (FK). */
  mine(user: AuthenticatedUser): Promise<ModulePermission[]> {
    return this.profiles.permissions(user.accessProfileId);
  }

  /**
   * Nobody saws off the branch they sit on: after a change to the actor's own profile they must
   * still hold every administration right (users write, user_management write) they held before.
   * Profile 1 keeps them by rule, whatever its rows say.
   */
  private async assertKeepsOwnRights(db: EntityManager, actor: AuthenticatedUser, profileId: number): Promise<void> {
    if (profileId !== actor.accessProfileId) return;
    const permissions = await this.profiles.grants(db, profileId);
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
      return this.profiles.transaction(async (db) => {
        if (!(await this.profiles.forUpdate(db, id))) throw profileMissing();
        await this.profiles.replacePermissions(db, id, entries);
        await this.assertKeepsOwnRights(db, actor, id);
        const permissions = await this.profiles.permissions(id, db);
        await audit(db, actor, 'access_profile_permissions_saved', id, {
          permissions: permissions.map((p) => ({ module: p.module, permission: p.permission, additionalData: p.additionalData ?? null })),
        });
        return permissions;
      });
    });
  }

  /** One step of the documented save (delete every permission, then create one per module). */
  addPermission(dto: CreateModulePermissionDto): Promise<ModulePermission> {
    return this.changingAccess(async () => {
      await this.one(dto.profileId);
      if (await this.profiles.hasPermissionFor(dto.profileId, dto.module))
        throw new ConflictException(USER_ERRORS.duplicateModulePermission);
      try {
        return await this.profiles.insertPermission(dto);
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
      await this.profiles.transaction(async (db) => {
        const profileId = await this.profiles.removePermission(db, id);
        if (profileId === undefined) throw new NotFoundException(USER_ERRORS.permissionNotFound);
        await this.assertKeepsOwnRights(db, actor, profileId);
      });
    });
  }
}

/** A change to profiles in the audit trail, in the change's transaction. */
function audit(
  db: EntityManager,
  actor: AuthenticatedUser,
  action: string,
  profileId: number,
  data?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { actorId: actor.id, action, entity: 'access_profile', entityId: profileId, data });
}
