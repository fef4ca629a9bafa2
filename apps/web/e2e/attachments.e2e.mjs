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

const NAME = 'relatório ação.txt';

test('an attachment with an accented name, uploaded through the task dialog, is listed and stored under that name', async () => {
  const page = await product.newPage(ADMIN);
  const [client] = await product.sql(`SELECT id FROM clients WHERE name = 'Padaria Pão Dourado'`);
  const created = await page.request.post('/api/tasks', {
    data: {
      title: `Anexos E2E ${Date.now().toString(36)}`,
      description: 'Tarefa para anexar um arquivo de nome acentuado',
      clientId: client.id,
      deadline: '2030-05-20T17:30:00.000Z',
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const task = await created.json();

  // The card is on the board; opened, the dialog has the 'Anexos' section.
  await page.reload();
  await page.getByTestId(`task-card-${task.id}`).click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.waitFor();
  const section = dialog.getByRole('region', { name: 'Anexos' });
  await section.getByText('Nenhum anexo.').waitFor();

  // Chromium sends the file as the file picker would (multipart, the name as typed).
  const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${task.id}/attachments`) && r.request().method() === 'POST');
  await section.getByTestId('attachment-input').setInputFiles({
    name: NAME,
    mimeType: 'text/plain',
    buffer: Buffer.from('Relatório de ações do mês.\n'),
  });
  const response = await uploaded;
  assert.equal(response.status(), 201, await response.text());
  assert.equal((await response.json()).originalName, NAME);
  await page.getByText('Anexo adicionado').first().waitFor();
  await section.getByTestId('attachment-row').getByRole('link', { name: NAME }).first().waitFor();

  const rows = await product.sql(`SELECT "originalName" FROM task_attachments WHERE "taskId" = $1`, [task.id]);
  assert.deepEqual(
    rows.map((r) => r.originalName),
    [NAME],
  );

  // After a reload (the address, ?task=<id>, opens the dialog again) it is still listed under the same name, and downloads under it.
  await page.reload();
  assert.equal(new URL(page.url()).searchParams.get('task'), String(task.id));
  await dialog.waitFor();
  const link = dialog.getByRole('region', { name: 'Anexos' }).getByRole('link', { name: NAME }).first();
  await link.waitFor();
  const download = await page.request.get(await link.getAttribute('href'));
  assert.equal(download.status(), 200);
  assert.equal(await download.text(), 'Relatório de ações do mês.\n');
  const disposition = download.headers()['content-disposition'] ?? '';
  // RFC 6266: an ASCII fallback, and the name itself in filename* (Latin-1 letters too).
  assert.equal(disposition, `attachment; filename="relatorio acao.txt"; filename*=UTF-8''${encodeURIComponent(NAME)}`);
  await product.screenshot(page, 'attachment-accented-name');
});

test('an accented attachment name is the name Chromium saves the download under', async () => {
  const name = 'relatório final ç.pdf';
  const page = await product.newPage(ADMIN);
  const [client] = await product.sql(`SELECT id FROM clients WHERE name = 'Padaria Pão Dourado'`);
  const created = await page.request.post('/api/tasks', {
    data: {
      title: `Download E2E ${Date.now().toString(36)}`,
      description: 'Nome acentuado no download',
      clientId: client.id,
      deadline: '2030-05-20T17:30:00.000Z',
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const task = await created.json();
  await page.goto(`/?task=${task.id}`);
  const section = page.getByTestId('task-dialog').getByRole('region', { name: 'Anexos' });
  await section.getByText('Nenhum anexo.').waitFor();
  await section
    .getByTestId('attachment-input')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const link = section.getByRole('link', { name }).first();
  await link.waitFor();
  // Both ways to download: the name link and the 'Baixar …' button.
  for (const target of [link, section.getByRole('link', { name: `Baixar ${name}` })]) {
    const [download] = await Promise.all([page.waitForEvent('download'), target.click()]);
    assert.equal(download.suggestedFilename(), name);
    await download.cancel().catch(() => undefined);
  }
  await page.context().close();
});
