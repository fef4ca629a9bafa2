import type { DataSource } from 'typeorm';
import type { PermissionEntry } from '@wkflow/contracts';

/** A custom profile, so the profiles screen shows one beside the three defaults. */
const DEMO_PROFILE = {
  name: 'Atendimento',
  description: 'Atende clientes: vê clientes e tarefas atribuídas, conversa no chat',
  permissions: [
    { module: 'wkflow', permission: 'read' },
    { module: 'clients', permission: 'write' },
    { module: 'client_credentials', permission: 'write' },
    { module: 'tasks', permission: 'view_assigned', additionalData: { taskScope: 'view_assigned_only' } },
    { module: 'time_tracking', permission: 'own_only' },
    { module: 'team_statistics', permission: 'hidden' },
    { module: 'users', permission: 'hidden' },
    { module: 'user_management', permission: 'hidden' },
    { module: 'chat', permission: 'write' },
    { module: 'analytics', permission: 'hidden' },
  ] satisfies PermissionEntry[],
};

/** Demo data of the users domain (the demo users themselves come from seeds/demo.seed.ts). Idempotent. */
export async function seedUsersDemo(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (db) => {
    const [existing] = await db.query(`SELECT id FROM access_profiles WHERE lower(name) = lower($1)`, [DEMO_PROFILE.name]);
    if (existing) return;
    const [{ id }] = await db.query(`INSERT INTO access_profiles (name, description, "isDefault") VALUES ($1, $2, false) RETURNING id`, [
      DEMO_PROFILE.name,
      DEMO_PROFILE.description,
    ]);
    for (const p of DEMO_PROFILE.permissions) {
      await db.query(`INSERT INTO module_permissions ("profileId", module, permission, "additionalData") VALUES ($1, $2, $3, $4)`, [
        id,
        p.module,
        p.permission,
        'additionalData' in p ? JSON.stringify(p.additionalData) : null,
      ]);
    }
  });
}
