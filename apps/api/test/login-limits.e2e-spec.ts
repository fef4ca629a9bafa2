import { createHash } from 'node:crypto';
import request from 'supertest';
import { LOGIN_UNLOCK_INVALID, LOGIN_UNLOCK_SENT, LOGIN_UNLOCKED } from '@wkflow/contracts';
import { newRunId } from './setup/test-env';
import { startIsolatedApp, type IsolatedApp } from './utils/isolated-app';
import { type ApiProcess, privateRedis, type RedisProcess, startApi, waitFor } from './utils/processes';
import { eventually, type ReceivedMail, startSmtp } from './utils/smtp';
import { newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Login anti-automation (OWASP ASVS 2.2.1) on instances with real, small limits. The client address
 * is X-Forwarded-For as a proxy on loopback sets it: the default TRUST_PROXY trusts loopback and
 * private ranges. A source is an IPv4 /24 (or IPv6 /64).
 */
const LIMITS = {
  LOGIN_LIMIT_PER_ACCOUNT: '3',
  LOGIN_LIMIT_PER_IP: '5',
  LOGIN_LIMIT_ACCOUNT_CEILING: '6',
  LOGIN_LIMIT_WINDOW_MS: '600000',
  REGISTER_LIMIT_PER_IP: '2',
};

let network = 0;
/** A client address in a /24 of its own for each use (198.18.0.0/15), so the cases never share a counter by accident. */
const newAddress = () => {
  network += 1;
  return `198.${18 + (network >> 8)}.${network & 255}.${1 + Math.floor(Math.random() * 250)}`;
};

type Http = () => ReturnType<typeof request>;

function login(http: Http, from: string, email: string, password: string) {
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

  it('counts an IPv4 /24 as one source: rotating the last octet does not escape the limits', async () => {
    const owner = await newUser(ctx);
    const subnet = newAddress().replace(/\.\d+$/, '');
    for (const last of [1, 2, 3]) await login(http, `${subnet}.${last}`, owner.email, 'wrong-password').expect(401);
    await login(http, `${subnet}.250`, owner.email, owner.password).expect(429);
    // Over many accounts too (LOGIN_LIMIT_PER_IP = 5: three failures above, two more here).
    for (const last of [4, 5]) await login(http, `${subnet}.${last}`, `${unique('nobody')}@example.test`, 'wrong-password').expect(401);
    const other = await newUser(ctx);
    await login(http, `${subnet}.99`, other.email, other.password).expect(429);
    await login(http, newAddress(), owner.email, owner.password).expect(200);
  });

  it('counts an IPv6 /64 as one source', async () => {
    const owner = await newUser(ctx);
    const prefix = `2001:db8:${(network += 1).toString(16)}:1`;
    for (const host of ['::1', '::2', ':ffff:ffff:ffff:fffe'])
      await login(http, `${prefix}${host}`, owner.email, 'wrong-password').expect(401);
    await login(http, `${prefix}:1234:5678:9abc:def0`, owner.email, owner.password).expect(429);
    await login(http, `2001:db8:${network.toString(16)}:2::1`, owner.email, owner.password).expect(200);
  });

  it('holds unknown addresses at the per-account ceiling, while the owner’s usual address still logs in (no SMTP: a timed hold)', async () => {
    const owner = await newUser(ctx);
    const usual = newAddress();
    await login(http, usual, owner.email, owner.password).expect(200);
    // A guesser spread over many addresses, each under its own limit.
    for (let i = 0; i < 3; i += 1) {
      const from = newAddress();
      await login(http, from, owner.email, 'wrong-password').expect(401);
      await login(http, from, owner.email, 'wrong-password').expect(401);
    }
    const held = await login(http, newAddress(), owner.email, owner.password).expect(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
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

describe('login limits: X-Forwarded-For from a peer TRUST_PROXY does not name (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The proxy named is not this test's peer (127.0.0.1): like a client reaching the API port directly.
    ctx = await startTestApp({ ...LIMITS, TRUST_PROXY: '10.0.0.7' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('ignores the header: one machine rotating X-Forwarded-For is limited like any other', async () => {
    const owner = await newUser(ctx);
    for (let i = 0; i < 3; i += 1) await login(() => ctx.http, newAddress(), owner.email, 'wrong-password').expect(401);
    await login(() => ctx.http, newAddress(), owner.email, 'wrong-password').expect(429);
    await login(() => ctx.http, newAddress(), owner.email, owner.password).expect(429);
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

const WEB = 'http://web.example.test';

/** The text of a raw message with quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function unlockToken(mail: ReceivedMail): string {
  const match = /\/login-unlock\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no unlock link in:\n${mail.raw}`);
  return match[1];
}

const UNLOCK_SUBJECT = 'Confirme sua entrada no WKFlow';
const NOTICE_SUBJECT = 'Tentativas de entrar na sua conta do WKFlow';

describe('login limits: past the account ceiling, the owner gets in through an e-mailed unlock link (e2e)', () => {
  let ctx: IsolatedApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const http = () => ctx.http;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await startIsolatedApp('login_unlock', {
      ...LIMITS,
      LOGIN_LIMIT_PER_ACCOUNT: '4',
      LOGIN_LIMIT_ACCOUNT_CEILING: '10',
      SMTP_URL: smtp.url,
      WEB_URL: WEB,
      EMAIL_RETRY_DELAY_MS: '300',
      EMAIL_SWEEP_MS: '300',
      REMINDER_INTERVAL_MS: '3600000',
    });
  });
  afterAll(async () => {
    await ctx?.stop();
    await smtp?.close();
  });

  const mailsTo = (email: string, subject: string) => smtp.mails.filter((m) => m.to.includes(email) && m.subject === subject);
  /** Waits until the outbox has nothing left to send (the e-mails of the attempts so far are out). */
  const outboxDrained = () =>
    eventually(async () => {
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM email_queue WHERE status IN ('pending', 'scheduled')`);
      return n === 0;
    });
  const unlock = (token: string, from = newAddress()) =>
    ctx.http.post('/api/auth/login-unlock').set('X-Forwarded-For', from).send({ token });

  it('the owner logs in from a new address while 100 wrong attempts from many addresses run', async () => {
    const owner = await newUser(ctx);
    // 100 wrong passwords from 25 sources (4 each, within LOGIN_LIMIT_PER_ACCOUNT), 10 at a time.
    const attackers = Array.from({ length: 25 }, () => newAddress());
    const statuses: number[] = [];
    const attack = (async () => {
      for (let batch = 0; batch < 10; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => login(http, attackers[(batch * 10 + i) % 25], owner.email, `wrong-${batch}-${i}`)),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
    })();

    // The owner, on a new device, meanwhile: let in at once, or asked to follow the e-mailed link.
    const device = newAddress();
    const browser = request.agent(ctx.app.getHttpServer());
    const enter = () =>
      browser.post('/api/auth/login').set('X-Forwarded-For', device).send({ email: owner.email, password: owner.password });
    await waitFor(async () => statuses.length >= 20, 'the attack to be under way');
    const first = await enter();
    if (first.status === 403) {
      expect(first.body).toEqual({ statusCode: 403, message: LOGIN_UNLOCK_SENT, error: 'Forbidden' });
      const mail = await eventually(() => mailsTo(owner.email, UNLOCK_SUBJECT)[0]);
      expect((await unlock(unlockToken(mail)).expect(200)).body).toEqual({ message: LOGIN_UNLOCKED });
      await enter().expect(200);
    } else {
      expect(first.status).toBe(200);
    }
    await browser.get('/api/auth/me').expect(200);
    await attack;

    // The attack got nowhere, and was refused past the ceiling without a hard lockout.
    expect(statuses).toHaveLength(100);
    expect(statuses.filter((status) => status !== 401 && status !== 403)).toEqual([]);
    expect(statuses.filter((status) => status === 403).length).toBeGreaterThanOrEqual(100 - 10);
    // After it, the owner's device is still let in; another new address is held.
    await login(http, device, owner.email, owner.password).expect(200);
    await login(http, newAddress(), owner.email, owner.password).expect(403);
    // Told once, not per attempt.
    await outboxDrained();
    expect(mailsTo(owner.email, NOTICE_SUBJECT)).toHaveLength(1);
    expect(decodeQuotedPrintable(mailsTo(owner.email, NOTICE_SUBJECT)[0].raw)).toContain('muitas tentativas de entrar na sua conta');
  }, 120_000);

  it('answers a held login alike for a right and a wrong password; only the right one mails a link, kept hashed, single use', async () => {
    const owner = await newUser(ctx);
    for (let i = 0; i < 10; i += 1) await login(http, newAddress(), owner.email, 'wrong-password').expect(401);
    const noticeSent = eventually(() => mailsTo(owner.email, NOTICE_SUBJECT)[0]);

    const wrong = await login(http, newAddress(), owner.email, 'wrong-password').expect(403);
    const device = newAddress();
    const right = await login(http, device, owner.email, owner.password).expect(403);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual({ statusCode: 403, message: LOGIN_UNLOCK_SENT, error: 'Forbidden' });
    expect(right.headers['retry-after']).toBeUndefined();
    // An address nobody has an account for is answered the same.
    const nobody = `${unique('ninguem')}@example.test`;
    for (let i = 0; i < 10; i += 1) await login(http, newAddress(), nobody, 'wrong-password').expect(401);
    expect((await login(http, newAddress(), nobody, 'wrong-password').expect(403)).body).toEqual(right.body);

    await noticeSent;
    const mail = await eventually(() => mailsTo(owner.email, UNLOCK_SUBJECT)[0]);
    await outboxDrained();
    expect(mailsTo(owner.email, UNLOCK_SUBJECT)).toHaveLength(1);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain(`${WEB}/login-unlock?token=`);
    expect(text).toContain(device);
    const token = unlockToken(mail);
    const rows: { tokenHash: string; source: string }[] = await ctx.dataSource.query(
      `SELECT "tokenHash", source FROM login_unlock_tokens WHERE "userId" = $1`,
      [owner.id],
    );
    expect(rows).toEqual([{ tokenHash: createHash('sha256').update(token).digest('hex'), source: device.replace(/\.\d+$/, '.0/24') }]);

    // Wrong tokens change nothing; the right one lets that address in, once.
    const invalid = { statusCode: 400, message: LOGIN_UNLOCK_INVALID, error: 'Bad Request' };
    for (const bad of ['A'.repeat(43), 'curto', '']) expect((await unlock(bad).expect(400)).body).toEqual(invalid);
    expect((await ctx.http.post('/api/auth/login-unlock').send({}).expect(400)).body.message).toBe(LOGIN_UNLOCK_INVALID);
    await login(http, device, owner.email, owner.password).expect(403);
    await unlock(token).expect(200);
    expect((await unlock(token).expect(400)).body).toEqual(invalid);
    await login(http, device, owner.email, owner.password).expect(200);
    // Only that address: another is still held.
    await login(http, newAddress(), owner.email, owner.password).expect(403);
  });

  it('refuses an expired link', async () => {
    const owner = await newUser(ctx);
    for (let i = 0; i < 10; i += 1) await login(http, newAddress(), owner.email, 'wrong-password').expect(401);
    const device = newAddress();
    await login(http, device, owner.email, owner.password).expect(403);
    const token = unlockToken(await eventually(() => mailsTo(owner.email, UNLOCK_SUBJECT)[0]));
    // Back-dates the link the login under test wrote (no factory made it): its hour has passed.
    await ctx.dataSource.query(`UPDATE login_unlock_tokens SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [owner.id]);
    await unlock(token).expect(400);
    await login(http, device, owner.email, owner.password).expect(403);
  });

  it('mails at most three unlock links an hour per account, however often the right password comes', async () => {
    const owner = await newUser(ctx);
    for (let i = 0; i < 10; i += 1) await login(http, newAddress(), owner.email, 'wrong-password').expect(401);
    for (let i = 0; i < 6; i += 1) await login(http, newAddress(), owner.email, owner.password).expect(403);
    await eventually(() => mailsTo(owner.email, UNLOCK_SUBJECT).length >= 3);
    await outboxDrained();
    expect(mailsTo(owner.email, UNLOCK_SUBJECT)).toHaveLength(3);
    expect(mailsTo(owner.email, NOTICE_SUBJECT)).toHaveLength(1);
  });

  it('limits wrong unlock tokens per source', async () => {
    const from = newAddress();
    // PASSWORD_RESET_LIMIT_PER_IP (20 by default) wrong tokens per window.
    for (let i = 0; i < 20; i += 1) await unlock(`wrong-${i}`, from).expect(400);
    const limited = await unlock('wrong-again', from).expect(429);
    expect(limited.body.message).toContain('links de liberação');
    await unlock('wrong-elsewhere').expect(400);
  });
});

describe('login limits shared by two API processes, with Redis restarted and then down (e2e)', () => {
  let apis: ApiProcess[] = [];
  let redis: RedisProcess;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
    redis = await privateRedis();
    await redis.start();
    const env = {
      DATABASE_URL: process.env.WKFLOW_TEST_DATABASE_URL!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `limits_${newRunId()}`,
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
    await redis?.stop();
    await ctx.app.close();
  });

  const on = (i: number) => () => request(apis[i % 2].baseUrl);

  it('keeps the account ceiling’s hold when Redis restarts empty', async () => {
    const owner = await newUser(ctx);
    const usual = newAddress();
    await login(on(0), usual, owner.email, owner.password).expect(200);
    for (let i = 0; i < 6; i += 1) await login(on(i), newAddress(), owner.email, 'wrong-password').expect(401);
    await login(on(0), newAddress(), owner.email, owner.password).expect(429);

    // A private redis-server without persistence: restarted, it has lost every key.
    await redis.stop();
    await redis.start();
    await waitFor(
      async () => ((await (await fetch(`${apis[1].baseUrl}/api/health`)).json()) as { redis: string }).redis === 'up',
      'the API to see Redis again',
    );
    await login(on(1), newAddress(), owner.email, owner.password).expect(429);
    await login(on(0), newAddress(), owner.email, owner.password).expect(429);
    await login(on(1), usual, owner.email, owner.password).expect(200);
  }, 60_000);

  it("counts the attacker's failures on both replicas together with Redis down; the owner logs in from his own address", async () => {
    await redis.stop();
    const owner = await newUser(ctx);
    const attacker = newAddress();
    // Four failures spread over the two replicas spend the limit of four: per-process counters would allow eight.
    for (let i = 0; i < 4; i += 1) await login(on(i), attacker, owner.email, 'wrong-password').expect(401);
    await login(on(0), attacker, owner.email, owner.password).expect(429);
    await login(on(1), attacker, owner.email, owner.password).expect(429);
    await login(on(1), newAddress(), owner.email, owner.password).expect(200);
    await login(on(0), newAddress(), owner.email, owner.password).expect(200);
  }, 60_000);
});
