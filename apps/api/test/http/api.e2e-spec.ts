import { type Agent, startTarget, type Target } from '../utils/target';

interface Operation {
  method: 'post' | 'put' | 'patch';
  path: string;
  hasBody: boolean;
}

/**
 * Health, documentation and malformed input, through HTTP only (also against a deployment): the
 * write operations are read from the OpenAPI document, so new routes are covered without a list.
 */
describe('API surface (e2e, HTTP only)', () => {
  let target: Target;
  let admin: Agent;
  let operations: Operation[];

  beforeAll(async () => {
    target = await startTarget();
    admin = await target.admin();
    const document = (await target.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch'].includes(method))
        // Multipart uploads are not JSON endpoints; logout would end the admin session.
        .filter(([, op]) => !op.requestBody?.content?.['multipart/form-data'] && path !== '/api/auth/logout')
        .map(([method, op]) => ({
          method: method as Operation['method'],
          path: path.replace(/\{[^}]+\}/g, '2147483647'),
          hasBody: Boolean(op.requestBody),
        })),
    );
  });
  afterAll(async () => {
    await target?.close();
  });

  it('reports healthy, with the database up', async () => {
    const response = await target.http().get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('serves the OpenAPI document (JSON at /api/docs-json, the page at /api/docs)', async () => {
    expect(operations.length).toBeGreaterThan(20);
    const page = await target.http().get('/api/docs').redirects(1).expect(200);
    expect(page.text).toMatch(/swagger/i);
  });

  it('answers unknown API paths with the JSON error shape and sets security headers', async () => {
    const response = await target.http().get('/api/no-such-thing').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers invalid JSON (400), oversized bodies (413) and unknown fields (4xx) on every write operation, with a message', async () => {
    const failures: string[] = [];
    const clientError = (r: { status: number; body?: { statusCode?: number; message?: unknown } }) =>
      r.status >= 400 &&
      r.status < 500 &&
      r.body?.statusCode === r.status &&
      typeof r.body?.message === 'string' &&
      r.body.message.length > 0;
    for (const op of operations) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      const raw = await admin[op.method](op.path).set('Content-Type', 'application/json').send('{"broken": ');
      if (raw.status !== 400 || !clientError(raw)) failures.push(`${name} invalid JSON → ${raw.status}`);
      const big = await admin[op.method](op.path).send({ blob: 'x'.repeat(300_000) });
      if (big.status !== 413 || !clientError(big)) failures.push(`${name} oversized → ${big.status}`);
      if (op.hasBody) {
        const unknown = await admin[op.method](op.path).send({ definitelyNotAField: 'x' });
        if (!clientError(unknown)) failures.push(`${name} unknown field → ${unknown.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
