import { getMetadataStorage } from 'class-validator';
import { fillPath, listRoutes, type RouteInfo } from './utils/routes';
import { loginAsAdmin, startTestApp, type TestContext } from './utils/test-app';

/**
 * Malformed input to every endpoint, generated from the routes and their DTOs: always a 4xx with a
 * message, never a 500, and nothing written.
 */
describe('malformed input to every endpoint (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let routes: RouteInfo[];
  /** Real ids per resource, so validation and services run against existing objects. */
  const fixtures: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    routes = listRoutes(ctx.app).filter((r) => !r.path.startsWith('/api/auth/logout'));
    const [{ id: clientId }] = await ctx.dataSource.query(`INSERT INTO clients (name) VALUES ('Cliente da confiabilidade') RETURNING id`);
    const [{ id: columnId }] = await ctx.dataSource.query(`SELECT id FROM columns ORDER BY position LIMIT 1`);
    const [{ id: adminId }] = await ctx.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
    const [{ id: taskId }] = await ctx.dataSource.query(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "createdBy") VALUES ('Tarefa', 'd', $1, $2, now(), $3) RETURNING id`,
      [clientId, columnId, adminId],
    );
    const [{ id: roomId }] = await ctx.dataSource.query(`INSERT INTO chat_rooms (name, "createdBy") VALUES ('Sala da confiabilidade', $1) RETURNING id`, [adminId]);
    Object.assign(fixtures, { '/api/clients/': clientId, '/api/tasks/': taskId, '/api/columns/': columnId, '/api/users/': adminId, '/api/chat/rooms/': roomId });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** Row counts of every table: the fingerprint of "nothing written". */
  async function fingerprint(): Promise<Record<string, number>> {
    const tables: { table_name: string }[] = await ctx.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('session', 'audit_log')`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM "${table_name}"`);
      counts[table_name] = row.n;
    }
    return counts;
  }

  /** A value of the wrong type for a DTO property, from its design type. */
  function wrongValue(type: unknown): unknown {
    if (type === String) return 12345;
    if (type === Number) return 'not-a-number';
    if (type === Boolean) return 'not-a-boolean';
    if (type === Array) return 'not-an-array';
    if (type === Date) return 'not-a-date';
    // Unions (string | null) and maps reflect as Object: a number is wrong for both.
    return 12345;
  }

  function dtoProperties(dto: Function): string[] {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    return [...new Set(metadata.map((m) => m.propertyName))];
  }

  function bodyCases(route: RouteInfo): Array<[string, unknown]> {
    // A route without a body DTO takes no body: only the parser-level cases apply to it.
    if (!route.bodyType) return [];
    const cases: Array<[string, unknown]> = [
      ['an array body', []],
      ['an unknown field', { definitelyNotAField: 'x' }],
    ];
    for (const property of dtoProperties(route.bodyType)) {
      const type = Reflect.getMetadata('design:type', route.bodyType.prototype, property);
      cases.push([`${property} of the wrong type`, { [property]: wrongValue(type) }]);
      // In a partial update (PATCH, or an Update* body), null clears an optional field: not malformed.
      if (route.method !== 'patch' && !route.bodyType.name.startsWith('Update')) cases.push([`${property} null`, { [property]: null }]);
      if (type === String) {
        cases.push([`${property} huge`, { [property]: 'x'.repeat(100_000) }]);
      }
    }
    return cases;
  }

  const isWrite = (r: RouteInfo) => r.method !== 'get' && r.method !== 'delete';

  it('covers the API', () => {
    expect(routes.filter(isWrite).length).toBeGreaterThan(5);
  });

  it('answers malformed bodies with a 4xx and a message, and writes nothing', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    for (const route of routes.filter(isWrite)) {
      const prefix = Object.keys(fixtures).find((p) => route.path.startsWith(p));
      const url = fillPath(route.path, String(prefix ? fixtures[prefix] : 1));
      const send = (body: unknown) => admin[route.method](url).send(body as object);
      const raw = await admin[route.method](url).set('Content-Type', 'application/json').send('{"broken": ');
      if (raw.status !== 400) failures.push(`${route.method.toUpperCase()} ${route.path} invalid JSON → ${raw.status}`);
      const oversized = await send({ blob: 'x'.repeat(300_000) });
      if (oversized.status !== 413) failures.push(`${route.method.toUpperCase()} ${route.path} oversized → ${oversized.status}`);
      for (const [label, body] of bodyCases(route)) {
        const response = await send(body);
        const ok = response.status >= 400 && response.status < 500 && typeof response.body?.message === 'string' && response.body.message.length > 0;
        if (!ok) failures.push(`${route.method.toUpperCase()} ${route.path} ${label} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('answers invalid, injected and traversal ids with a 4xx, never a 500', async () => {
    const ids = ['abc', '-1', '0', '1.5', '99999999999', "1' OR '1'='1", '../../etc/passwd', '%00', '1;DROP TABLE users'];
    const before = await fingerprint();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.path.includes(':'))) {
      for (const id of ids) {
        const response = await admin[route.method](fillPath(route.path, id)).send({});
        if (response.status >= 500 || response.status < 400) failures.push(`${route.method.toUpperCase()} ${route.path} id=${id} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('treats SQL-injection text in search and query strings as plain text', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'get' && !r.path.includes(':'))) {
      const response = await admin.get(route.path).query({ search: "'; DROP TABLE users; --", period: "week' OR 1=1", q: '%_\\' });
      if (response.status >= 500) failures.push(`GET ${route.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    const [users] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM users`);
    expect(users.n).toBeGreaterThan(0);
  });
});
