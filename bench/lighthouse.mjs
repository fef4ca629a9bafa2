// `npm run bench:lighthouse` (also the last step of `npm run bench`): Lighthouse's desktop performance
// figures for the main routes, and a Fast 3G cold load of the board, on the demo data in Debian's Chromium.
// Starts the product as `npm start` does (migrations, base + demo seed, the API serving apps/web/dist, no
// Redis) on a throwaway database, and drops it at the end. Needs `npm run build` first.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { answers, startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';
import {
  apiDist,
  dropDatabase,
  loadAverage as load,
  login,
  machineFigures,
  root,
  runNode,
  startServer,
  stopServer,
  webDist,
} from './lib.mjs';
import { freePort } from '../scripts/free-port.cjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'admin@wkflow.local', password: 'lighthouse-admin-password' };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The routes measured; /login logged out, the others as the admin. */
export const LIGHTHOUSE_ROUTES = ['/login', '/', '/analytics', '/users', '/chat', '/time-management'];
export const TARGETS = { score: 90, fast3gFirstCardMs: 5000 };
/** Chrome DevTools' "Fast 3G" preset (as Lighthouse's mobile throttling): 562.5 ms RTT, 1.44 Mbps down, 675 kbps up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44e6 / 8) | 0, uploadThroughput: (675e3 / 8) | 0 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The product on the demo data, like `npm start`: the machine's PostgreSQL (BENCH_DATABASE_URL) with a
 * database of its own, or an embedded PostgreSQL in a temporary folder when no server answers.
 */
export async function startDemo() {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const scratch = mkdtempSync(join(tmpdir(), 'wkflow-lighthouse-'));
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseName = `wkflow_lighthouse_${runId}`;
  let embedded = null;
  let databaseUrl;
  if (await answers(serverUrl.hostname, Number(serverUrl.port || 5432))) {
    databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${databaseName}`;
  } else {
    embedded = await startEmbeddedPostgres({ databaseDir: join(scratch, 'postgres'), database: databaseName });
    databaseUrl = new URL(embedded.url);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    TRUST_PROXY: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: '',
    SESSION_SECRET: `lighthouse-session-secret-${runId}`,
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_URL: baseUrl,
    WEB_DIST_DIR: webDist,
    UPLOAD_DIR: join(scratch, 'uploads'),
  };
  delete env.REDIS_URL; // unset: queues, events and /ws run inside the one process, as with `npm start`
  let api = null;
  const stop = async () => {
    await stopServer(api).catch(() => undefined);
    if (embedded) await embedded.stop().catch((e) => console.error(`could not stop the embedded PostgreSQL: ${e.message}`));
    else await dropDatabase(serverUrl.toString(), databaseName).catch((e) => console.error(`could not drop ${databaseName}: ${e.message}`));
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await runNode(join(apiDist, 'platform/database/migrate.js'), env);
    await runNode(join(apiDist, 'platform/database/seed-cli.js'), env, ['--demo']);
    api = await startServer(join(apiDist, 'main.js'), env, `${baseUrl}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, cookie: () => login(baseUrl, ADMIN.email, ADMIN.password) };
}

/** The node Lighthouse names as the largest contentful paint ("p.css-x > span: Some text"). */
function lcpElement(lhr) {
  const find = (value) => {
    if (!value || typeof value !== 'object') return null;
    if (value.type === 'node') return value;
    for (const child of Object.values(value)) {
      const node = find(child);
      if (node) return node;
    }
    return null;
  };
  const node = find(lhr.audits['lcp-breakdown-insight']?.details) ?? find(lhr.audits['largest-contentful-paint-element']?.details);
  if (!node) return '(none)';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 50);
  const testId = /data-testid="([^"]+)"/.exec(node.snippet ?? '')?.[1];
  return `${testId ? `[data-testid=${testId}]` : (node.selector ?? '').split(' > ').slice(-2).join(' > ')} "${label}"`;
}

/**
 * One Lighthouse navigation (desktop preset, performance only); the cookie, when given, rides on every request.
 * A run whose trace came out unusable (NO_NAVSTART, NO_FCP… happen now and then on a loaded machine) is taken again.
 */
async function lighthouseRun(port, url, cookie, attempt = 1) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    desktopConfig,
  );
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3) return lighthouseRun(port, url, cookie, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    unusedJsKb: (lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0) / 1024,
    lcpElement: lcpElement(lhr),
    finalUrl: lhr.finalDisplayedUrl,
    lhr,
  };
}

/** Median-of-RUNS Lighthouse figures per route; the row is the run with the median score. */
export async function measureLighthouse({ baseUrl, cookie, routes = LIGHTHOUSE_ROUTES, runs = RUNS, log = console.log }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-component-update'],
  });
  const rows = [];
  try {
    for (const route of routes) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        results.push(await lighthouseRun(chrome.port, `${baseUrl}${route}`, route === '/login' ? null : cookie));
      }
      const byScore = [...results].sort((a, b) => a.score - b.score);
      const { lhr, ...row } = { route, runs: results, ...byScore[Math.floor(byScore.length / 2)], load: load() };
      rows.push(row);
      // The median run's whole report, for a look at its long tasks and scripts (test-results/ is not committed).
      mkdirSync(join(root, 'test-results'), { recursive: true });
      writeFileSync(
        join(root, 'test-results', `lighthouse${route === '/' ? '-board' : route.replace(/\//g, '-')}.json`),
        JSON.stringify(lhr),
      );
      for (const r of results) delete r.lhr;
      log(
        `  ${route}: scores ${results.map((r) => r.score).join(', ')}; median run: TBT ${row.tbt.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms ${row.lcpElement}, unused JS ${row.unusedJsKb.toFixed(1)} KB (load average ${row.load})`,
      );
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** Records (window.__firstCard) when the first card is on screen, relative to navigation start. */
function watchFirstCard() {
  const check = () => {
    if (window.__firstCard) return;
    const card = document.querySelector('[data-testid^="task-card-"]');
    const box = card?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && box.top < innerHeight) window.__firstCard = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

/** Cold loads of the board (cache disabled, new context each time) on an emulated Fast 3G link: time to the first card. */
export async function measureFast3g({ baseUrl, cookie, runs = RUNS, log = console.log }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const times = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 1350, height: 940 },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
      await context.addInitScript(watchFirstCard);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await page.goto(`${baseUrl}/`, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => window.__firstCard, null, { timeout: 60_000, polling: 50 });
      // Include the paint of that frame.
      times.push(await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(window.__firstCard), 0)))));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const ms = median(times);
  log(`  Fast 3G cold load, first card: ${times.map((t) => t.toFixed(0)).join(', ')} ms (load average ${load()})`);
  return { ms, times };
}

/** The table rows of both measurements (printed by this script and by `npm run bench`). */
export function printLighthouseTable(rows, fast3g) {
  const mark = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(`\n| Lighthouse desktop, median of ${RUNS} | score | TBT ms | LCP ms | LCP element | unused JS KB | target |`);
  console.log('|---|---:|---:|---:|---|---:|---|');
  for (const row of rows) {
    const lcpTarget = row.route === '/' ? `, LCP on board content: ${mark(/wk-card|task-card|column|board/.test(row.lcpElement))}` : '';
    console.log(
      `| ${row.route} (${row.runs.map((r) => r.score).join(', ')}) | ${row.score} | ${row.tbt.toFixed(0)} | ${row.lcp.toFixed(0)} | ${row.lcpElement} | ${row.unusedJsKb.toFixed(1)} | ≥ ${TARGETS.score}: ${mark(row.score >= TARGETS.score)}${lcpTarget} |`,
    );
  }
  if (fast3g) {
    console.log(
      `| Fast 3G cold load, first card (${fast3g.times.map((t) => t.toFixed(0)).join(', ')} ms) | | | ${fast3g.ms.toFixed(0)} | | | ≤ ${TARGETS.fast3gFirstCardMs} ms: ${mark(fast3g.ms <= TARGETS.fast3gFirstCardMs)} |`,
    );
  }
}

let running = null;
/** Stops the demo product of a run under way (Ctrl-C), dropping its database. */
export async function stopLighthouseDemo() {
  await running?.stop();
}

/** Both measurements on a demo product of their own. */
export async function runLighthouseBench({ routes = LIGHTHOUSE_ROUTES } = {}) {
  const demo = await startDemo();
  running = demo;
  try {
    const cookie = await demo.cookie();
    const rows = await measureLighthouse({ baseUrl: demo.baseUrl, cookie, routes });
    const fast3g = process.env.LIGHTHOUSE_SKIP_3G ? null : await measureFast3g({ baseUrl: demo.baseUrl, cookie });
    return { rows, fast3g };
  } finally {
    running = null;
    await demo.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [dir, file] of [
    [apiDist, 'main.js'],
    [webDist, 'index.html'],
  ]) {
    if (!existsSync(join(dir, file))) {
      console.error(`${join(dir, file)} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the demo product and dropping its database`);
      stopLighthouseDemo().finally(() => process.exit(130));
    });
  }
  // LIGHTHOUSE_ROUTES="/,/users": only those routes.
  const routes = process.env.LIGHTHOUSE_ROUTES ? process.env.LIGHTHOUSE_ROUTES.split(',') : LIGHTHOUSE_ROUTES;
  console.log(`Lighthouse (desktop preset, ${RUNS} runs per route) on the demo data; load average ${load()}`);
  console.log(machineFigures());
  const started = Date.now();
  runLighthouseBench({ routes })
    .then(({ rows, fast3g }) => {
      printLighthouseTable(rows, fast3g);
      console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
    })
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
