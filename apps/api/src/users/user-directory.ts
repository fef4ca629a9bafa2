import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_PROFILE_ID, type PermissionSubject } from '@wkflow/contracts';

/** A transaction's manager to read inside it, or the data source. */
type Db = EntityManager | DataSource;

export interface UserRef {
  id: number;
  name: string;
  username: string;
}

export interface UserContact {
  id: number;
  name: string;
  email: string;
}

/** An approved user with the permissions of his profile (who may see what). */
export interface UserAccess extends PermissionSubject {
  id: number;
  accessProfileId: number;
}

/**
 * What other modules may know about users, in one query per call whatever the number of ids
 * (the users module alone reads its tables: docs/decisions.md, "Module boundaries").
 */
@Injectable()
export class UserDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** id → name and username of the users that exist (pending ones too: a name on old rows stays). */
  async refsByIds(ids: Iterable<number | null | undefined>, db: Db = this.dataSource): Promise<Map<number, UserRef>> {
    const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
    if (!unique.length) return new Map();
    const rows: UserRef[] = await db.query(`SELECT id, name, username FROM users WHERE id = ANY($1::int[])`, [unique]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** id → name, as refsByIds. */
  async namesByIds(ids: Iterable<number | null | undefined>, db: Db = this.dataSource): Promise<Map<number, string>> {
    const refs = await this.refsByIds(ids, db);
    return new Map([...refs].map(([id, ref]) => [id, ref.name]));
  }

  /** The name of a user, or null when there is none (approvedOnly: none when pending either). */
  async nameOf(id: number, approvedOnly = false, db: Db = this.dataSource): Promise<string | null> {
    const [row]: { name: string }[] = await db.query(`SELECT name FROM users WHERE id = $1 ${approvedOnly ? 'AND "isApproved"' : ''}`, [
      id,
    ]);
    return row?.name ?? null;
  }

  /** Which of these ids are approved users. */
  async approvedIds(ids: number[], db: Db = this.dataSource): Promise<number[]> {
    if (!ids.length) return [];
    const rows: { id: number }[] = await db.query(`SELECT id FROM users WHERE id = ANY($1::int[]) AND "isApproved"`, [ids]);
    return rows.map((row) => row.id);
  }

  /** The approved team, by id. */
  approvedRefs(): Promise<UserRef[]> {
    return this.dataSource.query(`SELECT id, name, username FROM users WHERE "isApproved" ORDER BY id`);
  }

  /** Name and e-mail of an approved user, or null. */
  async approvedContact(id: number, db: Db = this.dataSource): Promise<UserContact | null> {
    const [row]: UserContact[] = await db.query(`SELECT id, name, email FROM users WHERE id = $1 AND "isApproved"`, [id]);
    return row ?? null;
  }

  /** Every approved user with his profile's permissions (all of them, or those of these ids). */
  async approvedAccess(ids?: number[]): Promise<UserAccess[]> {
    if (ids && !ids.length) return [];
    const rows: (UserAccess & { permissions: UserAccess['permissions'] | null })[] = await this.dataSource.query(
      `SELECT u.id, u."accessProfileId",
              (SELECT json_agg(json_build_object('module', p.module, 'permission', p.permission, 'additionalData', p."additionalData"))
                 FROM module_permissions p WHERE p."profileId" = u."accessProfileId") AS permissions
         FROM users u
        WHERE u."isApproved" AND ($1::int[] IS NULL OR u.id = ANY($1::int[]))
        ORDER BY u.id`,
      [ids ?? null],
    );
    return rows.map((row) => ({ ...row, permissions: row.permissions ?? [] }));
  }

  /** Approved administrators (the role or the administrator profile), by id. */
  async approvedAdminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE "isApproved" AND (role = 'admin' OR "accessProfileId" = $1) ORDER BY id`,
      [ADMIN_PROFILE_ID],
    );
    return rows.map((row) => row.id);
  }

  /** The name of the user's access profile, or null. */
  async profileNameOf(userId: number): Promise<string | null> {
    const [row]: { name: string }[] = await this.dataSource.query(
      `SELECT p.name FROM users u JOIN access_profiles p ON p.id = u."accessProfileId" WHERE u.id = $1`,
      [userId],
    );
    return row?.name ?? null;
  }
}
