import Redis from 'ioredis';
import { Client } from 'pg';
import { SERVER_DATABASE_URL } from './test-env';

/** Drops the run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const databaseUrl = process.env.WKFLOW_TEST_DATABASE_URL;
  if (databaseUrl && !process.env.KEEP_TEST_DB) {
    const name = new URL(databaseUrl).pathname.slice(1);
    const client = new Client({ connectionString: SERVER_DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
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
