// Single sign-on end to end: the login screen's 'Entrar com SSO' through a real OpenID provider
// (the `oidc-provider` package on a local port) and back: a first sign-in that makes an account
// waiting for approval, and an existing account linked by its e-mail that lands on the page it
// started from. The provider is started after the product: the API reads its discovery document
// only when someone signs in.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { startOidcProvider } from '../../api/test/utils/oidc-provider.mjs';
import { seriousViolations, settle } from './a11y.mjs';
import { ADMIN, startProduct } from './harness.mjs';

const CLIENT = { clientId: 'wkflow-e2e', clientSecret: 'wkflow-e2e-secret' };

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let product;
let provider;
before(async () => {
  const providerPort = await freePort();
  let redirectUri;
  product = await startProduct({
    demo: true,
    env: ({ baseUrl }) => {
      redirectUri = `${baseUrl}/api/auth/oidc/callback`;
      return {
        OIDC_ISSUER_URL: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_REDIRECT_URI: redirectUri,
      };
    },
  });
  provider = await startOidcProvider({ port: providerPort, ...CLIENT, redirectUris: [redirectUri] });
});
after(async () => {
  await product?.stop();
  await provider?.stop();
});

/** At the provider's sign-in form: who the person is there. */
async function signInAtProvider(page, person) {
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.locator('input[name="sub"]').fill(person.sub);
  await page.locator('input[name="email"]').fill(person.email);
  if (person.name) await page.locator('input[name="name"]').fill(person.name);
  await page.getByRole('button', { name: 'Sign in at the provider' }).click();
}

test("a first sign-in through 'Entrar com SSO' makes an account that waits; approved, it signs in", async () => {
  const page = await product.newPage(null);
  await page.goto('/login');
  const sso = page.getByRole('link', { name: 'Entrar com SSO' });
  await sso.waitFor();
  await settle(page);
  assert.deepEqual(await seriousViolations(page, 'main'), []);
  await product.screenshot(page, 'login-sso');

  const person = { sub: `sso-${Date.now()}`, email: `renata.${Date.now()}@corp.test`, name: 'Renata Souza' };
  await sso.click();
  await signInAtProvider(page, person);
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('sso') === 'created');
  await page.getByTestId('sso-outcome').getByText('Conta criada. Aguarde a aprovação de um administrador.').waitFor();
  await product.screenshot(page, 'login-sso-created');

  // The administrator sees the request and approves it.
  const admin = await product.newPage(ADMIN);
  const pending = await admin.evaluate(async (email) => {
    const list = await (await fetch('/api/users/pending')).json();
    return list.find((user) => user.email === email);
  }, person.email);
  assert.ok(pending, 'the new account waits in the approvals');
  const approved = await admin.evaluate(
    async (id) =>
      (
        await fetch(`/api/users/${id}/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"accessProfileId":3}',
        })
      ).status,
    pending.id,
  );
  assert.equal(approved, 200);

  // Still signed in at the provider: it sends the browser straight back, now signed in to WKFlow.
  await page.getByRole('link', { name: 'Entrar com SSO' }).click();
  await page.getByTestId('user-menu').waitFor();
  const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).user);
  assert.equal(me.email, person.email);
  assert.equal(me.name, 'Renata Souza');
});

test('an existing account is linked by its e-mail and returns to the page it started from, from the keyboard on a phone', async () => {
  const page = await product.newPage(null, { viewport: { width: 390, height: 844 } });
  await page.goto('/time-management');
  const sso = page.getByRole('link', { name: 'Entrar com SSO' });
  await sso.waitFor();
  await product.screenshot(page, 'login-sso-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the login screen fits a 390 px phone (${width} px)`);
  // The first stop of the keyboard on the card.
  await page.keyboard.press('Tab');
  let focused = '';
  for (let i = 0; i < 5 && focused !== 'sso-login'; i++) {
    focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    if (focused !== 'sso-login') await page.keyboard.press('Tab');
  }
  assert.equal(focused, 'sso-login');
  await page.keyboard.press('Enter');
  await signInAtProvider(page, { sub: `joao-${Date.now()}`, email: 'JOAO@wkflow.local' });
  await page.waitForURL((url) => url.pathname === '/time-management');
  await page.getByTestId('user-menu').waitFor();
  const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).user);
  assert.equal(me.email, 'joao@wkflow.local');
});

test('a refusal is said on the login screen: the provider down', async () => {
  await provider.stop();
  const page = await product.newPage(null);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Entrar com SSO' }).click();
  await page.waitForURL((url) => url.searchParams.get('sso') === 'unavailable');
  const notice = page.getByTestId('sso-outcome');
  await notice.getByText('O provedor de identidade não respondeu', { exact: false }).waitFor();
  assert.equal(await notice.getAttribute('role'), 'alert');
  provider = null;
});
