import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ModuleName, PermissionLevel, TaskPermissionData } from '@wkflow/contracts';
import { hashPassword } from '../../crypto/passwords';
import { seedBoardColumns } from '../../../tasks/tasks.seed';
import { seedLearningCatalogue } from '../../../learning/learning.seed';
import { seedThemeCatalogue } from '../../../themes/themes.seed';
import type { AppConfig } from '../../config/app-config';
import { AccessProfilesRepository } from '../../../users/repositories/access-profiles.repository';
import { UsersRepository } from '../../../users/repositories/users.repository';

type SeedPermission = [ModuleName, PermissionLevel, TaskPermissionData?];

export const DEFAULT_PROFILES = [
  { id: 1, name: 'Administrador', description: 'Acesso total a todos os módulos' },
  { id: 2, name: 'Gerente', description: 'Gerencia tarefas, clientes e equipe' },
  { id: 3, name: 'Colaborador', description: 'Trabalha nas tarefas atribuídas a ele' },
];

/** Profile 1 needs no rows: it has full access by rule. */
export const DEFAULT_PERMISSIONS: Record<number, SeedPermission[]> = {
  2: [
    ['wkflow', 'write'],
    ['clients', 'write'],
    ['client_credentials', 'write'],
    ['tasks', 'write', { editAllTasks: true }],
    ['time_tracking', 'write'],
    ['team_statistics', 'read'],
    ['users', 'read'],
    ['user_management', 'read'],
    ['chat', 'write'],
    ['analytics', 'read'],
  ],
  3: [
    ['wkflow', 'read'],
    ['clients', 'read'],
    ['client_credentials', 'read'],
    ['tasks', 'edit_assigned'],
    ['time_tracking', 'own_only'],
    ['team_statistics', 'hidden'],
    ['users', 'hidden'],
    ['user_management', 'hidden'],
    ['chat', 'write'],
    ['analytics', 'hidden'],
  ],
};

/**
 * Default profiles, their permissions and the first administrator. Idempotent: only what is
 * missing is written, so an admin's later changes survive a re-run. Returns the admin password
 * when it had to be generated.
 */
export async function seedBase(dataSource: DataSource, config: AppConfig): Promise<{ generatedAdminPassword: string | null }> {
  await seedBoardColumns(dataSource);
  await seedLearningCatalogue(dataSource);
  await seedThemeCatalogue(dataSource);
  const profiles = new AccessProfilesRepository(dataSource);
  const users = new UsersRepository(dataSource);
  return profiles.transaction(async (db) => {
    for (const profile of DEFAULT_PROFILES) await profiles.ensureDefault(db, profile);
    for (const [profileId, permissions] of Object.entries(DEFAULT_PERMISSIONS)) {
      if ((await profiles.permissionCount(db, Number(profileId))) > 0) continue; // the profile was seeded (and maybe edited) before
      const entries = permissions.map(([module, permission, additionalData]) => ({
        module,
        permission,
        ...(additionalData && { additionalData }),
      }));
      await profiles.replacePermissions(db, Number(profileId), entries);
    }

    if (await users.usernameExists(db, 'admin')) return { generatedAdminPassword: null };
    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    await users.insertApproved(
      {
        name: 'Administrador',
        username: 'admin',
        email: config.adminEmail,
        passwordHash: await hashPassword(password),
        role: 'admin',
        accessProfileId: 1,
        approvedById: null,
      },
      db,
    );
    return { generatedAdminPassword: config.adminPassword ? null : password };
  });
}
