import request from 'supertest';
import { getMetadataStorage } from 'class-validator';
import { HTTPS_REQUIRED } from '../src/auth/secure-transport.guard';
import { HOSTILE } from './utils/hostile';
import { buildFixtures, fillFixture, type Fixtures, routesWithoutFixtures } from './utils/fixtures';
import { listRoutes, type RouteInfo } from './utils/routes';
import { loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Security checks that read the database (local only; the HTTP-only ones are in http/security):
 * hostile text in every text field and id field of every write route, generated from the DTOs;
 * the Secure cookie flag; the session row gone at logout.
 */
describe('security: hostile input to every field (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let routes: RouteInfo[];
  let fixtures: Fixtures;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    // Logout and the caller's own password would end the admin session the loop needs.
    routes = listRoutes(ctx.app).filter((r) => r.bodyType && !['/api/auth/logout', '/api/auth/change-password'].includes(r.path));
    fixtures = await buildFixtures(admin, unique('seg'));
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const tables = async () =>
    (
      (await ctx.dataSource.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)) as {
        table_name: string;
      }[]
    ).map((t) => t.table_name);

  it('has a fixture for every write route with ids', () => {
    expect(routesWithoutFixtures(routes, fixtures)).toEqual([]);
  });

  it('stores or refuses hostile text in every text field (never a 500) and refuses it in every number field (4xx)', async () => {
    const before = await tables();
    const [{ n: usersBefore }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`);
    const failures: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const dto = route.bodyType!;
      const properties = [
        ...new Set(
          getMetadataStorage()
            .getTargetValidationMetadatas(dto, '', true, false)
            .map((m) => m.propertyName),
        ),
      ];
      for (const property of properties) {
        const type = Reflect.getMetadata('design:type', dto.prototype, property);
        if (type !== String && type !== Number) continue;
        for (const text of HOSTILE) {
          cases += 1;
          const response = await admin[route.method](fillFixture(route, fixtures)).send({ [property]: text });
          const name = `${route.method.toUpperCase()} ${route.path} ${property}=${JSON.stringify(text)} → ${response.status}`;
          if (response.status >= 500) failures.push(`${name} ${response.text.slice(0, 100)}`);
          else if (type === Number && (response.status < 400 || typeof response.body?.message !== 'string')) failures.push(name);
        }
      }
    }
    expect(cases).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(await tables()).toEqual(before);
    const [{ n: usersAfter }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`);
    expect(usersAfter).toBeGreaterThanOrEqual(usersBefore);
    // Still logged in, and the admin account is intact.
    await admin.get('/api/auth/me').expect(200);
  });
});

describe('security: session cookie and logout (e2e)', () => {
  it('marks the cookie Secure with COOKIE_SECURE=true behind an https proxy, and refuses login over plain http (403)', async () => {
    const ctx = await startTestApp({ COOKIE_SECURE: 'true', TRUST_PROXY: 'true' });
    try {
      const user = await newUser(ctx);
      const https = await ctx.http
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: user.email, password: user.password })
        .expect(200);
      const cookie = (https.headers['set-cookie'] as unknown as string[])[0];
      expect(cookie).toMatch(/^wkflow\.sid=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      // A secure cookie is never handed out over plain http, and the login says why instead of a 200 without it.
      const plain = await ctx.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(403);
      expect(plain.headers['set-cookie']).toBeUndefined();
      expect(plain.body).toMatchObject({ statusCode: 403, message: HTTPS_REQUIRED });
      // So does a password reset, which would log in too: refused before its token is looked at.
      const reset = await ctx.http
        .post('/api/auth/reset-password')
        .send({ token: 'x'.repeat(43), newPassword: 'a-new-password' })
        .expect(403);
      expect(reset.body.message).toBe(HTTPS_REQUIRED);
    } finally {
      await ctx.app.close();
    }
  });

  it('leaves no Secure flag without COOKIE_SECURE (development over http) and deletes the session row at logout', async () => {
    const ctx = await startTestApp({ COOKIE_SECURE: 'false' });
    try {
      const user = await newUser(ctx);
      const agent = request.agent(ctx.app.getHttpServer());
      const login = await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      expect((login.headers['set-cookie'] as unknown as string[])[0]).not.toMatch(/; Secure/i);
      const sessions = async () =>
        (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM session WHERE (sess->>'userId')::int = $1`, [user.id]))[0].n;
      expect(await sessions()).toBe(1);
      await agent.post('/api/auth/logout').expect(200);
      expect(await sessions()).toBe(0);
      await agent.get('/api/auth/me').expect(401);
    } finally {
      await ctx.app.close();
    }
  });
});
