import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

const HHMMSS = /^\d{2}:\d{2}:\d{2}$/;

test('a timer started from a card ticks in the floating timer, stops, and its entry shows on /time-management', async () => {
  const page = await product.newPage(ADMIN);
  // A task in a column that is not completed, so its card has the quick timer button.
  const [task] = await product.sql(
    `SELECT t.id, t.title FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY t.id LIMIT 1`,
  );
  assert.ok(task, 'the demo seed has an open task');
  await page.goto('/kanban');
  const card = page.getByTestId(`task-card-${task.id}`);
  await card.waitFor();

  const started = page.waitForResponse((r) => r.url().endsWith('/api/time-entries/start') && r.request().method() === 'POST');
  await page.getByTestId(`quick-timer-${task.id}`).click();
  assert.equal((await started).status(), 201);
  await page.getByText('Timer iniciado').first().waitFor();

  // The floating timer shows the task and ticks every second.
  const floating = page.getByTestId('floating-timer');
  await floating.waitFor();
  await floating.getByText(task.title).waitFor();
  // Outside <main>, it is a landmark of its own, so landmark navigation reaches it.
  await page.getByRole('complementary', { name: 'Timer em andamento' }).getByText(task.title).waitFor({ timeout: 1_000 });
  const elapsed = floating.getByTestId('floating-timer-elapsed');
  const first = (await elapsed.textContent()).trim();
  assert.match(first, HHMMSS);
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="floating-timer-elapsed"]')?.textContent?.trim() !== before,
    first,
    { timeout: 5_000 },
  );
  // The timer survives a reload: the server holds the running entry.
  await page.reload();
  await floating.waitFor({ timeout: 15_000 });
  await page.waitForTimeout(1_200);
  await product.screenshot(page, 'timer-floating');

  const [running] = await product.sql(`SELECT id FROM time_entries WHERE "taskId" = $1 AND "endTime" IS NULL`, [task.id]);
  assert.ok(running, 'one running entry is stored');

  const stopped = page.waitForResponse((r) => r.url().endsWith(`/api/time-entries/${running.id}/stop`));
  await floating.getByTestId('floating-timer-stop').click();
  assert.equal((await stopped).status(), 200);
  await page.getByText('Timer parado').first().waitFor();
  await floating.waitFor({ state: 'detached' });

  const [entry] = await product.sql(`SELECT duration, "endTime" FROM time_entries WHERE id = $1`, [running.id]);
  assert.ok(entry.endTime, 'the entry has an end');
  assert.ok(entry.duration >= 1, `the server computed a duration (${entry.duration} s)`);

  // /time-management lists it (default period: week) as 'Concluído', with the task's title.
  await page.goto('/time-management');
  const row = page.getByTestId(`time-entry-${running.id}`);
  await row.waitFor();
  await row.getByText(task.title).waitFor();
  await row.getByText('Concluído').waitFor();
  assert.equal(await page.getByTestId('time-period').inputValue(), 'week');
  await product.screenshot(page, 'timer-time-management');
});

test("starting another task's timer while one runs is refused with the spec's text", async () => {
  const page = await product.newPage(ADMIN);
  const tasks = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY t.id LIMIT 2`,
  );
  assert.equal(tasks.length, 2);
  await page.goto('/kanban');
  await page.getByTestId(`quick-timer-${tasks[0].id}`).click();
  await page.getByTestId('floating-timer').waitFor();
  await page.getByTestId(`quick-timer-${tasks[1].id}`).click();
  await page.getByText('Pare o timer da outra tarefa antes de iniciar este').first().waitFor();
  const rows = await product.sql(`SELECT "taskId" FROM time_entries WHERE "endTime" IS NULL`);
  assert.deepEqual(
    rows.map((r) => r.taskId),
    [tasks[0].id],
    'only the first timer runs',
  );
  // Closing the floating timer also stops it.
  await page.getByTestId('floating-timer').getByRole('button', { name: 'Fechar' }).click();
  await page.getByTestId('floating-timer').waitFor({ state: 'detached' });
  assert.equal((await product.sql(`SELECT count(*)::int AS n FROM time_entries WHERE "endTime" IS NULL`))[0].n, 0);
});
