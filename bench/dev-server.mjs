// Development aid: seeds a bench database, starts the API on it and waits (Ctrl-C drops it).
// Prints the base URL and an admin cookie, for profiling one endpoint at a time.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { apiDist, dropDatabase, login, runNode, startServer, stopServer, webDist, root } from './lib.mjs';
import { freePort } from '../scripts/free-port.cjs';
import { seedAgency } from './seed.mjs';

const runId = `dev_${randomBytes(3).toString('hex')}`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/wkflow_bench_${runId}`;
const port = Number(process.env.PORT ?? (await freePort()));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `wkflow_bench_${runId}`,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  ADMIN_EMAIL: 'admin@bench.local',
  ADMIN_PASSWORD: 'bench-admin-password',
  PORT: String(port),
  HOST: '127.0.0.1',
  WEB_DIST_DIR: webDist,
  UPLOAD_DIR: join(root, '.data', `bench-${runId}`),
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
};
await runNode(join(apiDist, 'platform/database/migrate.js'), env);
await runNode(join(apiDist, 'platform/database/seed-cli.js'), env);
await seedAgency(databaseUrl.toString());
const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const api = await startServer(join(apiDist, 'main.js'), env, `http://127.0.0.1:${port}/api/health`, nodeArgs);
console.log(
  `http://127.0.0.1:${port} ${databaseUrl} ${await login(`http://127.0.0.1:${port}`, 'admin@bench.local', 'bench-admin-password')}`,
);
process.on('SIGINT', async () => {
  await stopServer(api);
  await dropDatabase(serverUrl, `wkflow_bench_${runId}`);
  process.exit(0);
});
