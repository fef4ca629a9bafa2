// A phone (390 × 844, touch): every dialog fits the screen without horizontal overflow, controls are big enough
// for a finger, and the notification prompt is a bottom sheet that Escape closes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dialogTable, openDialog, seriousViolations, settle } from './a11y.mjs';
import { ADMIN, loginThroughUi, startProduct } from './harness.mjs';

const PHONE = { width: 390, height: 844 };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** A phone-sized touch browser context, logged in as the admin; `notifications` grants the permission. */
async function phonePage({ notifications = true } = {}) {
  const context = await product.browser.newContext({
    baseURL: product.baseUrl,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    permissions: notifications ? ['notifications'] : [],
  });
  const page = await context.newPage();
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  return page;
}

/** Visible controls smaller than 44 px in either direction (inline links in running text are exempt). */
function smallTargets(page, selector) {
  return page.evaluate((root) => {
    const scope = root ? document.querySelector(root) : document;
    const controls = scope.querySelectorAll(
      'button, [role="button"], [role="tab"], a.chakra-button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), label:has(input[type="checkbox"])',
    );
    return [...controls]
      .filter((el) => {
        // A card's title button clicks through the whole card (its ::after).
        const box = (el.classList.contains('wk-card__open') ? el.closest('.wk-card') : el).getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || el.closest('[aria-hidden="true"], [hidden]')) return false;
        const css = getComputedStyle(el);
        if (css.visibility === 'hidden' || css.display === 'none') return false;
        const minWidth = el.matches('input, select, label') ? 0 : 44;
        return box.height < 43.5 || box.width < minWidth - 0.5;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.outerHTML.slice(0, 60);
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, selector ?? null);
}

test('every dialog fits a 390 px screen: no horizontal overflow in the dialog nor the page', async () => {
  const page = await phonePage();
  const failures = [];
  for (const entry of await dialogTable(product)) {
    const dialog = await openDialog(page, entry);
    const sizes = await dialog.evaluate((el) => {
      const content = el.closest('[data-part="content"]') ?? el;
      const wide = [...content.querySelectorAll('*')]
        .filter((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 3)
        .map(
          (child) =>
            `${child.tagName.toLowerCase()}.${[...child.classList].join('.')} right=${Math.round(child.getBoundingClientRect().right)}`,
        );
      const body = content.querySelector('[data-part="body"]');
      return {
        content: { scroll: content.scrollWidth, client: content.clientWidth, right: content.getBoundingClientRect().right },
        body: body ? { scroll: body.scrollWidth, client: body.clientWidth } : null,
        page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
        wide,
      };
    });
    const problems = [];
    if (sizes.content.scroll > sizes.content.client) problems.push(`content ${sizes.content.scroll} > ${sizes.content.client}`);
    if (sizes.content.right > PHONE.width + 0.5) problems.push(`content ends at ${Math.round(sizes.content.right)}`);
    if (sizes.body && sizes.body.scroll > sizes.body.client) problems.push(`body ${sizes.body.scroll} > ${sizes.body.client}`);
    if (sizes.page.scroll > sizes.page.client) problems.push(`page ${sizes.page.scroll} > ${sizes.page.client}`);
    if (sizes.wide.length) problems.push(`past the screen: ${sizes.wide.join(', ')}`);
    const small = await smallTargets(page, '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
    if (small.length) problems.push(`small targets: ${small.join('; ')}`);
    if (problems.length) failures.push(`${entry.name}: ${problems.join(' | ')}`);
    await product.screenshot(page, `phone-dialog-${entry.name}`);
  }
  if (failures.length) console.error(failures.join('\n'));
  assert.deepEqual(failures, []);
});

test('on a touch screen the board and its header have no control under 44 px', async () => {
  const page = await phonePage();
  await page.goto('/');
  await page.locator('[data-testid^="task-card-"]').first().waitFor();
  await settle(page);
  assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
  const small = await smallTargets(page);
  if (small.length) console.error(small.join('\n'));
  assert.deepEqual(small, []);
  await product.screenshot(page, 'phone-board');
});

test('on a phone the notification prompt is a bottom sheet that hides no header, and Escape closes it', async () => {
  const page = await phonePage({ notifications: false });
  await page.context().clearPermissions();
  await page.reload();
  const prompt = page.getByTestId('notification-permission-prompt');
  await prompt.waitFor({ timeout: 10_000 });
  await settle(page);
  await product.screenshot(page, 'phone-notification-prompt');
  const box = await prompt.boundingBox();
  assert.equal(Math.round(box.y + box.height), PHONE.height, 'it sits on the bottom edge');
  assert.ok(box.x <= 0.5 && box.width >= PHONE.width - 1, 'it spans the screen');
  const header = await page.getByTestId('app-header').boundingBox();
  assert.ok(box.y > header.y + header.height + 200, 'the header, title and filters stay in view');
  assert.deepEqual(await seriousViolations(page, '[data-testid="notification-permission-prompt"]'), []);

  await page.keyboard.press('Escape');
  await prompt.waitFor({ state: 'detached' });
  // Dismissed for the session, as 'Agora não' does.
  assert.ok(await page.evaluate(() => Object.values(sessionStorage).includes('1')));
});

test('on a phone the floating timer stays inside the screen, and its stop button works', async () => {
  const page = await phonePage();
  await page.goto('/kanban');
  const [task] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY length(t.title) DESC LIMIT 1`,
  );
  await page.getByTestId(`quick-timer-${task.id}`).click();
  const floating = page.getByTestId('floating-timer');
  await floating.waitFor();
  const box = await floating.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the floating timer spans ${box.x}..${box.x + box.width} of ${PHONE.width} px`);
  await product.screenshot(page, 'phone-floating-timer');
  await floating.getByTestId('floating-timer-stop').click();
  await floating.waitFor({ state: 'detached' });
});
