// The board without a mouse: 'Mover para…' from the keyboard, a long-press drag on a phone (touch
// events through the DevTools protocol), sideways scrolling that starts no drag, and a long column
// that renders only what is in view while Tab still goes from card to card.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, loginThroughUi, settled, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

function column(page, name) {
  return page.locator(`[data-testid^="column-"][data-column-name="${name}"]`);
}

const activeCardId = (page) => page.evaluate(() => document.activeElement?.closest('[data-task-id]')?.getAttribute('data-task-id') ?? null);
const activeClass = (page) => page.evaluate(() => document.activeElement?.className ?? '');

async function placeOf(id) {
  // Places are the order of the tasks' keys among the column's tasks on the board.
  const [row] = await product.sql(
    `SELECT name, position FROM (
       SELECT t.id, c.name, row_number() OVER (PARTITION BY t."columnId" ORDER BY t.rank)::int AS position
         FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t."isArchived" = false) p
     WHERE id = $1`,
    [id],
  );
  return row;
}

/** Tabs forward until the focus is on `className` inside the card `id` (at most `max` presses). */
async function tabTo(page, id, className, max = 8) {
  for (let i = 0; i < max; i++) {
    if ((await activeCardId(page)) === String(id) && (await activeClass(page)).includes(className)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab did not reach ${className} of card ${id}`);
}

test("keyboard only: 'Mover para…' moves a card to another list and place, Escape closes it, focus returns to the card", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  const backlog = column(page, 'Backlog');
  const first = backlog.locator('[data-testid^="task-card-"]').first();
  await first.waitFor();
  const id = Number((await first.getAttribute('data-testid')).replace('task-card-', ''));
  const target = column(page, 'Em andamento');
  const targetIds = await target.locator('[data-testid^="task-card-"]').evaluateAll((cards) => cards.map((c) => c.dataset.testid));
  assert.ok(targetIds.length >= 2, 'the demo list has cards to place it between');

  // The card's title button is reached with the keyboard; Tab goes on to its 'Mover para…'.
  await first.locator('button.wk-card__open').focus();
  await tabTo(page, id, 'wk-card__move');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('move-dialog');
  await dialog.getByRole('heading', { name: 'Mover para…' }).waitFor();
  assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus is in the dialog');

  // Escape closes it and gives the focus back to the card.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction((id) => document.activeElement?.closest('[data-task-id]')?.getAttribute('data-task-id') === String(id), id);

  // Again, this time to 'Em andamento', place 2, with the keys of a closed select.
  await tabTo(page, id, 'wk-card__move');
  await page.keyboard.press('Enter');
  await dialog.getByRole('heading', { name: 'Mover para…' }).waitFor();
  const columnSelect = dialog.getByRole('combobox', { name: 'Coluna' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'move-column');
  assert.equal(
    await columnSelect.inputValue(),
    String((await product.sql(`SELECT "columnId" FROM tasks WHERE id = $1`, [id]))[0].columnId),
  );
  await page.keyboard.type('Em andamento');
  assert.equal(await columnSelect.locator('option:checked').textContent(), 'Em andamento');
  await page.keyboard.press('Tab');
  // The place is a number field (a long list has hundreds of places), its text selected on focus.
  const placeField = dialog.getByRole('spinbutton', { name: 'Posição' });
  assert.equal(await placeField.inputValue(), String(targetIds.length + 1), 'another list starts at its end');
  assert.equal(await placeField.getAttribute('max'), String(targetIds.length + 1));
  await page.keyboard.type('1');
  await page.keyboard.press('ArrowUp');
  assert.equal(await placeField.inputValue(), '2');
  await product.screenshot(page, 'board-move-dialog');
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await page.keyboard.press('Tab'); // Cancelar
  await page.keyboard.press('Tab'); // Mover
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Mover');
  await page.keyboard.press('Enter');
  assert.equal((await moved).status(), 200);
  await dialog.waitFor({ state: 'hidden' });

  // It sits second in the list, on the board and on the server, and has the focus.
  const after = await target.locator('[data-testid^="task-card-"]').evaluateAll((cards) => cards.map((c) => c.dataset.testid));
  assert.deepEqual(after.slice(0, 3), [targetIds[0], `task-card-${id}`, targetIds[1]]);
  assert.deepEqual(await placeOf(id), { name: 'Em andamento', position: 2 });
  await page.waitForFunction((id) => document.activeElement?.closest('[data-task-id]')?.getAttribute('data-task-id') === String(id), id);
  // The board's live region says where it went, with the list and the place.
  const title = (await product.sql(`SELECT title FROM tasks WHERE id = $1`, [id]))[0].title;
  const announcer = page.getByTestId('board-announcer');
  assert.equal(await announcer.getAttribute('aria-live'), 'polite');
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="board-announcer"]')?.textContent === text,
    `${title} movida para Em andamento, posição 2 de ${targetIds.length + 1}`,
  );
  assert.equal(await announcer.count(), 1, 'one live region for the board');
  await product.screenshot(page, 'board-after-keyboard-move');
});

const columnNames = (page) =>
  page
    .locator('[data-testid="board"] > [data-testid^="column-"][data-column-name]')
    .evaluateAll((cols) => cols.map((c) => c.dataset.columnName));
const storedOrder = async () => (await product.sql(`SELECT name FROM columns ORDER BY position`)).map((r) => r.name);

test("keyboard only: Tab reaches a list's grip, the arrow keys move the list one place, the board announces it", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  await column(page, 'A fazer').waitFor();
  const start = await columnNames(page);
  const at = start.indexOf('A fazer');
  assert.ok(at >= 0 && at < start.length - 1, `'A fazer' has a list after it: ${start}`);

  // Shift+Tab from the list's name reaches its grip: a button named after the list.
  await column(page, 'A fazer').getByTestId('column-name').locator('xpath=..').focus();
  await page.keyboard.press('Shift+Tab');
  const grip = page.getByRole('button', { name: 'Mover lista A fazer', exact: true });
  assert.equal(await grip.evaluate((el) => el === document.activeElement), true, 'the grip has the focus');

  // Right arrow: one place right, saved, announced, the focus still on the grip.
  let saved = page.waitForResponse((r) => r.url().endsWith('/api/columns/reorder') && r.request().method() === 'PUT');
  await page.keyboard.press('ArrowRight');
  assert.equal((await saved).status(), 200);
  const right = [...start];
  right.splice(at, 2, start[at + 1], 'A fazer');
  assert.deepEqual(await columnNames(page), right);
  assert.deepEqual(await storedOrder(), right);
  const announced = (text) =>
    page.waitForFunction((t) => document.querySelector('[data-testid="board-announcer"]')?.textContent === t, text);
  await announced(`Lista A fazer movida para a posição ${at + 2} de ${start.length}`);
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Mover lista A fazer');
  await product.screenshot(page, 'board-list-moved-by-keyboard');

  // Left arrow: back where it was.
  saved = page.waitForResponse((r) => r.url().endsWith('/api/columns/reorder') && r.request().method() === 'PUT');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await saved).status(), 200);
  await announced(`Lista A fazer movida para a posição ${at + 1} de ${start.length}`);
  assert.deepEqual(await columnNames(page), start);
  assert.deepEqual(await storedOrder(), start);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Mover lista A fazer');
});

test("a list reordered by keyboard that the server refuses is undone with 'Erro ao reordenar colunas'", async () => {
  const name = `Some ${Date.now().toString(36)}`;
  await product.sql(`INSERT INTO columns (name, position, color) VALUES ($1, (SELECT max(position) + 1 FROM columns), '#0ea5e9')`, [name]);
  const page = await product.newPage(ADMIN);
  // This page hears nothing over /ws, so it still shows the list deleted below.
  await page.routeWebSocket('**/ws', (socket) => {
    const server = socket.connectToServer();
    server.onMessage(() => undefined);
  });
  await page.goto('/kanban');
  await column(page, name).waitFor();
  const start = await columnNames(page);
  await product.sql(`DELETE FROM columns WHERE name = $1`, [name]);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/columns/reorder') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Mover lista A fazer', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal((await saved).status(), 400);
  await page.getByText('Erro ao reordenar colunas', { exact: true }).waitFor();
  assert.deepEqual(await columnNames(page), start, 'the order shown before');
  assert.doesNotMatch((await page.getByTestId('board-announcer').textContent()) ?? '', /Lista A fazer/);
});

/** A new card in 'Backlog' (the other tests take its demo cards away). */
async function backlogCard(title) {
  const [{ id: columnId }] = await product.sql(`SELECT id FROM columns WHERE name = 'Backlog'`);
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const [{ id }] = await product.sql(
    `INSERT INTO tasks (title, description, "clientId", "columnId", deadline) VALUES ($1, '', $2, $3, now() + interval '30 days') RETURNING id`,
    [title, clientId, columnId],
  );
  return id;
}

test('while a card is dragged with the mouse, a line shows where it will land, in the hovered list only', async () => {
  const page = await product.newPage(ADMIN);
  await page.setViewportSize({ width: 1600, height: 900 });
  const id = await backlogCard('Arrastada com o mouse');
  await page.goto('/kanban');
  const card = page.getByTestId(`task-card-${id}`);
  await card.waitFor();
  const target = column(page, 'Em andamento');
  const firstThere = target.locator('.wk-row').first();
  const from = await card.boundingBox();
  const to = await firstThere.boundingBox();
  await page.mouse.move(from.x + 30, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
  await page.mouse.move(to.x + 40, to.y + 4, { steps: 12 });
  // A held mouse repeats dragover; the test's mouse only sends one per move: a few small moves there.
  for (let i = 0; i < 4; i++) {
    await pause(100);
    await page.mouse.move(to.x + 40 + (i % 2), to.y + 4);
  }
  const gap = page.getByTestId('drop-gap');
  await gap.waitFor();
  assert.equal(await gap.count(), 1, 'one line on the board');
  assert.equal(await target.getByTestId('drop-gap').count(), 1, 'in the hovered list');
  // Just above the first card, inside the part of the list one sees (not scrolled out of it).
  const line = await gap.boundingBox();
  const list = await target.getByTestId('column-cards').boundingBox();
  assert.ok(line.y >= list.y && line.y + line.height <= list.y + list.height, `the line is in view (${line.y} in ${list.y})`);
  assert.ok(line.y < to.y + 2 && line.y > to.y - 12, `the line is just above the first card (${line.y} vs ${to.y})`);
  await product.screenshot(page, 'board-drop-indicator');
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await page.mouse.up();
  assert.equal((await moved).status(), 200);
  assert.deepEqual(await placeOf(id), { name: 'Em andamento', position: 1 });
  await gap.waitFor({ state: 'detached' });
});

test("a completed card's 'Mover para…' offers the other lists only, and reopens it", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  await page.getByTestId('filter-completed').click();
  const done = column(page, 'concluídos').locator('[data-testid^="task-card-"]').first();
  await done.waitFor();
  const id = Number((await done.getAttribute('data-testid')).replace('task-card-', ''));
  await done.getByTestId('card-move').click();
  const dialog = page.getByTestId('move-dialog');
  const options = await dialog.getByRole('combobox', { name: 'Coluna' }).locator('option').allTextContents();
  assert.ok(!options.includes('concluídos'), `no move within the completion list: ${options}`);
  await dialog.getByRole('combobox', { name: 'Coluna' }).selectOption({ label: 'Backlog' });
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Mover' }).click();
  assert.equal((await moved).status(), 200);
  const [row] = await product.sql(`SELECT c.name, t."completedAt" FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t.id = $1`, [
    id,
  ]);
  assert.equal(row.name, 'Backlog');
  assert.equal(row.completedAt, null, 'reopened');
});

/** A phone-sized touch context, logged in as the admin. */
async function phonePage() {
  const context = await product.browser.newContext({
    baseURL: product.baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    permissions: ['notifications'],
  });
  const page = await context.newPage();
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  return { page, cdp: await context.newCDPSession(page) };
}

const touch = (cdp, type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y]) => ({ x, y })) });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** A finger from `from` to `to` in `steps` moves, held still for `hold` ms first. */
async function swipe(cdp, from, to, { hold = 0, steps = 12, stepMs = 16 } = {}) {
  await touch(cdp, 'touchStart', [from]);
  if (hold) await pause(hold);
  for (let i = 1; i <= steps; i++) {
    await touch(cdp, 'touchMove', [[from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps]]);
    await pause(stepMs);
  }
  await touch(cdp, 'touchEnd', []);
}

test('on a phone a swipe scrolls the board sideways, and a long press drags a card to the next list', async () => {
  const { page, cdp } = await phonePage();
  await page.goto('/kanban');
  const board = page.getByTestId('board');
  const card = column(page, 'Backlog').locator('[data-testid^="task-card-"]').first();
  await card.waitFor();
  assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
  const id = Number((await card.getAttribute('data-testid')).replace('task-card-', ''));
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  const start = [box.x + box.width / 2, box.y + Math.min(40, box.height / 2)];
  let moves = 0;
  page.on('request', (r) => r.url().includes('/move') && moves++);

  // A quick swipe left on a card scrolls the board and moves nothing.
  await swipe(cdp, start, [start[0] - 200, start[1]]);
  await page.waitForFunction(() => document.querySelector('[data-testid="board"]').scrollLeft > 50);
  await pause(300);
  assert.equal(moves, 0, 'a swipe starts no drag');
  assert.equal((await placeOf(id)).name, 'Backlog');
  await board.evaluate((el) => (el.scrollLeft = 0));
  await pause(200);

  // A long press, then the finger goes to the next list ('A fazer'): the card moves there.
  const next = await page.locator('[data-testid^="column-"][data-column-name]').nth(1).getAttribute('data-column-name');
  const target = await column(page, next).boundingBox();
  const end = [Math.min(target.x + 40, 380), Math.min(target.y + 120, 800)];
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await swipe(cdp, start, end, { hold: 500, steps: 20 });
  assert.equal((await moved).status(), 200);
  assert.equal((await placeOf(id)).name, next);
  await column(page, next).getByTestId(`task-card-${id}`).waitFor();
  await product.screenshot(page, 'phone-board-after-touch-drag');

  // 'Mover para…' on a phone: the dialog fills the screen.
  await column(page, next).getByTestId(`task-card-${id}`).getByTestId('card-move').click();
  const dialog = page.getByTestId('move-dialog');
  await dialog.getByRole('heading', { name: 'Mover para…' }).waitFor();
  await pause(400);
  await product.screenshot(page, 'phone-move-dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('on a phone a card held at the edge scrolls the board to a list off screen, and drops there', async () => {
  const id = await backlogCard('Arrastada no celular');
  const { page, cdp } = await phonePage();
  await page.goto('/kanban');
  const board = page.getByTestId('board');
  const card = page.getByTestId(`task-card-${id}`);
  await card.waitFor();
  await board.evaluate((el) => (el.scrollLeft = 0));
  // The third list is off screen, right of the second.
  const names = await columnNames(page);
  const far = names[names.indexOf('Backlog') + 2];
  const farBox = await column(page, far).boundingBox();
  assert.ok(farBox.x > 390, `'${far}' starts off screen (${farBox.x})`);
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  const start = [box.x + box.width / 2, box.y + Math.min(40, box.height / 2)];
  const y = start[1];

  // A long press, then the finger goes to the right edge and stays there: the board scrolls by itself.
  await touch(cdp, 'touchStart', [start]);
  await pause(500);
  for (let i = 1; i <= 10; i++) {
    await touch(cdp, 'touchMove', [[start[0] + ((382 - start[0]) * i) / 10, y]]);
    await pause(16);
  }
  const deadline = Date.now() + 10_000;
  let left = farBox.x;
  while (Date.now() < deadline && left > 120) {
    await pause(50);
    left = (await column(page, far).boundingBox()).x;
  }
  assert.ok(left <= 120, `the board scrolled '${far}' into view (${left})`);
  assert.ok((await board.evaluate((el) => el.scrollLeft)) > 300);
  await product.screenshot(page, 'phone-board-edge-scroll');

  // The finger comes back onto that list, away from the edge (the board stops), and lifts.
  const onto = await column(page, far).getByTestId('column-cards').boundingBox();
  const end = [Math.max(onto.x + 60, 40), Math.min(onto.y + 60, 800)];
  await touch(cdp, 'touchMove', [[(382 + end[0]) / 2, (y + end[1]) / 2]]);
  await pause(16);
  await touch(cdp, 'touchMove', [end]);
  await pause(50);
  await column(page, far).getByTestId('drop-gap').waitFor();
  await product.screenshot(page, 'phone-board-drop-indicator');
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await touch(cdp, 'touchEnd', []);
  assert.equal((await moved).status(), 200);
  assert.equal((await placeOf(id)).name, far);
  await column(page, far).getByTestId(`task-card-${id}`).waitFor();
});

test('a 400-card list renders only the cards in view, and Tab goes from card to card down the list', async () => {
  const [{ id: columnId }] = await product.sql(`SELECT id FROM columns WHERE name = 'Em revisão'`);
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const [{ n }] = await product.sql(`SELECT count(*)::int AS n FROM tasks WHERE "columnId" = $1 AND "isArchived" = false`, [columnId]);
  await product.sql(
    `INSERT INTO tasks (title, description, "clientId", "columnId", deadline)
     SELECT 'Carga ' || g, 'Descrição ' || g, $1, $2, now() + interval '30 days' FROM generate_series(1, 400) g`,
    [clientId, columnId],
  );
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  const list = column(page, 'Em revisão').getByTestId('column-cards');
  await list.locator('[data-testid^="task-card-"]').first().waitFor();
  assert.equal(await column(page, 'Em revisão').getByTestId('column-count').textContent(), String(n + 400));
  const rendered = await list.locator('.wk-card').count();
  assert.ok(rendered > 3 && rendered < 40, `only the cards in view are rendered (${rendered})`);

  // From the first card, Tab reaches the next cards in order, each scrolled into view.
  const first = list.locator('.wk-row').first();
  await first.locator('button.wk-card__open').focus();
  const order = [];
  for (let i = 0; i < 60 && order.length < 12; i++) {
    // A key press per painted frame at most (a person's pace is far slower): the list renders the
    // rows the focus scrolled to before the next press, as it does between a person's presses.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.classList.contains('wk-card__open')) return null;
      const row = el.closest('.wk-row');
      const list = el.closest('[data-testid="column-cards"]').getBoundingClientRect();
      const box = el.closest('.wk-card').getBoundingClientRect();
      return { index: Number(row.dataset.index), visible: box.top >= list.top - 1 && box.bottom <= list.bottom + 1 };
    });
    if (at) order.push(at);
  }
  assert.deepEqual(
    order.map((o) => o.index),
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  assert.ok(
    order.every((o) => o.visible),
    'each focused card is in view',
  );
  assert.ok((await list.evaluate((el) => el.scrollTop)) > 500, 'the list scrolled down with the focus');
  assert.ok((await list.locator('.wk-card').count()) < 40, 'still windowed');
  await product.screenshot(page, 'board-long-list');

  // A card dropped in a gap of the windowed list lands there: on the top edge of its 3rd card, 3rd place.
  // Every list in view, so neither end of the drag needs a scroll.
  await page.setViewportSize({ width: 2200, height: 900 });
  await page.getByTestId('board').evaluate((el) => (el.scrollLeft = 0));
  await list.evaluate((el) => (el.scrollTop = 0));
  const third = list.locator('.wk-row[data-index="2"] .wk-card');
  await third.waitFor();
  const dragged = column(page, 'Backlog').locator('[data-testid^="task-card-"]').first();
  const id = Number((await dragged.getAttribute('data-testid')).replace('task-card-', ''));
  // The wider viewport and the scroll re-lay the windowed list out: drag only once both ends stand still.
  await settled(third);
  await settled(dragged);
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await dragged.dragTo(third, { targetPosition: { x: 40, y: 3 } });
  assert.equal((await moved).status(), 200);
  assert.deepEqual(await placeOf(id), { name: 'Em revisão', position: 3 });
  await list.locator(`.wk-row[data-index="2"] [data-testid="task-card-${id}"]`).waitFor();
});
