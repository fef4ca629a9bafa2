// The board without a mouse: 'Mover para…' from the keyboard, a long-press drag on a phone (touch
// events through the DevTools protocol), sideways scrolling that starts no drag, and a long column
// that renders only what is in view while Tab still goes from card to card.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, loginThroughUi, startProduct } from './harness.mjs';

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
  await product.screenshot(page, 'board-after-keyboard-move');
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

/** Waits until the element's box is the same in two reads 150 ms apart (layout and windowing done). */
async function settled(locator) {
  let last = null;
  for (let i = 0; i < 40; i++) {
    const box = JSON.stringify(await locator.boundingBox());
    if (box === last && box !== 'null') return;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('the element kept moving');
}
