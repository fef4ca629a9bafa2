import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { WS_SERVICE_RESTART as SERVICE_RESTART } from '@wkflow/contracts';
import { findNginx, type Nginx, startNginx } from './utils/nginx';
import { freePort } from '../../../scripts/free-port.cjs';
import { type ApiProcess, prepareDatabase, startApi, waitFor } from './utils/processes';
import { openSocket } from './utils/realtime';
import { databaseUrlFor, dropDatabase, newRunId, TEST_REDIS_URL } from './setup/test-env';

/**
 * A rolling restart behind Debian's nginx, configured with the /api/ and /ws locations of
 * docker/nginx.conf.template: two built API processes on one database and Redis prefix take a
 * steady load of reads (GET /api/tasks) and writes (POST comments); each in turn gets SIGTERM and
 * is started again. Not one request may fail, and every comment answered 201 is stored once.
 * Needs the API built (npm run build -w apps/api) and nginx (scripts/ensure-nginx.sh).
 */

interface AutocannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
}
interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Instance = EventEmitter & { stop(): void };
// autocannon ships no type declarations; these are the parts used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
  options: { url: string; connections: number; duration: number; timeout: number; requests: AutocannonRequest[] },
  done: (error: Error | null, result: AutocannonResult) => void,
) => Instance;

const NGINX = findNginx();
if (!NGINX) console.warn('rolling-restart: SKIPPED, nginx is not installed and could not be (run scripts/ensure-nginx.sh as root)');
const describeWithNginx = NGINX ? describe : describe.skip;

const ADMIN_PASSWORD = 'admin-rolling-password';

/**
 * A load that runs until stopped; `responses` counts answers as they come. `errors` lists the
 * request errors seen while it ran: stopping it tears down the requests still open, which autocannon
 * counts as errors too, and those are not the server's.
 */
function load(options: { url: string; connections: number; requests: AutocannonRequest[] }) {
  let responses = 0;
  let stopped = false;
  const errors: string[] = [];
  let finish!: (result: AutocannonResult) => void;
  let fail!: (error: Error) => void;
  const result = new Promise<AutocannonResult>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon({ ...options, duration: 600, timeout: 30 }, (error, r) => (error ? fail(error) : finish(r)));
  instance.on('response', () => responses++);
  instance.on('reqError', (error: Error & { code?: string }) => {
    if (!stopped) errors.push(error.code ?? error.message);
  });
  return {
    responses: () => responses,
    errors,
    stop: () => {
      stopped = true;
      instance.stop();
      return result;
    },
  };
}

function figures(name: string, r: AutocannonResult, errors: string[]): string {
  const codes = Object.entries(r.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return `${name}: ${r.requests.total} requests, ${errors.length} errors while running (${errors.join(' ') || 'none'}; ${r.errors} counted by autocannon, the requests open at its stop included), ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${codes}), p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`;
}

describeWithNginx('rolling restart of two APIs behind nginx (e2e)', () => {
  const databaseName = `wkflow_rolling_${newRunId()}`;
  const databaseUrl = databaseUrlFor(databaseName);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    // Under the run's prefix, so the global teardown removes these keys too.
    REDIS_PREFIX: `${process.env.WKFLOW_TEST_REDIS_PREFIX}:rolling_${newRunId()}`,
    SESSION_SECRET: 'rolling-session-secret-0123456789',
    ADMIN_PASSWORD,
    CREDENTIALS_KEY: 'b'.repeat(64),
    REMINDER_INTERVAL_MS: '3600000',
  };
  // The first API closes its listener at once (what nginx needs); the second keeps it open a
  // moment with readiness at 503 first, as a load balancer polling readiness would want.
  const envOf = (i: number) => (i === 0 ? env : { ...env, SHUTDOWN_DELAY_MS: '1500' });
  const ports: number[] = [];
  const apis: ApiProcess[] = [];
  let nginx: Nginx | null = null;

  beforeAll(async () => {
    await prepareDatabase(databaseUrl, ADMIN_PASSWORD);
    ports.push(await freePort(), await freePort());
    apis.push(...(await Promise.all(ports.map((port, i) => startApi(envOf(i), port)))));
    nginx = await startNginx(NGINX!, ports);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop('SIGKILL')));
    await nginx?.stop();
    await dropDatabase(databaseName);
  });

  it('stops and restarts each API with SIGTERM under load without losing a request', async () => {
    const base = nginx!.url;
    const json = { 'content-type': 'application/json' };
    const loginResponse = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'admin@wkflow.local', password: ADMIN_PASSWORD }),
    });
    expect(loginResponse.status).toBe(200);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const cookie = loginResponse.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const post = async (path: string, body: object) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: number };
    };
    const client = await post('/api/clients', { name: 'Cliente da carga' });
    const task = await post('/api/tasks', {
      title: 'Tarefa da carga',
      description: 'comentários sob reinício',
      clientId: client.id,
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });

    // A live socket on the first API: it must be told to reconnect, and get in again through nginx.
    const socket = await openSocket(`ws://127.0.0.1:${ports[0]}/ws`, cookie);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

    let sent = 0;
    const stored201: string[] = [];
    const reads = load({ url: base, connections: 4, requests: [{ method: 'GET', path: '/api/tasks', headers: { cookie } }] });
    const writes = load({
      url: base,
      connections: 2,
      requests: [
        {
          method: 'POST',
          path: `/api/tasks/${task.id}/comments`,
          headers: { ...json, cookie },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ content: `carga ${++sent}` }) }),
          onResponse: (status, body) => {
            if (status === 201) stored201.push((JSON.parse(body) as { content: string }).content);
          },
        },
      ],
    });
    const answered = () => reads.responses() + writes.responses();
    const moreAnswers = async (count: number, what: string) => {
      const target = answered() + count;
      await waitFor(async () => answered() >= target, what, 30_000);
    };

    let results: AutocannonResult[] = [];
    try {
      await moreAnswers(200, 'the load to start');
      for (const i of [0, 1]) {
        const port = ports[i];
        const exiting = apis[i].stop('SIGTERM');
        if (i === 1) {
          // This one waits SHUTDOWN_DELAY_MS before closing its listener (for a load balancer that
          // polls readiness): meanwhile readiness answers 503 while requests are still served.
          await waitFor(
            async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 503,
            'readiness to answer 503 after SIGTERM',
          );
        }
        expect(await exiting).toEqual({ code: 0, signal: null });
        if (i === 0) {
          expect(await closed).toBe(SERVICE_RESTART);
          // The client reconnects through nginx and lands on the API still running.
          const again = await openSocket(`${base.replace('http', 'ws')}/ws`, cookie);
          await again.close();
        }
        await moreAnswers(200, `answers while API ${i + 1} is down`);
        const logMark = nginx!.accessLog().length;
        apis[i] = await startApi(envOf(i), port);
        // nginx tries the restarted API again once its fail_timeout is over, and it answers.
        await waitFor(
          async () =>
            nginx!
              .accessLog()
              .slice(logMark)
              .some((line) => line.split(' ')[0] === `127.0.0.1:${port}` && /^2\d\d$/.test(line.split(' ')[1])),
          `API ${i + 1} to serve again through nginx`,
        );
        await moreAnswers(100, `answers after API ${i + 1} restarted`);
      }
    } finally {
      results = await Promise.all([reads.stop(), writes.stop()]);
    }
    const [read, write] = results;
    const log = nginx!.accessLog();
    const retried = log.filter((line) => line.split(' ')[0].endsWith(',')).length;
    console.log(
      [
        'rolling restart under load:',
        figures('  GET /api/tasks', read, reads.errors),
        figures('  POST comments', write, writes.errors),
        `  nginx: ${log.length} requests logged, ${retried} retried on the other API after a refused or closed connection`,
      ].join('\n'),
    );

    expect([...reads.errors, ...writes.errors]).toEqual([]);
    for (const r of [read, write]) {
      expect(r.timeouts).toBe(0);
      expect(r.non2xx).toBe(0);
    }
    expect(read.requests.total).toBeGreaterThan(0);
    expect(stored201.length).toBeGreaterThan(0);

    // Every comment answered 201 is stored, and none twice (a retried POST never ran before).
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const rows: { content: string; n: string }[] = (
        await db.query('SELECT content, count(*) AS n FROM task_comments WHERE "taskId" = $1 GROUP BY content', [task.id])
      ).rows;
      expect(rows.filter((row) => row.n !== '1')).toEqual([]);
      const stored = new Set(rows.map((row) => row.content));
      expect(stored201.filter((content) => !stored.has(content))).toEqual([]);
    } finally {
      await db.end();
    }
  }, 120_000);
});
