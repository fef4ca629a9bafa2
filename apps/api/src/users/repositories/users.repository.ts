import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ADMIN_PROFILE_ID, type PendingUser, type PermissionSubject, type UserRole } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import { UserEntity } from '../user.entity';

const USER_COLUMNS = `id, name, username, email, role, "accessProfileId", "isApproved", "createdAt"`;

/** A user as the API shows him (toUser), read without the password hash. */
export type UserRow = Pick<UserEntity, 'id' | 'name' | 'username' | 'email' | 'role' | 'accessProfileId' | 'isApproved' | 'createdAt'>;
export type PendingUserRow = UserRow &
  Pick<PendingUser, 'accessProfileName' | 'requestedProfileId' | 'requestedProfileName' | 'usernameTaken'>;
export type Permission = PermissionSubject['permissions'][number];

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

/** The fields an edit writes. */
export interface UserFields {
  name: string;
  email: string;
  username: string;
  accessProfileId: number;
  role: UserRole;
}

/** Every query of the users table (access profiles and their permissions: AccessProfilesRepository). */
@Injectable()
export class UsersRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** Every permission row of every profile, with its profile's id. */
  allPermissions(): Promise<({ profileId: number } & Permission)[]> {
    return this.dataSource.query(`SELECT "profileId", module, permission, "additionalData" FROM module_permissions ORDER BY id`);
  }

  /** The permissions of one profile. */
  permissionsOf(db: Db, profileId: number): Promise<Permission[]> {
    return db.query(`SELECT module, permission, "additionalData" FROM module_permissions WHERE "profileId" = $1`, [profileId]);
  }

  async profileExists(profileId: number, db: Db = this.dataSource): Promise<boolean> {
    const [profile] = await db.query(`SELECT id FROM access_profiles WHERE id = $1`, [profileId]);
    return Boolean(profile);
  }

  refsByIds(ids: number[], db: Db = this.dataSource): Promise<UserRef[]> {
    return db.query(`SELECT id, name, username FROM users WHERE id = ANY($1::int[])`, [ids]);
  }

  async nameOf(id: number, approvedOnly: boolean, db: Db = this.dataSource): Promise<string | null> {
    const [row]: { name: string }[] = await db.query(`SELECT name FROM users WHERE id = $1 ${approvedOnly ? 'AND "isApproved"' : ''}`, [
      id,
    ]);
    return row?.name ?? null;
  }

  async approvedIds(ids: number[], db: Db = this.dataSource): Promise<number[]> {
    const rows: { id: number }[] = await db.query(`SELECT id FROM users WHERE id = ANY($1::int[]) AND "isApproved"`, [ids]);
    return rows.map((row) => row.id);
  }

  approvedRefs(): Promise<UserRef[]> {
    return this.dataSource.query(`SELECT id, name, username FROM users WHERE "isApproved" ORDER BY id`);
  }

  approvedContacts(ids: number[], db: Db = this.dataSource): Promise<UserContact[]> {
    return db.query(`SELECT id, name, email FROM users WHERE id = ANY($1::int[]) AND "isApproved" ORDER BY id`, [ids]);
  }

  /** The approved users (all, or those of `ids`) with their profile ids. */
  approvedProfiles(ids: number[] | null): Promise<{ id: number; accessProfileId: number }[]> {
    return this.dataSource.query(
      `SELECT id, "accessProfileId" FROM users WHERE "isApproved" AND ($1::int[] IS NULL OR id = ANY($1::int[])) ORDER BY id`,
      [ids],
    );
  }

  /** The users among `ids`, approved or not, with their contacts and profile ids. */
  contactsWithProfiles(ids: number[]): Promise<(UserContact & { accessProfileId: number; isApproved: boolean })[]> {
    return this.dataSource.query(
      `SELECT id, name, email, "accessProfileId", "isApproved" FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
      [ids],
    );
  }

  /** Approved administrators (the role or the administrator profile), by id. */
  async approvedAdminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE "isApproved" AND (role = 'admin' OR "accessProfileId" = $1) ORDER BY id`,
      [ADMIN_PROFILE_ID],
    );
    return rows.map((row) => row.id);
  }

  async requestedProfileNameOf(userId: number): Promise<string | null> {
    const [row]: { name: string }[] = await this.dataSource.query(
      `SELECT p.name FROM users u JOIN access_profiles p ON p.id = u."requestedProfileId" WHERE u.id = $1`,
      [userId],
    );
    return row?.name ?? null;
  }

  /** The team by name: approved users, or every account. */
  list(includePending: boolean): Promise<UserRow[]> {
    return this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users ${includePending ? '' : 'WHERE "isApproved"'} ORDER BY name, id`);
  }

  /**
   * Registrations waiting for approval, oldest first, with the profile each holds, the one it asked
   * for, and whether an approved account already has its username.
   */
  pending(): Promise<PendingUserRow[]> {
    return this.dataSource.query(
      `SELECT u.id, u.name, u.username, u.email, u.role, u."accessProfileId", u."isApproved", u."createdAt",
              p.name AS "accessProfileName", u."requestedProfileId", r.name AS "requestedProfileName",
              EXISTS (SELECT 1 FROM users o WHERE o."isApproved" AND lower(o.username) = lower(u.username)) AS "usernameTaken"
         FROM users u JOIN access_profiles p ON p.id = u."accessProfileId" LEFT JOIN access_profiles r ON r.id = u."requestedProfileId"
        WHERE NOT u."isApproved" ORDER BY u."createdAt", u.id`,
    );
  }

  async find(id: number): Promise<(UserRow & { requestedProfileId: number | null }) | undefined> {
    const [row]: (UserRow & { requestedProfileId: number | null })[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, "requestedProfileId" FROM users WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** A user created approved by `approvedById` (null: by the installation). */
  async insertApproved(
    user: UserFields & { passwordHash: string; approvedById: number | null },
    db: Db = this.dataSource,
  ): Promise<UserRow> {
    const [row]: UserRow[] = await db.query(
      `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved", "approvedAt", "approvedById")
       VALUES ($1, $2, $3, $4, $5, $6, true, now(), $7) RETURNING ${USER_COLUMNS}`,
      [user.name, user.username, user.email, user.passwordHash, user.role, user.accessProfileId, user.approvedById],
    );
    return row;
  }

  /** The account, locked for the rest of the transaction. */
  async forUpdate(
    db: Db,
    id: number,
  ): Promise<
    | (Pick<UserEntity, 'id' | 'username' | 'email' | 'name' | 'accessProfileId' | 'isApproved'> & { requestedProfileId: number | null })
    | undefined
  > {
    const [row] = await db.query(
      `SELECT id, username, email, name, "accessProfileId", "requestedProfileId", "isApproved" FROM users WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  /** Serialises administrator demotions for the rest of the transaction (an advisory lock, not row locks). */
  async lockDemotions(db: Db, lockName: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [lockName]);
  }

  async approvedCountOnProfile(db: Db, profileId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM users WHERE "accessProfileId" = $1 AND "isApproved"`, [
      profileId,
    ]);
    return n;
  }

  async update(db: Db, id: number, fields: UserFields): Promise<UserRow> {
    const [[row]]: [UserRow[], number] = await db.query(
      `UPDATE users SET name = $2, email = $3, username = $4, "accessProfileId" = $5, role = $6, "updatedAt" = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, fields.name, fields.email, fields.username, fields.accessProfileId, fields.role],
    );
    return row;
  }

  /** The account's profile and the one it asked for; undefined: no such account. */
  async profilesOf(id: number): Promise<{ accessProfileId: number; requestedProfileId: number | null } | undefined> {
    const [row]: { accessProfileId: number; requestedProfileId: number | null }[] = await this.dataSource.query(
      `SELECT "accessProfileId", "requestedProfileId" FROM users WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** False when there is no such account. */
  async setPasswordHash(id: number, passwordHash: string): Promise<boolean> {
    const [rows]: [{ id: number }[], number] = await this.dataSource.query(
      `UPDATE users SET "passwordHash" = $2, "updatedAt" = now() WHERE id = $1 RETURNING id`,
      [id, passwordHash],
    );
    return rows.length > 0;
  }

  /** Approves a pending account with this profile and role; undefined when it is not pending (or gone). */
  async approve(
    db: Db,
    id: number,
    approval: { approvedById: number; accessProfileId: number; role: UserRole },
  ): Promise<UserRow | undefined> {
    const [[row]]: [UserRow[], number] = await db.query(
      `UPDATE users SET "isApproved" = true, "approvedAt" = now(), "approvedById" = $2, "accessProfileId" = $3, role = $4, "updatedAt" = now()
        WHERE id = $1 AND NOT "isApproved" RETURNING ${USER_COLUMNS}`,
      [id, approval.approvedById, approval.accessProfileId, approval.role],
    );
    return row;
  }

  async exists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM users WHERE id = $1`, [id]);
    return Boolean(row);
  }

  async remove(db: Db, id: number): Promise<void> {
    await db.query(`DELETE FROM users WHERE id = $1`, [id]);
  }

  private entities(db: Db = this.dataSource) {
    return db.getRepository(UserEntity);
  }

  /** Accounts (not `exceptUserId`) whose username or e-mail is one of these, case-insensitive. */
  identityClashes(
    username: string | undefined,
    email: string | undefined,
    exceptUserId?: number,
  ): Promise<Pick<UserEntity, 'id' | 'username' | 'email'>[]> {
    const query = this.entities().createQueryBuilder('u').select(['u.id', 'u.username', 'u.email']);
    const conditions: string[] = [];
    if (username !== undefined) conditions.push('lower(u.username) = lower(:username)');
    if (email !== undefined) conditions.push('lower(u.email) = lower(:email)');
    if (!conditions.length) return Promise.resolve([]);
    query.where(`(${conditions.join(' OR ')})`, { username, email });
    if (exceptUserId !== undefined) query.andWhere('u.id <> :exceptUserId', { exceptUserId });
    return query.getMany();
  }

  emailTaken(email: string): Promise<boolean> {
    return this.entities().createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  /** The account with this e-mail (case-insensitive); with its password hash when asked. */
  findByEmail(email: string, withPassword = false): Promise<UserEntity | null> {
    const query = this.entities().createQueryBuilder('u');
    if (withPassword) query.addSelect('u.passwordHash');
    return query.where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findWithPasswordById(id: number): Promise<UserEntity | null> {
    return this.entities().createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  findEntity(id: number): Promise<UserEntity | null> {
    return this.entities().findOneBy({ id });
  }

  /** A registration waiting for approval; its id. */
  async insertPending(
    user: Pick<UserEntity, 'name' | 'username' | 'email' | 'passwordHash' | 'role' | 'accessProfileId' | 'requestedProfileId'>,
    db?: Db,
  ): Promise<number> {
    const inserted = await this.entities(db).insert({ ...user, isApproved: false });
    return inserted.identifiers[0].id as number;
  }

  async updateContact(id: number, profile: { name: string; email: string }): Promise<void> {
    await this.entities().update({ id }, profile);
  }

  /** In the caller's transaction when given. */
  async writePasswordHash(id: number, passwordHash: string, db?: Db): Promise<void> {
    await this.entities(db).update({ id }, { passwordHash });
  }

  async isApproved(id: number, db?: Db): Promise<boolean> {
    const user = await this.entities(db).findOne({ where: { id }, select: { id: true, isApproved: true } });
    return user?.isApproved ?? false;
  }

  /**
   * An account, unless one has its username or e-mail (case-insensitive); approved at once, or
   * pending with its profile as the requested one (a hint: Colaborador meanwhile).
   */
  async insertUnlessTaken(db: Db, user: UserFields & { passwordHash: string; approved: boolean }): Promise<void> {
    await db.query(
      `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "requestedProfileId", "isApproved", "approvedAt")
       SELECT $1::varchar, $2::varchar, $3::varchar, $4::varchar, CASE WHEN $7::boolean THEN $5::varchar ELSE 'collaborator' END,
              CASE WHEN $7::boolean THEN $6::int ELSE 3 END, CASE WHEN $7::boolean THEN NULL ELSE $6::int END, $7::boolean, CASE WHEN $7::boolean THEN now() END
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2::varchar) OR lower(email) = lower($3::varchar))`,
      [user.name, user.username, user.email, user.passwordHash, user.role, user.accessProfileId, user.approved],
    );
  }

  async usernameExists(db: Db, username: string): Promise<boolean> {
    const [row] = await db.query(`SELECT id FROM users WHERE lower(username) = lower($1)`, [username]);
    return Boolean(row);
  }

  /** Whether the user's access profile requires a second factor. */
  async requiresTwoFactor(userId: number): Promise<boolean> {
    const [row]: { required: boolean }[] = await this.dataSource.query(
      `SELECT p."requireTwoFactor" AS required FROM users u JOIN access_profiles p ON p.id = u."accessProfileId" WHERE u.id = $1`,
      [userId],
    );
    return row?.required ?? false;
  }
}
