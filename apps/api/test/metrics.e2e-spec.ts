import request from 'supertest';
import { newUser } from './factories';
import { loginAs, startTestApp, type TestContext } from './utils/test-app';
import { MetricsService } from '../src/platform/metrics/metrics.service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheus: (text: string) => Family[] = require('parse-prometheus-text-format');

interface Family {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; count?: string; buckets?: Record<string, string> }[];
}

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** The families of an exposition, by name, read with a Prometheus text parser. */
function families(text: string): Map<string, Family> {
  return new Map(parsePrometheus(text).map((family) => [family.name, family]));
}

/**
 * A request histogram's count for one method, route and status, read from its `_count` line (the
 * parser folds a labelled histogram's series into one, so its figures are read here).
 */
function requestCount(text: string, method: string, route: string, status: string): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

function sample(family: Family | undefined, labels: Record<string, string>): number {
  const found = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(found?.count ?? found?.value ?? 0);
}

/**
 * Prometheus metrics: `/metrics` behind METRICS_TOKEN on the API's port (or on METRICS_PORT alone),
 * valid exposition text, and figures that move with the requests made.
 */
describe('/metrics (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'error', METRICS_TOKEN });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const scrapeText = async () => (await ctx.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;

  it('answers only with METRICS_TOKEN, as Prometheus text', async () => {
    await ctx.http.get('/metrics').expect(401);
    await ctx.http.get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length').expect(401);
    const response = await ctx.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = families(response.text);
    // The parser is lenient: each sample line also meets the exposition format's grammar, each family is typed.
    const SAMPLE =
      /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*")*\})? (-?[0-9.]+(e[+-]?[0-9]+)?|NaN|[+-]Inf)$/i; // Prometheus reads NaN and Inf in any case (prom-client writes 'Nan')
    for (const line of response.text.split('\n').filter((l) => l && !l.startsWith('#'))) expect(line).toMatch(SAMPLE);
    for (const family of parsed.values()) expect(['COUNTER', 'GAUGE', 'HISTOGRAM', 'SUMMARY']).toContain(family.type);
    for (const name of [
      'http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'wkflow_db_pool_connections',
      'wkflow_email_queue',
      'wkflow_ws_connections',
      'wkflow_login_failures_total',
      'wkflow_limits_hit_total',
      'wkflow_board_cache_total',
    ])
      expect(parsed.has(name)).toBe(true);
    expect(parsed.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(
      sample(parsed.get('wkflow_db_pool_connections'), { state: 'idle' }) +
        sample(parsed.get('wkflow_db_pool_connections'), { state: 'in_use' }),
    ).toBeGreaterThan(0);
  });

  it('moves with the requests made: durations by route template and status, login failures, board reads', async () => {
    const beforeText = await scrapeText();
    const before = families(beforeText);
    const user = await newUser(ctx);
    const agent = await loginAs(ctx, user.email, user.password);
    await agent.get('/api/tasks').expect(200);
    await agent.get('/api/tasks').expect(200);
    await ctx.http.get('/api/clients/999999').expect(401);
    await ctx.http.post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
    const afterText = await scrapeText();
    const after = families(afterText);

    expect(requestCount(afterText, 'GET', '/api/tasks', '200') - requestCount(beforeText, 'GET', '/api/tasks', '200')).toBe(2);
    // The template, not the id.
    expect(requestCount(afterText, 'GET', '/api/clients/:id', '401')).toBeGreaterThan(0);
    const routes = afterText.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count{'));
    expect(routes.some((line) => line.includes('999999'))).toBe(false);
    expect(sample(after.get('wkflow_login_failures_total'), {}) - sample(before.get('wkflow_login_failures_total'), {})).toBe(1);
    const boardReads = (f: Map<string, Family>) =>
      sample(f.get('wkflow_board_cache_total'), { result: 'hit' }) + sample(f.get('wkflow_board_cache_total'), { result: 'miss' });
    expect(boardReads(after) - boardReads(before)).toBe(2);
  });

  it('counts the requests a limit refused', async () => {
    const limited = await startTestApp({ LOG_LEVEL: 'error', METRICS_TOKEN, REGISTER_LIMIT_PER_IP: '1' });
    try {
      const register = (n: number) =>
        limited.http.post('/api/auth/register').send({
          name: 'Limitado',
          username: `limited${n}${Date.now()}`,
          email: `limited${n}${Date.now()}@x.test`,
          password: 'Str0ng-enough-pass',
        });
      // The limit's counters are the run's (PostgreSQL, per address): earlier suites may have spent it already.
      let refused = 0;
      for (let n = 1; n <= 3; n++) if ((await register(n)).status === 429) refused++;
      expect(refused).toBeGreaterThanOrEqual(2);
      const text = (await limited.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;
      expect(sample(families(text).get('wkflow_limits_hit_total'), { route: '/api/auth/register' })).toBe(refused);
    } finally {
      await limited.app.close();
    }
  });

  it('is served on METRICS_PORT alone when set, and not on the API port without a token', async () => {
    const separate = await startTestApp({ LOG_LEVEL: 'error', METRICS_PORT: '0', HOST: '127.0.0.1' });
    try {
      await separate.http.get('/metrics').expect(404);
      const port = separate.app.get(MetricsService).metricsPortInUse;
      expect(port).toBeGreaterThan(0);
      const response = await request(`http://127.0.0.1:${port}`).get('/metrics').expect(200);
      expect(families(response.text).has('http_request_duration_seconds')).toBe(true);
      await request(`http://127.0.0.1:${port}`).get('/other').expect(404);
    } finally {
      await separate.app.close();
    }
  });
});
