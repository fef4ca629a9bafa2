import request from 'supertest';
import { INVALID_TEXT, TOO_DEEP } from '../src/platform/http/safe-input';
import { startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, type TestContext } from './utils/test-app';
import {
  documentOperations,
  encodePathValue as encode,
  type Operation,
  type RequestDocument,
  resolveRef,
  type Schema,
} from './utils/openapi-requests';

/**
 * Every operation of the OpenAPI document, fed bad input (NUL, lone surrogates, deep nesting, huge
 * numbers, wrong types, 1 MB strings) anonymously and as an administrator: nothing answers ≥ 500.
 * One field is bad at a time and the others hold plausible values, so the bad one reaches as deep
 * as it can (the database included).
 */

const NUL = 'a\u0000b';
const SURROGATE = '\ud800@x.com';
const deep = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;
const BAD_VALUES: [string, unknown][] = [
  ['NUL', NUL],
  ['lone surrogate', SURROGATE],
  ['lone low surrogate', 'x\udc00y'],
  ['huge number', 1e308],
  ['huge integer', 99999999999999999999],
  ['negative', -1],
  ['wrong type (object)', { a: 1 }],
  ['wrong type (array)', [1, 'x']],
  ['wrong type (boolean)', true],
  ['nested array', deep(100)],
];
const BAD_PARAMS = [NUL, '\ud800', '1e308', '99999999999999999999', '-1', 'abc', '1.5', "1' OR '1'='1"];
const MB = 'x'.repeat(1024 * 1024);

describe('bad input (generated from the OpenAPI document)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let operations: Operation[];
  let schemas: Record<string, Schema>;

  beforeAll(async () => {
    ctx = await startIsolatedApp('badinput');
    const doc = (await ctx.http.get('/api/docs-json').expect(200)).body as RequestDocument;
    schemas = doc.components?.schemas ?? {};
    operations = documentOperations(doc);
  });

  afterAll(async () => {
    await ctx.stop();
  });

  function resolve(schema: Schema | undefined): Schema {
    const current = resolveRef(schemas, schema);
    if (current.allOf?.[0]?.$ref) return resolve(current.allOf[0]);
    const reference = current.anyOf?.find((s) => s.$ref);
    return reference ? resolve(reference) : current;
  }

  /** A value the validators would take for the schema, so a bad neighbour is what gets refused. */
  function plausible(raw: Schema | undefined, name: string): unknown {
    const schema = resolve(raw);
    if (schema.enum?.length) return schema.enum[0];
    if (schema.format === 'date-time' || /date|deadline|time$/i.test(name)) return new Date(Date.now() + 86_400_000).toISOString();
    if (schema.format === 'email' || /email/i.test(name)) return 'qa.fuzz@example.test';
    switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
      case 'integer':
      case 'number':
        return 1;
      case 'boolean':
        return false;
      case 'array':
        return [];
      case 'object':
        return Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s === true || s === false ? {} : s, k)]),
        );
      default:
        return /password/i.test(name) ? 'secret123' : 'abc';
    }
  }

  function path(op: Operation, value: string): string {
    return op.path.replace(/\{[^}]+\}/g, encode(value));
  }

  /** The requests of one operation: each bad value in each body field, query parameter and path parameter. */
  function requestsOf(op: Operation): { label: string; url: string; body?: unknown; raw?: string; query?: Record<string, unknown> }[] {
    const out: { label: string; url: string; body?: unknown; raw?: string; query?: Record<string, unknown> }[] = [];
    const url = path(op, '1');
    const body = op.body ? resolve(op.body) : undefined;
    const base = body ? (plausible(body, '') as Record<string, unknown>) : undefined;
    if (op.path.includes('{'))
      for (const value of BAD_PARAMS) out.push({ label: `path ${JSON.stringify(value)}`, url: path(op, value), body: base });
    for (const param of op.parameters.filter((p) => p.in === 'query')) {
      for (const [label, value] of BAD_VALUES.slice(0, 6))
        out.push({ label: `query ${param.name} ${label}`, url, query: { [param.name]: String(value) }, body: base });
      out.push({ label: `query ${param.name} repeated`, url, query: { [param.name]: ['1', '2'] }, body: base });
    }
    if (['post', 'put', 'patch', 'delete'].includes(op.method)) {
      out.push({ label: 'body nested 5000 levels', url, raw: `${'['.repeat(5000)}${']'.repeat(5000)}` });
      out.push({ label: 'body object nested 100 levels', url, raw: `${'{"a":'.repeat(100)}1${'}'.repeat(100)}` });
      if (base)
        out.push({
          label: 'body field nested 5000 levels',
          url,
          raw: `{"${Object.keys(base)[0] ?? 'x'}":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        });
      out.push({ label: 'body 1 MB string', url, body: { ...base, x: MB } });
      out.push({ label: 'body NUL key', url, body: { ...base, ['k\u0000']: 1 } });
      for (const field of Object.keys(body?.properties ?? {})) {
        for (const [label, value] of BAD_VALUES) out.push({ label: `body ${field} ${label}`, url, body: { ...base, [field]: value } });
        out.push({ label: `body ${field} 200 kB string`, url, body: { ...base, [field]: MB.slice(0, 200_000) } });
      }
    }
    return out;
  }

  async function sweep(agent: () => request.Agent | ReturnType<typeof request>, skip: (op: Operation) => boolean) {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      if (skip(op)) continue;
      for (const r of requestsOf(op)) {
        const client = agent() as unknown as Record<string, (url: string) => request.Test>;
        let call = client[op.method](r.url);
        call.buffer(true);
        if (r.query)
          call = call.query(
            Object.entries(r.query)
              .flatMap(([k, v]) => ([] as unknown[]).concat(v).map((item) => `${encode(k)}=${encode(String(item))}`))
              .join('&'),
          );
        const payload = r.raw ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
        if (payload !== undefined) call = call.set('Content-Type', 'application/json').send(payload);
        const response = await call;
        sent += 1;
        if (response.status >= 500)
          failures.push(`${op.method.toUpperCase()} ${op.path} [${r.label}] → ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    return { failures, sent };
  }

  it("answers the review's requests with a 400 and a clear message", async () => {
    const admin = await loginAsAdmin(ctx);
    const client = await admin.post('/api/clients').send({ name: 'Cliente NUL' }).expect(201);
    const task = await admin
      .post('/api/tasks')
      .send({ title: 'Tarefa NUL', description: 'x', clientId: client.body.id, deadline: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(201);
    const nul = await admin.post(`/api/tasks/${task.body.id}/comments`).send({ content: 'a\u0000b' }).expect(400);
    expect(nul.body).toEqual({ statusCode: 400, message: INVALID_TEXT, error: 'Bad Request' });
    const deepLogin = await ctx.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(6000)}${']'.repeat(6000)}`)
      .expect(400);
    expect(deepLogin.body.message).toBe(TOO_DEEP);
    // 64 levels are still fine for the parser and reach the validators.
    const shallow = await ctx.http
      .post('/api/auth/login')
      .send({ email: deep(60), password: 'secret123' })
      .expect(400);
    expect(shallow.body.message).toBe('Invalid email address');
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      const surrogate = await ctx.http
        .post(path)
        .set('Content-Type', 'application/json')
        .send('{"email":"\\ud800@x.com","password":"secret123","name":"Abc","username":"abcde"}')
        .expect(400);
      expect(surrogate.body.message).toBe(INVALID_TEXT);
    }
    const query = await admin.get('/api/tasks').query({ search: 'a\u0000b' }).expect(400);
    expect(query.body.message).toBe(INVALID_TEXT);
  });

  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers no request of an anonymous user with 5xx', async () => {
    const { failures, sent } = await sweep(
      () => ctx.http,
      () => false,
    );
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it('answers no request of a logged-in administrator with 5xx', async () => {
    const admin = await loginAsAdmin(ctx);
    // Logging out would turn the rest of the sweep into the anonymous one.
    const { failures, sent } = await sweep(
      () => admin,
      (op) => op.path === '/api/auth/logout',
    );
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    await admin.get('/api/auth/me').expect(200);
  });
});
