import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Where the test run's services are; override with TEST_DATABASE_URL / TEST_REDIS_URL. */
export const SERVER_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function newRunId(): string {
  return `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export function databaseUrlFor(name: string): string {
  const url = new URL(SERVER_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a test database on the test server, closing whatever still uses it. */
export async function dropDatabase(name: string): Promise<void> {
  const client = new Client({ connectionString: SERVER_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
