import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

/** Order on the board: a card dropped between two cards of its column, columns dragged by admins, reopening from the dialog. */
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

/** The card ids of a column, top to bottom, as rendered. */
async function cardIds(page, name) {
  const ids = await column(page, name)
    .locator('[data-testid^="task-card-"]')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-testid').replace('task-card-', ''))));
  return ids;
}

/** A new column holding three tasks A, B, C (written like any other client would through SQL: keys from the table's default). */
async function columnWithThree(name) {
  const [{ id: columnId }] = await product.sql(
    `INSERT INTO columns (name, position, color) VALUES ($1, (SELECT max(position) + 1 FROM columns), '#0ea5e9') RETURNING id`,
    [name],
  );
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const ids = [];
  for (const title of ['A', 'B', 'C']) {
    const [{ id }] = await product.sql(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline) VALUES ($1, 'd', $2, $3, now() + interval '5 days') RETURNING id`,
      [`${title} ${name}`, clientId, columnId],
    );
    ids.push(id);
  }
  return ids;
}

/**
 * A logged-in page wide enough for every list: a drag whose source or target must first be scrolled
 * into view starts on whatever the scroll brought under the pointer.
 */
async function boardPage() {
  const page = await product.newPage(ADMIN);
  await page.setViewportSize({ width: 2400, height: 900 });
  return page;
}

test('a card dropped between two cards of its own column stays there, also after a reload', async () => {
  const name = `Ordem ${Date.now().toString(36)}`;
  const [a, b, c] = await columnWithThree(name);
  const page = await boardPage();
  await page.goto('/');
  await column(page, name).getByTestId(`task-card-${c}`).waitFor();
  assert.deepEqual(await cardIds(page, name), [a, b, c]);

  // C onto the lower half of A: the gap between A and B.
  const cardA = page.getByTestId(`task-card-${a}`);
  const box = await cardA.boundingBox();
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${c}/move`) && r.request().method() === 'PUT');
  await page.getByTestId(`task-card-${c}`).dragTo(cardA, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
  const response = await moved;
  assert.equal(response.status(), 200, await response.text());
  assert.deepEqual(JSON.parse(response.request().postData()), { columnId: (await columnIdOf(name)).id, position: 2 });
  assert.deepEqual(await cardIds(page, name), [a, c, b], 'the optimistic order');

  await page.reload();
  await column(page, name).getByTestId(`task-card-${c}`).waitFor({ timeout: 15_000 });
  assert.deepEqual(await cardIds(page, name), [a, c, b], 'the order after a reload');

  // And to the top: onto the upper half of A.
  const top = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${b}/move`) && r.request().method() === 'PUT');
  await page.getByTestId(`task-card-${b}`).dragTo(cardA, { targetPosition: { x: box.width / 2, y: 4 } });
  assert.equal((await top).status(), 200);
  await page.reload();
  await column(page, name).getByTestId(`task-card-${b}`).waitFor({ timeout: 15_000 });
  assert.deepEqual(await cardIds(page, name), [b, a, c]);
});

async function columnIdOf(name) {
  const [row] = await product.sql(`SELECT id FROM columns WHERE name = $1`, [name]);
  return row;
}

/** Column names left to right, as rendered. */
async function columnNames(page) {
  return page
    .locator('[data-testid^="column-"][data-column-name]')
    .evaluateAll((cols) => cols.map((c) => c.getAttribute('data-column-name')));
}

test('an admin drags a list before another; the order is saved', async () => {
  const page = await boardPage();
  await page.goto('/');
  await column(page, 'Em revisão').waitFor();
  const start = await columnNames(page);
  assert.ok(start.indexOf('Em revisão') > start.indexOf('A fazer'));

  const targetBox = await column(page, 'A fazer').boundingBox();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/columns/reorder') && r.request().method() === 'PUT');
  await column(page, 'Em revisão')
    .getByTestId('column-handle')
    .dragTo(column(page, 'A fazer'), { targetPosition: { x: 10, y: targetBox.height / 2 } });
  const response = await saved;
  assert.equal(response.status(), 200, await response.text());
  const wanted = start.filter((n) => n !== 'Em revisão');
  wanted.splice(wanted.indexOf('A fazer'), 0, 'Em revisão');
  assert.deepEqual(await columnNames(page), wanted, 'shown at once');

  await page.reload();
  await column(page, 'Em revisão').waitFor({ timeout: 15_000 });
  assert.deepEqual(await columnNames(page), wanted, 'after a reload');
  const stored = await product.sql(`SELECT name FROM columns ORDER BY position`);
  assert.deepEqual(
    stored.map((r) => r.name),
    wanted,
  );
});

test('a completed task is reopened by choosing another list in its dialog', async () => {
  const page = await boardPage();
  await page.goto('/');
  await page.getByTestId('filter-completed').click();
  const card = column(page, 'concluídos').locator('[data-testid^="task-card-"]').first();
  await card.waitFor();
  const id = Number((await card.getAttribute('data-testid')).replace('task-card-', ''));
  await card.click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByTestId('task-column-badge').getByText('na lista concluídos').waitFor();
  await dialog.getByTestId('task-column-select').selectOption({ label: 'A fazer' });
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).click();
  const response = await saved;
  assert.equal(response.status(), 200, await response.text());
  assert.equal(JSON.parse(response.request().postData()).columnId, (await columnIdOf('A fazer')).id);
  await column(page, 'A fazer').getByTestId(`task-card-${id}`).waitFor();
  const [row] = await product.sql(`SELECT c.name, t."completedAt" FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t.id = $1`, [
    id,
  ]);
  assert.equal(row.name, 'A fazer');
  assert.equal(row.completedAt, null);
  const [history] = await product.sql(
    `SELECT "newValue" FROM task_history WHERE "taskId" = $1 AND "actionType" = 'moved' ORDER BY id DESC LIMIT 1`,
    [id],
  );
  assert.equal(history.newValue, 'A fazer');
});

test("a column order the server refuses is undone with 'Erro ao reordenar colunas'", async () => {
  const name = `Some ${Date.now().toString(36)}`;
  await product.sql(`INSERT INTO columns (name, position, color) VALUES ($1, (SELECT max(position) + 1 FROM columns), '#0ea5e9')`, [name]);
  const page = await boardPage();
  // This page hears nothing over /ws (as when the news is still on its way): the live board would
  // otherwise take the deleted list away before the drag.
  await page.routeWebSocket('**/ws', (socket) => {
    const server = socket.connectToServer();
    server.onMessage(() => undefined);
  });
  await page.goto('/');
  await column(page, name).waitFor();
  const start = await columnNames(page);
  // Deleted by someone else while this page still shows it: the reorder names a list that is gone.
  await product.sql(`DELETE FROM columns WHERE name = $1`, [name]);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/columns/reorder') && r.request().method() === 'PUT');
  // Whatever order earlier tests left: the later of two movable lists goes before the other.
  const [first, moving] = ['A fazer', 'Em revisão'].sort((a, b) => start.indexOf(a) - start.indexOf(b));
  const targetBox = await column(page, first).boundingBox();
  await column(page, moving)
    .getByTestId('column-handle')
    .dragTo(column(page, first), { targetPosition: { x: 10, y: targetBox.height / 2 } });
  assert.equal((await saved).status(), 400);
  await page.getByText('Erro ao reordenar colunas', { exact: true }).waitFor();
  assert.deepEqual(await columnNames(page), start, 'the order shown before the drag');
});
