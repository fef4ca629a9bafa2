import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_PROFILE_ID, type PermissionSubject } from '@wkflow/contracts';
import { SESSION_CHANNEL } from '../platform/access/session-access';
import { ChangeListener } from '../platform/database/change-listener';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';

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

/** A user with his contact, whether he is approved, and his profile's permissions (who to tell, and how to name him). */
export interface UserContactAccess extends UserContact, UserAccess {
  isApproved: boolean;
}

/**
 * What other modules may know about users, in one query per call whatever the number of ids
 * (the users module alone reads its tables: docs/decisions.md, "Module boundaries").
 */
@Injectable()
export class UserDirectory implements OnModuleInit, OnModuleDestroy {
  /**
   * Each access profile's permissions, for approvedAccess() (every board, chat and timer event
   * asks who may see it). Kept while this process listens to the database's change channel: the
   * statement triggers on access_profiles and module_permissions notify '*' on every change.
   */
  private profiles: Map<number, UserAccess['permissions']> | null = null;
  /** Raised by every change: a load that started before one is not kept. */
  private generation = 0;
  private readonly listener: ChangeListener;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.listener = new ChangeListener(
      config.databaseUrl,
      SESSION_CHANNEL,
      (payload) => {
        if (payload === '*') this.forgetProfiles();
      },
      () => this.forgetProfiles(),
    );
  }

  @OnAppEvent('AccessChanged')
  onAccessChanged({ scope }: AppEventMap['AccessChanged']): void {
    if (scope === 'everyone') this.forgetProfiles();
  }

  async onModuleInit(): Promise<void> {
    await this.listener.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.close();
  }

  private forgetProfiles(): void {
    this.generation++;
    this.profiles = null;
  }

  /** Profile id → its permissions: from memory once every change committed before the call has been heard, else one query. */
  private async profilePermissions(): Promise<Map<number, UserAccess['permissions']>> {
    if (this.profiles && (await this.listener.sync()) && this.profiles) return this.profiles;
    const generation = this.generation;
    const rows: ({ profileId: number } & UserAccess['permissions'][number])[] = await this.dataSource.query(
      `SELECT "profileId", module, permission, "additionalData" FROM module_permissions ORDER BY id`,
    );
    const profiles = new Map<number, UserAccess['permissions'][number][]>();
    for (const { profileId, ...permission } of rows) {
      const list = profiles.get(profileId) ?? [];
      list.push(Object.freeze(permission));
      profiles.set(profileId, list);
    }
    if ((await this.listener.sync()) && generation === this.generation) this.profiles = profiles;
    return profiles;
  }

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

  /** The approved users among `ids`, with their names and e-mails. */
  approvedContacts(ids: number[], db: Db = this.dataSource): Promise<UserContact[]> {
    return db.query(`SELECT id, name, email FROM users WHERE id = ANY($1::int[]) AND "isApproved" ORDER BY id`, [ids]);
  }

  /** Every approved user with his profile's permissions (all of them, or those of these ids). */
  async approvedAccess(ids?: number[]): Promise<UserAccess[]> {
    if (ids && !ids.length) return [];
    return this.withPermissions(
      this.dataSource.query(
        `SELECT id, "accessProfileId" FROM users WHERE "isApproved" AND ($1::int[] IS NULL OR id = ANY($1::int[])) ORDER BY id`,
        [ids ?? null],
      ) as Promise<Omit<UserAccess, 'permissions'>[]>,
    );
  }

  /**
   * The users among `ids`, approved or not, with their contacts and permissions, in one query: an
   * event's actor (named even when no longer approved) and the approved users it is told to.
   */
  async contactsWithAccess(ids: number[]): Promise<UserContactAccess[]> {
    if (!ids.length) return [];
    return this.withPermissions(
      this.dataSource.query(`SELECT id, name, email, "accessProfileId", "isApproved" FROM users WHERE id = ANY($1::int[]) ORDER BY id`, [
        [...new Set(ids)],
      ]) as Promise<Omit<UserContactAccess, 'permissions'>[]>,
    );
  }

  /** Users read by `rows`, each with his profile's permissions (read alongside, or from memory). */
  private async withPermissions<T extends { accessProfileId: number }>(
    rows: Promise<T[]>,
  ): Promise<(T & Pick<UserAccess, 'permissions'>)[]> {
    const [users, profiles] = await Promise.all([rows, this.profilePermissions()]);
    return users.map((user) => ({ ...user, permissions: profiles.get(user.accessProfileId) ?? [] }));
  }

  /** Approved administrators (the role or the administrator profile), by id. */
  async approvedAdminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE "isApproved" AND (role = 'admin' OR "accessProfileId" = $1) ORDER BY id`,
      [ADMIN_PROFILE_ID],
    );
    return rows.map((row) => row.id);
  }

  /** The name of the profile a registration asked for (a hint; the account holds Colaborador). */
  async requestedProfileNameOf(userId: number): Promise<string | null> {
    const [row]: { name: string }[] = await this.dataSource.query(
      `SELECT p.name FROM users u JOIN access_profiles p ON p.id = u."requestedProfileId" WHERE u.id = $1`,
      [userId],
    );
    return row?.name ?? null;
  }
}
