import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { seriousViolations, settle } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

let product;
let fixture;
before(async () => {
  product = await startProduct({ demo: true });
  const sql = product.sql.bind(product);
  const [{ id: columnId }] = await sql(`SELECT id FROM columns ORDER BY position LIMIT 1`);
  const [{ id: adminId }] = await sql(`SELECT id FROM users WHERE username = 'admin'`);
  const people = await sql(`SELECT id, name FROM users WHERE username IN ('maria', 'ana') ORDER BY username`);
  const [alfa] = await sql(`INSERT INTO clients (name, "hourlyRate") VALUES ('Alfa Alimentos', 120) RETURNING id, name`);
  const [beta] = await sql(`INSERT INTO clients (name) VALUES ('=HYPERLINK("http://x","Beta")') RETURNING id, name`);
  const task = async (title, clientId) =>
    (
      await sql(
        `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "createdBy") VALUES ($1, '', $2, $3, now(), $4) RETURNING id`,
        [title, clientId, columnId, adminId],
      )
    )[0].id;
  const site = await task('Novo site', alfa.id);
  const posts = await task('Posts de outubro', beta.id);
  const entry = (userId, taskId, start, minutes, description = null) =>
    sql(
      `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration, description)
       VALUES ($1, $2, $3::timestamptz, $3::timestamptz + $4 * interval '1 minute', $4 * 60, $5)`,
      [userId, taskId, start, minutes, description],
    );
  const [ana, maria] = people;
  await entry(ana.id, site, '2026-10-05T12:00:00Z', 90, 'Layout da home');
  await entry(maria.id, site, '2026-10-12T13:00:00Z', 45, '-revisão');
  await entry(ana.id, posts, '2026-10-14T17:00:00Z', 60);
  await entry(maria.id, site, '2026-11-02T12:00:00Z', 30); // outside the range
  // This week's own hours for the admin, for 'Minha semana'.
  await sql(
    `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration)
     VALUES ($1, $2, now() - interval '3 hours', now() - interval '1 hour', 7200)`,
    [adminId, site],
  );
  fixture = { alfa, beta, ana, maria };
});
after(async () => {
  await product?.stop();
});

/** Opens /time-management on the custom period from..to and waits for that timesheet. */
async function showRange(page, from, to) {
  await page.goto('/time-management');
  await page.getByTestId('my-week').waitFor();
  await page.getByTestId('time-period').selectOption('custom');
  await page.getByTestId('time-from').fill(from);
  const ranged = page.waitForResponse((r) => r.url().includes(`/api/time-entries/timesheet?period=custom&from=${from}&to=${to}`));
  await page.getByTestId('time-to').fill(to);
  await ranged;
}

test('two dates typed before the page renders again both reach the address and the request', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/time-management');
  await page.getByTestId('my-week').waitFor();
  await page.getByTestId('time-period').selectOption('custom');
  await page.getByTestId('time-from').waitFor();
  const both = page.waitForResponse((r) => r.url().includes('/api/time-entries/timesheet?period=custom&from=2026-08-01&to=2026-08-31'));
  // Both changes in one task, as a fast typist (or a slow machine) can make them: React handles the
  // second before it renders the first.
  await page.evaluate(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    for (const [id, value] of [
      ['time-from', '2026-08-01'],
      ['time-to', '2026-08-31'],
    ]) {
      const input = document.querySelector(`[data-testid="${id}"]`);
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await both;
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('from'), '2026-08-01');
  assert.equal(url.searchParams.get('to'), '2026-08-31');
});

test('filters /time-management by client and dates, shows totals with values, and downloads that filter as XLSX', async () => {
  const page = await product.newPage(ADMIN);
  await showRange(page, '2026-10-01', '2026-10-31');
  const filtered = page.waitForResponse((r) => r.url().includes(`clientId=${fixture.alfa.id}`) && r.url().includes('/timesheet?'));
  await page.getByTestId('time-client').selectOption(String(fixture.alfa.id));
  const body = await (await filtered).json();
  assert.deepEqual(
    body.items.map((e) => e.user_name),
    [fixture.maria.name, fixture.ana.name],
  );

  const byClient = page.getByTestId('totals-by-client');
  await byClient.getByText('Alfa Alimentos').waitFor();
  await byClient.getByText('2 h 15 min').waitFor();
  await byClient.getByText(/R\$\s270,00/).waitFor();
  const byPerson = page.getByTestId('totals-by-person');
  await byPerson.getByText(fixture.ana.name).waitFor();
  await byPerson.getByText(/R\$\s180,00/).waitFor();
  await page.getByTestId('time-entries').getByText('Novo site').first().waitFor();
  await product.screenshot(page, 'time-management-filters');

  // The filter is in the address: a reload shows the same records, and back returns to the one before.
  assert.equal(new URL(page.url()).search, `?period=custom&from=2026-10-01&to=2026-10-31&clientId=${fixture.alfa.id}`);
  await page.reload();
  await byClient.getByText(/R\$\s270,00/).waitFor();
  assert.equal(await page.getByTestId('time-client').inputValue(), String(fixture.alfa.id));
  assert.equal(await page.getByTestId('time-from').inputValue(), '2026-10-01');
  await page.goBack();
  await page.waitForFunction(() => !location.search.includes('clientId'));
  assert.equal(await page.getByTestId('time-client').inputValue(), '');
  assert.equal(await page.getByTestId('time-to').inputValue(), '2026-10-31');
  await page.goForward();
  await byClient.getByText(/R\$\s270,00/).waitFor();
  assert.equal(await page.getByTestId('time-client').inputValue(), String(fixture.alfa.id));

  const download = page.waitForEvent('download');
  const exported = page.waitForResponse((r) => r.url().includes('/api/time-entries/timesheet/export?format=xlsx'));
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  assert.equal((await exported).status(), 200);
  const file = await download;
  assert.equal(file.suggestedFilename(), 'horas-periodo-2026-10-01-a-2026-10-31.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await readFile(await file.path()));
  const rows = [];
  workbook.worksheets[0].eachRow((row) => rows.push(row.values.slice(1)));
  assert.deepEqual(rows[0], [
    'Data',
    'Início',
    'Fim',
    'Pessoa',
    'Cliente',
    'Tarefa',
    'Descrição',
    'Horas',
    'Horas (HH:MM)',
    'Valor/hora (R$)',
    'Valor (R$)',
  ]);
  // Text as typed (the apostrophe guard is the CSV's), the value as hours × rate with its result, and a totals row.
  const result = (cell) => (cell && typeof cell === 'object' && 'formula' in cell ? cell.result : cell);
  const data = rows.slice(1, -1).map((r) => [r[0].toISOString().slice(0, 10), ...r.slice(1).map(result)]);
  assert.deepEqual(data, [
    ['2026-10-12', '10:00', '10:45', fixture.maria.name, 'Alfa Alimentos', 'Novo site', '-revisão', 0.75, '00:45', 120, 90],
    ['2026-10-05', '09:00', '10:30', fixture.ana.name, 'Alfa Alimentos', 'Novo site', 'Layout da home', 1.5, '01:30', 120, 180],
  ]);
  const totals = rows.at(-1);
  assert.equal(totals[0], 'Total');
  assert.equal(result(totals[7]), 2.25);
  assert.deepEqual(totals[10], { formula: 'SUM(K2:K3)', result: 270 });

  // The phone width keeps filters, totals and the exports usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await byClient.getByText('Alfa Alimentos').waitFor();
  await product.screenshot(page, 'time-management-filters-390');
});

test('an own_only collaborator sees only his own hours and no values', async () => {
  const page = await product.newPage({ email: 'ana@wkflow.local', password: DEMO_PASSWORD });
  await page.goto('/time-management');
  await page.getByTestId('time-period').selectOption('custom');
  await page.getByTestId('time-from').fill('2026-10-01');
  const ranged = page.waitForResponse((r) => r.url().includes('/api/time-entries/timesheet?period=custom&from=2026-10-01&to=2026-10-31'));
  await page.getByTestId('time-to').fill('2026-10-31');
  const body = await (await ranged).json();
  assert.equal(body.showsValues, false);
  assert.deepEqual([...new Set(body.items.map((e) => e.userId))], [fixture.ana.id]);
  await page.getByTestId('totals-by-person').getByText(fixture.ana.name).waitFor();
  assert.equal(await page.getByTestId('totals-by-person').getByText(fixture.maria.name).count(), 0);
  assert.equal(await page.getByText('R$').count(), 0);
  const people = await page.getByTestId('time-person').locator('option').allTextContents();
  assert.deepEqual(people, ['Todas as pessoas', fixture.ana.name]);
});

test('the hourly rate is edited in the client form with clients write, and hidden from a reader', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto(`/clients/${fixture.alfa.id}`);
  const rate = page.getByLabel('Valor por hora (R$)');
  await rate.waitFor();
  assert.equal(await rate.inputValue(), '120,00');
  await rate.fill('-5');
  await rate.blur();
  await page.getByText('Valor por hora deve ser um número maior ou igual a 0 com até 2 casas decimais').waitFor();
  await rate.fill('1.150,50');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/clients/${fixture.alfa.id}`) && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  assert.equal((await saved).status(), 200);
  const [row] = await product.sql(`SELECT "hourlyRate" FROM clients WHERE id = $1`, [fixture.alfa.id]);
  assert.equal(row.hourlyRate, '1150.50');

  const reader = await product.newPage({ email: 'ana@wkflow.local', password: DEMO_PASSWORD });
  const loaded = reader.waitForResponse((r) => r.url().endsWith(`/api/clients/${fixture.alfa.id}`));
  await reader.goto(`/clients/${fixture.alfa.id}`);
  assert.doesNotMatch(await (await loaded).text(), /hourlyRate/);
  await reader.getByLabel('Nome').waitFor();
  assert.equal(await reader.getByLabel('Valor por hora (R$)').count(), 0);
});

test('a long totals table is a named region the keyboard reaches and scrolls, with no critical or serious axe violation', async () => {
  // Twelve clients with an hour each in September: more rows than the totals card's height.
  const [{ id: columnId }] = await product.sql(`SELECT id FROM columns ORDER BY position LIMIT 1`);
  const [{ id: adminId }] = await product.sql(`SELECT id FROM users WHERE username = 'admin'`);
  for (let i = 1; i <= 12; i += 1) {
    const [client] = await product.sql(`INSERT INTO clients (name) VALUES ($1) RETURNING id`, [`Cliente de setembro ${i}`]);
    const [task] = await product.sql(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "createdBy") VALUES ($1, '', $2, $3, now(), $4) RETURNING id`,
      [`Tarefa de setembro ${i}`, client.id, columnId, adminId],
    );
    await product.sql(
      `INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration)
       VALUES ($1, $2, '2026-09-10T12:00:00Z', '2026-09-10T13:00:00Z', 3600)`,
      [adminId, task.id],
    );
  }
  const page = await product.newPage(ADMIN);
  await showRange(page, '2026-09-01', '2026-09-30');
  const region = page.getByRole('region', { name: 'Por cliente' });
  await region.getByText('Cliente de setembro 12').waitFor();
  const overflow = await region.evaluate((el) => el.scrollHeight - el.clientHeight);
  assert.ok(overflow > 0, 'the table is taller than its card, so it scrolls');

  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);

  // Tab from the last date filter reaches the region; End scrolls it to its last row.
  await page.getByTestId('time-to').focus();
  let reached = false;
  for (let tab = 0; tab < 20 && !reached; tab += 1) {
    await page.keyboard.press('Tab');
    reached = await region.evaluate((el) => el === document.activeElement);
  }
  assert.ok(reached, 'Tab reaches the totals region');
  await page.keyboard.press('End');
  await page.waitForFunction((el) => el.scrollTop > 0, await region.elementHandle());
  await product.screenshot(page, 'time-management-totals-scrolled');
});
