import 'reflect-metadata';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { seedChatDemo } from '../../chat/chat.seed';
import { seedClientsDemo } from '../../clients/clients.seed';
import { loadConfig } from '../config/app-config';
import { seedNotificationsDemo } from '../../notifications/notifications.seed';
import { seedOnboardingDemo } from '../../onboarding/onboarding.seed';
import { seedTasksDemo } from '../../tasks/tasks.seed';
import { dataSourceOptions } from './data-source-options';
import { seedBase } from './seeds/base.seed';
import { seedDemo } from './seeds/demo.seed';

/** `npm run db:seed [-- --demo]`: default profiles and admin; with --demo, a demo agency. */
async function main(): Promise<void> {
  const config = loadConfig();
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  const { generatedAdminPassword } = await seedBase(dataSource, config);
  if (generatedAdminPassword) {
    // Never in the log: a file only the API's user can read, next to the uploads.
    const file = join(dirname(resolve(config.uploadDir)), 'admin-password');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${generatedAdminPassword}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    console.log(`Administrador criado: e-mail ${config.adminEmail}; a senha gerada está em ${file} (guarde-a e apague o arquivo)`);
  }
  if (process.argv.includes('--demo')) {
    await seedDemo(dataSource);
    await seedClientsDemo(dataSource, config.credentialsKey);
    await seedTasksDemo(dataSource);
    await seedOnboardingDemo(dataSource);
    await seedChatDemo(dataSource);
    await seedNotificationsDemo(dataSource);
    console.log('Dados de demonstração prontos (usuários maria, carlos, joao, ana; pedro aguarda aprovação; a senha está no README)');
  }
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
