import type { DataSource } from 'typeorm';
import type { PermissionEntry } from '@wkflow/contracts';
import { AccessProfilesRepository } from './repositories/access-profiles.repository';

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
  const profiles = new AccessProfilesRepository(dataSource);
  await profiles.transaction(async (db) => {
    if (await profiles.nameTaken(DEMO_PROFILE.name, null, db)) return;
    const { id } = await profiles.insert(DEMO_PROFILE, db);
    await profiles.replacePermissions(db, id, DEMO_PROFILE.permissions);
  });
}
