import type { User } from '@wkflow/contracts';
import { hashPassword } from '../../src/platform/crypto/passwords';
import { AccessProfileEntity } from '../../src/users/access-profile.entity';
import { ModulePermissionEntity } from '../../src/users/module-permission.entity';
import { UserEntity } from '../../src/users/user.entity';
import { toUser } from '../../src/users/user.mapper';
import type { FactoryContext } from './context';
import { unique } from './names';

/** The seeded profiles: 1 Administrador, 2 Gerente, 3 Colaborador. */
const ROLE_OF_PROFILE: Record<number, 'admin' | 'manager'> = { 1: 'admin', 2: 'manager' };

export interface NewUserOptions {
  /** Default: 'Test ' and the username (so test users' first names are all 'Test'). */
  name?: string;
  profileId?: number;
  approved?: boolean;
  password?: string;
  role?: 'admin' | 'manager' | 'collaborator';
}

export type NewUser = User & { password: string };

/**
 * A user as approval leaves it (on `profileId`, default Colaborador). A pending one is left as
 * registration leaves it: on Colaborador, with `profileId` as the requested profile (a hint).
 */
export async function newUser(ctx: FactoryContext, options: NewUserOptions = {}): Promise<NewUser> {
  const username = unique('user');
  const password = options.password ?? 'secret123';
  const approved = options.approved ?? true;
  const requested = options.profileId ?? 3;
  const profileId = approved ? requested : 3;
  const role = approved ? (options.role ?? ROLE_OF_PROFILE[profileId] ?? 'collaborator') : 'collaborator';
  const users = ctx.dataSource.getRepository(UserEntity);
  const user = await users.save(
    users.create({
      name: options.name ?? `Test ${username}`,
      username,
      email: `${username}@example.test`,
      passwordHash: await hashPassword(password),
      role,
      accessProfileId: profileId,
      requestedProfileId: approved ? null : requested,
      isApproved: approved,
      approvedAt: approved ? new Date() : null,
    }),
  );
  return { ...toUser(user), ...(approved ? {} : { requestedProfileId: requested }), password };
}

/** Module name → permission ('hidden', 'read', 'view_assigned', 'write', ...), as a profile's screen saves them. */
export type Permissions = Record<string, string>;

/** A new access profile (unique name unless given) holding exactly `permissions`; its id. */
export async function newProfile(
  ctx: FactoryContext,
  permissions: Permissions,
  options: { name?: string; description?: string } = {},
): Promise<number> {
  return ctx.dataSource.transaction(async (db) => {
    const profiles = db.getRepository(AccessProfileEntity);
    const profile = await profiles.save(
      profiles.create({ name: options.name ?? unique('Perfil '), description: options.description ?? 'perfil de teste' }),
    );
    const rows = Object.entries(permissions).map(([module, permission]) => ({ profileId: profile.id, module, permission }));
    if (rows.length) await db.getRepository(ModulePermissionEntity).insert(rows);
    return profile.id;
  });
}

/** The seeded administrator's id. */
export async function adminUserId(ctx: FactoryContext): Promise<number> {
  return (await ctx.dataSource.getRepository(UserEntity).findOneByOrFail({ username: 'admin' })).id;
}
