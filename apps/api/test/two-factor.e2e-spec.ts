import { authenticator } from 'otplib';
import request from 'supertest';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@wkflow/contracts';
import { ONE_SECOND_FACTOR_ANSWER } from '../src/auth/two-factor/two-factor.dto';
import { newPasswordResetToken, newUser } from './factories';
import { refusedStatus, wsUrl } from './utils/realtime';
import { eventually } from './utils/smtp';
import { createProfile, loginAsAdmin, startTestApp, type TestContext } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

/** The app's code for `secret` `steps` 30-second steps from now (as a phone a little ahead shows it). */
const codeAt = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

/**
 * The TOTP second factor (RFC 6238): setting it up and turning it on with a first code, signing in
 * with a code or a recovery code (each good once), the limits on wrong codes, turning it off, a
 * profile that requires it, and a password reset that does not skip it.
 */
describe('second factor (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const agentOf = () => request.agent(ctx.app.getHttpServer());
  const auditActions = async (userId: number): Promise<string[]> =>
    (
      await ctx.dataSource.query(`SELECT action FROM audit_log WHERE "entityId" = $1 AND action LIKE 'two_factor%' ORDER BY id`, [userId])
    ).map((row: { action: string }) => row.action);

  /** A signed-in user with the second factor on: his agent, secret and recovery codes. */
  async function withSecondFactor(profileId?: number) {
    const user = await newUser(ctx, profileId ? { profileId } : {});
    const agent = agentOf();
    await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const setup: TwoFactorSetup = (await agent.post('/api/auth/2fa/setup').expect(200)).body;
    const { recoveryCodes } = (
      await agent
        .post('/api/auth/2fa/enable')
        .send({ code: codeAt(setup.secret) })
        .expect(200)
    ).body;
    return { user, agent, secret: setup.secret, recoveryCodes: recoveryCodes as string[] };
  }

  /** The password step of a sign-in: a fresh browser whose session waits for the code. */
  async function passwordStep(user: { email: string; password: string }): Promise<Agent> {
    const agent = agentOf();
    const response = await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    expect(response.body).toEqual({ twoFactorRequired: true });
    return agent;
  }

  it('is set up with a secret and a QR code, and turned on by a first code, which hands out 10 recovery codes once', async () => {
    const user = await newUser(ctx);
    const agent = agentOf();
    await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    expect((await agent.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const setup: TwoFactorSetup = (await agent.post('/api/auth/2fa/setup').expect(200)).body;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/WKFlow:${encodeURIComponent(user.email)}?secret=${setup.secret}&period=30&digits=6&algorithm=SHA1&issuer=WKFlow`,
    );
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    // The secret is not kept in clear.
    const [stored] = await ctx.dataSource.query(`SELECT secret, "enabledAt" FROM two_factor WHERE "userId" = $1`, [user.id]);
    expect(stored.secret).not.toContain(setup.secret);
    expect(stored.enabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    await agentOf()
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200, /"user"/);

    const wrong = await agent
      .post('/api/auth/2fa/enable')
      .send({ code: String((Number(codeAt(setup.secret)) + 1) % 1_000_000).padStart(6, '0') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const enabled = await agent
      .post('/api/auth/2fa/enable')
      .send({ code: codeAt(setup.secret) })
      .expect(200);
    const codes: string[] = enabled.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const hashes: { codeHash: string }[] = await ctx.dataSource.query(
      `SELECT "codeHash" FROM two_factor_recovery_codes WHERE "userId" = $1`,
      [user.id],
    );
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(codes.join()).not.toContain(codeHash.slice(0, 10));

    expect((await agent.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await agent.post('/api/auth/2fa/setup').expect(409)).body.message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
    expect(
      (
        await agent
          .post('/api/auth/2fa/enable')
          .send({ code: codeAt(setup.secret, 1) })
          .expect(409)
      ).body.message,
    ).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
    expect(await auditActions(user.id)).toEqual(['two_factor_enabled']);
    // The session that turned it on goes on.
    await agent.get('/api/auth/me').expect(200);
  });

  it('asks for the code after the password: the password alone signs in to nothing; a right code does, once', async () => {
    const { user, secret } = await withSecondFactor();
    const browser = await passwordStep(user);
    expect(String((await browser.get('/api/auth/me')).status)).toBe('401');
    await browser.get('/api/tasks').expect(401);

    const wrong = await browser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(401);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    // The step enabling used is spent: the next one signs in (a phone a little ahead).
    const code = codeAt(secret, 1);
    const signedIn = await browser
      .post('/api/auth/2fa/verify')
      .send({ code: `${code.slice(0, 3)} ${code.slice(3)}` })
      .expect(200);
    expect(signedIn.body).toEqual({ user: expect.objectContaining({ id: user.id }), timeZone: expect.any(String) });
    await browser.get('/api/auth/me').expect(200);
    const [audit] = await ctx.dataSource.query(
      `SELECT data FROM audit_log WHERE action = 'sign_in' AND "entityId" = $1 ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(audit.data.method).toBe('password+totp');

    // The same code again, in another browser: refused (a code is good once).
    const replay = await passwordStep(user);
    expect((await replay.post('/api/auth/2fa/verify').send({ code }).expect(401)).body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    await replay.get('/api/auth/me').expect(401);
  });

  it('takes a recovery code instead, each one once', async () => {
    const { user, recoveryCodes, agent } = await withSecondFactor();
    const browser = await passwordStep(user);
    await browser
      .post('/api/auth/2fa/verify')
      .send({ recoveryCode: ` ${recoveryCodes[3].toUpperCase()} ` })
      .expect(200);
    await browser.get('/api/auth/me').expect(200);
    expect((await agent.get('/api/auth/2fa').expect(200)).body.recoveryCodesLeft).toBe(9);

    const again = await passwordStep(user);
    const refused = await again.post('/api/auth/2fa/verify').send({ recoveryCode: recoveryCodes[3] }).expect(401);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.invalidRecoveryCode);
    // Without the dash works too.
    await again
      .post('/api/auth/2fa/verify')
      .send({ recoveryCode: recoveryCodes[4].replace('-', '') })
      .expect(200);
    expect(await auditActions(user.id)).toEqual(['two_factor_enabled', 'two_factor_recovery_code_used', 'two_factor_recovery_code_used']);
  });

  it('refuses a second step without a waiting password, after five minutes, or with a malformed answer', async () => {
    const { user, secret } = await withSecondFactor();
    const stranger = agentOf();
    expect(
      (
        await stranger
          .post('/api/auth/2fa/verify')
          .send({ code: codeAt(secret, 1) })
          .expect(401)
      ).body.message,
    ).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

    const browser = await passwordStep(user);
    for (const body of [{}, { code: '123456', recoveryCode: 'abcde-fghij' }]) {
      expect((await browser.post('/api/auth/2fa/verify').send(body).expect(400)).body.message).toBe(ONE_SECOND_FACTOR_ANSWER);
    }
    for (const body of [
      { code: '12ab56' },
      { code: '1234567' },
      { code: 123456 },
      { recoveryCode: 'x'.repeat(33) },
      { recoveryCode: '   ' },
    ]) {
      await browser.post('/api/auth/2fa/verify').send(body).expect(400);
    }
    // The waiting session grows old (its start written back by five minutes and more).
    await ctx.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{pendingSecondFactor,at}', to_jsonb((extract(epoch FROM now()) * 1000 - 301000)::bigint))::json
        WHERE sess->'pendingSecondFactor'->>'userId' = $1`,
      [String(user.id)],
    );
    // The session cache hears of the write from the database a moment later: wrong codes until it has.
    await eventually(async () => {
      const answer = await browser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(401);
      return answer.body.message === TWO_FACTOR_MESSAGES.challengeExpired;
    });
    const late = await browser
      .post('/api/auth/2fa/verify')
      .send({ code: codeAt(secret, 1) })
      .expect(401);
    expect(late.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('counts wrong codes against the account like wrong passwords: then even a right one waits', async () => {
    const limited = await startTestApp({ LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_ACCOUNT: '3' });
    try {
      const user = await newUser(limited);
      const agent = request.agent(limited.app.getHttpServer());
      await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const { secret } = (await agent.post('/api/auth/2fa/setup').expect(200)).body;
      await agent
        .post('/api/auth/2fa/enable')
        .send({ code: codeAt(secret) })
        .expect(200);

      const browser = request.agent(limited.app.getHttpServer());
      await browser.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200, { twoFactorRequired: true });
      for (let i = 0; i < 3; i++) await browser.post('/api/auth/2fa/verify').send({ code: '000000' }).expect(401);
      const held = await browser
        .post('/api/auth/2fa/verify')
        .send({ code: codeAt(secret, 1) })
        .expect(429);
      expect(held.body.message).toBe(TWO_FACTOR_MESSAGES.rateLimited);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      await browser.get('/api/auth/me').expect(401);
    } finally {
      await limited.app.close();
    }
  });

  it('is turned off with the password and a code, never with a wrong one', async () => {
    const { user, agent, secret } = await withSecondFactor();
    const wrongPassword = await agent
      .post('/api/auth/2fa/disable')
      .send({ password: 'não-é-essa', code: codeAt(secret, 1) })
      .expect(400);
    expect(wrongPassword.body.message).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    const wrongCode = await agent.post('/api/auth/2fa/disable').send({ password: user.password, code: '000000' }).expect(400);
    expect(wrongCode.body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    await agent
      .post('/api/auth/2fa/disable')
      .send({ password: user.password, code: codeAt(secret, 1) })
      .expect(200, { success: true });
    expect((await agent.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect(await ctx.dataSource.query(`SELECT 1 FROM two_factor_recovery_codes WHERE "userId" = $1`, [user.id])).toEqual([]);
    await agentOf()
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200, /"user"/);
    expect((await agent.post('/api/auth/2fa/disable').send({ password: user.password, code: '123456' }).expect(409)).body.message).toBe(
      TWO_FACTOR_MESSAGES.notEnabled,
    );
    expect(await auditActions(user.id)).toEqual(['two_factor_enabled', 'two_factor_disabled']);
  });

  it('sends a user whose profile requires it to set it up first: until then only its routes answer, and no socket opens', async () => {
    const admin = await loginAsAdmin(ctx);
    const profileId = await createProfile(admin, [{ module: 'tasks', permission: 'read' }]);
    const profile = (await admin.get('/api/access-profiles').expect(200)).body.find((p: { id: number }) => p.id === profileId);
    expect(profile.requireTwoFactor).toBe(false);
    const updated = await admin
      .put(`/api/access-profiles/${profileId}`)
      .send({ name: profile.name, description: profile.description, requireTwoFactor: true });
    expect(updated.status).toBe(200);
    expect(updated.body.requireTwoFactor).toBe(true);
    // Left out, it stays.
    await admin
      .put(`/api/access-profiles/${profileId}`)
      .send({ name: profile.name, description: 'outra descrição' })
      .expect(200, /"requireTwoFactor":true/);

    const user = await newUser(ctx, { profileId });
    const agent = agentOf();
    const login = await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    expect(login.body.twoFactorSetupRequired).toBe(true);
    expect((await agent.get('/api/auth/me').expect(200)).body.twoFactorSetupRequired).toBe(true);
    const refused = await agent.get('/api/tasks').expect(403);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(await refusedStatus(await wsUrl(ctx), { Cookie: cookie })).toBe(401);
    expect((await agent.get('/api/auth/2fa').expect(200)).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });

    const { secret } = (await agent.post('/api/auth/2fa/setup').expect(200)).body;
    await agent
      .post('/api/auth/2fa/enable')
      .send({ code: codeAt(secret) })
      .expect(200);
    await agent.get('/api/tasks').expect(200);
    expect((await agent.get('/api/auth/me').expect(200)).body.twoFactorSetupRequired).toBeUndefined();
    const locked = await agent
      .post('/api/auth/2fa/disable')
      .send({ password: user.password, code: codeAt(secret, 1) })
      .expect(409);
    expect(locked.body.message).toBe(TWO_FACTOR_MESSAGES.requiredByProfile);
  });

  it('a password reset sets the password but signs in only after the second factor', async () => {
    const { user, secret } = await withSecondFactor();
    const token = await newPasswordResetToken(ctx, { user: user.id });
    const browser = agentOf();
    const reset = await browser.post('/api/auth/reset-password').send({ token, newPassword: 'nova-senha-segura-1' }).expect(200);
    expect(reset.body).toEqual({ twoFactorRequired: true });
    await browser.get('/api/auth/me').expect(401);
    await browser
      .post('/api/auth/2fa/verify')
      .send({ code: codeAt(secret, 1) })
      .expect(200);
    await browser.get('/api/auth/me').expect(200);
  });
});
