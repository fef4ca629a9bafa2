import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_PROFILE_ID, can, DEFAULT_PROFILE_IDS, type ModulePermission } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { AccessProfileDto, CreateModulePermissionDto, PermissionEntryDto } from './dto/users.dto';
import { OWN_ADMIN_RIGHTS, PROFILE_NOT_FOUND } from './users.service';

export interface AccessProfile {
  id: number;
  name: string;
  description: string;
  isDefault: boolean;
  userCount: number;
}

const PERMISSION_COLUMNS = `id, "profileId", module, permission, "additionalData"`;

/** Access profiles and their per-module permissions. */
@Injectable()
export class AccessProfilesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(): Promise<AccessProfile[]> {
    return this.dataSource.query(
      `SELECT p.id, p.name, p.description, p."isDefault", (SELECT count(*)::int FROM users u WHERE u."accessProfileId" = p.id) AS "userCount"
         FROM access_profiles p ORDER BY p.id`,
    );
  }

  private async assertNameFree(db: EntityManager | DataSource, name: string, exceptId?: number): Promise<void> {
    const [clash] = await db.query(`SELECT id FROM access_profiles WHERE lower(name) = lower($1) AND ($2::int IS NULL OR id <> $2)`, [name, exceptId ?? null]);
    if (clash) throw new ConflictException('Já existe um perfil com este nome');
  }

  async create(dto: AccessProfileDto): Promise<AccessProfile> {
    await this.assertNameFree(this.dataSource, dto.name);
    const [row] = await this.dataSource.query(
      `INSERT INTO access_profiles (name, description, "isDefault") VALUES ($1, $2, false) RETURNING id, name, description, "isDefault", 0 AS "userCount"`,
      [dto.name, dto.description],
    );
    return row;
  }

  async update(id: number, dto: AccessProfileDto): Promise<AccessProfile> {
    await this.assertNameFree(this.dataSource, dto.name, id);
    const [[row]] = await this.dataSource.query(`UPDATE access_profiles SET name = $2, description = $3 WHERE id = $1 RETURNING id`, [id, dto.name, dto.description]);
    if (!row) throw new NotFoundException(PROFILE_NOT_FOUND);
    return (await this.list()).find((p) => p.id === id)!;
  }

  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const [profile] = await db.query(`SELECT id, "isDefault" FROM access_profiles WHERE id = $1 FOR UPDATE`, [id]);
      if (!profile) throw new NotFoundException(PROFILE_NOT_FOUND);
      if (profile.isDefault || DEFAULT_PROFILE_IDS.includes(id)) throw new ConflictException('Perfis padrão não podem ser excluídos');
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1`, [id]);
      if (n > 0) throw new ConflictException(`O perfil ainda é usado por ${n} usuário(s): troque o perfil deles antes de excluir`);
      await db.query(`DELETE FROM access_profiles WHERE id = $1`, [id]);
    });
  }

  private async assertExists(db: EntityManager | DataSource, id: number): Promise<void> {
    const [profile] = await db.query(`SELECT id FROM access_profiles WHERE id = $1`, [id]);
    if (!profile) throw new NotFoundException(PROFILE_NOT_FOUND);
  }

  async permissions(id: number): Promise<ModulePermission[]> {
    await this.assertExists(this.dataSource, id);
    return this.dataSource.query(`SELECT ${PERMISSION_COLUMNS} FROM module_permissions WHERE "profileId" = $1 ORDER BY module`, [id]);
  }

  /**
   * Nobody saws off the branch they sit on: a change to the actor's own profile must leave them
   * user_management write (profile 1 has it by rule, whatever its rows say).
   */
  private async assertKeepsOwnRights(db: EntityManager, actor: AuthenticatedUser, profileId: number): Promise<void> {
    if (profileId !== actor.accessProfileId || profileId === ADMIN_PROFILE_ID) return;
    if (!can(actor, 'user_management', 'write')) return;
    const permissions = await db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [profileId]);
    if (!can({ accessProfileId: profileId, permissions }, 'user_management', 'write')) throw new ConflictException(OWN_ADMIN_RIGHTS);
  }

  /** Replaces every permission of the profile in one transaction (one entry per module). */
  async replace(actor: AuthenticatedUser, id: number, entries: PermissionEntryDto[]): Promise<ModulePermission[]> {
    const modules = entries.map((e) => e.module);
    const repeated = modules.filter((m, i) => modules.indexOf(m) !== i);
    if (repeated.length) throw new BadRequestException(`Módulo repetido: ${[...new Set(repeated)].join(', ')}`);
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT id FROM access_profiles WHERE id = $1 FOR UPDATE`, [id]);
      await this.assertExists(db, id);
      await db.query(`DELETE FROM module_permissions WHERE "profileId" = $1`, [id]);
      for (const entry of entries) {
        await db.query(`INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4)`, [
          id,
          entry.module,
          entry.permission,
          entry.additionalData ? JSON.stringify(entry.additionalData) : null,
        ]);
      }
      await this.assertKeepsOwnRights(db, actor, id);
      return db.query(`SELECT ${PERMISSION_COLUMNS} FROM module_permissions WHERE "profileId" = $1 ORDER BY module`, [id]);
    });
  }

  async addPermission(dto: CreateModulePermissionDto): Promise<ModulePermission> {
    await this.assertExists(this.dataSource, dto.profileId);
    const [existing] = await this.dataSource.query(`SELECT id FROM module_permissions WHERE "profileId" = $1 AND module = $2`, [dto.profileId, dto.module]);
    if (existing) throw new ConflictException('Este perfil já tem uma permissão para este módulo');
    const [row] = await this.dataSource.query(
      `INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4) RETURNING ${PERMISSION_COLUMNS}`,
      [dto.profileId, dto.module, dto.permission, dto.additionalData ? JSON.stringify(dto.additionalData) : null],
    );
    return row;
  }

  async removePermission(actor: AuthenticatedUser, id: number): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const [[row]] = await db.query(`DELETE FROM module_permissions WHERE id = $1 RETURNING "profileId"`, [id]);
      if (!row) throw new NotFoundException('Permissão não encontrada');
      await this.assertKeepsOwnRights(db, actor, row.profileId);
    });
  }
}
