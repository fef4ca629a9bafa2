import { databaseUrlFor, dropDatabase, newRunId } from '../setup/test-env';
import { prepareDatabase } from './processes';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestContext } from './test-app';

/** A database of its own (migrated and seeded like production) and a Redis prefix, with the means to drop it. */
export async function isolatedDatabase(label: string) {
  const id = `${label}_${newRunId()}`;
  const name = `wkflow_test_${id}`;
  const databaseUrl = databaseUrlFor(name);
  await prepareDatabase(databaseUrl, TEST_ADMIN_PASSWORD);
  const redisPrefix = `${process.env.WKFLOW_TEST_REDIS_PREFIX}:${id}`;
  return {
    databaseUrl,
    redisPrefix,
    /** The settings that put an app on this database and prefix. */
    env: { DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix },
    drop: () => dropDatabase(name),
  };
}

/**
 * An app on a database and Redis prefix of its own, for suites whose figures are over the whole
 * team, or whose processes work through whole tables (an outbox), and must not see other suites' rows.
 */
export type IsolatedApp = TestContext & { stop: () => Promise<void> };

export async function startIsolatedApp(label: string, env: Record<string, string> = {}): Promise<IsolatedApp> {
  const database = await isolatedDatabase(label);
  const ctx = await startTestApp({ ...database.env, ...env });
  const stop = async () => {
    await ctx.app.close();
    await database.drop();
  };
  return { ...ctx, stop };
}
