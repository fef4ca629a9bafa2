import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ModuleName, PermissionLevel, TaskPermissionData } from '@wkflow/contracts';
import { hashPassword } from '../../crypto/passwords';
import { seedBoardColumns } from '../../../tasks/tasks.seed';
import { seedLearningCatalogue } from '../../../learning/learning.seed';
import { seedThemeCatalogue } from '../../../themes/themes.seed';
import type { AppConfig } from '../../config/app-config';

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
  return dataSource.transaction(async (db) => {
    for (const profile of DEFAULT_PROFILES) {
      await db.query(
        `INSERT INTO access_profiles (id, name, description, "isDefault") VALUES ($1, $2, $3, true) ON CONFLICT (id) DO NOTHING`,
        [profile.id, profile.name, profile.description],
      );
    }
    await db.query(`SELECT setval(pg_get_serial_sequence('access_profiles', 'id'), GREATEST((SELECT MAX(id) FROM access_profiles), 3))`);

    for (const [profileId, permissions] of Object.entries(DEFAULT_PERMISSIONS)) {
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM module_permissions WHERE "profileId" = $1`, [profileId]);
      if (count > 0) continue; // the profile was seeded (and maybe edited) before
      for (const [module, permission, additionalData] of permissions) {
        await db.query(`INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4)`, [
          profileId,
          module,
          permission,
          additionalData ? JSON.stringify(additionalData) : null,
        ]);
      }
    }

    const [existing] = await db.query(`SELECT id FROM users WHERE lower(username) = 'admin'`);
    if (existing) return { generatedAdminPassword: null };
    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    await db.query(
      `INSERT INTO users (name, username, email, "passwordHash", role, "accessProfileId", "isApproved", "approvedAt")
       VALUES ('Administrador', 'admin', $1, $2, 'admin', 1, true, now())`,
      [config.adminEmail, await hashPassword(password)],
    );
    return { generatedAdminPassword: config.adminPassword ? null : password };
  });
}
