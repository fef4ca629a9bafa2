// The raw baseline: node:http + a pg Pool answering the admin's GET /api/tasks with one query and
// JSON.stringify (no framework, no session, no cache), PUT /api/tasks/{id}/move with the floor
// of any move: one single-row UPDATE committed on its own, and GET /api/analytics/{figure}?period=N
// with the uncached computation: the API's own AnalyticsService (from the build) on this pool.
// Run as its own process by run.mjs.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** The API's AnalyticsService as built, on its figures read model, without the cache around them (null without a build). */
function uncachedAnalytics() {
  const dist = process.env.BENCH_API_DIST_DIR ?? '';
  const service = join(dist, 'analytics/analytics.service.js');
  const readModel = join(dist, 'analytics/repositories/figures-read-model.repository.js');
  if (!process.env.BENCH_API_DIST_DIR || !existsSync(service) || !existsSync(readModel)) return null;
  const { AnalyticsService } = createRequire(service)(service);
  const { FiguresReadModel } = createRequire(readModel)(readModel);
  // What the read model asks of TypeORM's DataSource: query, and a transaction at an isolation level.
  const runner = (client) => ({ query: (text, params) => client.query(text, params).then((r) => r.rows) });
  const dataSource = {
    ...runner(pool),
    async transaction(isolation, work) {
      const client = await pool.connect();
      try {
        await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return new AnalyticsService(new FiguresReadModel(dataSource), { appTimezone: process.env.APP_TIMEZONE ?? 'America/Sao_Paulo' });
}
const analytics = uncachedAnalytics();
const FIGURES = new Set(['dashboard', 'trend', 'productivity', 'clients']);

// The same fields as the API's Task JSON; status is computed in SQL the simple way.
const QUERY = `
  SELECT t.id, t.title, t.description, t."clientId", t."columnId", t.deadline, t."reminderTime", t."createdBy",
         row_number() OVER (PARTITION BY t."columnId" ORDER BY t.rank)::int AS position,
         t."isArchived", t."completedAt", t."createdAt",
         CASE WHEN c.name ~* '(concluí|finaliz|complet)' THEN 'open' WHEN t.deadline < now() THEN 'overdue' ELSE 'open' END AS status,
         COALESCE((SELECT array_agg(a."userId" ORDER BY a."userId") FROM task_assignees a WHERE a."taskId" = t.id), '{}') AS "assignedTo",
         COALESCE((SELECT json_agg(json_build_object('id', f.id, 'originalName', f."originalName", 'size', f.size, 'mimeType', f."mimeType",
                                                     'createdAt', f."createdAt", 'userId', f."userId") ORDER BY f.id)
                     FROM task_attachments f WHERE f."taskId" = t.id), '[]') AS attachments
    FROM tasks t JOIN columns c ON c.id = t."columnId"
   WHERE NOT t."isArchived"
   ORDER BY t."columnId", t.rank, t.id`;

const server = createServer(async (req, res) => {
  if (req.url === '/health') return res.end('ok');
  const move = req.method === 'PUT' && /^\/api\/tasks\/(\d+)\/move$/.exec(req.url);
  if (move) {
    req.resume();
    try {
      const { rows } = await pool.query(`UPDATE tasks SET "updatedAt" = now() WHERE id = $1 RETURNING id, "columnId"`, [Number(move[1])]);
      const body = JSON.stringify(rows[0] ?? null);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      return res.end(body);
    } catch (error) {
      res.statusCode = 500;
      return res.end(String(error));
    }
  }
  const figure = req.method === 'GET' && /^\/api\/analytics\/(\w+)\?period=(7|30|90)$/.exec(req.url);
  if (figure && analytics && FIGURES.has(figure[1])) {
    try {
      const body = JSON.stringify(await analytics[figure[1]](Number(figure[2])));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      return res.end(body);
    } catch (error) {
      res.statusCode = 500;
      return res.end(String(error));
    }
  }
  if (req.url !== '/api/tasks') {
    res.statusCode = 404;
    return res.end();
  }
  try {
    const { rows } = await pool.query(QUERY);
    const body = JSON.stringify(rows);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
