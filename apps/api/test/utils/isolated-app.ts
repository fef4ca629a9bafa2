import { databaseUrlFor, dropDatabase, newRunId } from '../setup/test-env';
import { prepareDatabase } from './processes';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestContext } from './test-app';

/**
 * An app on a database and Redis prefix of its own (migrated and seeded like production), for
 * suites whose figures are over the whole team and must not see other suites' rows.
 */
export async function startIsolatedApp(label: string): Promise<TestContext & { stop: () => Promise<void> }> {
  const name = `wkflow_test_${label}_${newRunId()}`;
  const databaseUrl = databaseUrlFor(name);
  await prepareDatabase(databaseUrl, TEST_ADMIN_PASSWORD);
  const ctx = await startTestApp({ DATABASE_URL: databaseUrl, REDIS_PREFIX: `${process.env.WKFLOW_TEST_REDIS_PREFIX}:${label}` });
  const stop = async () => {
    await ctx.app.close();
    await dropDatabase(name);
  };
  return { ...ctx, stop };
}
