// Web figures: gzipped JS of the board route, time to render a large board, drop → optimistic move.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, webDist } from './lib.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RENDER_RUNS = 3;

/** Records (on window.__bench) when the board shows `expected` cards in its column counts. */
function watchBoard(expected) {
  const check = () => {
    if (window.__bench?.boardReady) return;
    const counts = [...document.querySelectorAll('[data-testid="column-count"]')].reduce((sum, el) => sum + Number(el.textContent), 0);
    if (counts === expected && document.querySelector('[data-testid^="task-card-"]')) {
      window.__bench = { ...window.__bench, boardReady: performance.now() };
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

async function loggedInContext(browser, baseUrl, admin) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const response = await context.request.post('/api/auth/login', { data: admin });
  if (!response.ok()) throw new Error(`login: ${response.status()}`);
  return context;
}

/**
 * The board route's JS, from the build's manifest: the entry (index.html) and the board page's chunk with
 * every chunk they import statically, i.e. what the browser must load before it can render the board.
 * Chunks loaded on demand (dialogs, popovers, other pages) are not counted, whenever they happen to load,
 * so the figure depends on the build only.
 */
export function boardRouteJs() {
  const manifestPath = join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app (build.manifest) first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/board/BoardPage.tsx');
  const scripts = [...files].filter((f) => f.endsWith('.js'));
  const bytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length, 0);
  return { kb: bytes / 1024, files: scripts.map((f) => `/${f}`) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureWeb({ baseUrl, admin, boardTasks }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await loggedInContext(browser, baseUrl, admin);
    await context.addInitScript(watchBoard, boardTasks);

    // Cold loads of the board route: the JS it fetches, and the time until the board is shown.
    const renders = [];
    const tasksAt = [];
    const counted = boardRouteJs();
    let beforeBoard = new Set();
    for (let run = 0; run < RENDER_RUNS; run++) {
      const page = await context.newPage();
      const client = await context.newCDPSession(page);
      await client.send('Network.setCacheDisabled', { cacheDisabled: true });
      const requested = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') requested.push({ path: new URL(r.url()).pathname, at: Date.now() });
      });
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench?.boardReady, null, { timeout: 60_000, polling: 50 });
      const readyAt = Date.now();
      // Include the paint of that frame.
      const ms = await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(window.__bench.boardReady), 0))),
      );
      renders.push(ms);
      // How much of it was waiting for the tasks' JSON (the rest is the app's own work and the paint).
      tasksAt.push(
        await page.evaluate(
          () => performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/tasks')?.responseEnd ?? NaN,
        ),
      );
      if (run === 0) {
        beforeBoard = new Set(requested.filter((r) => r.at <= readyAt).map((r) => r.path));
        await page.screenshot({ path: join(root, 'test-results', 'bench-board.png') }).catch(() => undefined);
      }
      if (run < RENDER_RUNS - 1) await page.close();
      else {
        const dropMs = await measureDrop(page);
        console.log(
          `  board render runs: ${renders.map((r) => r.toFixed(0)).join(', ')} ms (tasks JSON received at ${tasksAt.map((t) => t.toFixed(0)).join(', ')} ms); drop → move ${dropMs.toFixed(1)} ms`,
        );
        // A check of the count: a script the browser needed before the board showed that the manifest does not list.
        const extra = [...beforeBoard].filter((path) => !counted.files.includes(path));
        if (extra.length) console.log(`  scripts requested before the board showed, not in the route's static graph: ${extra.join(', ')}`);
        return {
          boardJsKb: counted.kb,
          jsFiles: counted.files.length,
          renderMs: median(renders),
          dropMs,
        };
      }
    }
  } finally {
    await browser.close();
  }
}

/** Drags the first card of a column to the next column; time from the drop event to the optimistic update. */
async function measureDrop(page) {
  const results = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const { cardId, targetId } = await page.evaluate((attempt) => {
      const columns = [...document.querySelectorAll('[data-testid^="column-"][data-column-name]')].filter(
        (c) => !/conclu|finaliz|complet/i.test(c.dataset.columnName),
      );
      const source = columns[attempt];
      const target = columns[attempt + 1];
      const card = source.querySelector('[data-testid^="task-card-"]');
      const count = () => Number(target.querySelector('[data-testid="column-count"]').textContent);
      const before = count();
      window.__drop = { dropAt: null, movedAt: null };
      window.addEventListener('drop', () => (window.__drop.dropAt ??= performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (window.__drop.movedAt === null && count() === before + 1 && !source.contains(card)) {
          window.__drop.movedAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      return { cardId: card.dataset.testid, targetId: target.dataset.testid };
    }, attempt);
    await page.getByTestId(cardId).dragTo(page.getByTestId(targetId));
    await page.waitForFunction(() => window.__drop.movedAt !== null, null, { timeout: 10_000, polling: 20 });
    const { dropAt, movedAt } = await page.evaluate(() => window.__drop);
    results.push(movedAt - dropAt);
    await page.waitForTimeout(500); // let the server answer before the next drag
  }
  return median(results);
}
