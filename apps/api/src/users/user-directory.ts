import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { PermissionSubject } from '@wkflow/contracts';
import { SESSION_CHANNEL } from '../platform/access/session-access';
import { ChangeListener } from '../platform/database/change-listener';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { type AppEventMap, OnAppEvent } from '../platform/events/app-events';
import { type UserContact, type UserRef, UsersRepository } from './repositories/users.repository';

/** A transaction's manager to read inside it, or the data source. */
type Db = EntityManager | DataSource;

export type { UserContact, UserRef };

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
    private readonly users: UsersRepository,
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
    const rows = await this.users.allPermissions();
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
  async refsByIds(ids: Iterable<number | null | undefined>, db?: Db): Promise<Map<number, UserRef>> {
    const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
    if (!unique.length) return new Map();
    const rows = await this.users.refsByIds(unique, db);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** id → name, as refsByIds. */
  async namesByIds(ids: Iterable<number | null | undefined>, db?: Db): Promise<Map<number, string>> {
    const refs = await this.refsByIds(ids, db);
    return new Map([...refs].map(([id, ref]) => [id, ref.name]));
  }

  /** The name of a user, or null when there is none (approvedOnly: none when pending either). */
  nameOf(id: number, approvedOnly = false, db?: Db): Promise<string | null> {
    return this.users.nameOf(id, approvedOnly, db);
  }

  /** Which of these ids are approved users. */
  /** Whether the user's access profile requires a second factor ('Exigir verificação em duas etapas'). */
  requiresTwoFactor(userId: number): Promise<boolean> {
    return this.users.requiresTwoFactor(userId);
  }

  async approvedIds(ids: number[], db?: Db): Promise<number[]> {
    if (!ids.length) return [];
    return this.users.approvedIds(ids, db);
  }

  /** The approved team, by id. */
  approvedRefs(): Promise<UserRef[]> {
    return this.users.approvedRefs();
  }

  /** The approved users among `ids`, with their names and e-mails. */
  approvedContacts(ids: number[], db?: Db): Promise<UserContact[]> {
    return this.users.approvedContacts(ids, db);
  }

  /** Every approved user with his profile's permissions (all of them, or those of these ids). */
  async approvedAccess(ids?: number[]): Promise<UserAccess[]> {
    if (ids && !ids.length) return [];
    return this.withPermissions(this.users.approvedProfiles(ids ?? null));
  }

  /**
   * The users among `ids`, approved or not, with their contacts and permissions, in one query: an
   * event's actor (named even when no longer approved) and the approved users it is told to.
   */
  async contactsWithAccess(ids: number[]): Promise<UserContactAccess[]> {
    if (!ids.length) return [];
    return this.withPermissions(this.users.contactsWithProfiles([...new Set(ids)]));
  }

  /** Users read by `rows`, each with his profile's permissions (read alongside, or from memory). */
  private async withPermissions<T extends { accessProfileId: number }>(
    rows: Promise<T[]>,
  ): Promise<(T & Pick<UserAccess, 'permissions'>)[]> {
    const [users, profiles] = await Promise.all([rows, this.profilePermissions()]);
    return users.map((user) => ({ ...user, permissions: profiles.get(user.accessProfileId) ?? [] }));
  }

  /** Approved administrators (the role or the administrator profile), by id. */
  approvedAdminIds(): Promise<number[]> {
    return this.users.approvedAdminIds();
  }

  /** The name of the profile a registration asked for (a hint; the account holds Colaborador). */
  requestedProfileNameOf(userId: number): Promise<string | null> {
    return this.users.requestedProfileNameOf(userId);
  }
}
