import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AccessProfile, ModulePermission, PermissionEntry } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import type { Permission } from './users.repository';

const PERMISSION_COLUMNS = `id, "profileId", module, permission, "additionalData"`;
/** userCount: approved accounts only; a pending registration is not yet a user of the profile (its delete still counts them). */
/** What a profile's create and update write. */
interface ProfileFields {
  name: string;
  description: string;
  requireTwoFactor?: boolean;
}

const PROFILE_COLUMNS = `p.id, p.name, p.description, p."isDefault", p."requireTwoFactor", (SELECT count(*)::int FROM users u WHERE u."accessProfileId" = p.id AND u."isApproved") AS "userCount"`;

/** Every query of access_profiles and module_permissions. */
@Injectable()
export class AccessProfilesRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  list(): Promise<AccessProfile[]> {
    return this.dataSource.query(`SELECT ${PROFILE_COLUMNS} FROM access_profiles p ORDER BY p.id`);
  }

  async find(id: number, db: Db = this.dataSource): Promise<AccessProfile | undefined> {
    const [profile]: AccessProfile[] = await db.query(`SELECT ${PROFILE_COLUMNS} FROM access_profiles p WHERE p.id = $1`, [id]);
    return profile;
  }

  /** Whether another profile (not `exceptId`) has this name, whatever its case. */
  async nameTaken(name: string, exceptId: number | null, db: Db = this.dataSource): Promise<boolean> {
    const [clash] = await db.query(`SELECT id FROM access_profiles WHERE lower(name) = lower($1) AND ($2::int IS NULL OR id <> $2)`, [
      name,
      exceptId,
    ]);
    return Boolean(clash);
  }

  async insert(profile: ProfileFields, db: Db = this.dataSource): Promise<AccessProfile> {
    const [row]: AccessProfile[] = await db.query(
      `INSERT INTO access_profiles (name, description, "isDefault", "requireTwoFactor") VALUES ($1, $2, false, $3)
       RETURNING id, name, description, "isDefault", "requireTwoFactor", 0 AS "userCount"`,
      [profile.name, profile.description, profile.requireTwoFactor ?? false],
    );
    return row;
  }

  /** False when there is no such profile; `requireTwoFactor` left out stays as it is. */
  async update(db: Db, id: number, profile: ProfileFields): Promise<boolean> {
    const [rows]: [{ id: number }[], number] = await db.query(
      `UPDATE access_profiles SET name = $2, description = $3, "requireTwoFactor" = COALESCE($4, "requireTwoFactor") WHERE id = $1 RETURNING id`,
      [id, profile.name, profile.description, profile.requireTwoFactor ?? null],
    );
    return rows.length > 0;
  }

  /** The profile, locked for the rest of the transaction (a concurrent assignment of it waits: its FK check). */
  async forUpdate(db: Db, id: number): Promise<{ id: number; isDefault: boolean } | undefined> {
    const [row]: { id: number; isDefault: boolean }[] = await db.query(
      `SELECT id, "isDefault" FROM access_profiles WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  /** Accounts on the profile, pending ones included. */
  async accountCount(db: Db, profileId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1`, [profileId]);
    return n;
  }

  async remove(db: Db, id: number): Promise<void> {
    await db.query(`DELETE FROM access_profiles WHERE id = $1`, [id]);
  }

  /** The profile's permission rows, by module. */
  permissions(profileId: number, db: Db = this.dataSource): Promise<ModulePermission[]> {
    return db.query(`SELECT ${PERMISSION_COLUMNS} FROM module_permissions WHERE "profileId" = $1 ORDER BY module`, [profileId]);
  }

  /** The profile's permissions as a PermissionSubject carries them. */
  grants(db: Db, profileId: number): Promise<Permission[]> {
    return db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [profileId]);
  }

  /** Replaces every permission of the profile with `entries`. */
  async replacePermissions(db: Db, profileId: number, entries: PermissionEntry[]): Promise<void> {
    await db.query(`DELETE FROM module_permissions WHERE "profileId" = $1`, [profileId]);
    if (!entries.length) return;
    await db.query(
      `INSERT INTO module_permissions ("profileId", module, permission, "additionalData")
       SELECT $1, e.module, e.permission, e."additionalData" FROM jsonb_to_recordset($2::jsonb) AS e(module varchar, permission varchar, "additionalData" jsonb)`,
      [
        profileId,
        JSON.stringify(entries.map((e) => ({ module: e.module, permission: e.permission, additionalData: e.additionalData ?? null }))),
      ],
    );
  }

  async hasPermissionFor(profileId: number, module: string): Promise<boolean> {
    const [existing] = await this.dataSource.query(`SELECT id FROM module_permissions WHERE "profileId" = $1 AND module = $2`, [
      profileId,
      module,
    ]);
    return Boolean(existing);
  }

  async insertPermission(entry: PermissionEntry & { profileId: number }): Promise<ModulePermission> {
    const [row]: ModulePermission[] = await this.dataSource.query(
      `INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4) RETURNING ${PERMISSION_COLUMNS}`,
      [entry.profileId, entry.module, entry.permission, entry.additionalData ? JSON.stringify(entry.additionalData) : null],
    );
    return row;
  }

  /** Deletes the permission row; its profile's id, or undefined when there was none. */
  async removePermission(db: Db, id: number): Promise<number | undefined> {
    const [[row]]: [{ profileId: number }[], number] = await db.query(
      `DELETE FROM module_permissions WHERE id = $1 RETURNING "profileId"`,
      [id],
    );
    return row?.profileId;
  }

  /** A default profile under its fixed id, unless it exists; the id sequence then starts past the defaults. */
  async ensureDefault(db: Db, profile: { id: number; name: string; description: string }): Promise<void> {
    await db.query(
      `INSERT INTO access_profiles (id, name, description, "isDefault") VALUES ($1, $2, $3, true) ON CONFLICT (id) DO NOTHING`,
      [profile.id, profile.name, profile.description],
    );
    await db.query(`SELECT setval(pg_get_serial_sequence('access_profiles', 'id'), GREATEST((SELECT MAX(id) FROM access_profiles), 3))`);
  }

  async permissionCount(db: Db, profileId: number): Promise<number> {
    const [{ count }]: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM module_permissions WHERE "profileId" = $1`,
      [profileId],
    );
    return count;
  }
}
