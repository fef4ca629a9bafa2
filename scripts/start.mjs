#!/usr/bin/env node
// `npm start`: builds, migrates, seeds the demo agency and serves the API and the built web app
// on one port. Uses DATABASE_URL / REDIS_URL when set, else the local PostgreSQL and Redis.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const env = {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wkflow',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '3000',
  WEB_DIST_DIR: join(root, 'apps/web/dist'),
  UPLOAD_DIR: join(root, '.data/uploads'),
  ...process.env,
};

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(join(root, 'node_modules'))) step('Installing dependencies', 'npm', ['install', '--no-audit', '--no-fund']);
step('Building contracts, API and web', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
step('Migrating the database', process.execPath, ['apps/api/dist/database/migrate.js']);
step('Seeding default profiles, admin and demo data', process.execPath, ['apps/api/dist/database/seed-cli.js', '--demo']);

console.log(`\n▶ Starting WKFlow on http://localhost:${env.PORT} (API at /api, docs at /api/docs)`);
const server = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
