// Issue 33: past the account's ceiling of failures, the owner on a new address is asked to follow an
// e-mailed link (read from a real SMTP server), follows it, and logs in; the pages are accessible.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { seriousViolations, settle } from './a11y.mjs';
import { DEMO_PASSWORD, loginThroughUi, startProduct } from './harness.mjs';

const MARIA = 'maria@wkflow.local';
const CEILING = 5;

/** A real SMTP server in this process, holding what it receives. */
async function startSmtp() {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, mails, close: () => new Promise((r) => server.close(r)) };
}

/** The first unlock link mailed to `address`, waiting up to 30 s for it. */
async function unlockLink(smtp, address) {
  for (const start = Date.now(); Date.now() - start < 30_000; await new Promise((r) => setTimeout(r, 200))) {
    for (const mail of smtp.mails.filter((m) => m.to.includes(address))) {
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
      const match = /https?:\/\/[^\s"<>]+\/login-unlock\?token=[A-Za-z0-9_-]{43}/.exec(text);
      if (match) return match[0];
    }
  }
  throw new Error(`no unlock link to ${address}`);
}

let product;
let smtp;
before(async () => {
  smtp = await startSmtp();
  product = await startProduct({
    env: ({ baseUrl }) => ({ SMTP_URL: smtp.url, WEB_URL: baseUrl, EMAIL_SWEEP_MS: '500', LOGIN_LIMIT_ACCOUNT_CEILING: String(CEILING) }),
  });
});
after(async () => {
  await product?.stop();
  await smtp?.close();
});

test('held by a guesser on many addresses, the owner follows the e-mailed link and logs in from the new address', async () => {
  // A guesser spreads wrong passwords over as many addresses (a proxy on loopback passes them on).
  for (let i = 0; i < CEILING; i += 1) {
    const answer = await fetch(`${product.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${100 + i}.7` },
      body: JSON.stringify({ email: MARIA, password: `errada-${i}` }),
    });
    assert.equal(answer.status, 401);
  }

  const page = await product.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(MARIA);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  const held = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.locator('form button[type="submit"]').click();
  assert.equal((await held).status(), 403);
  // The API's message stays on the login page.
  await page
    .getByTestId('login-unlock-notice')
    .getByText('enviamos um link de liberação para o e-mail da conta', { exact: false })
    .waitFor();
  assert.equal(await page.getByTestId('login-unlock-notice').getAttribute('role'), 'alert');
  await product.screenshot(page, 'login-unlock-notice-desktop');
  await page.mouse.move(0, 0);
  await settle(page);
  // The card only: the spec's destructive toast is judged elsewhere.
  assert.deepEqual(await seriousViolations(page, '[data-testid="auth-card"]'), []);

  const link = await unlockLink(smtp, MARIA);
  assert.ok(link.startsWith(`${product.baseUrl}/login-unlock?token=`), link);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Liberar acesso' }).waitFor();
  await product.screenshot(page, 'login-unlock-confirm-desktop');
  const unlocked = page.waitForResponse((r) => r.url().endsWith('/api/auth/login-unlock'));
  await page.getByRole('button', { name: 'Fui eu: liberar acesso' }).click();
  assert.equal((await unlocked).status(), 200);
  await page.getByRole('status').getByText('Acesso liberado.', { exact: false }).waitFor();
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await loginThroughUi(page, MARIA, DEMO_PASSWORD);
});

test('the unlock page on a 390 px phone: a used or missing link says so, with no critical or serious axe violation', async () => {
  const page = await product.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login-unlock?token=abc');
  await page.getByRole('heading', { name: 'Liberar acesso' }).waitFor();
  await product.screenshot(page, 'login-unlock-confirm-phone');
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  await page.getByRole('button', { name: 'Fui eu: liberar acesso' }).click();
  await page.getByRole('alert').getByText('Este link de liberação é inválido', { exact: false }).waitFor();
  await settle(page);
  assert.deepEqual(await seriousViolations(page), []);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
  await page.goto('/login-unlock');
  await page.getByRole('alert').getByText('Este link de liberação é inválido', { exact: false }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Fui eu: liberar acesso' }).count(), 0);
});
