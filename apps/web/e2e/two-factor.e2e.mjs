// The second factor through the UI: turning it on in 'Meu perfil' (key typed from the page, the code
// computed as an authenticator app does), signing in with a code and with a recovery code, a reused
// code refused, and a profile that requires it sending its users to set it up first.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { authenticator } from 'otplib';
import { seriousViolations, settle } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };
const CARLOS = { email: 'carlos@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** What the app shows `steps` 30-second steps from now. */
const codeAt = (secret, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

/** E-mail and password on the login screen (a fresh browser); the second step may follow. */
async function passwordStep(login, viewport) {
  const page = await product.newPage(null, { viewport });
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(login.email);
  await page.locator('input[name="password"]').fill(login.password);
  await page.locator('form button[type="submit"]').click();
  return page;
}

/** Turns the second factor on from 'Meu perfil'; the secret and the recovery codes. */
async function turnOn(page) {
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await card.getByRole('img', { name: 'Código QR para o aplicativo autenticador' }).waitFor();
  const secret = (await card.getByTestId('two-factor-secret').textContent()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await card.getByRole('textbox', { name: 'Código do aplicativo' }).fill(codeAt(secret));
  await card.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const list = card.getByRole('list', { name: 'Códigos de recuperação' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  assert.equal(codes.length, 10);
  return { secret, codes, card };
}

test("turned on in 'Meu perfil', then asked at sign-in: a code signs in once, a recovery code once", async () => {
  const page = await passwordStep(JOAO);
  await page.getByTestId('user-menu').waitFor();
  const { secret, codes, card } = await turnOn(page);
  await settle(page);
  assert.deepEqual(await seriousViolations(page, '[data-testid="two-factor-card"]'), []);
  await product.screenshot(page, 'profile-two-factor-recovery-codes');
  await card.getByRole('button', { name: 'Guardei os códigos' }).click();
  await card.getByTestId('two-factor-on').waitFor();
  await card.getByText('Restam 10 códigos de recuperação.').waitFor();

  // Sign-in: the password, then the code (from the keyboard).
  const second = await passwordStep(JOAO);
  const step = second.getByTestId('two-factor-step');
  await second.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
  await settle(second);
  assert.deepEqual(await seriousViolations(second), []);
  await product.screenshot(second, 'login-two-factor-step');
  const code = codeAt(secret, 1);
  await step.getByRole('textbox', { name: 'Código do aplicativo' }).fill(code);
  await second.keyboard.press('Enter');
  await second.getByTestId('user-menu').waitFor();

  // The same code in another browser: refused, stays on the step.
  const replay = await passwordStep(JOAO);
  const replayStep = replay.getByTestId('two-factor-step');
  await replayStep.getByRole('textbox', { name: 'Código do aplicativo' }).fill(code);
  await replayStep.getByRole('button', { name: 'Verificar' }).click();
  await replayStep.getByRole('alert').getByText('Código inválido ou já usado').waitFor();
  assert.equal(await replay.getByTestId('user-menu').count(), 0);

  // A recovery code instead, once.
  await replayStep.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await replayStep.getByRole('textbox', { name: 'Código de recuperação' }).fill(codes[0]);
  await replayStep.getByRole('button', { name: 'Verificar' }).click();
  await replay.getByTestId('user-menu').waitFor();
  const again = await passwordStep(JOAO);
  const againStep = again.getByTestId('two-factor-step');
  await againStep.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await againStep.getByRole('textbox', { name: 'Código de recuperação' }).fill(codes[0]);
  await againStep.getByRole('button', { name: 'Verificar' }).click();
  await againStep.getByRole('alert').getByText('Código de recuperação inválido ou já usado.').waitFor();

  await page.reload();
  await page.getByTestId('two-factor-card').getByText('Restam 9 códigos de recuperação.').waitFor();
});

test('the sign-in step and the setup fit a 390 px phone', async () => {
  const phone = { width: 390, height: 844 };
  const page = await passwordStep({ email: 'ana@wkflow.local', password: DEMO_PASSWORD }, phone);
  await page.getByTestId('user-menu').waitFor();
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await card.getByRole('img', { name: 'Código QR para o aplicativo autenticador' }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await settle(page);
  assert.equal(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    0,
    'no sideways scroll',
  );
  await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? '../../test-results'}/phone-two-factor-setup.png` });
});

test('a profile that requires it: its users set it up at their next sign-in before anything else', async () => {
  const admin = await passwordStep(ADMIN);
  await admin.getByTestId('user-menu').waitFor();
  await admin.goto('/users/profiles');
  await admin.locator('[data-testid="profile-item"][data-profile-name="Gerente"] button[aria-pressed]').click();
  await admin.getByTestId('profile-panel').getByRole('heading', { name: 'Gerente' }).waitFor();
  const toggle = admin.getByTestId('require-two-factor');
  await toggle.click();
  await admin.getByText('Verificação em duas etapas exigida').first().waitFor();
  await product.screenshot(admin, 'profile-requires-two-factor');

  const carlos = await passwordStep(CARLOS);
  await carlos.getByRole('heading', { name: 'Configure a verificação em duas etapas' }).waitFor();
  assert.equal(await carlos.getByTestId('user-menu').count(), 0, 'no app before the setup');
  assert.equal(
    await carlos.evaluate(async () => {
      const response = await fetch('/api/tasks');
      await response.text();
      return response.status;
    }),
    403,
  );
  await settle(carlos);
  assert.deepEqual(await seriousViolations(carlos), []);
  await product.screenshot(carlos, 'two-factor-required');
  const { card } = await turnOn(carlos);
  await card.getByRole('button', { name: 'Guardei os códigos' }).click();
  await carlos.getByTestId('user-menu').waitFor();
  assert.equal(
    await carlos.evaluate(async () => {
      const response = await fetch('/api/tasks');
      await response.text();
      return response.status;
    }),
    200,
  );
});
