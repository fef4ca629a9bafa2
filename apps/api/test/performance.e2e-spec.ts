import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { assignTask, columnNamed, newClient, newProfile, newTask, newTimeEntry } from './factories';
import { eventually } from './utils/smtp';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;

/** The caches behind the hot paths (docs/performance.md) never serve what changed. */
describe('performance caches (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let clientId: number;
  let backlog: number;

  beforeAll(async () => {
    // The session and active-timer caches' safety-net expiry out of the way: only the database's
    // notifications can make a change by another writer show.
    ctx = await startTestApp({ CACHE_TTL_MS: '3600000' });
    admin = await loginAsAdmin(ctx);
    clientId = (await newClient(ctx, { color: '#ef4444' })).id;
    backlog = (await columnNamed(ctx, 'Backlog')).id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** Waits for GET /api/clients to answer `status`: with the caches' expiry an hour here, only the database's notification can bring a change made by SQL. */
  const statusBecomes = (agent: Agent, status: number) => eventually(async () => (await agent.get('/api/clients')).status === status);

  /** A backlog task written beside the API (as another replica or a script would): only the database can tell the caches. */
  const insertTask = async (title: string, assignee?: number): Promise<number> =>
    (await newTask(ctx, { title, description: 'd', client: clientId, column: backlog, assignees: assignee ? [assignee] : [] })).id;
  // Plain SQL plays another writer (a replica, a script): only the database's notifications can tell the caches.
  const foreignWrite = (sql: string, params: unknown[] = []) => ctx.dataSource.query(sql, params);
  const titles = (response: { body: { title: string }[] }) => response.body.map((t) => t.title);

  describe('GET /api/tasks (the whole board)', () => {
    it('sends an ETag, answers 304 while nothing changed and a new board after any write (API or SQL)', async () => {
      const first = await admin.get('/api/tasks').expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/"tasks-/);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      await admin.get('/api/tasks').set('If-None-Match', etag).expect(304);

      // A write through the API.
      const title = unique('Via API ');
      await admin
        .post('/api/tasks')
        .send({ title, description: 'd', clientId, deadline: new Date(Date.now() + 86400_000).toISOString() })
        .expect(201);
      const afterApi = await admin.get('/api/tasks').set('If-None-Match', etag).expect(200);
      expect(titles(afterApi)).toContain(title);
      expect(afterApi.headers.etag).not.toBe(etag);

      // A write that bypasses the API (another replica, a script): the database raises the version.
      const sqlTitle = unique('Via SQL ');
      await insertTask(sqlTitle);
      const afterSql = await admin.get('/api/tasks').set('If-None-Match', afterApi.headers.etag).expect(200);
      expect(titles(afterSql)).toContain(sqlTitle);

      // Columns are part of it too (a completed column's tasks are never overdue): a column write
      // reads the board again, and the ETag follows the body (unchanged here, so 304).
      await foreignWrite(`UPDATE columns SET color = color WHERE id = $1`, [backlog]);
      const afterColumn = await admin.get('/api/tasks').set('If-None-Match', afterSql.headers.etag).expect(304);
      expect(Number(afterColumn.headers['x-board-version'])).toBeGreaterThan(Number(afterSql.headers['x-board-version']));
    });

    /** The cached (patched) board equals the same list read without the cache, and its ETag changes exactly when it does. */
    const expectFresh = async (agent: Agent, previous?: { etag: string; body: unknown }) => {
      const board = await agent.get('/api/tasks').expect(200);
      const uncached = await agent.get('/api/tasks').query({ limit: 1000 }).expect(200);
      expect(board.body).toEqual(uncached.body);
      if (previous) expect(board.headers.etag === previous.etag).toBe(JSON.stringify(board.body) === JSON.stringify(previous.body));
      return {
        etag: board.headers.etag as string,
        body: board.body as { id: number; title: string; columnId: number; position: number }[],
      };
    };

    it('patches the cached board after moves, edits, archive, restore, deletes and column deletes (same as an uncached read)', async () => {
      const columns: { id: number; name: string }[] = (await admin.get('/api/columns').expect(200)).body;
      const doing = columns.find((c) => c.name !== 'Backlog' && !/Conclu/.test(c.name))!.id;
      const ids = [await insertTask(unique('P1 ')), await insertTask(unique('P2 ')), await insertTask(unique('P3 '))];
      let state = await expectFresh(admin);
      // A move to another column and back to the top of the first (both columns' places change).
      await admin.put(`/api/tasks/${ids[2]}/move`).send({ columnId: doing, position: 1 }).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === ids[2])).toMatchObject({ columnId: doing, position: 1 });
      await admin.put(`/api/tasks/${ids[2]}/move`).send({ columnId: backlog, position: 1 }).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === ids[2])).toMatchObject({ columnId: backlog, position: 1 });
      // Nothing written: 304, same ETag.
      await admin.get('/api/tasks').set('If-None-Match', state.etag).expect(304);
      // An edit, an archive (gone, the places after it close up), a restore (back at the end).
      await admin
        .put(`/api/tasks/${ids[0]}`)
        .send({ title: unique('P1 editada ') })
        .expect(200);
      state = await expectFresh(admin, state);
      await admin.put(`/api/tasks/${ids[0]}`).send({ isArchived: true }).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.map((t) => t.id)).not.toContain(ids[0]);
      await admin.post(`/api/tasks/${ids[0]}/restore`).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.map((t) => t.id)).toContain(ids[0]);
      // A delete by plain SQL, and a task moved by SQL.
      await foreignWrite(`DELETE FROM tasks WHERE id = $1`, [ids[1]]);
      state = await expectFresh(admin, state);
      expect(state.body.map((t) => t.id)).not.toContain(ids[1]);
      await foreignWrite(`UPDATE tasks SET "columnId" = $2 WHERE id = $1`, [ids[0], doing]);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === ids[0])!.columnId).toBe(doing);
      // A new column, a task moved into it and archived, the column deleted (its archived task goes to the backlog).
      const extra = (
        await admin
          .post('/api/columns')
          .send({ name: unique('Extra ') })
          .expect(201)
      ).body.id as number;
      await admin.put(`/api/tasks/${ids[2]}/move`).send({ columnId: extra, position: 1 }).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === ids[2])!.columnId).toBe(extra);
      await admin.put(`/api/tasks/${ids[2]}`).send({ isArchived: true }).expect(200);
      state = await expectFresh(admin, state);
      await admin.delete(`/api/columns/${extra}`).expect(200);
      state = await expectFresh(admin, state);
      await admin.post(`/api/tasks/${ids[2]}/restore`).expect(200);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === ids[2])!.columnId).toBe(backlog);
    });

    it("patches a collaborator's board: assignments, unassignments and moves of tasks he does not see", async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      const mine = await insertTask(unique('Minha '), user.id);
      const hidden = await insertTask(unique('Oculta '));
      let state = await expectFresh(agent);
      expect(state.body.map((t) => t.id)).toContain(mine);
      expect(state.body.map((t) => t.id)).not.toContain(hidden);
      // A task he does not see moves above his: his card's place changes.
      const before = state.body.find((t) => t.id === mine)!.position;
      await admin.put(`/api/tasks/${hidden}/move`).send({ columnId: backlog, position: 1 }).expect(200);
      state = await expectFresh(agent, state);
      expect(state.body.find((t) => t.id === mine)!.position).toBe(before + 1);
      expect(state.body.map((t) => t.id)).not.toContain(hidden);
      // Assigned to it through the API: he sees it; unassigned by SQL: it is gone.
      await admin
        .put(`/api/tasks/${hidden}`)
        .send({ assignedTo: [user.id] })
        .expect(200);
      state = await expectFresh(agent, state);
      expect(state.body.map((t) => t.id)).toContain(hidden);
      await foreignWrite(`DELETE FROM task_assignees WHERE "taskId" = $1 AND "userId" = $2`, [hidden, user.id]);
      state = await expectFresh(agent, state);
      expect(state.body.map((t) => t.id)).not.toContain(hidden);
      // A write he cannot see at all (another column's hidden task edited) leaves his board and ETag as they were.
      await foreignWrite(`UPDATE tasks SET title = title || '!' WHERE id = $1`, [hidden]);
      await agent.get('/api/tasks').set('If-None-Match', state.etag).expect(304);
    });

    it('stays the same as uncached through rounds of concurrent moves within and across columns (everyone, and a collaborator)', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      const columns: { id: number }[] = (await admin.get('/api/columns').expect(200)).body;
      const ids: number[] = [];
      for (let i = 0; i < 24; i++) ids.push(await insertTask(unique(`Rodada ${i} `), i % 3 === 0 ? user.id : undefined));
      let everyone = await expectFresh(admin);
      let his = await expectFresh(agent);
      let seed = 7;
      const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
      for (let round = 0; round < 6; round++) {
        // Each round both boards have been read (cached), then several moves land at once.
        await Promise.all(
          Array.from({ length: 5 }, () =>
            admin
              .put(`/api/tasks/${ids[random(ids.length)]}/move`)
              .send({ columnId: columns[random(2)].id, position: 1 + random(30) })
              .expect(200),
          ),
        );
        everyone = await expectFresh(admin, everyone);
        his = await expectFresh(agent, his);
      }
    });

    it('after the change log was pruned, reads the board whole (still the same as uncached)', async () => {
      let state = await expectFresh(admin);
      const id = await insertTask(unique('Podada '));
      // The change log pruned up to now, as the pruning leaves it.
      await foreignWrite(`UPDATE board_version SET "prunedThrough" = version`);
      await foreignWrite(`DELETE FROM board_changes`);
      await foreignWrite(`UPDATE tasks SET title = title || '?' WHERE id = $1`, [id]);
      state = await expectFresh(admin, state);
      expect(state.body.find((t) => t.id === id)!.title).toMatch(/\?$/);
    });

    it('is compressed for clients that accept it (brotli once compressed, gzip meanwhile), identical once decoded', async () => {
      const raw = (encoding: string) =>
        admin
          .get('/api/tasks')
          .set('Accept-Encoding', encoding)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200);
      const plain = await raw('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const board = JSON.parse(plain.body.toString());
      expect(board.length).toBeGreaterThan(0);
      const gz = await raw('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/Accept-Encoding/);
      // A reader accepting both gets gzip while the board's brotli copy is compressing, then brotli.
      const firstOfBoth = await raw('gzip, deflate, br');
      expect(['br', 'gzip']).toContain(firstOfBoth.headers['content-encoding']);
      let br = firstOfBoth;
      for (let tries = 0; tries < 100 && br.headers['content-encoding'] !== 'br'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        br = await raw('gzip, deflate, br');
      }
      expect(br.headers['content-encoding']).toBe('br');
      // After a write, one accepting brotli alone waits for it.
      await insertTask(unique('Só br '));
      expect((await raw('br')).headers['content-encoding']).toBe('br');
      // superagent may already have decoded them
      const decode = (body: Buffer, fn: (b: Buffer) => Buffer) => JSON.parse((body[0] === 0x5b ? body : fn(body)).toString());
      expect(decode(gz.body, gunzipSync)).toEqual(board);
      expect(decode(br.body, brotliDecompressSync)).toEqual(board);
    });

    it('keeps one board per visibility scope: an assigned-only user sees their tasks, and new assignments at once', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      const mine = unique('Minha ');
      await insertTask(mine, user.id);
      const other = unique('Outra ');
      const otherId = await insertTask(other);
      expect(titles(await admin.get('/api/tasks').expect(200))).toEqual(expect.arrayContaining([mine, other]));
      const seen = titles(await agent.get('/api/tasks').expect(200));
      expect(seen).toContain(mine);
      expect(seen).not.toContain(other);
      await assignTask(ctx, otherId, [user.id]); // beside the API: the database tells the board
      expect(titles(await agent.get('/api/tasks').expect(200))).toContain(other);
    });

    it('filtered lists are not the cached board', async () => {
      const title = unique('Filtro ');
      await insertTask(title);
      const found = await admin.get('/api/tasks').query({ search: title }).expect(200);
      expect(titles(found)).toEqual([title]);
    });
  });

  describe('the session cache', () => {
    async function loggedIn() {
      const user = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      await agent.get('/api/clients').expect(200); // cached from here on
      return { user, agent };
    }

    it('forgets a session at logout', async () => {
      const { agent } = await loggedIn();
      await agent.post('/api/auth/logout').expect(200);
      await agent.get('/api/clients').expect(401);
    });

    it("follows a user's approval and a profile's permissions changed in the database", async () => {
      const { user, agent } = await loggedIn();
      await foreignWrite(`UPDATE users SET "isApproved" = false WHERE id = $1`, [user.id]);
      await statusBecomes(agent, 401);
      await foreignWrite(`UPDATE users SET "isApproved" = true WHERE id = $1`, [user.id]);
      await statusBecomes(agent, 200);

      const profileId = await newProfile(ctx, { clients: 'read' });
      await foreignWrite(`UPDATE users SET "accessProfileId" = $2 WHERE id = $1`, [user.id, profileId]);
      await statusBecomes(agent, 200);
      await foreignWrite(`UPDATE module_permissions SET permission = 'hidden' WHERE "profileId" = $1`, [profileId]);
      await statusBecomes(agent, 403);
    });

    it('forgets sessions revoked by a password change on another session', async () => {
      const { user, agent } = await loggedIn();
      const second = await loginAs(ctx, user.email, user.password);
      await second.put('/api/auth/change-password').send({ currentPassword: user.password, newPassword: 'another-secret-123' }).expect(200);
      await agent.get('/api/clients').expect(401);
      await second.get('/api/clients').expect(200);
    });
  });

  describe('the active-timer cache', () => {
    /** What GET /api/time-entries/active answers once it settles (the cache's own expiry is an hour here). */
    async function activeBecomes(agent: Agent, expected: (body: { taskTitle?: string } | null) => boolean) {
      return eventually(async () => {
        const { body } = await agent.get('/api/time-entries/active').expect(200);
        const value = body && Object.keys(body).length ? body : null;
        return expected(value) ? { value } : null;
      });
    }

    it('follows starts and stops through the API at once, and writes by anyone else once the database notifies it (not by expiry)', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const agent = await loginAs(ctx, user.email, user.password);
      const taskId = await insertTask(unique('Cronometrada '), user.id);
      await activeBecomes(agent, (v) => v === null);

      // Through the API: the very next poll sees it (forgotten locally before the answer).
      const started = await agent.post('/api/time-entries/start').send({ taskId }).expect(201);
      expect((await agent.get('/api/time-entries/active').expect(200)).body).toMatchObject({ id: started.body.id, taskId });
      await agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
      expect((await agent.get('/api/time-entries/active').expect(200)).text).toBe('null');

      // Another writer (a second replica, a script): the database's notification drops the entry.
      const { id: entryId } = await newTimeEntry(ctx, { user: user.id, task: taskId, start: new Date(), seconds: null });
      await activeBecomes(agent, (v) => v !== null);
      await foreignWrite(`UPDATE tasks SET title = 'Renomeada por SQL' WHERE id = $1`, [taskId]);
      await activeBecomes(agent, (v) => v?.taskTitle === 'Renomeada por SQL');
      await foreignWrite(`UPDATE time_entries SET "endTime" = now(), duration = 1 WHERE id = $1`, [entryId]);
      await activeBecomes(agent, (v) => v === null);
    });
  });
});
