// A phone (390 × 844, touch): every dialog fits the screen without horizontal overflow, controls are big enough
// for a finger, the notification prompt is a slim bottom bar that Escape closes, the board filters by client and
// member through the 'Filtros' sheet, and approvals, onboarding and a client's tabs fit the screen.
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

test('on a phone the notification prompt is a slim bar on the bottom edge, not a dialog, and Escape closes it', async () => {
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
  // One line: its 44 px buttons and a little padding (it was a sheet over a fifth of the screen).
  assert.ok(box.height <= 72, `it is ${Math.round(box.height)} px high`);
  assert.equal(await page.getByRole('dialog').count(), 0, 'it is no dialog');
  assert.deepEqual(await seriousViolations(page, '[data-testid="notification-permission-prompt"]'), []);
  assert.deepEqual(await smallTargets(page, '[data-testid="notification-permission-prompt"]'), []);

  await page.keyboard.press('Escape');
  await prompt.waitFor({ state: 'detached' });
  // Dismissed for the session, as 'Agora não' does.
  assert.ok(await page.evaluate(() => Object.values(sessionStorage).includes('1')));
});

test('on desktop the notification prompt leaves the header search box its full width', async () => {
  const page = await product.newPage(ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().clearPermissions();
  await page.reload();
  await page.getByTestId('notification-permission-prompt').waitFor({ timeout: 10_000 });
  await settle(page);
  await product.screenshot(page, 'desktop-1280-notification-prompt');
  const search = await page
    .getByTestId('app-header')
    .getByRole('searchbox')
    .or(page.getByTestId('app-header').locator('input'))
    .first()
    .boundingBox();
  // The box's own maximum (max-width md, 448 px), as without the prompt.
  assert.ok(search.width >= 440, `the search box is ${Math.round(search.width)} px wide`);
});

/** The page's width as the phone scrolls it: wider than the screen means a sideways scroll. */
function pageWidth(page) {
  return page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
}

test("on a phone the 'Filtros' sheet filters the board by client and by member, kept in the address", async () => {
  const page = await phonePage();
  await page.goto('/');
  await page.getByTestId('board').waitFor();
  await settle(page);
  const [client] = await product.sql(
    `SELECT cl.id, cl.name FROM clients cl WHERE EXISTS (
       SELECT 1 FROM tasks t JOIN columns c ON c.id = t."columnId"
        WHERE t."clientId" = cl.id AND NOT t."isArchived" AND c.name NOT ILIKE '%conclu%')
      ORDER BY cl.id DESC LIMIT 1`,
  );
  const cards = () =>
    page.locator('[data-testid^="task-card-"]').evaluateAll((els) => els.map((el) => Number(el.dataset.testid.replace('task-card-', ''))));
  const before = await cards();

  await page.getByRole('button', { name: /^Filtros/ }).click();
  const sheet = page.getByTestId('board-filter-sheet');
  await sheet.waitFor();
  await settle(page);
  await product.screenshot(page, 'phone-filter-sheet');
  await sheet
    .getByTestId('sheet-clients')
    .getByRole('button', { name: new RegExp(client.name) })
    .click();
  await page.waitForURL((url) => url.searchParams.get('client') === String(client.id));
  await sheet.getByRole('button', { name: /^Ver \d+ tarefa/ }).click();
  await sheet.waitFor({ state: 'detached' });
  await settle(page);
  await product.screenshot(page, 'phone-board-filtered');
  const shown = await cards();
  const ofClient = new Set((await product.sql(`SELECT id FROM tasks WHERE "clientId" = $1`, [client.id])).map((t) => t.id));
  assert.ok(shown.length > 0 && shown.length < before.length, `${shown.length} of ${before.length} cards shown`);
  assert.ok(
    shown.every((id) => ofClient.has(id)),
    'only the chosen client’s tasks',
  );
  await page.getByRole('button', { name: `Remover filtro Cliente: ${client.name}` }).waitFor();

  // A member, in the same sheet: both filters in the address.
  const [member] = await product.sql(
    `SELECT u.id, u.name FROM users u WHERE EXISTS (SELECT 1 FROM task_assignees a JOIN tasks t ON t.id = a."taskId"
      WHERE a."userId" = u.id AND t."clientId" = $1 AND NOT t."isArchived") ORDER BY u.id LIMIT 1`,
    [client.id],
  );
  await page.getByRole('button', { name: /^Filtros \(1\)/ }).click();
  await sheet
    .getByTestId('sheet-members')
    .getByRole('button', { name: new RegExp(member.name) })
    .click();
  await page.waitForURL(
    (url) => url.searchParams.get('member') === String(member.id) && url.searchParams.get('client') === String(client.id),
  );
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  const assigned = new Set(
    (await product.sql(`SELECT "taskId" FROM task_assignees WHERE "userId" = $1`, [member.id])).map((a) => a.taskId),
  );
  const both = await cards();
  assert.ok(both.length > 0 && both.every((id) => ofClient.has(id) && assigned.has(id)), 'the client’s tasks of the member');
  // The filters survive a reload (they are the address).
  await page.reload();
  await page.getByTestId('board').waitFor();
  assert.deepEqual((await cards()).sort(), both.sort());
  assert.deepEqual(await pageWidth(page).then((w) => w.scroll <= PHONE.width), true);
});

test('the filter chip is a 32 px target on desktop and one line high on a phone', async () => {
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const desktop = await product.newPage(ADMIN);
  await desktop.goto(`/?client=${clientId}`);
  const chip = desktop.getByTestId('filter-chip');
  await chip.waitFor();
  const box = await chip.boundingBox();
  assert.ok(box.width >= 24 && box.height >= 24, `desktop target ${Math.round(box.width)}×${Math.round(box.height)}`);

  const phone = await phonePage();
  await phone.goto(`/?client=${clientId}`);
  const phoneChip = phone.getByTestId('filter-chip');
  await phoneChip.waitFor();
  const phoneBox = await phoneChip.boundingBox();
  // A finger's 44 px, no more: the × inside is drawn at the text's size.
  assert.ok(phoneBox.height >= 43.5 && phoneBox.height <= 44.5, `phone chip ${Math.round(phoneBox.height)} px high`);
  const icon = await phoneChip.locator('svg').boundingBox();
  assert.ok(icon.width <= 20 && icon.height <= 20, `the × is drawn ${Math.round(icon.width)}×${Math.round(icon.height)}`);
  // Removing the filter.
  await phoneChip.click();
  await phone.waitForURL((url) => !url.searchParams.has('client'));
});

test('on a phone /onboarding, /users/approvals and a client page do not scroll sideways', async () => {
  const page = await phonePage();
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const failures = [];
  for (const [path, name] of [
    ['/onboarding', 'onboarding'],
    ['/users/approvals', 'approvals'],
    [`/clients/${clientId}`, 'client'],
  ]) {
    await page.goto(path);
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await settle(page);
    const width = await pageWidth(page);
    // A phone widens its layout viewport to the content: both must stay the screen's width.
    if (width.scroll > PHONE.width || width.inner > PHONE.width) failures.push(`${path}: ${width.scroll} px wide, viewport ${width.inner}`);
    await product.screenshot(page, `phone-${name}`);
  }
  assert.deepEqual(failures, []);
});

test("on a phone 'Aprovação de Usuários' shows each registration's profile, date and both actions on screen", async () => {
  const page = await phonePage();
  await page.goto('/users/approvals');
  const [pending] = await product.sql(`SELECT name FROM users WHERE email = 'pedro@wkflow.local'`);
  const approve = page.getByRole('button', { name: `Aprovar ${pending.name}` });
  const reject = page.getByRole('button', { name: `Rejeitar ${pending.name}` });
  await approve.waitFor();
  for (const [what, locator] of [
    ['approve', approve],
    ['reject', reject],
    ['profile', page.getByText('Perfil Solicitado:')],
    ['date', page.getByText(/^Solicitado em /)],
  ]) {
    const box = await locator.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${what} at ${box?.x}..${box && box.x + box.width}`);
  }
  await approve.click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByText('Aprovar usuário').waitFor();
});

test("on a phone the client page's three tabs show their labels inside the screen", async () => {
  const page = await phonePage();
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('tab').first().waitFor();
  await settle(page);
  for (const label of ['Dados do Cliente', 'Redes Sociais', 'Senhas & Acessos']) {
    const tab = page.getByRole('tab', { name: label, exact: true });
    const box = await tab.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${label} at ${Math.round(box.x)}..${Math.round(box.x + box.width)}`);
    const text = await tab.evaluate((el) => el.innerText.replace(/\s+/g, ' ').trim());
    assert.equal(text, label, 'its label is visible text');
    // The label itself lies inside the screen, not only the tab's icon.
    const textRight = await tab.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    assert.ok(textRight <= PHONE.width + 0.5, `${label}'s text ends at ${Math.round(textRight)}`);
  }
  await page.getByRole('tab', { name: 'Senhas & Acessos' }).click();
  await page.getByRole('button', { name: 'Nova credencial' }).waitFor();
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
