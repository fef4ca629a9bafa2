import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

/** List parameters resolve inside the user's scope: a hidden task's id answers like an unknown id. */
describe('task list parameters stay in scope (e2e)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('answers a cursor on a hidden task exactly like an unknown cursor', async () => {
    const admin = await loginAsAdmin(ctx);
    const collaborator = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, collaborator.email, collaborator.password);
    const client = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Cliente escopo ') })
        .expect(201)
    ).body;
    const create = async (title: string, assignedTo: number[]) =>
      (
        await admin
          .post('/api/tasks')
          .send({ title, description: 'd', clientId: client.id, assignedTo, deadline: new Date(Date.now() + 86_400_000).toISOString() })
          .expect(201)
      ).body.id as number;
    // All land at the end of the backlog, in this order.
    const first = await create(unique('Primeira '), [collaborator.id]);
    const hidden = await create(unique('Oculta '), []);
    const visible = await create(unique('Visível '), [collaborator.id]);

    const page = async (cursor: number) => (await agent.get('/api/tasks').query({ cursor, limit: 50 }).expect(200)).body;
    const all = (await agent.get('/api/tasks').query({ limit: 1000 }).expect(200)).body as { id: number }[];
    expect(all.map((t) => t.id)).toContain(visible);
    expect(all.map((t) => t.id)).not.toContain(hidden);

    const unknown = await page(2_147_483_647);
    expect(await page(hidden)).toEqual(unknown);
    // A visible cursor still pages.
    expect((await page(first)).map((t: { id: number }) => t.id)).toEqual([visible]);
    // The same for the administrator, who sees both: the hidden task is a cursor like any other.
    expect((await admin.get('/api/tasks').query({ cursor: hidden, limit: 5 }).expect(200)).body.map((t: { id: number }) => t.id)).toContain(
      visible,
    );
  });
});
