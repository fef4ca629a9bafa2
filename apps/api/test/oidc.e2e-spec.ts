import { createServer } from 'node:net';
import request from 'supertest';
import { SSO_ONLY_MESSAGE, type AuthProviders } from '@wkflow/contracts';
import { newUser, unique } from './factories';
import { startTestProvider, type TestProvider } from './utils/oidc-provider-worker';
import { eventually } from './utils/smtp';
import { ADMIN_EMAIL, loginAsAdmin, startTestApp, TEST_ADMIN_PASSWORD, type TestContext } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

const WEB_URL = 'http://wkflow.test';
const REDIRECT_URI = `${WEB_URL}/api/auth/oidc/callback`;
const CLIENT = { clientId: 'wkflow', clientSecret: 'wkflow-test-secret', redirectUris: [REDIRECT_URI] };
/** A manager profile for OIDC_DEFAULT_PROFILE (the seed's Gerente). */
const MANAGER_PROFILE = 2;

interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

const pathOf = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

/** A port nothing listens on: a provider that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const oidcEnv = (issuer: string, extra: Record<string, string> = {}) => ({
  LOG_LEVEL: 'error',
  WEB_URL,
  OIDC_ISSUER_URL: issuer,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  ...extra,
});

/**
 * Single sign-on against a real OpenID provider (the certified `oidc-provider` package, in a
 * worker thread): the redirect with state, nonce and PKCE, a first sign-in that makes an account
 * waiting for approval, linking an existing account by its verified e-mail and then by subject,
 * the refusals (wrong state, a replayed code, an unverified e-mail, the person saying no), the
 * provider down, OIDC_DEFAULT_PROFILE and OIDC_ONLY's break-glass.
 */
describe('single sign-on with OpenID Connect (e2e)', () => {
  let provider: TestProvider;
  let ctx: TestContext;

  beforeAll(async () => {
    provider = await startTestProvider(CLIENT);
    ctx = await startTestApp(oidcEnv(provider.issuer));
  });
  afterAll(async () => {
    await ctx?.app.close();
    await provider?.stop();
  });

  const agentOf = (app = ctx) => request.agent(app.app.getHttpServer());

  /** 'Entrar com SSO' up to the provider's redirect back: the callback URL (code and state) the browser is sent to. */
  async function atProvider(agent: Agent, person: Person | 'abort', returnTo?: string, issuer = provider.issuer): Promise<URL> {
    const start = await agent
      .get('/api/auth/oidc/login')
      .query(returnTo ? { returnTo } : {})
      .expect(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.origin).toBe(issuer);
    const browser = request.agent(issuer);
    const interaction = await browser.get(pathOf(authorize.href)).expect(303);
    const fields =
      person === 'abort'
        ? null
        : new URLSearchParams({
            sub: person.sub,
            ...(person.email ? { email: person.email } : {}),
            email_verified: String(person.email_verified ?? true),
            ...(person.name ? { name: person.name } : {}),
          });
    const finished = await browser.get(`${interaction.headers.location}/${fields ? `login?${fields}` : 'abort'}`).expect(303);
    const back = await browser.get(pathOf(new URL(finished.headers.location, issuer).href)).expect(303);
    const callback = new URL(back.headers.location);
    expect(callback.href.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    return callback;
  }

  /** The whole sign-in: where the API sends the browser at the end. */
  async function signIn(agent: Agent, person: Person | 'abort', returnTo?: string): Promise<string> {
    const callback = await atProvider(agent, person, returnTo);
    return (await agent.get(pathOf(callback.href)).expect(302)).headers.location;
  }

  const identities = async (subject: string): Promise<{ userId: number }[]> =>
    ctx.dataSource.query(`SELECT "userId" FROM sso_identities WHERE subject = $1`, [subject]);
  const failures = async (outcome: string): Promise<number> =>
    Number(
      (
        await ctx.dataSource.query(
          `SELECT count(*) FROM audit_log WHERE action = 'sign_in_failed' AND data->>'method' = 'oidc' AND data->>'outcome' = $1`,
          [outcome],
        )
      )[0].count,
    );

  it('tells the login screen that SSO is offered, with its label', async () => {
    const body: AuthProviders = (await ctx.http.get('/api/auth/providers').expect(200)).body;
    expect(body).toEqual({ oidc: { label: 'Entrar com SSO' }, passwordLogin: 'everyone' });
  });

  it('sends the browser to the provider with the code flow, PKCE (S256), state and nonce', async () => {
    const start = await agentOf().get('/api/auth/oidc/login').expect(302);
    const url = new URL(start.headers.location);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([...url.searchParams.keys()].sort()).toEqual(
      ['client_id', 'code_challenge', 'code_challenge_method', 'nonce', 'redirect_uri', 'response_type', 'scope', 'state'].sort(),
    );
    // Each sign-in gets its own.
    const again = new URL((await agentOf().get('/api/auth/oidc/login').expect(302)).headers.location);
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it("makes a first sign-in's account wait for approval and tells the administrators; once approved, it signs in and returns to the page", async () => {
    const email = `${unique('sso')}@corp.test`;
    const person = { sub: unique('sub-new'), email, name: 'Renata Single Sign' };
    const agent = agentOf();
    expect(await signIn(agent, person)).toBe(`${WEB_URL}/login?sso=created`);
    await agent.get('/api/auth/me').expect(401);

    const [account] = await ctx.dataSource.query(`SELECT id, name, username, "isApproved", "accessProfileId" FROM users WHERE email = $1`, [
      email,
    ]);
    expect(account).toMatchObject({ name: 'Renata Single Sign', isApproved: false, accessProfileId: 3 });
    expect(account.username).toMatch(/^sso/);
    expect(await identities(person.sub)).toEqual([{ userId: account.id }]);
    const admin = await loginAsAdmin(ctx);
    await eventually(async () => {
      const notifications = (await admin.get('/api/notifications').expect(200)).body as { type: string; message: string }[];
      return notifications.some((n) => n.type === 'account_requested' && n.message.includes(email));
    });

    // Waiting: refused with the spec's words, and no second account.
    expect(await signIn(agentOf(), person)).toBe(`${WEB_URL}/login?sso=pending`);
    expect(await ctx.dataSource.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])).toHaveLength(1);

    await admin.post(`/api/users/${account.id}/approve`).send({ accessProfileId: 3 }).expect(200);
    const approved = agentOf();
    expect(await signIn(approved, person, '/kanban?task=7')).toBe(`${WEB_URL}/kanban?task=7`);
    const me = (await approved.get('/api/auth/me').expect(200)).body;
    expect(me.user).toMatchObject({ id: account.id, email });
    expect(me.twoFactorSetupRequired).toBeUndefined();
    const [audit] = await ctx.dataSource.query(
      `SELECT data FROM audit_log WHERE action = 'sign_in' AND "entityId" = $1 ORDER BY id DESC LIMIT 1`,
      [account.id],
    );
    expect(audit.data.method).toBe('oidc');
  });

  it('links an existing account by its verified e-mail (any case) the first time, then by the subject alone', async () => {
    const user = await newUser(ctx);
    const person = { sub: unique('sub-link'), email: user.email.toUpperCase() };
    const agent = agentOf();
    expect(await signIn(agent, person)).toBe(`${WEB_URL}/`);
    expect((await agent.get('/api/auth/me').expect(200)).body.user.id).toBe(user.id);
    expect(await identities(person.sub)).toEqual([{ userId: user.id }]);

    // The provider now says another e-mail: the subject still names the same account.
    const later = agentOf();
    expect(await signIn(later, { ...person, email: `${unique('moved')}@corp.test` })).toBe(`${WEB_URL}/`);
    expect((await later.get('/api/auth/me').expect(200)).body.user.id).toBe(user.id);
    // His password still works too (OIDC_ONLY is off).
    await agentOf().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('never links by an unverified e-mail, nor makes an account with one', async () => {
    const user = await newUser(ctx);
    const before = await failures('email_unverified');
    const agent = agentOf();
    expect(await signIn(agent, { sub: unique('sub-unverified'), email: user.email, email_verified: false })).toBe(
      `${WEB_URL}/login?sso=email_unverified`,
    );
    await agent.get('/api/auth/me').expect(401);
    const stranger = `${unique('unverified')}@corp.test`;
    expect(await signIn(agentOf(), { sub: unique('sub-unverified'), email: stranger, email_verified: false })).toBe(
      `${WEB_URL}/login?sso=email_unverified`,
    );
    expect(await signIn(agentOf(), { sub: unique('sub-no-email') })).toBe(`${WEB_URL}/login?sso=email_unverified`);
    expect(await ctx.dataSource.query(`SELECT id FROM users WHERE email = $1`, [stranger])).toEqual([]);
    expect(await failures('email_unverified')).toBe(before + 3);
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    const user = await newUser(ctx);
    const agent = agentOf();
    const callback = await atProvider(agent, { sub: unique('sub-state'), email: user.email });
    callback.searchParams.set('state', 'x'.repeat(43));
    expect((await agent.get(pathOf(callback.href)).expect(302)).headers.location).toBe(`${WEB_URL}/login?sso=failed`);
    await agent.get('/api/auth/me').expect(401);
    // Nor in another browser, which never started a sign-in (a link planted by someone else).
    const planted = await atProvider(agentOf(), { sub: unique('sub-state'), email: user.email });
    const victim = agentOf();
    expect((await victim.get(pathOf(planted.href)).expect(302)).headers.location).toBe(`${WEB_URL}/login?sso=failed`);
    await victim.get('/api/auth/me').expect(401);
  });

  it('refuses a code used once already, even with a state this browser holds', async () => {
    const user = await newUser(ctx);
    const first = agentOf();
    const callback = await atProvider(first, { sub: unique('sub-replay'), email: user.email });
    await first.get(pathOf(callback.href)).expect(302);
    await first.get('/api/auth/me').expect(200);

    // An attacker with the used code starts his own sign-in and puts the code under his state.
    const attacker = agentOf();
    const own = new URL((await attacker.get('/api/auth/oidc/login').expect(302)).headers.location);
    const replay = new URL(callback.href);
    replay.searchParams.set('state', own.searchParams.get('state') ?? '');
    expect((await attacker.get(pathOf(replay.href)).expect(302)).headers.location).toBe(`${WEB_URL}/login?sso=failed`);
    await attacker.get('/api/auth/me').expect(401);
    // And the same callback again in the first browser (its sign-in is spent).
    const again = agentOf();
    expect((await again.get(pathOf(callback.href)).expect(302)).headers.location).toBe(`${WEB_URL}/login?sso=failed`);
  });

  it("says so when the person cancels at the provider, and returns only to this site's pages", async () => {
    expect(await signIn(agentOf(), 'abort')).toBe(`${WEB_URL}/login?sso=cancelled`);
    const user = await newUser(ctx);
    for (const returnTo of ['//evil.example', 'https://evil.example/', '/\\evil.example'])
      expect(await signIn(agentOf(), { sub: unique('sub-return'), email: user.email }, returnTo)).toBe(`${WEB_URL}/`);
  });

  it('answers 404 on its routes and offers no SSO when it is not configured', async () => {
    const plain = await startTestApp({ LOG_LEVEL: 'error' });
    try {
      expect((await plain.http.get('/api/auth/providers').expect(200)).body).toEqual({ oidc: null, passwordLogin: 'everyone' });
      await plain.http.get('/api/auth/oidc/login').expect(404);
      await plain.http.get('/api/auth/oidc/callback?code=x&state=y').expect(404);
    } finally {
      await plain.app.close();
    }
  });

  describe('with the provider down', () => {
    it('sends the browser back to the login screen saying so, before and during a sign-in', async () => {
      const dead = await startTestApp(oidcEnv(`http://127.0.0.1:${await closedPort()}`));
      try {
        const start = await request.agent(dead.app.getHttpServer()).get('/api/auth/oidc/login').expect(302);
        expect(start.headers.location).toBe(`${WEB_URL}/login?sso=unavailable`);
      } finally {
        await dead.app.close();
      }

      // Up at the start, down when the browser comes back: the code cannot be exchanged.
      const flaky = await startTestProvider(CLIENT);
      const app = await startTestApp(oidcEnv(flaky.issuer));
      try {
        const agent = agentOf(app);
        const callback = await atProvider(agent, { sub: unique('sub-down'), email: (await newUser(ctx)).email }, undefined, flaky.issuer);
        await flaky.stop();
        expect((await agent.get(pathOf(callback.href)).expect(302)).headers.location).toBe(`${WEB_URL}/login?sso=unavailable`);
        await agent.get('/api/auth/me').expect(401);
      } finally {
        await app.app.close();
      }
    });

    it('OIDC_ONLY keeps e-mail and password for administrators only (break-glass), and closes registration', async () => {
      const app = await startTestApp(oidcEnv(`http://127.0.0.1:${await closedPort()}`, { OIDC_ONLY: '1' }));
      try {
        expect((await app.http.get('/api/auth/providers').expect(200)).body).toEqual({
          oidc: { label: 'Entrar com SSO' },
          passwordLogin: 'administrators',
        });
        await request
          .agent(app.app.getHttpServer())
          .post('/api/auth/login')
          .send({ email: ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })
          .expect(200);
        const user = await newUser(ctx);
        const refused = await request
          .agent(app.app.getHttpServer())
          .post('/api/auth/login')
          .send({ email: user.email, password: user.password })
          .expect(403);
        expect(refused.body.message).toBe(SSO_ONLY_MESSAGE);
        // A wrong password is still just wrong.
        await app.http.post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
        const name = unique('reg');
        const registration = await app.http
          .post('/api/auth/register')
          .send({ name: 'Someone New', username: name, email: `${name}@corp.test`, password: 'Str0ng-enough-pass' })
          .expect(403);
        expect(registration.body.message).toBe(SSO_ONLY_MESSAGE);
      } finally {
        await app.app.close();
      }
    });
  });

  it('OIDC_DEFAULT_PROFILE signs a first sign-in in at once, on that profile', async () => {
    const app = await startTestApp(
      oidcEnv(provider.issuer, { OIDC_DEFAULT_PROFILE: String(MANAGER_PROFILE), OIDC_BUTTON_LABEL: 'Entrar com a Corp' }),
    );
    try {
      expect((await app.http.get('/api/auth/providers').expect(200)).body.oidc).toEqual({ label: 'Entrar com a Corp' });
      const agent = agentOf(app);
      const email = `${unique('sso-manager')}@corp.test`;
      const callback = await atProvider(agent, { sub: unique('sub-manager'), email, name: 'Gerente SSO' });
      expect((await agent.get(pathOf(callback.href)).expect(302)).headers.location).toBe(`${WEB_URL}/`);
      const me = (await agent.get('/api/auth/me').expect(200)).body;
      expect(me.user).toMatchObject({ email, name: 'Gerente SSO', accessProfileId: MANAGER_PROFILE, isApproved: true });
    } finally {
      await app.app.close();
    }
  });
});
