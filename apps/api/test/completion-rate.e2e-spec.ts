import { startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, type TestContext } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

/**
 * Issue 22 §11: the analytics overview (30 days) and the recommendations give the same completion
 * rate for the same data: tasks created in the last 30 calendar days, archived ones left out, that
 * sit in a completed list now.
 */
describe('one completion rate (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startIsolatedApp('completion_rate');
    admin = await loginAsAdmin(ctx);
    const db = ctx.dataSource;
    const columns: { id: number; name: string }[] = await db.query(`SELECT id, name FROM columns`);
    const done = columns.find((c) => c.name === 'concluídos')!.id;
    const doing = columns.find((c) => c.name === 'Em andamento')!.id;
    const [{ id: client }] = await db.query(`INSERT INTO clients (name) VALUES ('Cliente Taxa') RETURNING id`);
    const task = (column: number, createdAgo: string, archived = false) =>
      db.query(
        `INSERT INTO tasks (title, description, "clientId", "columnId", deadline, "createdAt", "isArchived", "completedAt")
         VALUES ('T', '', $1, $2::int, now() + interval '5 days', now() - $3::interval, $4, CASE WHEN $2::int = $5::int THEN now() END)`,
        [client, column, createdAgo, archived, done],
      );
    // In the 30 days: 1 completed, 1 open, 1 completed but archived (left out). Before them: 1 open.
    await task(done, '2 days');
    await task(doing, '3 days');
    await task(done, '4 days', true);
    await task(doing, '60 days');
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('the overview and the recommendation insights agree', async () => {
    const dashboard = (await admin.get('/api/analytics/dashboard?period=30').expect(200)).body;
    const insights = (await admin.get('/api/recommendations/analytics').expect(200)).body;
    expect(dashboard.completion_rate).toBe(50);
    expect(insights).toMatchObject({ completionRate: 50, createdLast30: 2, completedOfCreatedLast30: 1 });
  });
});
