import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { buildFixtures, fillFixture, type Fixtures, routesWithoutFixtures } from './utils/fixtures';
import { fillPath, listRoutes, type RouteInfo } from './utils/routes';
import { loginAsAdmin, startTestApp, type TestContext, unique } from './utils/test-app';

/**
 * Malformed input to every endpoint, generated from the routes and their DTOs: always a 4xx with a
 * message, never a 500, and nothing written. New routes are picked up from Nest's metadata; a write
 * route with ids needs a fixture in utils/fixtures.ts (the first test names any that lacks one).
 */
describe('malformed input to every endpoint (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let routes: RouteInfo[];
  /** Real ids per resource, so validation and services run against existing objects. */
  let fixtures: Fixtures;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    routes = listRoutes(ctx.app).filter((r) => !r.path.startsWith('/api/auth/logout'));
    fixtures = await buildFixtures(admin, unique('conf'));
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** Tables the API writes in the background (the outbox sweep stamps queuedAt): compared by count. */
  const BACKGROUND = ['email_queue'];
  /**
   * The fingerprint of "nothing written": a hash of every table's content (so an update counts,
   * not only an insert), row counts for background-written tables; sessions and the audit log
   * (written by logins) are left out.
   */
  async function fingerprint(): Promise<Record<string, string>> {
    const tables: { table_name: string }[] = await ctx.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('session', 'audit_log')`,
    );
    const result: Record<string, string> = {};
    for (const { table_name } of tables) {
      const sql = BACKGROUND.includes(table_name)
        ? `SELECT count(*)::text AS v FROM "${table_name}"`
        : `SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS v FROM "${table_name}" t`;
      result[table_name] = (await ctx.dataSource.query(sql))[0].v;
    }
    return result;
  }

  /** A value of the wrong type for a DTO property, from its design type (and, for unions, its validators). */
  function wrongValue(dto: Function, property: string, type: unknown): unknown {
    if (type === String) return 12345;
    if (type === Number) return 'not-a-number';
    if (type === Boolean) return 'not-a-boolean';
    if (type === Array) return 'not-an-array';
    if (type === Date) return 'not-a-date';
    // Unions (string | null, number | null) and maps reflect as Object: a number property gets a
    // string; for strings and maps a number is wrong.
    const validators = getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .filter((m) => m.propertyName === property)
      .map((m) => m.name);
    if (validators.some((name) => name === 'isNumber' || name === 'isInt')) return 'not-a-number';
    return 12345;
  }

  function dtoProperties(dto: Function): string[] {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    return [...new Set(metadata.map((m) => m.propertyName))];
  }

  /** Properties without @IsOptional/@ValidateIf: an empty body misses them. */
  function requiredProperties(dto: Function): string[] {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    const conditional = new Set(metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION).map((m) => m.propertyName));
    return dtoProperties(dto).filter((p) => !conditional.has(p));
  }

  function bodyCases(route: RouteInfo): Array<[string, unknown]> {
    // A route without a body DTO takes no body: only the parser-level cases apply to it.
    if (!route.bodyType) return [];
    const cases: Array<[string, unknown]> = [
      ['an array body', []],
      ['an unknown field', { definitelyNotAField: 'x' }],
      ['a string body', 'just text'],
    ];
    if (requiredProperties(route.bodyType).length) cases.push(['missing fields (empty object)', {}]);
    for (const property of dtoProperties(route.bodyType)) {
      const type = Reflect.getMetadata('design:type', route.bodyType.prototype, property);
      cases.push([`${property} of the wrong type`, { [property]: wrongValue(route.bodyType, property, type) }]);
      // In a partial update (PATCH, or an Update* body), null clears an optional field: not malformed.
      if (route.method !== 'patch' && !route.bodyType.name.startsWith('Update')) cases.push([`${property} null`, { [property]: null }]);
      if (type === String) {
        cases.push([`${property} huge`, { [property]: 'x'.repeat(100_000) }]);
      }
    }
    return cases;
  }

  const isWrite = (r: RouteInfo) => r.method !== 'get' && r.method !== 'delete';

  /** A 4xx with the API's error shape and a non-empty message. */
  const isClientError = (response: { status: number; body?: { statusCode?: unknown; message?: unknown } }) =>
    response.status >= 400 &&
    response.status < 500 &&
    response.body?.statusCode === response.status &&
    typeof response.body?.message === 'string' &&
    response.body.message.length > 0;

  it('covers the API', () => {
    expect(routes.filter(isWrite).length).toBeGreaterThan(5);
  });

  it('has a fixture for every write route with ids (add new resources to utils/fixtures.ts)', () => {
    expect(routesWithoutFixtures(routes.filter(isWrite), fixtures)).toEqual([]);
  });

  it('answers malformed bodies with a 4xx and a message, and writes nothing', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    for (const route of routes.filter(isWrite)) {
      const url = fillFixture(route, fixtures);
      const name = `${route.method.toUpperCase()} ${route.path}`;
      const send = (body: unknown) =>
        admin[route.method](url)
          .set('Content-Type', 'application/json')
          .send(body as object);
      const raw = await admin[route.method](url).set('Content-Type', 'application/json').send('{"broken": ');
      if (raw.status !== 400 || !isClientError(raw)) failures.push(`${name} invalid JSON → ${raw.status} ${raw.text.slice(0, 120)}`);
      // Beyond the 256 kB body-parser limit.
      const oversized = await send({ blob: 'x'.repeat(300_000) });
      if (oversized.status !== 413 || !isClientError(oversized))
        failures.push(`${name} oversized → ${oversized.status} ${oversized.text.slice(0, 120)}`);
      for (const [label, body] of bodyCases(route)) {
        const response = await send(typeof body === 'string' ? JSON.stringify(body) : body);
        if (!isClientError(response)) failures.push(`${name} ${label} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
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
        if (!isClientError(response))
          failures.push(`${route.method.toUpperCase()} ${route.path} id=${id} → ${response.status} ${response.text.slice(0, 80)}`);
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
