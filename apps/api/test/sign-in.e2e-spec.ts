import { GUARDS_METADATA } from '@nestjs/common/constants';
import passport from 'passport';
import request from 'supertest';
import { AuthController } from '../src/auth/auth.controller';
import { INVALID_CREDENTIALS, PENDING_APPROVAL } from '../src/auth/auth.service';
import { LocalSignInGuard } from '../src/auth/sign-in/local-sign-in.guard';
import { LocalStrategy } from '../src/auth/sign-in/local.strategy';
import { newUser } from './factories';
import { startTestApp, type TestContext } from './utils/test-app';

/** POST /api/auth/login goes through the local Passport strategy and opens the same session as before. */
describe('sign-in through Passport (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const limitRows = async (): Promise<number> => Number((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM auth_limits`))[0].n);
  const sessionCookie = (response: request.Response): string | undefined =>
    ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('wkflow.sid='))
      ?.split(';')[0];

  it('declares the local strategy on the login route and registers it with passport', () => {
    const guards = Reflect.getMetadata(GUARDS_METADATA, AuthController.prototype.login) as unknown[];
    expect(guards).toContain(LocalSignInGuard);
    const strategy = (passport as unknown as { _strategy(name: string): unknown })._strategy('local');
    expect(strategy).toBeInstanceOf(LocalStrategy);
    expect(strategy).toBe(ctx.app.get(LocalStrategy));
  });

  it('signs in with the validated, trimmed e-mail and answers the user and the time zone', async () => {
    const user = await newUser(ctx);
    const response = await ctx.http
      .post('/api/auth/login')
      .send({ email: `  ${user.email}  `, password: user.password })
      .expect(200);
    expect(response.body).toEqual({ user: expect.objectContaining({ id: user.id, email: user.email }), timeZone: expect.any(String) });
    const cookie = sessionCookie(response);
    expect(cookie).toBeDefined();
    await ctx.http.get('/api/auth/me').set('Cookie', cookie!).expect(200);
  });

  it("answers the strategy's refusals with their own texts", async () => {
    const user = await newUser(ctx);
    const pending = await newUser(ctx, { approved: false });
    const wrong = await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'not-the-password' }).expect(401);
    expect(wrong.body.message).toBe(INVALID_CREDENTIALS);
    const unknown = await ctx.http.post('/api/auth/login').send({ email: 'nobody@example.test', password: 'whatever1' }).expect(401);
    expect(unknown.body.message).toBe(INVALID_CREDENTIALS);
    const waiting = await ctx.http.post('/api/auth/login').send({ email: pending.email, password: pending.password }).expect(403);
    expect(waiting.body.message).toBe(PENDING_APPROVAL);
    expect(sessionCookie(wrong) ?? sessionCookie(unknown) ?? sessionCookie(waiting)).toBeUndefined();
  });

  it('refuses a malformed body with the DTO message before any limit counts it', async () => {
    const before = await limitRows();
    const cases: [object, string][] = [
      [{}, 'Invalid email address; Password must be at least 6 characters'],
      [{ email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
      [{ email: 'a@example.test' }, 'Password must be at least 6 characters'],
      [{ email: 'a@example.test', password: 123456 }, 'Password must be at least 6 characters'],
      [{ email: ['a@example.test'], password: 'secret123' }, 'Invalid email address'],
      [{ email: 'a@example.test', password: 'secret123', admin: true }, 'O campo admin não é permitido'],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.http.post('/api/auth/login').send(body).expect(400);
      expect(response.body.message).toBe(message);
    }
    expect(await limitRows()).toBe(before);
  });

  it('gives a fresh session id at every sign-in; the previous one no longer opens anything', async () => {
    const user = await newUser(ctx);
    const first = sessionCookie(await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200))!;
    const second = sessionCookie(
      await ctx.http.post('/api/auth/login').set('Cookie', first).send({ email: user.email, password: user.password }).expect(200),
    )!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await ctx.http.get('/api/auth/me').set('Cookie', second).expect(200);
    await ctx.http.get('/api/auth/me').set('Cookie', first).expect(401);
  });
});
