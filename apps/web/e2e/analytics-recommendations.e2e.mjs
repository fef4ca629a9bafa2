import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const MARIA = { email: 'maria@wkflow.local', password: DEMO_PASSWORD }; // manager
const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD }; // collaborator

let product;
before(async () => {
  product = await startProduct({ demo: true });
  // Time on the demo tasks over the last weeks, by several members, so the charts have data.
  await product.sql(`
    INSERT INTO time_entries ("userId", "taskId", "startTime", "endTime", duration)
    SELECT u.id, t.id, now() - (n * interval '1 day') - interval '3 hours', now() - (n * interval '1 day') - interval '1 hour', 3600 + (n * 900) % 7200
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM users WHERE "isApproved") u
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS r FROM tasks) t ON t.r % 4 = u.r % 4
      CROSS JOIN generate_series(1, 20, 3) AS n`);
  await product.sql(
    `INSERT INTO task_history ("taskId", "userId", "actionType", "createdAt") SELECT t.id, u.id, 'moved', now() - interval '2 days' FROM tasks t, users u WHERE u.username = 'ana' LIMIT 3`,
  );
});
after(async () => {
  await product?.stop();
});

const toastText = (page) => page.getByTestId('toast').first().innerText();

test('analytics: overview, charts, and a report generated, listed and downloaded', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/analytics');
  await page.getByRole('heading', { name: 'Analytics' }).waitFor();
  await page.getByTestId('metric-completed').waitFor();
  // A change against the previous period, or no figure when that period had nothing (never a made-up +100%).
  assert.match(
    await page.getByTestId('metric-hours').innerText(),
    /Horas Trabalhadas[\s\S]*\d+(,\d)? h[\s\S]*(vs\. período anterior|sem dados no período anterior)/,
  );
  // The day-by-day trend under the figures: completed tasks and hours both as bars, so one day's
  // hours stay on that day (a line spread them over its neighbours).
  await page.getByText('Atividade por dia').waitFor();
  await page.locator('.recharts-bar').nth(1).waitFor();
  assert.equal(await page.locator('.recharts-line-curve').count(), 0);
  await product.screenshot(page, 'analytics-overview');

  // Listening before the change: an answer that came before the wait started was missed.
  const periodAnswer = page.waitForResponse((r) => r.url().includes('/api/analytics/dashboard?period=7') && r.ok());
  await page.getByTestId('analytics-period').selectOption('7');
  await periodAnswer;

  await page.getByRole('tab', { name: 'Produtividade' }).click();
  await page.getByTestId('productivity-table').waitFor();
  await page.locator('.recharts-bar-rectangle').first().waitFor();
  await product.screenshot(page, 'analytics-productivity');

  await page.getByRole('tab', { name: 'Clientes' }).click();
  await page.getByTestId('clients-table').waitFor();
  await page.locator('.recharts-bar-rectangle').first().waitFor();
  await product.screenshot(page, 'analytics-clients');

  await page.getByRole('tab', { name: 'Relatórios' }).click();
  await page.getByText('Nenhum relatório gerado ainda.').waitFor();
  await page.getByRole('button', { name: 'Gerar Novo Relatório' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('estará disponível em breve').waitFor();
  // §5: a name, then a type.
  await dialog.getByRole('button', { name: 'Gerar Relatório' }).click();
  assert.match(await toastText(page), /Nome obrigatório[\s\S]*Por favor, forneça um nome para o relatório\./);
  await page.getByTestId('report-name').fill('Relatório de produtividade ç');
  await dialog.getByRole('button', { name: 'Gerar Relatório' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Tipo obrigatório' }).waitFor();
  assert.match(await toastText(page), /Por favor, selecione o tipo do relatório\./);
  await product.screenshot(page, 'analytics-report-dialog');
  await page.getByTestId('report-type').selectOption('productivity');
  await page.getByTestId('report-period').selectOption('7');
  await dialog.getByRole('button', { name: 'Gerar Relatório' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Relatório gerado' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const [{ id }] = await product.sql(`SELECT id FROM analytics_reports WHERE name = 'Relatório de produtividade ç'`);
  const download = page.getByTestId(`report-download-${id}`);
  await download.waitFor({ timeout: 15_000 }); // the list refreshes until the job completes
  assert.match(await page.getByTestId(`report-${id}`).innerText(), /Produtividade da equipe[\s\S]*7 dias[\s\S]*Concluído/);
  await product.screenshot(page, 'analytics-reports');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  // Saved under the name the user gave, accents included (RFC 6266 filename*).
  assert.equal(file.suggestedFilename(), 'Relatório de produtividade ç.csv');
  const csv = await new Promise((resolve, reject) => {
    file.createReadStream().then((stream) => {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')), reject);
    }, reject);
  });
  assert.ok(csv.startsWith('\uFEFFMembro;Tarefas concluídas;Horas;Tarefas abertas\r\n'));
  assert.match(csv, /Maria Souza;\d+;[\d,]+;\d+/);
  await page.context().close();
});

test('analytics: a report that fails on the server shows the error toast', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/analytics');
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  await page.getByRole('button', { name: 'Gerar Novo Relatório' }).click();
  await page.getByTestId('report-name').fill('Falha');
  await page.getByTestId('report-type').selectOption('time_tracking');
  // The server really fails: this run's database refuses to store the report.
  await product.sql(`CREATE FUNCTION e2e_refuse_report() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'armazenamento de relatórios indisponível'; END $$`);
  await product.sql(
    `CREATE TRIGGER e2e_refuse_report BEFORE INSERT ON analytics_reports FOR EACH ROW EXECUTE FUNCTION e2e_refuse_report()`,
  );
  try {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/analytics/reports') && r.request().method() === 'POST'),
      page.getByRole('dialog').getByRole('button', { name: 'Gerar Relatório' }).click(),
    ]);
    assert.equal(response.status(), 500);
    await page.getByTestId('toast').filter({ hasText: 'Erro ao gerar relatório' }).waitFor();
    // Nothing stored, and the dialog stays open with what was typed.
    assert.deepEqual(await product.sql(`SELECT id FROM analytics_reports WHERE name = 'Falha'`), []);
    assert.equal(await page.getByTestId('report-name').inputValue(), 'Falha');
  } finally {
    await product.sql(`DROP TRIGGER e2e_refuse_report ON analytics_reports`);
    await product.sql(`DROP FUNCTION e2e_refuse_report()`);
  }
  await page.context().close();
});

test('analytics: denied without analytics read', async () => {
  const page = await product.newPage(JOAO);
  await page.goto('/analytics');
  await page.getByTestId('access-denied').waitFor();
  assert.match(
    await page.getByTestId('access-denied').innerText(),
    /Acesso Negado[\s\S]*Você não tem permissão para visualizar analytics\./,
  );
  await page.context().close();
});

test('recommendations: generate, implement with notes, dismiss, stats and insights', async () => {
  const page = await product.newPage(MARIA);
  await page.goto('/recommendations');
  await page.getByRole('heading', { name: 'Recomendações', exact: true }).waitFor();
  await page.getByText('Nenhuma recomendação ativa').waitFor();
  await page.getByTestId('generate-recommendations').click();
  await page.getByTestId('toast').filter({ hasText: 'Recomendações Geradas' }).waitFor();
  await page.locator('[data-testid^="recommendation-"]').first().waitFor();
  await product.screenshot(page, 'recommendations-dashboard');

  await page.getByRole('tab', { name: /Recomendações/ }).click();
  // The Dashboard tab stays mounted (hidden): count the cards of the open tab only.
  const cards = page.locator('[role="tabpanel"]:not([hidden]) [data-testid^="recommendation-"]');
  const before = await cards.count();
  assert.ok(before >= 1);
  await product.screenshot(page, 'recommendations-list');
  await cards.first().getByRole('button', { name: 'Implementar' }).click();
  await page.getByTestId('resolution-text').fill('Feito na reunião de segunda');
  await page.getByRole('dialog').getByRole('button', { name: 'Implementar' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Recomendação Implementada' }).waitFor();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[role="tabpanel"]:not([hidden]) [data-testid^="recommendation-"]').length === n - 1,
    before,
  );
  const [row] = await product.sql(`SELECT "resolutionNote" FROM recommendations WHERE status = 'implemented'`);
  assert.equal(row.resolutionNote, 'Feito na reunião de segunda');

  if (before > 1) {
    await cards.first().getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Recomendação Descartada' }).waitFor();
  }

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  assert.match(await page.getByTestId('stat-implemented').innerText(), /Implementadas\s*1/);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await page.getByTestId('insights').waitFor();
  assert.match(await page.getByTestId('insights').innerText(), /Produtividade da equipe[\s\S]*\/100[\s\S]*Coluna gargalo/);
  await product.screenshot(page, 'recommendations-insights');

  // A server refusal shows 'Erro' with the server's message: Maria stops being a manager while
  // the page is open (the API follows the change in the database), then asks again.
  await product.sql(`UPDATE users SET role = 'collaborator' WHERE username = 'maria'`);
  try {
    await page.waitForFunction(async () => (await fetch('/api/recommendations')).status === 403, null, { polling: 200 });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/recommendations/generate')),
      page.getByTestId('generate-recommendations').click(),
    ]);
    assert.equal(response.status(), 403);
    const message = (await response.json()).message;
    await page.getByTestId('toast').filter({ hasText: message }).waitFor();
    assert.match(await toastText(page), /^Erro/);
  } finally {
    await product.sql(`UPDATE users SET role = 'manager' WHERE username = 'maria'`);
  }
  await page.context().close();
});

test('recommendations: restricted for collaborators', async () => {
  const page = await product.newPage(JOAO);
  await page.goto('/recommendations');
  await page.getByTestId('access-denied').waitFor();
  assert.match(
    await page.getByTestId('access-denied').innerText(),
    /Acesso Restrito[\s\S]*Este recurso está disponível apenas para Administradores e Gerentes\./,
  );
  await product.screenshot(page, 'recommendations-restricted');
  await page.context().close();
});
