import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { checkResponses, type OpenApiDocument, type RecordedResponse } from './utils/openapi-responses';
import { listRoutes } from './utils/routes';
import { loginAsAdmin, startTestApp, type TestContext } from './utils/test-app';

const VALIDATOR_CLI = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const API_ERROR = { $ref: '#/components/schemas/ApiError' };

type Response = { description: string; content?: Record<string, { schema?: object }> };
type Document = OpenApiDocument & { openapi: string; paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

/** The document at /api/docs-json: valid, and every operation states its success body and its errors. */
describe('OpenAPI document (e2e)', () => {
  let ctx: TestContext;
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, responses: op.responses })),
    );

  beforeAll(async () => {
    ctx = await startTestApp();
    document = (await ctx.http.get('/api/docs-json').expect(200)).body;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wkflow-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const result = JSON.parse(execFileSync(process.execPath, [VALIDATOR_CLI, file], { encoding: 'utf8' }));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route of every controller', () => {
    const documented = new Set(operations().map((op) => op.name));
    const routes = listRoutes(ctx.app).map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.size).toBe(routes.length);
  });

  it('documents the success body of every operation, and every error as ApiError (4xx as they apply, 5XX always)', () => {
    const problems: string[] = [];
    for (const op of operations()) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      // Single sign-on's two routes answer the browser with a redirect (and its Location), never a body.
      const redirect = op.responses['302'] as { headers?: Record<string, unknown> } | undefined;
      if (redirect) {
        if (success.length || !redirect.headers?.Location) problems.push(`${op.name}: a redirect names no Location, or has a body too`);
      } else if (success.length !== 1 || !success[0][1].content) problems.push(`${op.name}: no documented success body`);
      for (const [status, response] of Object.entries(op.responses).filter(([s]) => /^[45]/.test(s))) {
        if (op.path.startsWith('/api/health/') || (op.path === '/api/health' && status === '503')) continue; // 503 is the probe's own body
        const schema = response.content?.['application/json']?.schema;
        if (JSON.stringify(schema) !== JSON.stringify(API_ERROR)) problems.push(`${op.name} ${status}: not the ApiError shape`);
      }
      if (!op.responses['5XX']) problems.push(`${op.name}: no 5XX`);
      if (op.path.includes('{') && !op.responses['404']) problems.push(`${op.name}: no 404 for an unknown id`);
      if (op.method !== 'get' && !['400', '413', '415'].every((s) => op.responses[s]))
        problems.push(`${op.name}: a write without 400/413/415`);
    }
    expect(problems).toEqual([]);
    expect(operations().length).toBeGreaterThan(100);
  });

  it('states what each request takes: integer route ids, closed request bodies with their bounds, formats and required fields', () => {
    const id = { type: 'integer', minimum: 1, maximum: 2147483647, pattern: '^[1-9][0-9]*$' };
    // The one id that is no row number: a session as its user's list names it.
    const sessionId = { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' };
    const params = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item).flatMap((op) =>
        ((op as { parameters?: { in: string; schema: object }[] }).parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => ({ path, ...p })),
      ),
    );
    expect(params.length).toBeGreaterThan(50);
    for (const param of params) expect(param.schema).toEqual(param.path === '/api/auth/sessions/{id}' ? sessionId : id);
    const schemas = document.components?.schemas ?? {};
    const dtos = Object.entries(schemas).filter(([name]) => name.endsWith('Dto'));
    expect(dtos.length).toBeGreaterThan(30);
    for (const [name, schema] of dtos)
      expect({ name, additionalProperties: schema.additionalProperties }).toEqual({ name, additionalProperties: false });
    expect(schemas.RegisterDto).toMatchObject({
      required: ['name', 'username', 'email', 'password'],
      properties: { email: { type: 'string', format: 'email', maxLength: 254 }, username: { pattern: '^[A-Za-z0-9._-]+$' } },
    });
    expect(schemas.CreateTaskDto).toMatchObject({
      properties: { deadline: { format: 'date-time' }, clientId: { type: 'integer', minimum: 1 } },
    });
    expect(schemas.TimeLockDto.allOf).toHaveLength(2);
    expect(schemas.CreateTimeEntryDto.allOf).toEqual([{ oneOf: [{ required: ['endTime'] }, { required: ['duration'] }] }]);
  });

  it('has response schemas that compile (JSON Schema 2020-12) and objects closed to undeclared fields', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: document.components });
    for (const op of operations())
      for (const response of Object.values(op.responses))
        for (const media of Object.values(response.content ?? {}))
          expect(() =>
            ajv.compile(JSON.parse(JSON.stringify(media.schema ?? {}).replace(/"#\/components\//g, '"openapi.json#/components/'))),
          ).not.toThrow();
    const schemas = document.components?.schemas ?? {};
    for (const name of ['Task', 'Client', 'User', 'MeResponse', 'ApiError', 'TimeEntry'])
      expect({ name, additionalProperties: schemas[name]?.additionalProperties }).toEqual({ name, additionalProperties: false });
  });

  it('the response check takes what the document says and refuses the rest', async () => {
    const admin = await loginAsAdmin(ctx);
    const real = await admin.get('/api/auth/me').expect(200);
    const me: RecordedResponse = {
      method: 'GET',
      url: 'http://127.0.0.1:1/api/auth/me',
      status: 200,
      contentType: real.headers['content-type'],
      body: real.body,
      hasBody: true,
    };
    const notFound = {
      ...me,
      url: '/api/no-such-route',
      status: 404,
      body: { statusCode: 404, message: 'Rota não encontrada', error: 'Not Found' },
    };
    const problems = (record: RecordedResponse) => checkResponses(document, [record]).problems;

    expect(problems(me)).toEqual([]);
    expect(problems(notFound)).toEqual([]);
    expect(problems({ ...me, url: '/api/users/7', body: real.body.user })).toEqual([]);
    expect(problems({ ...me, url: '/', status: 418 })).toEqual([]); // not the API (the web app's files)
    expect(problems({ ...me, body: { ...real.body, passwordHash: 'x' } })).toEqual([
      expect.stringContaining('must NOT have additional properties (passwordHash)'),
    ]);
    expect(problems({ ...me, body: { ...real.body, user: { ...real.body.user, id: 'one' } } })).toEqual([
      expect.stringContaining('/user/id must be number'),
    ]);
    expect(problems({ ...me, status: 418 })).toEqual([expect.stringContaining('status 418 not documented')]);
    expect(problems({ ...me, contentType: 'text/html' })).toEqual([expect.stringContaining('content type text/html not documented')]);
    expect(problems({ ...me, status: 401, body: { message: 'x' } })).toEqual([
      expect.stringContaining("must have required property 'statusCode'"),
    ]);
    expect(problems({ ...notFound, status: 200 })).toEqual([expect.stringContaining('no operation for this route, yet status 200')]);
    expect(problems({ ...me, method: 'PATCH', status: 200 })).toEqual([expect.stringContaining('no operation for this route')]);
    // A listed path with another method: 405 with an Allow header naming the document's methods.
    const wrongMethod = await admin.patch('/api/users/1').expect(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, PUT');
    expect(wrongMethod.body).toEqual({ statusCode: 405, message: expect.stringContaining('PATCH'), error: 'Method Not Allowed' });
    const notAllowed = { ...me, method: 'PATCH', url: '/api/users/1', status: 405, allow: 'GET, HEAD, PUT', body: wrongMethod.body };
    expect(problems(notAllowed)).toEqual([]);
    expect(problems({ ...notAllowed, allow: 'GET' })).toEqual([expect.stringContaining('405 with Allow "GET"')]);
    expect(problems({ ...notAllowed, status: 404 })).toEqual([expect.stringContaining('expected 405')]);
    // No timer running: the JSON null, with its content type; an empty body is not what the document says.
    const idle = await admin.get('/api/time-entries/active').expect(200);
    expect(idle.headers['content-type']).toMatch(/^application\/json/);
    expect(idle.text).toBe('null');
    const active = { ...me, url: '/api/time-entries/active', contentType: idle.headers['content-type'], body: null, hasBody: true };
    expect(problems(active)).toEqual([]);
    expect(problems({ ...active, contentType: undefined, hasBody: false, body: undefined })).toEqual([
      expect.stringContaining('content type (none) not documented'),
    ]);
  });
});
