import request from 'supertest';
import { newRunId, TEST_REDIS_URL } from './setup/test-env';
import { type ApiProcess, startApi, waitFor } from './utils/processes';
import { newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Login anti-automation (OWASP ASVS 2.2.1) on instances with real, small limits. The client address
 * is X-Forwarded-For behind one trusted proxy (TRUST_PROXY), as nginx sets it.
 */
const LIMITS = {
  TRUST_PROXY: 'true',
  LOGIN_LIMIT_PER_ACCOUNT: '3',
  LOGIN_LIMIT_PER_IP: '5',
  LOGIN_LIMIT_ACCOUNT_CEILING: '6',
  LOGIN_LIMIT_WINDOW_MS: '600000',
  REGISTER_LIMIT_PER_IP: '2',
};

let address = 0;
/** A client address of its own for each use, so the cases never share a counter by accident. */
const newAddress = () => `203.0.113.${(address += 1)}`;

function login(http: () => ReturnType<typeof request>, from: string, email: string, password: string) {
  return http().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });
}

describe('login limits on one instance (e2e)', () => {
  let ctx: TestContext;
  const http = () => ctx.http;

  beforeAll(async () => {
    ctx = await startTestApp(LIMITS);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it("limits the attacker's address on the account, not the owner's; padded upper-case e-mails count as the same account", async () => {
    const owner = await newUser(ctx);
    const attacker = newAddress();
    for (const email of [owner.email, `  ${owner.email.toUpperCase()} `, owner.email.toUpperCase()])
      await login(http, attacker, email, 'wrong-password').expect(401);
    const limited = await login(http, attacker, owner.email, owner.password).expect(429);
    expect(limited.body).toEqual({ statusCode: 429, message: expect.stringContaining('Muitas tentativas'), error: 'Too Many Requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await login(http, newAddress(), owner.email, owner.password).expect(200);
  });

  it('counts failures only, and a success clears that address’s failures on the account', async () => {
    const user = await newUser(ctx);
    const from = newAddress();
    // Four failures on the account from one address, over the limit of three without the clearing.
    for (let round = 0; round < 2; round += 1) {
      await login(http, from, user.email, 'wrong-password').expect(401);
      await login(http, from, user.email, 'wrong-password').expect(401);
      await login(http, from, user.email, user.password).expect(200);
    }
  });

  it('limits one address over many accounts (LOGIN_LIMIT_PER_IP), and only that address', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i += 1) await login(http, from, `${unique('nobody')}@example.test`, 'wrong-password').expect(401);
    const user = await newUser(ctx);
    await login(http, from, user.email, user.password).expect(429);
    await login(http, newAddress(), user.email, user.password).expect(200);
  });

  it('holds unknown addresses at the per-account ceiling, while the owner’s usual address still logs in', async () => {
    const owner = await newUser(ctx);
    const usual = newAddress();
    await login(http, usual, owner.email, owner.password).expect(200);
    // A guesser spread over many addresses, each under its own limit.
    for (let i = 0; i < 3; i += 1) {
      const from = newAddress();
      await login(http, from, owner.email, 'wrong-password').expect(401);
      await login(http, from, owner.email, 'wrong-password').expect(401);
    }
    await login(http, newAddress(), owner.email, owner.password).expect(429);
    await login(http, usual, owner.email, owner.password).expect(200);
  });

  it('does not count the right password of an account waiting for approval', async () => {
    const pending = await newUser(ctx, { approved: false });
    const from = newAddress();
    for (let i = 0; i < 5; i += 1) await login(http, from, pending.email, pending.password).expect(403);
  });

  it('limits registrations per address, with the same answer for a taken e-mail', async () => {
    const from = newAddress();
    const body = () => {
      const name = unique('rl');
      return { name: 'Pessoa', username: name, email: `${name}@example.test`, password: 'secret123' };
    };
    const first = body();
    await ctx.http.post('/api/auth/register').set('X-Forwarded-For', from).send(first).expect(201);
    await ctx.http
      .post('/api/auth/register')
      .set('X-Forwarded-For', from)
      .send({ ...body(), email: first.email })
      .expect(201);
    const limited = await ctx.http.post('/api/auth/register').set('X-Forwarded-For', from).send(body()).expect(429);
    expect(limited.body.message).toContain('Muitos cadastros');
    await ctx.http.post('/api/auth/register').set('X-Forwarded-For', newAddress()).send(body()).expect(201);
  });

  it('limits wrong current passwords on a password change', async () => {
    const user = await newUser(ctx);
    const agent = request.agent(ctx.app.getHttpServer());
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', newAddress())
      .send({ email: user.email, password: user.password })
      .expect(200);
    for (let i = 0; i < 3; i += 1)
      await agent.put('/api/auth/change-password').send({ currentPassword: 'wrong-one', newPassword: 'another123' }).expect(400);
    const limited = await agent
      .put('/api/auth/change-password')
      .send({ currentPassword: user.password, newPassword: 'another123' })
      .expect(429);
    expect(limited.body.message).toContain('troca de senha');
  });
});

describe('login limits: the window ends (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ ...LIMITS, LOGIN_LIMIT_WINDOW_MS: '3000' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('lets the limited address in again once its window has passed', async () => {
    const user = await newUser(ctx);
    const from = newAddress();
    for (let i = 0; i < 3; i += 1) await login(() => ctx.http, from, user.email, 'wrong-password').expect(401);
    // Within the window the address stays limited; once it ends, the right password works again.
    await login(() => ctx.http, from, user.email, user.password).expect(429);
    await waitFor(async () => (await login(() => ctx.http, from, user.email, user.password)).status === 200, 'the login window to end');
  });
});

describe('login limits: the account ceiling holds longer each time it is reached (e2e)', () => {
  let ctx: TestContext;
  const http = () => ctx.http;
  beforeAll(async () => {
    ctx = await startTestApp({ ...LIMITS, LOGIN_LIMIT_ACCOUNT_CEILING: '3', LOGIN_LIMIT_WINDOW_MS: '4000' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('doubles the Retry-After for unknown addresses on the second round; the owner’s usual address is never held', async () => {
    const owner = await newUser(ctx);
    const usual = newAddress();
    await login(http, usual, owner.email, owner.password).expect(200);
    const failFromNewAddresses = async (count: number) => {
      for (let i = 0; i < count; i += 1) await login(http, newAddress(), owner.email, 'wrong-password').expect(401);
    };

    await failFromNewAddresses(3);
    const first = await login(http, newAddress(), owner.email, owner.password).expect(429);
    expect(first.headers['retry-after']).toBe('4'); // one window
    await login(http, usual, owner.email, owner.password).expect(200);

    // Once the hold ends an unknown address gets an answer again (that failure counts in the new round).
    await waitFor(async () => (await login(http, newAddress(), owner.email, 'wrong-password')).status === 401, 'the first hold to end');
    await failFromNewAddresses(2);
    const second = await login(http, newAddress(), owner.email, owner.password).expect(429);
    expect(second.headers['retry-after']).toBe('8'); // two windows
    const again = await login(http, newAddress(), owner.email, 'wrong-password').expect(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(4);
    await login(http, usual, owner.email, owner.password).expect(200);
  });
});

describe('login limits shared by two API processes through Redis (e2e)', () => {
  let apis: ApiProcess[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
    const env = {
      DATABASE_URL: process.env.WKFLOW_TEST_DATABASE_URL!,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `${process.env.WKFLOW_TEST_REDIS_PREFIX}:limits_${newRunId()}`,
      SESSION_SECRET: 'limits-session-secret-0123456789',
      CREDENTIALS_KEY: 'a'.repeat(64),
      REMINDER_INTERVAL_MS: '3600000',
      ...LIMITS,
      LOGIN_LIMIT_PER_ACCOUNT: '4',
    };
    apis = await Promise.all([startApi(env), startApi(env)]);
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await ctx.app.close();
  });

  it("counts the attacker's failures on both replicas together; the owner logs in from his own address", async () => {
    const owner = await newUser(ctx);
    const attacker = newAddress();
    const on = (i: number) => () => request(apis[i % 2].baseUrl);
    // Four failures spread over the two replicas spend the limit of four: per-process counters would allow eight.
    for (let i = 0; i < 4; i += 1) await login(on(i), attacker, owner.email, 'wrong-password').expect(401);
    await login(on(0), attacker, owner.email, owner.password).expect(429);
    await login(on(1), attacker, owner.email, owner.password).expect(429);
    await login(on(1), newAddress(), owner.email, owner.password).expect(200);
    await login(on(0), newAddress(), owner.email, owner.password).expect(200);
  });
});
