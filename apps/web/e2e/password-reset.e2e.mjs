// Issue 19 §7: 'Esqueceu a senha?' → e-mail (read from a real SMTP server) → new password → the board.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { seriousViolations, settle } from './a11y.mjs';
import { DEMO_PASSWORD, loginThroughUi, startProduct } from './harness.mjs';

const MARIA = 'maria@wkflow.local';
const NEW_PASSWORD = 'nova-senha-segura-1';

/** A real SMTP server in this process: each message received resolves the waiters for its recipient. */
async function startSmtp() {
  const mails = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        mails.push(mail);
        for (const waiter of waiters.splice(0)) waiter();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    /** Resolves with the n-th message to `address` once it has arrived. */
    async mailTo(address, n = 1) {
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address));
        if (found.length >= n) return found[n - 1];
        await new Promise((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The reset link of a raw message (quoted-printable soft breaks and escapes undone). */
function resetLink(raw) {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(text);
  assert.ok(match, `no reset link in:\n${raw}`);
  return match[0];
}

let product;
let smtp;
before(async () => {
  smtp = await startSmtp();
  product = await startProduct({ env: ({ baseUrl }) => ({ SMTP_URL: smtp.url, WEB_URL: baseUrl, EMAIL_SWEEP_MS: '500' }) });
});
after(async () => {
  await product?.stop();
  await smtp?.close();
});

test('from “Esqueceu a senha?” to the board with the new password; other sessions end; the link works once', async () => {
  // Maria is logged in on another device: the reset must end that session.
  const otherDevice = await product.newPage({ email: MARIA, password: DEMO_PASSWORD });

  const page = await product.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await page.getByRole('heading', { name: 'Esqueceu a senha?' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/forgot-password');
  await product.screenshot(page, 'password-reset-forgot-desktop');

  await page.getByLabel('E-mail').fill(MARIA);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/auth/forgot-password') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  assert.equal((await asked).status(), 200);
  await page.getByRole('status').getByText('Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.').waitFor();
  await product.screenshot(page, 'password-reset-forgot-sent-desktop');

  const link = resetLink((await smtp.mailTo(MARIA)).raw);
  assert.ok(link.startsWith(`${product.baseUrl}/reset-password?token=`), link);

  await page.goto(link);
  await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
  await product.screenshot(page, 'password-reset-new-password-desktop');
  // The rules of everywhere else, before anything is sent.
  await page.getByLabel('Nova senha', { exact: true }).fill('12345');
  await page.getByLabel('Confirmar nova senha').fill('12345');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await page.getByText('Nova senha deve ter ao menos 8 caracteres').waitFor();

  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password'));
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  assert.equal((await reset).status(), 200);
  await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
  assert.equal(new URL(page.url()).pathname, '/');
  await page.getByRole('heading', { name: 'WKFlow' }).first().waitFor();

  // The other device's session is gone; this one's works.
  assert.equal((await otherDevice.request.get('/api/auth/me')).status(), 401);
  assert.equal((await page.request.get('/api/auth/me')).status(), 200);

  // The new password logs in; the old one no longer does.
  const fresh = await product.newPage();
  await loginThroughUi(fresh, MARIA, NEW_PASSWORD);
  const old = await fresh.context().request.post('/api/auth/login', { data: { email: MARIA, password: DEMO_PASSWORD } });
  assert.equal(old.status(), 401);

  // The same link again: a clear message and the way to ask for a new one.
  const again = await product.newPage();
  await again.goto(link);
  await again.getByLabel('Nova senha', { exact: true }).fill('outra-senha-2');
  await again.getByLabel('Confirmar nova senha').fill('outra-senha-2');
  const refused = again.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password'));
  await again.getByRole('button', { name: 'Salvar nova senha' }).click();
  assert.equal((await refused).status(), 400);
  await again
    .getByRole('alert')
    .getByText('Este link de redefinição de senha é inválido, já foi usado ou expirou.', { exact: false })
    .waitFor();
  await product.screenshot(again, 'password-reset-invalid-desktop');
  await again.getByRole('link', { name: 'Pedir um novo link' }).click();
  await again.getByRole('heading', { name: 'Esqueceu a senha?' }).waitFor();
});

test('both pages on a 390 px phone, with no critical or serious axe violation', async () => {
  const page = await product.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await product.screenshot(page, 'password-reset-login-link-phone');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await page.getByRole('heading', { name: 'Esqueceu a senha?' }).waitFor();
  await product.screenshot(page, 'password-reset-forgot-phone');
  await page.mouse.move(0, 0); // the tap left the pointer over the button: judge its resting colours
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await page.goto('/reset-password?token=abc');
  await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
  await product.screenshot(page, 'password-reset-new-password-phone');
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
  // A link without its token says so at once.
  await page.goto('/reset-password');
  await page.getByTestId('reset-password-invalid').getByRole('link', { name: 'Pedir um novo link' }).waitFor();
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
});
