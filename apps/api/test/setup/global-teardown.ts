import Redis from 'ioredis';
import { dropDatabase } from './test-env';

/** Drops the run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const databaseUrl = process.env.WKFLOW_TEST_DATABASE_URL;
  if (databaseUrl && !process.env.KEEP_TEST_DB) {
    await dropDatabase(new URL(databaseUrl).pathname.slice(1));
  }
  const prefix = process.env.WKFLOW_TEST_REDIS_PREFIX;
  const redisUrl = process.env.WKFLOW_TEST_REDIS_URL;
  if (prefix && redisUrl) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}
