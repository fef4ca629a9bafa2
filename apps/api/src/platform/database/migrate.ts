import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { ensureDatabase } from './ensure-database';

/** `npm run db:migrate`: create the database if missing and apply pending migrations. */
async function main(): Promise<void> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  const applied = await dataSource.runMigrations();
  console.log(applied.length ? `Applied migrations: ${applied.map((m) => m.name).join(', ')}` : 'Database schema is up to date');
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
