#!/usr/bin/env node
// `npm start`: builds, migrates, seeds the demo agency and serves the API and the built web app
// on one port. With DATABASE_URL unset it starts an embedded PostgreSQL (data under
// WKFLOW_DATA_DIR/postgres, default .data/postgres); with REDIS_URL unset the API runs its queues
// in-process. Set both to use servers (replicas, production).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.WKFLOW_DATA_DIR || '.data');
const env = {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  PORT: '3000',
  WEB_DIST_DIR: join(root, 'apps/web/dist'),
  // Links in e-mails (password reset) point here; set WEB_URL when users reach it under another address.
  WEB_URL: `http://localhost:${process.env.PORT || 3000}`,
  UPLOAD_DIR: join(dataDir, 'uploads'),
  // One line per request is for debugging (LOG_LEVEL=debug shows them); the console stays readable.
  REQUEST_LOG_LEVEL: 'debug',
  ...process.env,
};

let database = null;
let server = null;
let current = null;
let stopping = null;

/** Stops the embedded PostgreSQL (when started) and leaves with the given code. */
function shutdown(code) {
  stopping ??= (async () => {
    if (database) {
      console.log('\n▶ Stopping the embedded PostgreSQL');
      await database.stop().catch((error) => console.error(`✖ ${error?.message ?? error}`));
    }
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The API shuts down first (finishing what it is doing), then the database.
    if (server && server.exitCode === null) server.kill(signal);
    else {
      current?.kill(signal);
      void shutdown(130);
    }
  });
}

/** Runs a command; `quiet` keeps its output and prints it only when it fails. */
function run(command, args, quiet) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    current = child;
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolveRun({ code: 1, output: `${output}${error.message}\n` }));
    child.on('exit', (code, signal) => resolveRun({ code: signal ? 1 : (code ?? 1), output }));
  });
}

async function step(title, command, args, { quiet = false } = {}) {
  console.log(`\n▶ ${title}`);
  const { code, output } = await run(command, args, quiet);
  if (stopping) return stopping;
  if (code !== 0) {
    if (quiet) process.stderr.write(output);
    console.error(`✖ ${title} failed`);
    await shutdown(code);
  }
}

/** Waits (at most two minutes) until the API answers its health check. */
async function healthy(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server?.exitCode === null) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** The one block a newcomer needs: where to go and as whom to log in. */
function readyBanner() {
  const address = env.WEB_URL || `http://localhost:${env.PORT}`;
  const adminEmail = env.ADMIN_EMAIL || 'admin@wkflow.local';
  const passwordFile = join(dirname(resolve(root, env.UPLOAD_DIR)), 'admin-password');
  const shownFile = relative(process.cwd(), passwordFile).startsWith('..') ? passwordFile : relative(process.cwd(), passwordFile);
  const password = process.env.ADMIN_PASSWORD
    ? 'the one in ADMIN_PASSWORD'
    : existsSync(passwordFile)
      ? `in ${shownFile} (keep it somewhere safe, then delete the file)`
      : `the one saved from ${shownFile} at the first start`;
  const line = '─'.repeat(72);
  return [
    '',
    line,
    `  WKFlow is ready: open ${address}`,
    '',
    `  Log in as ${adminEmail} (administrator); password: ${password}.`,
    '  Demo users, password wkflow123: maria@wkflow.local, carlos@wkflow.local (Gerente),',
    '  joao@wkflow.local, ana@wkflow.local (Colaborador).',
    '',
    '  Requests are not logged (LOG_LEVEL=debug shows them). Ctrl-C stops WKFlow.',
    line,
  ].join('\n');
}

if (!existsSync(join(root, 'node_modules'))) await step('Installing dependencies', 'npm', ['install', '--no-audit', '--no-fund']);
if (
  process.env.WKFLOW_SKIP_BUILD === '1' &&
  existsSync(join(root, 'apps/api/dist/main.js')) &&
  existsSync(join(root, 'apps/web/dist/index.html'))
) {
  console.log('\n▶ Using the existing build (WKFLOW_SKIP_BUILD=1)');
} else {
  await step(
    'Building contracts, API and web (a minute or two the first time)',
    'npx',
    ['nx', 'run-many', '-t', 'build', '--outputStyle=static'],
    {
      quiet: true,
    },
  );
}

if (!env.DATABASE_URL) {
  const databaseDir = join(dataDir, 'postgres');
  console.log('\n▶ Starting the embedded PostgreSQL (DATABASE_URL is not set)');
  try {
    // Never the API's own port: it is not bound yet, so a free-port probe may pick it.
    database = await startEmbeddedPostgres({ databaseDir, database: 'wkflow', avoidPorts: [Number(env.PORT)] });
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  env.DATABASE_URL = database.url;
  const inside = relative(process.cwd(), databaseDir);
  const shown = inside && !inside.startsWith('..') ? inside : databaseDir;
  console.log(`  PostgreSQL on 127.0.0.1:${database.port}; data in ${shown}`);
  console.log(`  To start over with an empty database: stop WKFlow, remove ${shown} and ${shown}.password, start again.`);
  console.log('  Set DATABASE_URL to use a PostgreSQL server instead.');
}
if (!env.REDIS_URL) console.log('\n▶ REDIS_URL is not set: e-mails, reports and /ws run inside this one process');

await step('Migrating the database', process.execPath, ['apps/api/dist/platform/database/migrate.js'], { quiet: true });
await step('Seeding default profiles, admin and demo data', process.execPath, ['apps/api/dist/platform/database/seed-cli.js', '--demo']);

console.log(`\n▶ Starting WKFlow on http://localhost:${env.PORT} (API at /api, docs at /api/docs)`);
server = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
server.on('exit', (code, signal) => void shutdown(signal ? 0 : (code ?? 0)));
const probeHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
if (await healthy(`http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${env.PORT}`)) console.log(readyBanner());
