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
});
