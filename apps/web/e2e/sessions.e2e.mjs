// Sessions a person sees and ends: 'Sessões ativas' in 'Meu perfil' lists where one is signed in, and
// ending one (or all the others) signs that browser out at once, on another API process too; an
// administrator ends all of a user's sessions from the user's page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seriousViolations, settle } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

let product;
let replica;
before(async () => {
  product = await startProduct({ demo: true });
  replica = await product.startReplica();
});
after(async () => {
  await product?.stop();
});

/** The login screen shows without any navigation: the socket closed for the ended session. */
const signedOut = (page) => page.getByRole('heading', { name: 'Entrar' }).waitFor({ timeout: 10_000 });

test("'Sessões ativas' lists the user's browsers; ending one from the keyboard signs that browser out at once, on another API process", async () => {
  const phone = await product.newPage(JOAO, { userAgent: IPHONE, baseUrl: replica.baseUrl });
  const laptop = await product.newPage(JOAO, { userAgent: FIREFOX_WINDOWS, baseUrl: replica.baseUrl });
  const here = await product.newPage(JOAO);
  await here.goto('/profile');
  const card = here.getByTestId('own-sessions');
  const rows = card.getByTestId('session-row');
  await rows.nth(2).waitFor();
  assert.equal(await rows.count(), 3);
  const current = rows.filter({ hasText: 'Esta sessão' });
  assert.equal(await current.count(), 1);
  await current.getByText('Ativa agora').waitFor();
  const phoneRow = rows.filter({ hasText: 'Mobile Safari 17 em iOS 17.5' });
  await phoneRow.getByText(/^IP .*127\.0\.0\.1 · Entrou em \d{2}\/\d{2}\/\d{4}/).waitFor();
  await phoneRow.getByText(/^Última atividade: \d{2}\/\d{2}\/\d{4}/).waitFor();
  assert.equal(await current.getByRole('button', { name: /Encerrar/ }).count(), 0, 'the current session has no Encerrar');
  await settle(here);
  assert.deepEqual(await seriousViolations(here, '[data-testid="own-sessions"]'), []);
  await product.screenshot(here, 'profile-sessions');

  // From the keyboard: focus the phone's 'Encerrar' and press Enter.
  const endPhone = here.getByRole('button', { name: 'Encerrar a sessão: Mobile Safari 17 em iOS 17.5' });
  await endPhone.focus();
  await here.keyboard.press('Enter');
  await here.getByText('Sessão encerrada').first().waitFor();
  await phoneRow.waitFor({ state: 'detached' });
  await signedOut(phone);
  assert.equal(
    await phone.evaluate(async () => {
      const response = await fetch('/api/auth/me');
      await response.text();
      return response.status;
    }),
    401,
  );
  assert.equal(
    await laptop.evaluate(async () => {
      const response = await fetch('/api/auth/me');
      await response.text();
      return response.status;
    }),
    200,
    'the other browser goes on',
  );

  // 'Encerrar as outras sessões' ends the laptop's too, and is then disabled.
  const endOthers = card.getByRole('button', { name: 'Encerrar as outras sessões' });
  await endOthers.click();
  await here.getByText('1 sessão encerrada').first().waitFor();
  await signedOut(laptop);
  await rows.nth(1).waitFor({ state: 'detached' });
  assert.equal(await endOthers.isDisabled(), true);
  assert.equal(
    await here.evaluate(async () => {
      const response = await fetch('/api/auth/me');
      await response.text();
      return response.status;
    }),
    200,
    'this browser stays signed in',
  );
});

test('on a 390 px phone the sessions card fits the screen', async () => {
  await product.newPage(JOAO, { userAgent: FIREFOX_WINDOWS });
  const phone = await product.newPage(JOAO, { userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  await phone.goto('/profile');
  const card = phone.getByTestId('own-sessions');
  await card.getByTestId('session-row').nth(1).waitFor();
  await card.scrollIntoViewIfNeeded();
  await settle(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scroll');
  const box = await card.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the card is inside the screen: ${JSON.stringify(box)}`);
  await product.screenshot(phone, 'phone-profile-sessions');
});

test("an administrator ends all of a user's sessions from the user's page, after a confirmation", async () => {
  const joao = await product.newPage(JOAO, { baseUrl: replica.baseUrl });
  const [row] = await product.sql(`SELECT id FROM users WHERE username = 'joao'`);
  const admin = await product.newPage(ADMIN);
  await admin.goto(`/users/${row.id}/edit`);
  await admin.getByRole('button', { name: 'Encerrar todas as sessões' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Encerrar todas as sessões?' });
  await confirm.getByText('João Pereira será desconectado de todos os aparelhos na hora.').waitFor();
  await settle(admin);
  assert.deepEqual(await seriousViolations(admin, '[role="alertdialog"]'), []);
  await product.screenshot(admin, 'user-end-sessions-confirm');
  await confirm.getByRole('button', { name: 'Encerrar sessões' }).click();
  await admin.getByText('Sessões encerradas').first().waitFor();
  await signedOut(joao);
  const [audit] = await product.sql(
    `SELECT data FROM audit_log WHERE action = 'sessions_ended' AND "entityId" = $1 ORDER BY id DESC LIMIT 1`,
    [row.id],
  );
  assert.deepEqual(audit.data, { byAdmin: true });
});
