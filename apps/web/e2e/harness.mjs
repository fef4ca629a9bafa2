// Browser-test harness: a fresh database and Redis prefix, the real API serving the built SPA,
// and Debian's Chromium driven by playwright-core. Each test file starts one with startProduct().
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { freePort } from '../../../scripts/free-port.cjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const api = join(root, 'apps/api/dist');
export const ADMIN = { email: 'admin@wkflow.local', password: 'admin-e2e-password' };
export const DEMO_PASSWORD = 'wkflow123';
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOTS ?? join(root, 'test-results');

function run(script, env, args = []) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [join(api, script), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => (code === 0 ? resolveRun(output) : reject(new Error(`${script} failed (${code}):\n${output}`))));
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`API exited early:\n${server.output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API did not become healthy:\n${server.output}`);
}

/**
 * Starts the product on its own database. `demo: true` also seeds the demo agency
 * (users maria, carlos, joao, ana with DEMO_PASSWORD; pedro pending). `env` is extra environment,
 * or a function of `{ baseUrl }` returning it (e.g. WEB_URL, known only once the port is chosen).
 */
export async function startProduct({ demo = true, env: extraEnv = {} } = {}) {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseName = `wkflow_e2e_${runId}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `wkflow_e2e_${runId}`,
    SESSION_SECRET: 'e2e-session-secret-0123456789',
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: join(root, 'apps/web/dist'),
    UPLOAD_DIR: join(root, '.data', `e2e-${runId}`),
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    ...(typeof extraEnv === 'function' ? extraEnv({ baseUrl }) : extraEnv),
  };
  await run('platform/database/migrate.js', env);
  await run('platform/database/seed-cli.js', env, demo ? ['--demo'] : []);

  const startServer = async (serverEnv, url) => {
    const child = spawn(process.execPath, [join(api, 'main.js')], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.output = '';
    child.stdout.on('data', (d) => (child.output += d));
    child.stderr.on('data', (d) => (child.output += d));
    await waitForHealth(url, child);
    return child;
  };
  const stopServer = async (child) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const server = await startServer(env, baseUrl);
  const replicas = [];

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  const product = {
    baseUrl,
    databaseUrl: databaseUrl.toString(),
    browser,
    server,
    /**
     * A second API process on the same database and Redis (another replica, its own port): its
     * `baseUrl` for newPage. Stopped with the product.
     */
    async startReplica() {
      const replicaPort = await freePort();
      const replicaUrl = `http://127.0.0.1:${replicaPort}`;
      const replicaEnv = { ...env, PORT: String(replicaPort) };
      const replica = { baseUrl: replicaUrl, server: await startServer(replicaEnv, replicaUrl) };
      replicas.push(replica);
      /** Stops it (its sockets close), runs `meanwhile`, and starts it again on the same port. */
      replica.restart = async (meanwhile = async () => undefined) => {
        await stopServer(replica.server);
        await meanwhile();
        replica.server = await startServer(replicaEnv, replicaUrl);
      };
      return replica;
    },
    /**
     * A fresh browser context (own cookies), optionally logged in through the real login form;
     * `baseUrl` picks another API process (a replica) than the first; `userAgent` and `viewport`
     * stand for another browser or a phone.
     */
    async newPage(login, { baseUrl: pageBaseUrl = baseUrl, userAgent, viewport = { width: 1440, height: 900 } } = {}) {
      // Notifications granted: the permission prompt (top right) would otherwise cover the page; tests of it clear this.
      const context = await browser.newContext({
        baseURL: pageBaseUrl,
        viewport,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        permissions: ['notifications'],
        ...(userAgent ? { userAgent } : {}),
      });
      const page = await context.newPage();
      if (login) await loginThroughUi(page, login.email, login.password);
      return page;
    },
    /** Runs SQL against the product's database (for arranging or checking state). */
    async sql(text, params = []) {
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await Promise.all([server, ...replicas.map((r) => r.server)].map(stopServer));
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
      await deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX);
    },
  };
  return product;
}

/** Deletes every Redis key under `prefix:` (a run's queues and events), leaving other runs' alone. */
export async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
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

/** Logs in through the real form and waits until the app shell is there. */
export async function loginThroughUi(page, email, password) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
}

/** Waits until the element's box is the same in two reads 150 ms apart (layout and windowing done). */
export async function settled(locator) {
  let last = null;
  for (let i = 0; i < 40; i++) {
    const box = JSON.stringify(await locator.boundingBox());
    if (box === last && box !== 'null') return;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('the element kept moving');
}
