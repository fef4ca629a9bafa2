import { API_CACHE_CONTROL } from '../src/app.factory';
import { plainHttpSecurityHeaders } from '../src/platform/http/security-headers';
import { loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * What every API response says to the browser: the security headers (the CSP the SPA needs, no framing,
 * HSTS and upgrade-insecure-requests only over https) and Cache-Control (nothing stored but the board,
 * which is revalidated by its ETag).
 */
describe('security headers by transport (e2e)', () => {
  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await startTestApp({ TRUST_PROXY: 'false' });
    proxied = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await Promise.all([direct?.app.close(), proxied?.app.close()]);
  });

  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

  it('lets the SPA connect to its own origin only (/ws included) and be framed by no one', async () => {
    for (const path of ['/api/health', '/api/no-such-thing']) {
      const response = await direct.http.get(path);
      const csp = directives(response.headers['content-security-policy']);
      expect({ path, connect: csp['connect-src'], frame: csp['frame-ancestors'] }).toEqual({ path, connect: "'self'", frame: "'none'" });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('sends neither Strict-Transport-Security nor upgrade-insecure-requests over plain http', async () => {
    for (const [ctx, headers] of [
      [direct, {}],
      // X-Forwarded-Proto from a source not trusted as a proxy changes nothing.
      [direct, { 'X-Forwarded-Proto': 'https' }],
      [proxied, { 'X-Forwarded-Proto': 'http' }],
      [proxied, {}],
    ] as const) {
      for (const path of ['/api/health', '/index.html']) {
        const response = await ctx.http.get(path).set(headers);
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      }
    }
    expect(plainHttpSecurityHeaders()).toEqual(
      expect.objectContaining({ 'x-frame-options': 'DENY', 'content-security-policy': expect.not.stringContaining('upgrade') }),
    );
  });

  it('sends both when a trusted proxy says the request came over https', async () => {
    for (const path of ['/api/health', '/index.html']) {
      const response = await proxied.http.get(path).set('X-Forwarded-Proto', 'https');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(response.headers['content-security-policy']).toMatch(/(^|;)upgrade-insecure-requests(;|$)/);
      expect(directives(response.headers['content-security-policy'])['connect-src']).toBe("'self'");
    }
  });
});

describe('Cache-Control of API responses (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('is no-store on authenticated reads, writes, errors and unknown paths', async () => {
    const user = await newUser(ctx);
    const responses = {
      'GET /api/auth/me': await admin.get('/api/auth/me').expect(200),
      'GET /api/users': await admin.get('/api/users').expect(200),
      [`GET /api/users/${user.id}`]: await admin.get(`/api/users/${user.id}`).expect(200),
      'GET /api/clients': await admin.get('/api/clients').expect(200),
      'GET /api/tasks?limit=5 (a page)': await admin.get('/api/tasks?limit=5').expect(200),
      'POST /api/clients': await admin
        .post('/api/clients')
        .send({ name: unique('Cache-Control ') })
        .expect(201),
      'GET /api/auth/me (logged out)': await ctx.http.get('/api/auth/me').expect(401),
      'GET /api/no-such-thing': await admin.get('/api/no-such-thing').expect(404),
      'POST /api/clients (invalid)': await admin.post('/api/clients').send({ name: '' }).expect(400),
      'GET /api/health': await ctx.http.get('/api/health').expect(200),
    };
    expect(API_CACHE_CONTROL).toBe('no-store');
    for (const [what, response] of Object.entries(responses))
      expect({ what, cache: response.headers['cache-control'] }).toEqual({ what, cache: 'no-store' });
  });

  it('lets the browser keep the board to revalidate it: private, no-cache, and 304 on a matching ETag', async () => {
    const board = await admin.get('/api/tasks').expect(200);
    expect(board.headers['cache-control']).toBe('private, no-cache');
    expect(board.headers.etag).toBeDefined();
    const unchanged = await admin.get('/api/tasks').set('If-None-Match', board.headers.etag).expect(304);
    expect(unchanged.headers['cache-control']).toBe('private, no-cache');
  });
});
