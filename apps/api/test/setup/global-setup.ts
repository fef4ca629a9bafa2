import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/app-config';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { ensureDatabase } from '../../src/platform/database/ensure-database';
import { seedBase } from '../../src/platform/database/seeds/base.seed';
import { startRecording } from './responses';
import { databaseUrlFor, newRunId, TEST_REDIS_URL } from './test-env';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/** One fresh database and Redis prefix per run, migrated and seeded like production. */
export default async function globalSetup(): Promise<void> {
  const runId = newRunId();
  const databaseUrl = databaseUrlFor(`wkflow_test_${runId}`);
  process.env.WKFLOW_TEST_DATABASE_URL = databaseUrl;
  process.env.WKFLOW_TEST_REDIS_PREFIX = `wkflow_test_${runId}`;
  process.env.WKFLOW_TEST_REDIS_URL = TEST_REDIS_URL;
  startRecording(runId);

  await ensureDatabase(databaseUrl);
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  await dataSource.runMigrations();
  await seedBase(dataSource, loadConfig({ DATABASE_URL: databaseUrl, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }));
  await dataSource.destroy();
}
