import Redis from 'ioredis';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import type { OpenApiDocument } from '../utils/openapi-responses';
import { testConfig } from '../utils/test-app';
import { checkRecordedResponses } from './responses';
import { dropDatabase } from './test-env';

/** Checks the run's recorded responses against the OpenAPI document, then drops the run's database and Redis keys. */
export default async function globalTeardown(): Promise<void> {
  let failure: Error | undefined;
  try {
    await checkRecordedResponses(servedDocument);
  } catch (error) {
    failure = error as Error;
  }
  await dropRunData();
  if (failure) throw failure;
}

/** The document the in-process API serves. */
async function servedDocument(): Promise<OpenApiDocument> {
  const app = await createApp(testConfig());
  try {
    return (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body;
  } finally {
    await app.close();
  }
}

async function dropRunData(): Promise<void> {
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
