// Shared helpers of the benchmark: ports, child processes, the bench database, autocannon runs.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_API_DIST: measure another build of the API (e.g. one made from an older commit) on the same bench. */
export const apiDist = process.env.BENCH_API_DIST ? resolve(process.env.BENCH_API_DIST) : join(root, 'apps/api/dist');
/** BENCH_WEB_DIST: measure another build of the web app (e.g. one made before a change), likewise. */
export const webDist = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(root, 'apps/web/dist');

export { deleteRedisKeys } from '../apps/web/e2e/harness.mjs';

/** The machine's load average (1, 5, 15 min): the figures depend on what else runs. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Busy and total CPU time of the whole machine so far (jiffies, from /proc/stat's first line). */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * Waits until the machine is quiet: the whole machine's CPU busy below `threshold` over a 500 ms window
 * (what a previous row left running, such as e-mail jobs, analytics refreshes or autovacuum after thousands
 * of moves, would otherwise be measured in the next row), or `maxMs` at most. Returns the ms it waited.
 */
export async function settle({ threshold = 0.2, maxMs = 30_000 } = {}) {
  const start = Date.now();
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuTimes();
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < threshold || Date.now() - start >= maxMs) return Date.now() - start;
  }
}

/**
 * How fast this machine is at what the figures are made of, measured in a fresh node process: a
 * plain arithmetic loop (CPU), and writing 256 MiB the process has not touched yet (each 4 KiB page
 * is a page fault: what every fresh process, V8 heap growth and browser tab pays). Two machines of
 * one kind can differ here several times over (a virtual machine whose memory the host hands out
 * lazily), and every row below moves with them: compare figures across runs only next to these.
 */
export function machineFigures() {
  const probe = `
    let t = performance.now(); let x = 0;
    for (let i = 0; i < 1e8; i++) x += i % 7;
    const cpuMs = performance.now() - t;
    const buffer = Buffer.allocUnsafeSlow(256 * 1024 * 1024);
    t = performance.now(); buffer.fill(x & 1 ? 1 : 2);
    console.log(JSON.stringify({ cpuMs, touchMs: performance.now() - t }));`;
  const { cpuMs, touchMs } = JSON.parse(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
  const pageUs = (touchMs * 1000) / ((256 * 1024 * 1024) / 4096);
  return `machine: CPU loop (1e8 steps) ${cpuMs.toFixed(0)} ms; first write of 256 MiB ${touchMs.toFixed(0)} ms (${pageUs.toFixed(1)} µs per 4 KiB page fault)`;
}

/** Runs a node script to completion; rejects with its output when it fails. */
export function runNode(script, env, args = []) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => (code === 0 ? resolveRun(output) : reject(new Error(`${script} failed (${code}):\n${output}`))));
  });
}

/** Starts a long-running node process and waits until `url` answers 2xx. */
export async function startServer(script, env, url, nodeArgs = [], timeoutMs = 60_000) {
  const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => (child.output = (child.output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (child.output = (child.output + d).slice(-20_000)));
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${script} exited early:\n${child.output}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not answer ${url}:\n${child.output}`);
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A client on the bench database (or the server's maintenance database). */
export async function withClient(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl, name) {
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Logs in through the API and returns the session cookie ("wkflow.sid=..."). */
export async function login(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('wkflow.sid='));
  return cookie.split(';')[0];
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);

/** One autocannon run; returns req/s, latencies and error counts. */
export async function cannon({ url, path = '', ...options }) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, timeout: 30, url: url + path, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    codes: Object.fromEntries(
      Object.entries(result)
        .filter(([k]) => /^[1-5]xx$/.test(k))
        .map(([k, v]) => [k, v]),
    ),
    statusCodes: result.statusCodeStats,
  };
}
