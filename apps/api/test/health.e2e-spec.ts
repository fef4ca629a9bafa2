import { startTestApp, type TestContext } from './utils/test-app';

describe('health and docs (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('reports the database and Redis', async () => {
    const response = await ctx.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('answers readiness with 200 while the process serves (503 once it drains: rolling-restart spec)', async () => {
    const response = await ctx.http.get('/api/health/ready').expect(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await ctx.http.get('/api/docs-json').expect(200);
    expect(response.body.paths['/api/auth/login']).toBeDefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await ctx.http.get('/api/no-such-thing').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sets security headers', async () => {
    const response = await ctx.http.get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sets on API responses the same security headers helmet sets elsewhere', async () => {
    const names = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection', 'x-content-type-options'];
    const pick = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            !/^(date|etag|content-|connection|keep-alive|vary|access-control|cache-control)/.test(name) ||
            name === 'content-security-policy',
        ),
      );
    const api = await ctx.http.get('/api/health');
    const other = await ctx.http.get('/not-an-api-path');
    expect(pick(api.headers)).toEqual(pick(other.headers));
    for (const name of names) expect(api.headers[name]).toEqual(expect.any(String));
    expect(api.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(api.headers['content-security-policy']).not.toMatch(/ws:|wss:/);
  });
});
