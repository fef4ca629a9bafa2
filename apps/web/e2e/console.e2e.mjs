// The browser console stays clean: no error or warning on the login page, on any route of the route
// table (as the admin, on the demo data, each a full page load) nor on any tab of /analytics.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { routeTable, settle } from './a11y.mjs';
import { ADMIN, loginThroughUi, startProduct } from './harness.mjs';

const webDir = join(import.meta.dirname, '..');
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** Records every console error and warning (and uncaught exception) of `page`, with where it happened. */
function consoleProblems(page) {
  const problems = [];
  page.on('console', (message) => {
    // Logged out, the app asks who is logged in and the answer is 401: Chromium logs that failed
    // request itself ('Failed to load resource'); it is how the login page learns there is no session.
    const loggedOutCheck = / 401 /.test(message.text()) && message.location().url?.endsWith('/api/auth/me');
    if ((message.type() === 'error' || message.type() === 'warning') && !loggedOutCheck) {
      problems.push(`${new URL(page.url()).pathname}: [${message.type()}] ${message.text().split('\n')[0]}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: [exception] ${error.message}`));
  return problems;
}

test('the login page and every route log no console error or warning', async () => {
  const page = await product.newPage();
  const problems = consoleProblems(page);
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await settle(page);
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  for (const path of await routeTable(product)) {
    await page.goto(path);
    await page.getByTestId('user-menu').waitFor();
    await settle(page);
    // The /ws socket opens, then the next load closes it: a page that leaves before it is open must not complain either.
    await page.waitForTimeout(300);
  }
  assert.deepEqual(problems, []);
});

test('every /analytics tab, visited and left, logs no console error or warning', async () => {
  const page = await product.newPage(ADMIN);
  const problems = consoleProblems(page);
  await page.goto('/analytics');
  await settle(page);
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  assert.ok(count >= 2, `tabs on /analytics: ${count}`);
  for (let round = 0; round < 2; round += 1) {
    for (let i = 0; i < count; i += 1) {
      await tabs.nth(i).click();
      await settle(page);
    }
  }
  // A phone-width window resizes every chart that is mounted.
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.waitForTimeout(300);
  assert.deepEqual(problems, []);
});

test('a development build (StrictMode mounts the shell twice) logs no /ws error on load', async () => {
  // React's development build runs each effect, its cleanup and the effect again: the first /ws
  // socket is closed while it is still connecting, as a quick navigation does in production.
  const outDir = mkdtempSync(join(tmpdir(), 'wkflow-web-dev-'));
  try {
    const built = spawnSync(process.execPath, [viteBin, 'build', '--mode', 'development', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(built.status, 0, built.stderr);
    const devProduct = await startProduct({ demo: false, env: { WEB_DIST_DIR: outDir } });
    try {
      const page = await devProduct.newPage(ADMIN);
      const problems = consoleProblems(page);
      for (const path of ['/kanban', '/clients', '/chat']) {
        await page.goto(path);
        await page.getByTestId('user-menu').waitFor();
        await settle(page);
      }
      assert.deepEqual(
        problems.filter((line) => /WebSocket/.test(line)),
        [],
      );
    } finally {
      await devProduct.stop();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
