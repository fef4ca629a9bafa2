import { analyticsRange, formatHoursMinutes } from '@wkflow/contracts';
import { columnNamed, newClient, newTask, newTimeEntry } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, newUser, type TestContext } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

/**
 * Issue 22 §2: a member who logged 1 min 12 s this week. Every figure is summed in seconds, so
 * analytics, reports and recommendations all see that time instead of rounding it to zero.
 */
describe('short tracked time is never zero (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Agent;
  let member: { id: number; name: string };

  beforeAll(async () => {
    ctx = await startIsolatedApp('short_time');
    admin = await loginAsAdmin(ctx);
    member = await newUser(ctx);
    const { start } = analyticsRange(7, new Date(), 'America/Sao_Paulo');
    const at = new Date(Math.max(start.getTime() + 60_000, Date.now() - 3_600_000));
    const client = await newClient(ctx, { name: 'Cliente Curto' });
    const task = await newTask(ctx, {
      title: 'Ajuste rápido',
      description: '',
      client: client.id,
      column: (await columnNamed(ctx, 'Em andamento')).id,
      deadline: new Date(Date.now() + 5 * 86_400_000),
      assignees: [member.id],
    });
    await newTimeEntry(ctx, { user: member.id, task: task.id, start: at, seconds: 72 });
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('the overview, trend, productivity and clients carry the exact seconds and two-decimal hours', async () => {
    const dashboard = (await admin.get('/api/analytics/dashboard?period=7').expect(200)).body;
    expect(dashboard).toMatchObject({ total_seconds: 72, total_hours: 0.02, hours_change: null });
    expect(formatHoursMinutes(dashboard.total_seconds)).toBe('1 min');

    const trend = (await admin.get('/api/analytics/trend?period=7').expect(200)).body as { seconds: number; hours: number }[];
    expect(trend.reduce((sum, d) => sum + d.seconds, 0)).toBe(72);
    expect(trend.some((d) => d.hours === 0.02)).toBe(true);

    const productivity = (await admin.get('/api/analytics/productivity?period=7').expect(200)).body;
    expect(productivity.find((m: { user_id: number }) => m.user_id === member.id)).toMatchObject({ seconds: 72, hours: 0.02 });

    const clients = (await admin.get('/api/analytics/clients?period=7').expect(200)).body;
    expect(clients.find((c: { name: string }) => c.name === 'Cliente Curto')).toMatchObject({ seconds: 72, hours: 0.02 });
  });

  it('the CSV reports write the hours with two decimals', async () => {
    const csv = async (type: string) => {
      const created = await admin
        .post('/api/analytics/reports')
        .send({ name: type, type, parameters: { period: 7 } })
        .expect(201);
      for (let i = 0; i < 100; i += 1) {
        const list = await admin.get('/api/analytics/reports').expect(200);
        const report = list.body.find((r: { id: number }) => r.id === created.body.id);
        if (report.status === 'completed') break;
        if (report.status === 'failed') throw new Error(report.error_message);
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = await admin.get(`/api/analytics/reports/${created.body.id}/download`).buffer(true).expect(200);
      return (file.body instanceof Buffer ? file.body.toString('utf8') : file.text).trimEnd().split('\r\n');
    };
    expect(await csv('productivity')).toContain(`${member.name};0;0,02;1`);
    expect(await csv('client_performance')).toContain('Cliente Curto;1;0;0;0,02');
    expect((await csv('time_tracking')).slice(1).map((l) => l.split(';').slice(2).join(';'))).toEqual([
      `${member.name};Cliente Curto;Ajuste rápido;0,02`,
    ]);
  });

  it("'Membros com pouca atividade' does not list a member who logged a minute", async () => {
    const { body } = await admin.post('/api/recommendations/generate').expect(201);
    const idle = body.recommendations.find((r: { key: string }) => r.key === 'idle-members');
    // The administrator (no tasks, no time) is idle; the member with 72 s and an open task is not.
    expect(idle).toBeDefined();
    expect(idle.description).not.toContain(member.name);
    expect(idle.data.members.map((m: { id: number }) => m.id)).not.toContain(member.id);
  });
});
