#!/usr/bin/env node
// The start proof (run by scripts/prove-start.sh where nothing answers on 5432 or 6379): runs
// `npm start` with DATABASE_URL and REDIS_URL unset and a temporary WKFLOW_DATA_DIR, waits for
// /api/auth/me, logs in as the seeded admin, creates a task, sends a test e-mail to a local SMTP
// server (SMTP_URL) and generates a report; checks the start output names the address and the
// login and logs no request; stops it with SIGTERM, starts it again and finds the
// task. Prints "N passed, N failed".
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { answers } from './embedded-postgres.mjs';
import { freePort } from './free-port.cjs';

const root = resolve(import.meta.dirname, '..');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const ADMIN = { email: 'admin@wkflow.local', password: 'prova-admin-123' };
let passed = 0;
let failed = 0;

function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name} (${seconds()})${ok || !detail ? '' : `: ${detail}`}`);
  return ok;
}

async function until(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// A local SMTP server that keeps what it receives.
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      mails.push(session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((r) => smtp.listen(smtpPort, '127.0.0.1', r));

const dataDir = mkdtempSync(join(tmpdir(), 'wkflow-proof-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user and must enter it
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', WKFLOW_DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN.password };
env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
delete env.DATABASE_URL;
delete env.REDIS_URL;

let current = null;
function startProduct() {
  // Its own process group: the stop signals npm, the start script, the API and PostgreSQL together,
  // as a Ctrl-C in a terminal does.
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  current = child;
  return child;
}

/** SIGTERM to the start command's group; resolves once the API port and the data folder are free. */
async function stopProduct(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const exit = await child.exited;
  await until(
    'the API and PostgreSQL to stop',
    async () => !(await answers('127.0.0.1', port)) && !existsSync(join(dataDir, 'postgres', 'postmaster.pid')),
    30_000,
  );
  return exit;
}

async function login() {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

const waitForApi = () => until('/api/auth/me', async () => (await fetch(`${base}/api/auth/me`)).status === 401, 300_000);

let exitCode = 1;
try {
  check('nothing answers on 5432 or 6379', !(await answers('127.0.0.1', 5432)) && !(await answers('127.0.0.1', 6379)));

  let product = startProduct();
  await Promise.race([waitForApi(), product.exited.then(() => Promise.reject(new Error('npm start exited')))]);
  check('npm start serves /api/auth/me (401)', true);
  check('the start says where the data lives', product.output.includes(join(dataDir, 'postgres')));

  let api = await login();
  check('the seeded admin logs in', true);
  const [client] = (await api('GET', '/api/clients')).body;
  const title = `Prova de início ${Date.now()}`;
  const created = await api('POST', '/api/tasks', {
    title,
    description: 'Criada pela prova do npm start',
    clientId: client.id,
    deadline: new Date(Date.now() + 3 * 86400_000).toISOString(),
    assignedTo: [],
    reminderTime: null,
  });
  check('a task is created', created.status === 201, JSON.stringify(created.body));

  const status = await api('GET', '/api/admin/email-status');
  check('the e-mail status names the in-process queue', status.body?.queue === 'in-process', JSON.stringify(status.body));
  const to = `prova-${Date.now()}@example.test`;
  const queued = await api('POST', '/api/admin/test-email', { to });
  check('a test e-mail is queued', queued.status === 201, JSON.stringify(queued.body));
  check(
    'the test e-mail reaches the SMTP server',
    await until('the test e-mail', async () => mails.some((rcpt) => rcpt.includes(to)), 30_000).catch(() => false),
  );

  const report = await api('POST', '/api/analytics/reports', { name: 'Prova', type: 'productivity', parameters: { period: 7 } });
  check('a report is requested', report.status === 201, JSON.stringify(report.body));
  const done = await until(
    'the report',
    async () =>
      (await api('GET', '/api/analytics/reports')).body.find(
        (r) => r.id === report.body.id && r.status !== 'pending' && r.status !== 'processing',
      ),
    30_000,
  ).catch(() => null);
  check('the report is generated', done?.status === 'completed', JSON.stringify(done));

  // The start ends with one block saying where to go and as whom to log in, and stays quiet while used.
  const said = await until('the ready block', async () => product.output.includes('WKFlow is ready') && product.output, 10_000).catch(
    () => '',
  );
  check(
    'the start says which address to open and as whom to log in',
    said.includes(`WKFlow is ready: open http://localhost:${port}`) && said.includes(`Log in as ${ADMIN.email}`),
    product.output.slice(-1500),
  );
  const lines = product.output.split('\n').length;
  check(
    'no build, route or request lines: the whole start output is a screenful',
    lines < 60 && !product.output.includes('"req":{') && !product.output.includes('Mapped {'),
    `${lines} lines`,
  );

  await stopProduct(product);
  check('SIGTERM stops npm start, the API and the embedded PostgreSQL', true);
  check('the start command said it stopped PostgreSQL', product.output.includes('Stopping the embedded PostgreSQL'));

  product = startProduct();
  await Promise.race([waitForApi(), product.exited.then(() => Promise.reject(new Error('npm start exited on restart')))]);
  api = await login();
  const tasks = await api('GET', '/api/tasks');
  check(
    'the task is still there after the restart',
    Array.isArray(tasks.body) && tasks.body.some((t) => t.title === title),
    `status ${tasks.status}`,
  );
  await stopProduct(product);
  exitCode = failed ? 1 : 0;
} catch (error) {
  check(error.message, false);
  if (current) console.log(current.output.slice(-6000));
} finally {
  if (current && current.exitCode === null) await stopProduct(current).catch((error) => check(error.message, false));
  await new Promise((r) => smtp.close(r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed && exitCode === 0) exitCode = 1;
console.log(`start proof took ${seconds()}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
