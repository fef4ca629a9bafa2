import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { seedChatDemo } from '../chat/chat.seed';
import { seedClientsDemo } from '../clients/clients.seed';
import { loadConfig } from '../config/app-config';
import { seedOnboardingDemo } from '../onboarding/onboarding.seed';
import { seedTasksDemo } from '../tasks/tasks.seed';
import { dataSourceOptions } from './data-source-options';
import { seedBase } from './seeds/base.seed';
import { DEMO_PASSWORD, seedDemo } from './seeds/demo.seed';

/** `npm run db:seed [-- --demo]`: default profiles and admin; with --demo, a demo agency. */
async function main(): Promise<void> {
  const config = loadConfig();
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  const { generatedAdminPassword } = await seedBase(dataSource, config);
  if (generatedAdminPassword) {
    console.log(
      `Administrador criado: e-mail ${config.adminEmail}, senha ${generatedAdminPassword} (guarde-a; ela não será mostrada de novo)`,
    );
  }
  if (process.argv.includes('--demo')) {
    await seedDemo(dataSource);
    await seedClientsDemo(dataSource, config.credentialsKey);
    await seedTasksDemo(dataSource);
    await seedOnboardingDemo(dataSource);
    await seedChatDemo(dataSource);
    console.log(`Dados de demonstração prontos (usuários maria, carlos, joao, ana com a senha ${DEMO_PASSWORD}; pedro aguarda aprovação)`);
  }
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
