import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { newClient } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

describe('board: columns and attachments (e2e)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let clientId: number;
  const uploadDir = join(tmpdir(), `wkflow-test-uploads-${unique()}`);

  beforeAll(async () => {
    ctx = await startTestApp({ UPLOAD_DIR: uploadDir });
    admin = await loginAsAdmin(ctx);
    clientId = (await newClient(ctx)).id;
    // The run's database is shared by every suite: put 'concluídos' back at the end, where the seed puts
    // it, in case another suite left a list after it (a list not named in a reorder keeps its place, so
    // the position asked must be past every list's).
    const columns: { id: number; name: string; position: number; isFixed: boolean }[] = (await admin.get('/api/columns').expect(200)).body;
    const done = columns.find((c) => c.isFixed && c.name === 'concluídos')!;
    if (columns[columns.length - 1].id !== done.id)
      await admin
        .put('/api/columns/reorder')
        .send({ columnUpdates: [{ id: done.id, position: Math.max(...columns.map((c) => c.position)) + 1 }] })
        .expect(200);
  });
  afterAll(async () => {
    await ctx.app.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('creates at the end, renames, recolours, reorders and deletes a column (admin)', async () => {
    const created = await admin.post('/api/columns').send({ name: '  Aprovação  ', position: 99 }).expect(201);
    const all = (await admin.get('/api/columns').expect(200)).body;
    expect(created.body).toMatchObject({ name: 'Aprovação', color: '#6b7280', isFixed: false });
    // Before the closing 'concluídos' (see the next test).
    expect(all[all.length - 2].id).toBe(created.body.id);
    expect((await admin.put(`/api/columns/${created.body.id}`).send({ name: 'Aprovação final' }).expect(200)).body.name).toBe(
      'Aprovação final',
    );
    expect((await admin.put(`/api/columns/${created.body.id}`).send({ color: '#22c55e' }).expect(200)).body.color).toBe('#22c55e');
    await admin.put(`/api/columns/${created.body.id}`).send({ color: 'verde' }).expect(400);
    await admin.put(`/api/columns/${created.body.id}`).send({ name: '   ' }).expect(400);

    const reordered = await admin
      .put('/api/columns/reorder')
      .send({ columnUpdates: [{ id: created.body.id, position: 1 }] })
      .expect(200);
    expect(reordered.body[0].id).toBe(created.body.id);
    expect(reordered.body.map((c: { position: number }) => c.position)).toEqual(reordered.body.map((_: unknown, i: number) => i + 1));
    await admin
      .put('/api/columns/reorder')
      .send({ columnUpdates: [{ id: 2_000_000_000, position: 1 }] })
      .expect(400);

    await admin.delete(`/api/columns/${created.body.id}`).expect(200);
    await admin.delete(`/api/columns/${created.body.id}`).expect(404);
  });

  it("places a new list before the fixed 'concluídos' that ends the board, at the end otherwise", async () => {
    type Row = { id: number; name: string; position: number };
    const names = async () => ((await admin.get('/api/columns').expect(200)).body as Row[]).map((c) => c.name);
    const before = await names();
    expect(before[before.length - 1]).toBe('concluídos');

    const first = unique('Aprovação ');
    const second = unique('Publicação ');
    await admin
      .post('/api/columns')
      .send({ name: first, position: before.length + 1 })
      .expect(201);
    await admin
      .post('/api/columns')
      .send({ name: second, position: before.length + 2 })
      .expect(201);
    const after = (await admin.get('/api/columns').expect(200)).body as Row[];
    expect(after.map((c) => c.name)).toEqual([...before.slice(0, -1), first, second, 'concluídos']);
    expect(after.map((c) => c.position)).toEqual(after.map((_, i) => i + 1));

    // Once the admin has put another list after it, 'concluídos' no longer closes the board: appended.
    const done = after[after.length - 1];
    await admin
      .put('/api/columns/reorder')
      .send({ columnUpdates: [{ id: done.id, position: after.length - 1 }] })
      .expect(200);
    const third = unique('Arquivo ');
    await admin.post('/api/columns').send({ name: third }).expect(201);
    const last = (await names()).slice(-3);
    expect(last).toEqual(['concluídos', second, third]);

    for (const row of (await admin.get('/api/columns').expect(200)).body as Row[]) {
      if ([first, second, third].includes(row.name)) await admin.delete(`/api/columns/${row.id}`).expect(200);
    }
    expect(await names()).toEqual(before);
  });

  it('never deletes a fixed column nor one holding tasks', async () => {
    const columns = (await admin.get('/api/columns').expect(200)).body;
    const backlog = columns.find((c: { name: string }) => c.name === 'Backlog');
    expect((await admin.delete(`/api/columns/${backlog.id}`).expect(400)).body.message).toBe('Listas fixas não podem ser excluídas');
    const column = (
      await admin
        .post('/api/columns')
        .send({ name: unique('Cheia ') })
        .expect(201)
    ).body;
    const task = await admin
      .post('/api/tasks')
      .send({ title: 'T', description: 'D', clientId, columnId: column.id, deadline: new Date().toISOString() })
      .expect(201);
    expect((await admin.delete(`/api/columns/${column.id}`).expect(409)).body.message).toBe(
      'A lista ainda tem tarefas: mova-as antes de excluir',
    );
    // Once its only task is archived, the column can go and the archived task moves to the backlog.
    await admin.put(`/api/tasks/${task.body.id}`).send({ isArchived: true }).expect(200);
    await admin.delete(`/api/columns/${column.id}`).expect(200);
    const [row] = await ctx.dataSource.query(`SELECT "columnId" FROM tasks WHERE id = $1`, [task.body.id]);
    expect(row.columnId).toBe(backlog.id);
  });

  it('asks before a rename makes a list a completion list or stops it being one, naming how many tasks change', async () => {
    const column = (
      await admin
        .post('/api/columns')
        .send({ name: unique('Em revisão ') })
        .expect(201)
    ).body;
    const deadline = new Date(Date.now() + 86_400_000).toISOString();
    for (const title of ['R1', 'R2']) {
      await admin.post('/api/tasks').send({ title, description: 'D', clientId, columnId: column.id, deadline }).expect(201);
    }
    const completedAt = async () =>
      (await ctx.dataSource.query(`SELECT "completedAt" FROM tasks WHERE "columnId" = $1 ORDER BY id`, [column.id])).map(
        (r: { completedAt: Date | null }) => r.completedAt !== null,
      );

    // Unconfirmed: 428 with the sentence, nothing renamed, no task completed.
    const asked = await admin.put(`/api/columns/${column.id}`).send({ name: 'Finalização' }).expect(428);
    expect(asked.body).toMatchObject({
      message: `Com o nome "Finalização", a lista "${column.name}" passa a ser uma lista de conclusão: 2 tarefas ficam concluídas e saem do quadro padrão.`,
    });
    expect((await ctx.dataSource.query(`SELECT name FROM columns WHERE id = $1`, [column.id]))[0].name).toBe(column.name);
    expect(await completedAt()).toEqual([false, false]);
    // A rename that keeps the list what it was needs no confirmation.
    await admin
      .put(`/api/columns/${column.id}`)
      .send({ name: unique('Revisão ') })
      .expect(200);

    // Confirmed: renamed, and its tasks are completed from now on; renaming back reopens them (after asking).
    await admin.put(`/api/columns/${column.id}`).send({ name: 'Finalização', confirmCompletionChange: true }).expect(200);
    expect(await completedAt()).toEqual([true, true]);
    const back = await admin.put(`/api/columns/${column.id}`).send({ name: 'Revisão' }).expect(428);
    expect(back.body.message).toBe(
      'Com o nome "Revisão", a lista "Finalização" deixa de ser uma lista de conclusão: 2 tarefas voltam a ficar abertas.',
    );
    await admin.put(`/api/columns/${column.id}`).send({ name: 'Revisão', confirmCompletionChange: true }).expect(200);
    expect(await completedAt()).toEqual([false, false]);
    await admin.put(`/api/columns/${column.id}`).send({ name: 'X', confirmCompletionChange: 'sim' }).expect(400);
  });

  it('keeps column writes for admins', async () => {
    for (const profileId of [2, 3]) {
      const user = await newUser(ctx, { profileId });
      const agent = await loginAs(ctx, user.email, user.password);
      await agent.get('/api/columns').expect(200);
      await agent.post('/api/columns').send({ name: 'x' }).expect(403);
      await agent.put('/api/columns/1').send({ name: 'x' }).expect(403);
      await agent.delete('/api/columns/1').expect(403);
      await agent.put('/api/columns/reorder').send({ columnUpdates: [] }).expect(403);
    }
  });

  it('uploads, lists, downloads and deletes attachments with safe names and a size limit', async () => {
    const task = (
      await admin
        .post('/api/tasks')
        .send({ title: 'Com anexo', description: 'D', clientId, deadline: new Date().toISOString() })
        .expect(201)
    ).body;
    const uploaded = await admin
      .post(`/api/tasks/${task.id}/attachments`)
      .attach('file', Buffer.from('olá mundo'), '../../etc/passwd')
      .expect(201);
    expect(uploaded.body).toMatchObject({ originalName: 'passwd', size: Buffer.byteLength('olá mundo') });
    const [stored] = await ctx.dataSource.query(`SELECT "storedName" FROM task_attachments WHERE id = $1`, [uploaded.body.id]);
    expect(stored.storedName).toMatch(/^[0-9a-f]{32}$/);

    const list = (await admin.get(`/api/tasks/${task.id}/attachments`).expect(200)).body;
    expect(list).toHaveLength(1);
    expect((await admin.get('/api/tasks').expect(200)).body.find((t: { id: number }) => t.id === task.id).attachments).toHaveLength(1);

    const download = await admin
      .get(`/api/tasks/${task.id}/attachments/${uploaded.body.id}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((download.body as Buffer).toString()).toBe('olá mundo');
    expect(download.headers['content-disposition']).toContain('attachment');

    await admin
      .post(`/api/tasks/${task.id}/attachments`)
      .attach('file', Buffer.alloc(10 * 1024 * 1024 + 1), 'grande.bin')
      .expect(413);
    await admin.post(`/api/tasks/${task.id}/attachments`).field('other', 'x').expect(400);

    const joao = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    await agent.get(`/api/tasks/${task.id}/attachments/${uploaded.body.id}/download`).expect(404);
    await agent.delete(`/api/tasks/${task.id}/attachments/${uploaded.body.id}`).expect(404);

    await admin.delete(`/api/tasks/${task.id}/attachments/${uploaded.body.id}`).expect(200);
    await admin.get(`/api/tasks/${task.id}/attachments/${uploaded.body.id}/download`).expect(404);
  });

  it('refuses anonymous calls', async () => {
    await request(ctx.app.getHttpServer()).get('/api/tasks').expect(401);
    await request(ctx.app.getHttpServer()).get('/api/columns').expect(401);
  });
});
