// `npm run bench`: seeds a large agency on its own database, drives the real API with autocannon,
// measures a raw node:http + pg baseline in the same run, then the web build's board figures.
// Needs `npm run build` first. Drops its database at the end (also on failure and Ctrl-C).
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  apiDist,
  CONNECTIONS,
  DURATION,
  cannon,
  deleteRedisKeys,
  dropDatabase,
  loadAverage,
  login,
  machineFigures,
  root,
  runNode,
  startServer,
  stopServer,
  settle,
  webDist,
  withClient,
} from './lib.mjs';
import { freePort } from '../scripts/free-port.cjs';
import { BENCH_PASSWORD, SIZES, seedAgency, shrinkBoard } from './seed.mjs';
import { printLighthouseTable, runLighthouseBench, stopLighthouseDemo } from './lighthouse.mjs';
import { measureWeb } from './web.mjs';
import { measureLiveTeam } from './live-team.mjs';

const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const WEB_BOARD_TASKS = 5_000;
const TARGETS = {
  activeRps: 3000,
  tasksP99: 150,
  baselineRatio: 0.5,
  boardJsKb: 250,
  boardRenderMs: 1500,
  dropToMoveMs: 100,
  moveRps: 1000,
  moveAloneP50: 10,
  liveReadP99: 100,
  liveMoveP99: 100,
  liveBytesPerMove: 2048,
  analyticsRps: 500,
};
/** The analytics page's figures (the dashboard and the tabs), each for the longest period. */
const ANALYTICS_PATHS = ['dashboard', 'trend', 'productivity', 'clients'].map((figure) => `/api/analytics/${figure}?period=90`);
const analyticsBaselineName = (path) => `baseline: uncached AnalyticsService, GET ${path}`;

for (const [dir, file] of [
  [apiDist, 'main.js'],
  [webDist, 'index.html'],
]) {
  if (!existsSync(join(dir, file))) {
    console.error(`${join(dir, file)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `wkflow_bench_${runId}`;
const databaseUrl = new URL(serverUrl);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `wkflow_bench_${runId}`;
databaseUrl.pathname = `/${databaseName}`;

const children = new Set();
let cleaning = null;
async function cleanup() {
  cleaning ??= (async () => {
    for (const child of children) await stopServer(child).catch(() => undefined);
    await stopLighthouseDemo().catch((e) => console.error(`could not stop the Lighthouse demo product: ${e.message}`));
    await dropDatabase(serverUrl, databaseName).catch((e) => console.error(`could not drop ${databaseName}: ${e.message}`));
    await deleteRedisKeys(redisUrl, redisPrefix).catch((e) => console.error(`could not delete the ${redisPrefix} keys: ${e.message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and dropping ${databaseName}`);
    cleanup().finally(() => process.exit(130));
  });
}
// Hard stop: the bench never hangs a machine.
const hardStop = setTimeout(
  () => {
    console.error('bench: time limit reached');
    cleanup().finally(() => process.exit(2));
  },
  Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000,
);
hardStop.unref();

function apiEnv(port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    TRUST_PROXY: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: `bench-session-secret-${runId}`,
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDist,
    UPLOAD_DIR: join(root, '.data', `bench-${runId}`),
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
  };
}

async function startApi(port) {
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const api = await startServer(join(apiDist, 'main.js'), apiEnv(port), `http://127.0.0.1:${port}/api/health`, nodeArgs);
  children.add(api);
  return api;
}

/** Autocannon stops mid-request: let the server finish what the last run left in flight. */
const drain = (ms = 1500) => new Promise((r) => setTimeout(r, ms));
/** Before a row: waits for what the previous rows left running to end (see settle), and says so when it took a while. */
async function quiet(name) {
  const waited = await settle();
  if (waited > 1000) console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the machine to quiet down before: ${name})`);
}

const load = loadAverage;

const fmt = (n, digits = 0) =>
  typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : n;

async function main() {
  const started = Date.now();
  console.log(`bench: database ${databaseName}, ${CONNECTIONS} connections, ${DURATION} s per row; load average ${load()}`);
  console.log(machineFigures());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = apiEnv(port);
  await runNode(join(apiDist, 'platform/database/migrate.js'), env);
  await runNode(join(apiDist, 'platform/database/seed-cli.js'), env);
  const seedStart = Date.now();
  const data = await seedAgency(databaseUrl.toString());
  console.log(`seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s:`, data.counts);

  // Baseline first, on the same data and settings, while nothing else of ours runs.
  const baselinePort = await freePort();
  const baseline = await startServer(
    join(root, 'bench/baseline.mjs'),
    { ...process.env, DATABASE_URL: databaseUrl.toString(), PORT: String(baselinePort), BENCH_API_DIST_DIR: apiDist },
    `http://127.0.0.1:${baselinePort}/health`,
  );
  children.add(baseline);
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  // A random card to a random column, at a random place in it (columns hold ~420 cards).
  const moveRequests = [
    {
      setupRequest: (req) => ({
        ...req,
        path: `/api/tasks/${pick(data.boardTaskIds)}/move`,
        body: JSON.stringify({ columnId: pick(data.columnIds), position: 1 + Math.floor(Math.random() * 430) }),
      }),
    },
  ];
  const baselineRows = [];
  async function measureBaseline(name, options) {
    if (only && !only.test(name)) return { rps: NaN };
    const opts = { url: `http://127.0.0.1:${baselinePort}`, ...options };
    if (WARMUP > 0) await cannon({ ...opts, duration: WARMUP });
    await drain(5000); // its warm-up leaves slow requests in flight
    await quiet(name);
    const result = await cannon(opts);
    baselineRows.push({ name, ...result });
    console.log(
      `  ${name}: ${fmt(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, total ${result.total}`,
    );
    return result;
  }
  const raw = await measureBaseline('baseline: node:http + pg, GET /api/tasks', { path: '/api/tasks' });
  const rawMove = await measureBaseline('baseline: node:http + pg, PUT /api/tasks/{id}/move (one-row UPDATE)', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    requests: moveRequests,
  });
  // The figures computed afresh per request (today's computation, no cache), on the same raw server.
  const rawAnalytics = {};
  for (const path of ANALYTICS_PATHS) rawAnalytics[path] = await measureBaseline(analyticsBaselineName(path), { path });
  await stopServer(baseline);
  children.delete(baseline);

  let api = await startApi(port);
  const admin = await login(baseUrl, ADMIN.email, ADMIN.password);
  const collaboratorUser = data.users.find((u) => u.accessProfileId === 3);
  const collaborator = await login(baseUrl, collaboratorUser.email, BENCH_PASSWORD);
  // Timer users: one per connection (plus spares), profiles 1 and 2 (they see every task).
  const timerUsers = [];
  for (const user of data.users.filter((u) => u.accessProfileId !== 3).slice(0, CONNECTIONS + 10)) {
    timerUsers.push({
      cookie: await login(baseUrl, user.email, BENCH_PASSWORD),
      taskId: data.boardTaskIds[user.id % data.boardTaskIds.length],
    });
  }

  const rows = [...baselineRows];
  async function measure(name, options, extra = {}, before = async () => undefined) {
    if (only && !only.test(name)) return { rps: NaN };
    const opts = { url: baseUrl, ...options };
    if (WARMUP > 0) {
      await before();
      await cannon({ ...opts, duration: WARMUP });
    }
    await drain();
    await quiet(name);
    await before();
    const result = await cannon(opts);
    await drain();
    rows.push({ name, ...result, ...extra });
    const codes = result.non2xx ? ` (${JSON.stringify(result.statusCodes)})` : '';
    console.log(
      `  ${name}: ${fmt(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}${codes}, errors ${result.errors}`,
    );
    return result;
  }
  // Like a browser: every request accepts compressed responses.
  const as = (cookie, headers = {}) => ({ headers: { cookie, 'accept-encoding': 'gzip, deflate, br', ...headers } });

  console.log('API:');
  const tasksAdmin = await measure('GET /api/tasks (admin, 200)', { path: '/api/tasks', ...as(admin) });
  const first = await fetch(`${baseUrl}/api/tasks`, { headers: { cookie: admin, 'accept-encoding': 'identity' } });
  const etag = first.headers.get('etag');
  const boardBytes = (await first.arrayBuffer()).byteLength;
  if (etag) {
    await measure(
      'GET /api/tasks (admin, 304 If-None-Match)',
      { path: '/api/tasks', ...as(admin, { 'if-none-match': etag }) },
      { expect304: true },
    );
  } else rows.push({ name: 'GET /api/tasks (304 If-None-Match)', missing: 'no ETag sent' });
  await measure('GET /api/tasks (admin, 200, no compression)', { path: '/api/tasks', ...as(admin, { 'accept-encoding': 'identity' }) });
  await measure('GET /api/tasks (collaborator)', { path: '/api/tasks', ...as(collaborator) });
  const active = await measure('GET /api/time-entries/active', { path: '/api/time-entries/active', ...as(admin) });
  await measure('GET /api/notifications', { path: '/api/notifications', ...as(admin) });
  await measure(`GET /api/chat/rooms/{id}/messages`, { path: `/api/chat/rooms/${data.roomId}/messages`, ...as(admin) });

  const moves = await measure('PUT /api/tasks/{id}/move', {
    method: 'PUT',
    ...as(admin, { 'content-type': 'application/json' }),
    requests: moveRequests,
  });
  const moveAlone = await measure('PUT /api/tasks/{id}/move (1 connection)', {
    method: 'PUT',
    connections: 1,
    ...as(admin, { 'content-type': 'application/json' }),
    requests: moveRequests,
  });

  // Live team: watchers keep the board current from /ws deltas while people move cards.
  const LIVE_WATCHERS = Number(process.env.BENCH_LIVE_WATCHERS ?? 100);
  const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 15);
  const liveName = `Live team: ${LIVE_WATCHERS} watchers + 5 moves/s, ${LIVE_SECONDS} s`;
  let live = null;
  if (!only || only.test(liveName)) {
    await drain();
    await quiet(liveName);
    live = await measureLiveTeam({
      baseUrl,
      watcherCookies: timerUsers.slice(0, 10).map((u) => u.cookie),
      moverCookies: timerUsers.slice(10, 15).map((u) => u.cookie),
      taskIds: data.boardTaskIds,
      columnIds: data.columnIds,
      watchers: LIVE_WATCHERS,
      seconds: LIVE_SECONDS,
    });
    console.log(
      `  ${liveName}: reads p50 ${fmt(live.readP50, 1)} ms, p99 ${fmt(live.readP99, 1)} ms (${live.reads}, ${live.notModified} 304s), ` +
        `moves p50 ${fmt(live.moveP50, 1)} ms, p99 ${fmt(live.moveP99, 1)} ms (${live.moves}, ${live.moveErrors} failed), ` +
        `${fmt(live.bytesPerMove)} B per move per watcher (${live.sinceReads} ?since reads), mismatches ${live.mismatches}; ` +
        `event-loop delay p99: reader thread ${fmt(live.readerLoopDelayP99, 1)} ms, watchers' thread ${fmt(live.watcherLoopDelayP99, 1)} ms; load average ${load()}`,
    );
    for (const example of live.examples) console.log(`    mismatch: ${example}`);
    for (const error of live.errors) console.log(`    error: ${error}`);
  }

  // Start + stop cycles; each in-flight cycle holds its own user so cycles never collide.
  const free = [];
  const resetTimers = async () => {
    // A run ends mid-cycle: stop what it left running, and give every user back.
    await withClient(databaseUrl.toString(), (db) =>
      db.query(`UPDATE time_entries SET "endTime" = now(), duration = 0 WHERE "endTime" IS NULL AND "userId" <> 1`),
    );
    free.splice(0, free.length, ...timerUsers);
  };
  await measure(
    'POST start + stop timer (per cycle = 2 req)',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req, context) => {
            context.user = free.shift() ?? timerUsers[0];
            return {
              ...req,
              path: '/api/time-entries/start',
              headers: { ...req.headers, cookie: context.user.cookie },
              body: JSON.stringify({ taskId: context.user.taskId }),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 201) context.entryId = JSON.parse(body).id;
          },
        },
        {
          setupRequest: (req, context) => ({
            ...req,
            path: `/api/time-entries/${context.entryId ?? 0}/stop`,
            headers: { ...req.headers, cookie: context.user.cookie },
            body: '',
          }),
          onResponse: (_status, _body, context) => {
            free.push(context.user);
          },
        },
      ],
    },
    {},
    resetTimers,
  );

  // The analytics page (the timer rows above leave a few timers running: their time is counted per answer).
  const analyticsRows = {};
  console.log(`  (load average ${load()})`);
  for (const path of ANALYTICS_PATHS) {
    const probe = await fetch(`${baseUrl}${path}`, { headers: { cookie: admin } });
    if (probe.status === 404) rows.push({ name: `GET ${path}`, missing: 'not available' });
    else analyticsRows[path] = await measure(`GET ${path}`, { path, ...as(admin) }, { analytics: path });
  }

  // Web: the full 5,000-card board.
  await stopServer(api);
  children.delete(api);
  let web = { boardJsKb: NaN, jsFiles: 0, renderMs: NaN, dropMs: NaN };
  if (!process.env.BENCH_SKIP_WEB) {
    await shrinkBoard(databaseUrl.toString(), WEB_BOARD_TASKS);
    api = await startApi(port);
    console.log('Web:');
    web = await measureWeb({ baseUrl, admin: ADMIN, boardTasks: WEB_BOARD_TASKS });
    await stopServer(api);
    children.delete(api);
  }

  // Lighthouse and the Fast 3G load, on the demo data (a product of their own, as `npm start` runs it).
  let lighthouse = null;
  if (!process.env.BENCH_SKIP_WEB && !process.env.BENCH_SKIP_LIGHTHOUSE) {
    console.log(`Lighthouse (load average ${load()}):`);
    lighthouse = await runLighthouseBench();
  }

  const ratio = tasksAdmin.rps / raw.rps;
  const mark = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(
    `\nWKFlow bench — ${CONNECTIONS} connections, ${DURATION} s each; board ${SIZES.boardTasks} cards (${(boardBytes / 1024).toFixed(0)} KB JSON), ${data.counts.tasks} tasks`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | non-2xx | target |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const row of rows) {
    if (row.missing) {
      console.log(`| ${row.name} | ${row.missing} | | | | |`);
      continue;
    }
    let target = '';
    if (row.name === 'GET /api/tasks (admin, 200)')
      target = `p99 ≤ ${TARGETS.tasksP99} ms: ${mark(row.total > 0 && row.p99 <= TARGETS.tasksP99)}`; // no answer in the run is a miss
    if (row.name === 'GET /api/time-entries/active') target = `≥ ${fmt(TARGETS.activeRps)} req/s: ${mark(active.rps >= TARGETS.activeRps)}`;
    if (row.name === 'PUT /api/tasks/{id}/move') target = `≥ ${fmt(TARGETS.moveRps)} req/s: ${mark(moves.rps >= TARGETS.moveRps)}`;
    if (row.name === 'PUT /api/tasks/{id}/move (1 connection)')
      target = `p50 ≤ ${TARGETS.moveAloneP50} ms: ${mark(row.total > 0 && moveAlone.p50 <= TARGETS.moveAloneP50)}`;
    if (row.analytics) target = `≥ ${TARGETS.analyticsRps} req/s: ${mark(row.rps >= TARGETS.analyticsRps)}`;
    const non2xx = row.expect304 ? `${row.non2xx} (304s)` : row.non2xx + row.errors;
    console.log(`| ${row.name} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${non2xx} | ${target} |`);
  }
  console.log(
    `| GET /api/tasks ÷ baseline | ${ratio.toFixed(2)} | | | | ≥ ${TARGETS.baselineRatio}: ${mark(ratio >= TARGETS.baselineRatio)} |`,
  );
  console.log(`| PUT /api/tasks/{id}/move ÷ baseline (one-row UPDATE) | ${(moves.rps / rawMove.rps).toFixed(2)} | | | | |`);
  for (const path of ANALYTICS_PATHS) {
    if (analyticsRows[path] && rawAnalytics[path]) {
      console.log(`| GET ${path} ÷ baseline (uncached) | ${(analyticsRows[path].rps / rawAnalytics[path].rps).toFixed(1)} | | | | |`);
    }
  }
  if (live) {
    console.log(
      `\n| ${liveName} | value | target |\n|---|---:|---|\n` +
        `| GET /api/tasks (first loads excluded; revalidation every 2 s with If-None-Match) p50 / p99 | ${fmt(live.readP50, 1)} / ${fmt(live.readP99, 1)} ms (${live.reads} reads, ${live.notModified} 304s) | p99 ≤ ${TARGETS.liveReadP99} ms: ${mark(live.reads > 0 && live.readP99 <= TARGETS.liveReadP99)} |\n` +
        `| PUT /api/tasks/{id}/move p50 / p99 | ${fmt(live.moveP50, 1)} / ${fmt(live.moveP99, 1)} ms (${live.moves} moves, ${live.moveErrors} failed) | p99 ≤ ${TARGETS.liveMoveP99} ms: ${mark(live.moves > 0 && !live.moveErrors && live.moveP99 <= TARGETS.liveMoveP99)} |\n` +
        `| bytes per move per watcher (/ws + ?since refetches) | ${fmt(live.bytesPerMove)} B (${live.sinceReads} ?since reads) | ≤ ${fmt(TARGETS.liveBytesPerMove)} B: ${mark(live.bytesPerMove <= TARGETS.liveBytesPerMove)} |\n` +
        `| revalidation downloads per watcher (not per move) | ${fmt(live.revalidationKbPerWatcherSecond, 1)} KB/s | |\n` +
        `| watchers whose board differs from a fresh GET at the end | ${live.mismatches} of ${live.watchers} | 0: ${mark(live.mismatches === 0)} |\n` +
        `| event-loop delay p99 of the thread timing the reads (included in them) / of the watchers' boards | ${fmt(live.readerLoopDelayP99, 1)} / ${fmt(live.watcherLoopDelayP99, 1)} ms | |\n` +
        `| same run: baseline one-row UPDATE p50 (50 connections) | ${Number.isNaN(rawMove.rps) ? 'not run' : `${rawMove.p50} ms`} | |`,
    );
  }
  if (process.env.BENCH_SKIP_WEB) {
    console.log('\n(web figures skipped: BENCH_SKIP_WEB)');
  } else {
    console.log('\n| web figure | value | target |');
    console.log('|---|---:|---|');
    console.log(
      `| JS of the board route (gzip; entry + board page and their static imports) | ${web.boardJsKb.toFixed(1)} KB in ${web.jsFiles} files | ≤ ${TARGETS.boardJsKb} KB: ${mark(web.boardJsKb <= TARGETS.boardJsKb)} |`,
    );
    console.log(
      `| render a ${WEB_BOARD_TASKS}-card board | ${fmt(web.renderMs)} ms | ≤ ${fmt(TARGETS.boardRenderMs)} ms: ${mark(web.renderMs <= TARGETS.boardRenderMs)} |`,
    );
    console.log(
      `| drop → card in the target column | ${fmt(web.dropMs, 1)} ms | ≤ ${TARGETS.dropToMoveMs} ms: ${mark(web.dropMs <= TARGETS.dropToMoveMs)} |`,
    );
  }
  if (lighthouse) printLighthouseTable(lighthouse.rows, lighthouse.fast3g);
  console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup().then(() => process.exit(process.exitCode ?? 0)));
