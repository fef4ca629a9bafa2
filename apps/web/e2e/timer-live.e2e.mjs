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

test('/time-management follows a timer started in another tab and stopped in this one, without a reload', async () => {
  const [task] = await product.sql(
    `SELECT t.id, t.title FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY t.id LIMIT 1`,
  );
  const page = await product.newPage(ADMIN);
  await page.goto('/time-management');
  await page.getByTestId('time-period').waitFor();
  const total = page.getByText('Total de horas').locator('..');

  // Another tab of the same user starts a timer from the board.
  const other = await page.context().newPage();
  await other.goto('/kanban');
  await other.getByTestId(`quick-timer-${task.id}`).click();
  await other.getByText('Timer iniciado').first().waitFor();
  const [running] = await product.sql(`SELECT id FROM time_entries WHERE "taskId" = $1 AND "endTime" IS NULL`, [task.id]);
  assert.ok(running);

  // This tab lists it as running (the /ws 'timer.changed' event), no reload.
  const row = page.getByTestId(`time-entry-${running.id}`);
  await row.getByText('Em andamento').waitFor();
  await row.getByText(task.title).waitFor();
  await other.close();

  // Stopped here with the floating timer: the row is finished, with its duration, and the total counts it.
  const floating = page.getByTestId('floating-timer');
  await floating.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="floating-timer-elapsed"]')?.textContent?.trim() >= '00:00:02');
  await floating.getByTestId('floating-timer-stop').click();
  await page.getByText('Timer parado').first().waitFor();
  await row.getByText('Concluído').waitFor();
  const [entry] = await product.sql(`SELECT duration FROM time_entries WHERE id = $1`, [running.id]);
  assert.ok(entry.duration >= 2);
  await row.getByText(`00:00:${String(entry.duration).padStart(2, '0')}`).waitFor();
  const seeded = (await product.sql(`SELECT count(*)::int AS n FROM time_entries WHERE id <> $1`, [running.id]))[0].n;
  if (seeded === 0) await total.getByText(`${entry.duration} s`).waitFor();
  assert.doesNotMatch(await total.innerText(), /\b0 h\b/);
  await product.screenshot(page, 'time-management-live');
});
