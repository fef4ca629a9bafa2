import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

/** 'yyyy-MM-dd' of n days ago in São Paulo (the browser's zone in these tests). */
function daysAgo(n) {
  const date = new Date(Date.now() - n * 86400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
}
const ddmmyyyy = (iso) => iso.split('-').reverse().join('/');
/** The dialog's opening animation has finished (for screenshots). */
const settled = (page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function joaoTask() {
  const [task] = await product.sql(
    `SELECT t.id, t.title FROM tasks t JOIN task_assignees a ON a."taskId" = t.id JOIN users u ON u.id = a."userId"
      WHERE u.username = 'joao' AND NOT t."isArchived" ORDER BY t.id LIMIT 1`,
  );
  assert.ok(task, 'the demo seed assigns a task to João');
  return task;
}

test("a collaborator adds time from the task dialog ('Adicionar tempo') and sees it on /time-management", async () => {
  const task = await joaoTask();
  const [{ id: joaoId }] = await product.sql(`SELECT id FROM users WHERE username = 'joao'`);
  const page = await product.newPage(JOAO);
  await page.goto('/kanban');
  await page.getByTestId(`task-card-${task.id}`).click();
  const taskDialog = page.getByTestId('task-dialog');
  await taskDialog.getByTestId('add-time-button').click();

  const dialog = page.getByTestId('add-time-dialog');
  await dialog.getByRole('heading', { name: 'Adicionar tempo' }).waitFor();
  await dialog.getByTestId('add-time-task').getByText(task.title).waitFor();
  // own_only: no person to choose.
  assert.equal(await dialog.getByTestId('manual-entry-user').count(), 0);
  const yesterday = daysAgo(1);
  await dialog.locator('input[name="date"]').fill(yesterday);
  await dialog.locator('input[name="start"]').fill('09:00');
  await dialog.locator('input[name="end"]').fill('10:30');
  await dialog.locator('textarea[name="description"]').fill('Revisão das peças com o cliente');
  await dialog.getByTestId('manual-entry-total').getByText('Total: 1 h 30 min').waitFor();
  await settled(page);
  await product.screenshot(page, 'manual-time-dialog-desktop');

  const created = page.waitForResponse((r) => r.url().endsWith('/api/time-entries') && r.request().method() === 'POST');
  await dialog.getByTestId('add-time-submit').click();
  const response = await created;
  assert.equal(response.status(), 201);
  const entry = await response.json();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Tempo adicionado').first().waitFor();

  const [row] = await product.sql(`SELECT "userId", duration, description FROM time_entries WHERE id = $1`, [entry.id]);
  assert.deepEqual(row, { userId: joaoId, duration: 5400, description: 'Revisão das peças com o cliente' });
  const history = await product.sql(`SELECT metadata FROM task_history WHERE "taskId" = $1 AND "actionType" = 'time_tracked'`, [task.id]);
  assert.equal(history.length, 1);
  assert.equal(history[0].metadata.timeEntryId, entry.id);

  // The task dialog behind refreshed: its time records and total show the new hour and a half.
  await taskDialog.getByTestId('time-records').getByText('Revisão das peças com o cliente').waitFor();
  await taskDialog.getByTestId('task-total-time').getByText('01:30:00').waitFor();

  // The same hours again overlap: the dialog stays open and says why.
  await taskDialog.getByTestId('add-time-button').click();
  await dialog.getByRole('heading', { name: 'Adicionar tempo' }).waitFor();
  await dialog.locator('input[name="date"]').fill(yesterday);
  await dialog.locator('input[name="start"]').fill('10:00');
  await dialog.getByTestId('manual-entry-mode').getByText('Início e duração').click();
  await dialog.locator('input[name="duration"]').fill('01:00');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/time-entries') && r.request().method() === 'POST');
  await dialog.getByTestId('add-time-submit').click();
  assert.equal((await refused).status(), 409);
  await dialog
    .getByTestId('add-time-error')
    .getByText(`Este período se sobrepõe a outro registro de tempo (${ddmmyyyy(yesterday)} 09:00 – 10:30)`)
    .waitFor();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.goto('/time-management');
  await page.getByTestId('time-period').selectOption('all');
  const listed = page.getByTestId(`time-entry-${entry.id}`);
  await listed.getByText(task.title).waitFor();
  await listed.getByText('01:30:00').waitFor();
});

test('the dialog fits a 390 px phone; /time-management opens it with a task to choose', async () => {
  const page = await product.newPage(JOAO);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/time-management');
  await page.getByTestId('add-time-button').click();
  const dialog = page.getByTestId('add-time-dialog');
  await dialog.getByRole('heading', { name: 'Adicionar tempo' }).waitFor();
  await dialog.getByTestId('manual-entry-task').waitFor();
  // Nothing wider than the screen.
  const box = await dialog.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `dialog within the phone (${box.x}, ${box.width})`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `no horizontal scroll (${overflow})`);
  // Every task reads 'Cliente — Tarefa', grouped by client in order.
  const groups = await dialog.getByTestId('manual-entry-task').evaluate((select) =>
    [...select.querySelectorAll('optgroup')].map((g) => ({
      label: g.label,
      options: [...g.querySelectorAll('option')].map((o) => o.textContent),
    })),
  );
  assert.ok(groups.length > 0, 'the tasks are grouped by client');
  const labels = groups.map((g) => g.label);
  assert.deepEqual(
    labels,
    [...labels].sort((a, b) => a.localeCompare(b, 'pt-BR')),
  );
  for (const group of groups) for (const option of group.options) assert.ok(option.startsWith(`${group.label} — `), option);
  await settled(page);
  await product.screenshot(page, 'manual-time-dialog-390');
  // Choosing no task is refused before any request.
  await dialog.getByTestId('add-time-submit').click();
  await dialog.getByText('Escolha a tarefa').waitFor();
});

test('an administrator locks a period; a collaborator cannot edit or delete his locked entry', async () => {
  const task = await joaoTask();
  const [{ id: joaoId }] = await product.sql(`SELECT id FROM users WHERE username = 'joao'`);
  const [locked] = await product.sql(
    `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration)
     VALUES ($1, $2, now() - interval '10 days', now() - interval '10 days' + interval '1 hour', 3600) RETURNING id`,
    [joaoId, task.id],
  );
  const [open] = await product.sql(
    `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration)
     VALUES ($1, $2, now() - interval '3 hours', now() - interval '150 minutes', 1800) RETURNING id`,
    [joaoId, task.id],
  );

  const admin = await product.newPage(ADMIN);
  await admin.goto('/time-management');
  const card = admin.getByTestId('time-lock-card');
  await card.getByText('Nenhum período bloqueado').waitFor();
  await card.getByText('Até uma data').click();
  const lockDate = daysAgo(5);
  await card.getByTestId('time-lock-date').fill(lockDate);
  const saved = admin.waitForResponse((r) => r.url().endsWith('/api/time-tracking/lock') && r.request().method() === 'PUT');
  await card.getByTestId('time-lock-save').click();
  assert.equal((await saved).status(), 200);
  await card
    .getByTestId('time-lock-summary')
    .getByText(`Período bloqueado até ${ddmmyyyy(lockDate)}`)
    .waitFor();
  await product.screenshot(admin, 'manual-time-lock-card');
  // The administrator may still change the locked entry.
  await admin.getByTestId('time-period').selectOption('all');
  const adminRow = admin.getByTestId(`time-entry-${locked.id}`);
  assert.equal(await adminRow.getByRole('button', { name: 'Editar' }).isEnabled(), true);

  // With write, 'Adicionar tempo' chooses the person, and the locked period stays open to him.
  await admin.getByTestId('add-time-button').click();
  const dialog = admin.getByTestId('add-time-dialog');
  await dialog.getByTestId('manual-entry-task').selectOption(String(task.id));
  await dialog.getByTestId('manual-entry-user').selectOption(String(joaoId));
  await dialog.locator('input[name="date"]').fill(daysAgo(6));
  await dialog.locator('input[name="start"]').fill('14:00');
  await dialog.locator('input[name="end"]').fill('15:00');
  const created = admin.waitForResponse((r) => r.url().endsWith('/api/time-entries') && r.request().method() === 'POST');
  await dialog.getByTestId('add-time-submit').click();
  const response = await created;
  assert.equal(response.status(), 201);
  const forJoao = await response.json();
  assert.equal(forJoao.userId, joaoId);
  await dialog.waitFor({ state: 'detached' });
  await admin.getByTestId(`time-entry-${forJoao.id}`).getByText('João Pereira').waitFor();

  const page = await product.newPage(JOAO);
  await page.goto('/time-management');
  assert.equal(await page.getByTestId('time-lock-card').count(), 0, 'no lock card without write');
  await page.getByTestId('time-period').selectOption('all');
  const row = page.getByTestId(`time-entry-${locked.id}`);
  const hint = `Período bloqueado até ${ddmmyyyy(lockDate)}`;
  await row.getByRole('button', { name: `Editar (${hint})` }).waitFor();
  assert.equal(await row.getByRole('button', { name: `Editar (${hint})` }).isDisabled(), true);
  assert.equal(await row.getByRole('button', { name: `Remover (${hint})` }).isDisabled(), true);
  // The open-period entry stays editable.
  const openRow = page.getByTestId(`time-entry-${open.id}`);
  assert.equal(await openRow.getByRole('button', { name: 'Editar', exact: true }).isEnabled(), true);
  await product.screenshot(page, 'manual-time-locked-row');

  // The server says the same to a request made anyway.
  const status = await page.evaluate(async (id) => (await fetch(`/api/time-entries/${id}`, { method: 'DELETE' })).status, locked.id);
  assert.equal(status, 403);
  const [still] = await product.sql(`SELECT id FROM time_entries WHERE id = $1`, [locked.id]);
  assert.ok(still, 'the locked entry is still there');

  // 'Adicionar tempo' tells him before he sends: the date stops at the lock, and a locked day is flagged at once.
  await page.getByTestId('add-time-button').click();
  const addDialog = page.getByTestId('add-time-dialog');
  await addDialog.getByRole('heading', { name: 'Adicionar tempo' }).waitFor();
  const date = addDialog.locator('input[name="date"]');
  await addDialog.getByText(`Período bloqueado até ${ddmmyyyy(lockDate)}: escolha uma data posterior.`).waitFor();
  assert.equal(await date.getAttribute('min'), daysAgo(4));
  let posted = 0;
  page.on('request', (r) => r.url().endsWith('/api/time-entries') && r.method() === 'POST' && (posted += 1));
  await addDialog.getByTestId('manual-entry-task').selectOption({ index: 1 });
  await date.fill(lockDate);
  const warning = addDialog.getByTestId('add-time-locked');
  await warning.getByText(`Período bloqueado até ${ddmmyyyy(lockDate)}`).waitFor();
  await settled(page);
  await product.screenshot(page, 'manual-time-locked-date');
  await addDialog.getByTestId('add-time-submit').click();
  // The field itself is marked, with the server's message, after the attempt.
  await addDialog
    .locator('[id="field::field-date::error-text"]')
    .getByText(`Período bloqueado até ${ddmmyyyy(lockDate)}:`)
    .waitFor();
  assert.equal(await date.getAttribute('aria-invalid'), 'true');
  assert.equal(posted, 0, 'nothing is sent for a locked day');
  await date.fill(daysAgo(1));
  await warning.waitFor({ state: 'detached' });
});
