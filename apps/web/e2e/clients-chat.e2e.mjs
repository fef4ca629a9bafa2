import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const MARIA = { email: 'maria@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

test('an admin creates a client with a credential and sees its password masked', async () => {
  const page = await product.newPage(ADMIN);
  const secret = `S3nha-E2E-${Date.now()}`;

  // Create the client from the list's dialog: it opens the new client's page.
  await page.goto('/clients');
  await page.getByRole('heading', { name: 'Clientes' }).waitFor();
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const clientDialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await clientDialog.locator('input[name="name"]').fill('Padaria Pão Quente E2E');
  await clientDialog.locator('input[name="email"]').fill('contato@paoquente.com.br');
  await clientDialog.getByRole('button', { name: 'Criar Cliente' }).click();
  await page.waitForURL(/\/clients\/\d+$/);
  await page.getByRole('heading', { name: 'Padaria Pão Quente E2E' }).waitFor();

  // Add a credential in 'Senhas & Acessos'.
  await page.getByRole('tab', { name: 'Senhas & Acessos' }).click();
  await page.getByRole('button', { name: 'Nova credencial' }).click();
  const credentialDialog = page.getByRole('dialog', { name: 'Nova credencial' });
  // The spec's messages show on an empty submit.
  await credentialDialog.getByRole('button', { name: 'Criar credencial' }).click();
  await credentialDialog.getByText('Nome da ferramenta é obrigatório').waitFor();
  await credentialDialog.getByText('Senha é obrigatória').waitFor();
  await credentialDialog.locator('input[name="toolName"]').fill('Google Ads');
  await credentialDialog.locator('input[name="url"]').fill('https://ads.google.com');
  await credentialDialog.locator('input[name="username"]').fill('midia@paoquente.com.br');
  await credentialDialog.locator('input[name="password"]').fill(secret);
  await credentialDialog.getByRole('button', { name: 'Criar credencial' }).click();
  await page.getByText('Credencial criada').waitFor();

  // Listed with the password masked, and the clear text is nowhere on the page.
  const row = page.getByTestId('credential-row').filter({ hasText: 'Google Ads' });
  await row.waitFor();
  assert.equal((await row.getByTestId('credential-password').textContent())?.trim(), '••••••••');
  assert.ok(!(await page.content()).includes(secret), 'the clear password must not be in the page');
  await product.screenshot(page, 'clients-credential-masked');

  // Revealing is explicit (and recorded); hiding masks it again.
  await row.getByRole('button', { name: 'Mostrar senha' }).click();
  await row.getByTestId('credential-password').getByText(secret).waitFor();
  await row.getByRole('button', { name: 'Ocultar senha' }).click();
  await row.getByTestId('credential-password').getByText('••••••••').waitFor();

  // At rest the password is not stored in clear.
  const stored = await product.sql(`SELECT * FROM client_credentials WHERE username = 'midia@paoquente.com.br'`);
  assert.equal(stored.length, 1);
  assert.ok(!JSON.stringify(stored).includes(secret), 'the stored row must not hold the clear password');
});

test('a chat message sent by the admin reaches maria in her own session', async () => {
  const admin = await product.newPage(ADMIN);
  const maria = await product.newPage(MARIA);
  const roomName = `Sala E2E ${Date.now().toString(36)}`;
  const text = 'Olá, Maria! Reunião às 15h.';

  // The admin creates a room and sends a message with Enter.
  await admin.goto('/chat');
  await admin.getByRole('button', { name: 'Nova sala' }).first().click();
  const roomDialog = admin.getByRole('dialog', { name: 'Nova sala' });
  await roomDialog.locator('input[name="name"]').fill(roomName);
  await roomDialog.locator('input[name="description"]').fill('Sala do teste de ponta a ponta');
  await roomDialog.getByRole('button', { name: 'Criar sala' }).click();
  await admin.getByText('Sala criada').waitFor();
  await admin.getByTestId('room-title').filter({ hasText: roomName }).waitFor();
  const composer = admin.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill(text);
  await composer.press('Enter');
  await admin.getByTestId('chat-message').filter({ hasText: text }).waitFor();
  // The composer clears once the send is confirmed; wait for it rather than racing the request.
  await admin.waitForFunction(() => document.querySelector('textarea[aria-label="Mensagem"]')?.value === '', null, { timeout: 10_000 });
  assert.equal(await composer.inputValue(), '', 'Enter sends and clears the composer');

  // Maria (another browser context) sees the room with one unread message, opens it and reads it.
  await maria.goto('/chat');
  const room = maria.getByTestId('room-item').filter({ hasText: roomName });
  await room.waitFor();
  await room.getByTestId('unread-badge').getByText('1').waitFor({ timeout: 10_000 });
  await room.click();
  const received = maria.getByTestId('chat-message').filter({ hasText: text });
  await received.waitFor();
  assert.equal(await received.getAttribute('data-own'), null, "the admin's message is not shown as maria's own");

  // She replies to it; the admin's open room receives the reply with the quote (polled every 2 s).
  await received.getByRole('button', { name: /Responder/ }).click();
  await maria.getByTestId('reply-banner').waitFor();
  const mariaComposer = maria.getByRole('textbox', { name: 'Mensagem' });
  await mariaComposer.fill('Combinado!');
  await mariaComposer.press('Enter');
  await maria.getByTestId('reply-banner').waitFor({ state: 'detached' });
  const reply = admin.getByTestId('chat-message').filter({ hasText: 'Combinado!' });
  await reply.waitFor({ timeout: 10_000 });
  await reply.getByTestId('reply-quote').getByText(text).waitFor();
  await product.screenshot(admin, 'chat-two-users');

  // Opening the room marked it read for maria (PUT read): the server counts nothing unread for her.
  const rooms = await maria.evaluate(() => fetch('/api/chat/rooms', { credentials: 'include' }).then((r) => r.json()));
  assert.equal(rooms.find((r) => r.name === roomName)?.unread_count, 0);
});
