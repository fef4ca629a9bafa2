import { TaskRank1795450000000 } from '../src/platform/database/migrations/1795450000000-TaskRank';
import { generateKeyBetween } from 'fractional-indexing';
import { isRankConflict, rankBetween, retryOnWriteConflict } from '../src/tasks/task-rank';
import { newClient } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;
interface Listed {
  id: number;
  columnId: number;
  position: number;
}

/** Order keys instead of stored positions: moves, reorders, concurrency, column reorder, the migration. */
describe('board: task order (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let clientId: number;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    clientId = (await newClient(ctx, { color: '#ef4444' })).id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  async function newColumn(): Promise<number> {
    return (
      await admin
        .post('/api/columns')
        .send({ name: unique('Ordem ') })
        .expect(201)
    ).body.id;
  }

  async function newTasks(columnId: number, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1)
      ids.push(
        (
          await admin
            .post('/api/tasks')
            .send({ title: `T${i + 1}`, description: 'D', clientId, columnId, deadline: new Date(Date.now() + 86400_000).toISOString() })
            .expect(201)
        ).body.id,
      );
    return ids;
  }

  /** The column's task ids in board order, checking the positions the API gives are exactly 1..n. */
  async function order(columnId: number): Promise<number[]> {
    const listed: Listed[] = (await admin.get(`/api/tasks?columnId=${columnId}`).expect(200)).body;
    expect(listed.map((t) => t.position)).toEqual(listed.map((_, i) => i + 1));
    // The whole board (cached, with its ETag) says the same.
    const board: Listed[] = (await admin.get('/api/tasks').expect(200)).body;
    expect(board.filter((t) => t.columnId === columnId).map((t) => [t.id, t.position])).toEqual(listed.map((t) => [t.id, t.position]));
    return listed.map((t) => t.id);
  }

  it('puts new tasks at the end and a moved task at the place asked, inside its column too', async () => {
    const column = await newColumn();
    const [a, b, c, d] = await newTasks(column, 4);
    expect(await order(column)).toEqual([a, b, c, d]);

    const moved = await admin.put(`/api/tasks/${d}/move`).send({ columnId: column, position: 2 }).expect(200);
    expect(moved.body.position).toBe(2);
    expect(await order(column)).toEqual([a, d, b, c]);
    await admin.put(`/api/tasks/${a}/move`).send({ columnId: column, position: 3 }).expect(200);
    expect(await order(column)).toEqual([d, b, a, c]);
    await admin.put(`/api/tasks/${c}/move`).send({ columnId: column, position: 1 }).expect(200);
    expect(await order(column)).toEqual([c, d, b, a]);
    // Past the end: the end (count + 1 and anything above).
    const last = await admin.put(`/api/tasks/${c}/move`).send({ columnId: column, position: 99 }).expect(200);
    expect(last.body.position).toBe(4);
    expect(await order(column)).toEqual([d, b, a, c]);
    const [row] = await ctx.dataSource.query(
      `SELECT metadata FROM task_history WHERE "taskId" = $1 AND "actionType" = 'moved' ORDER BY id DESC LIMIT 1`,
      [c],
    );
    expect(row.metadata).toMatchObject({ fromColumnId: column, toColumnId: column, position: 4 });
  });

  it('moves between columns into the place asked and sends restored tasks to the end', async () => {
    const left = await newColumn();
    const right = await newColumn();
    const [a, b] = await newTasks(left, 2);
    const [x, y, z] = await newTasks(right, 3);
    await admin.put(`/api/tasks/${a}/move`).send({ columnId: right, position: 3 }).expect(200);
    expect(await order(left)).toEqual([b]);
    expect(await order(right)).toEqual([x, y, a, z]);

    await admin.put(`/api/tasks/${y}`).send({ isArchived: true }).expect(200);
    expect(await order(right)).toEqual([x, a, z]);
    await admin.put(`/api/tasks/${z}/move`).send({ columnId: right, position: 1 }).expect(200);
    await admin.put(`/api/tasks/${y}`).send({ isArchived: false }).expect(200);
    expect(await order(right)).toEqual([z, x, a, y]);
    // Editing the column sends the task to the end of the other one, with a 'moved' history row.
    const edited = await admin.put(`/api/tasks/${x}`).send({ columnId: left }).expect(200);
    expect(edited.body).toMatchObject({ columnId: left, position: 2 });
    expect(await order(left)).toEqual([b, x]);
    const [row] = await ctx.dataSource.query(
      `SELECT "oldValue", metadata FROM task_history WHERE "taskId" = $1 AND "actionType" = 'moved' ORDER BY id DESC LIMIT 1`,
      [x],
    );
    expect(row.metadata).toMatchObject({ fromColumnId: right, toColumnId: left, position: 2 });
  });

  it('gives a task inserted without a key (SQL) the end of its column, and moves it like any other', async () => {
    const column = await newColumn();
    const [a] = await newTasks(column, 1);
    // A foreign writer's row: plain SQL, no order key.
    const [{ id: raw }] = await ctx.dataSource.query(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline) VALUES ('SQL', 'd', $1, $2, now()) RETURNING id`,
      [clientId, column],
    );
    const [b] = await newTasks(column, 1);
    expect(await order(column)).toEqual([a, raw, b]);
    await admin.put(`/api/tasks/${raw}/move`).send({ columnId: column, position: 3 }).expect(200);
    await admin.put(`/api/tasks/${a}/move`).send({ columnId: column, position: 2 }).expect(200);
    expect(await order(column)).toEqual([b, a, raw]);
    // Moved to another column by a foreign writer (plain SQL) with its key kept: the end of that column, no collision.
    const other = await newColumn();
    const [x, y] = await newTasks(other, 2);
    await ctx.dataSource.query(`UPDATE tasks SET "columnId" = $2 WHERE "columnId" = $1`, [other, column]);
    const after = await order(column);
    expect(after.slice(0, 3)).toEqual([b, a, raw]);
    expect(after.slice(3).sort((p, q) => p - q)).toEqual([x, y].sort((p, q) => p - q));
  });

  it('puts a task moved to the top of another column on top even when the key there is the one it had', async () => {
    const [source, target] = [await newColumn(), await newColumn()];
    const [moving] = await newTasks(source, 1);
    const targets = await newTasks(target, 3);
    // The key before the target's first is the moving task's own (columns' first keys often match):
    // set by hand, a state the moves reach only by chance.
    const [{ rank: first }] = await ctx.dataSource.query(`SELECT min(rank) AS rank FROM tasks WHERE "columnId" = $1`, [target]);
    const { generateKeyBetween } = await import('fractional-indexing');
    await ctx.dataSource.query(`UPDATE tasks SET rank = $2 WHERE id = $1`, [moving, generateKeyBetween(null, first)]);
    const moved = (await admin.put(`/api/tasks/${moving}/move`).send({ columnId: target, position: 1 }).expect(200)).body;
    expect(moved).toMatchObject({ columnId: target, position: 1 });
    expect(await order(target)).toEqual([moving, ...targets]);
  });

  it('keeps one column strictly 1..n under 40 parallel moves inside it, losing no card', async () => {
    const column = await newColumn();
    const ids = await newTasks(column, 40);
    const responses = await Promise.all(
      ids.map((id, i) => admin.put(`/api/tasks/${id}/move`).send({ columnId: column, position: ((i * 7) % 40) + 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
    const after = await order(column);
    expect([...after].sort((p, q) => p - q)).toEqual([...ids].sort((p, q) => p - q));
  });

  it('keeps every column 1..n under 40 parallel moves into one place of one column, from several', async () => {
    const target = await newColumn();
    const sources = [await newColumn(), await newColumn(), await newColumn()];
    const kept = await newTasks(target, 4);
    const movers: number[] = [];
    for (const source of sources) movers.push(...(await newTasks(source, 14)));
    // All of them at place 3, or at random places, at once: same neighbours, same keys computed.
    const responses = await Promise.all(
      movers
        .slice(0, 40)
        .map((id, i) =>
          admin.put(`/api/tasks/${id}/move`).send({ columnId: target, position: i % 2 ? 3 : 1 + Math.floor(Math.random() * 30) }),
        ),
    );
    expect(responses.map((r) => r.status)).toEqual(movers.slice(0, 40).map(() => 200));
    const after = await order(target);
    expect(after).toHaveLength(44);
    expect(new Set(after)).toEqual(new Set([...kept, ...movers.slice(0, 40)]));
    // The four that stayed keep their relative order.
    expect(after.filter((id) => kept.includes(id))).toEqual(kept);
    const left = (await Promise.all(sources.map((s) => order(s)))).flat();
    expect(new Set(left)).toEqual(new Set(movers.slice(40)));
  });

  it('serialises parallel moves of one task: every one answers 200 and the card is in one place', async () => {
    const columns = [await newColumn(), await newColumn(), await newColumn()];
    const [card] = await newTasks(columns[0], 1);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => admin.put(`/api/tasks/${card}/move`).send({ columnId: columns[i % 3], position: 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const everywhere = (await Promise.all(columns.map((c) => order(c)))).flat();
    expect(everywhere).toEqual([card]);
    const [{ n }] = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM task_history WHERE "taskId" = $1 AND "actionType" = 'moved'`,
      [card],
    );
    expect(n).toBe(12);
  });

  it('keeps order when keys grow long (many drops at one spot): the column gets fresh keys', async () => {
    const column = await newColumn();
    const [a, b, c] = await newTasks(column, 3);
    // Neighbours with long keys, as hundreds of drops between the same two cards would leave: written by hand.
    await ctx.dataSource.query(`UPDATE tasks SET rank = $2 WHERE id = $1`, [a, `a0${'V'.repeat(70)}1`]);
    await ctx.dataSource.query(`UPDATE tasks SET rank = $2 WHERE id = $1`, [b, `a0${'V'.repeat(70)}2`]);
    await admin.put(`/api/tasks/${c}/move`).send({ columnId: column, position: 2 }).expect(200);
    expect(await order(column)).toEqual([a, c, b]);
    const ranks: { rank: string }[] = await ctx.dataSource.query(`SELECT rank FROM tasks WHERE "columnId" = $1`, [column]);
    expect(Math.max(...ranks.map((r) => r.rank.length))).toBeLessThanOrEqual(3);
  });

  it('gives a column fresh keys when one is not a key the library accepts (written by hand), keeping its order', async () => {
    const column = await newColumn();
    const [a, b] = await newTasks(column, 2);
    await ctx.dataSource.query(`UPDATE tasks SET rank = 'tarefa de teste' WHERE id = $1`, [b]); // broken on purpose
    const [c] = await newTasks(column, 1);
    expect(await order(column)).toEqual([a, b, c]);
    await ctx.dataSource.query(`UPDATE tasks SET rank = 'tarefa de teste' WHERE id = $1`, [a]); // broken on purpose
    await admin.put(`/api/tasks/${c}/move`).send({ columnId: column, position: 2 }).expect(200);
    expect(await order(column)).toEqual([b, c, a]);
  });

  it('lets only one of two writes of one key in one column commit; the loser is retried', async () => {
    const column = await newColumn();
    const [a, b] = await newTasks(column, 2);
    // Two raw writers of one key race on the database's unique index.
    const [first, second] = [ctx.dataSource.createQueryRunner(), ctx.dataSource.createQueryRunner()];
    await first.startTransaction();
    await second.startTransaction();
    try {
      await first.query(`UPDATE tasks SET rank = 'Zz' WHERE id = $1`, [a]);
      const losing = second.query(`UPDATE tasks SET rank = 'Zz' WHERE id = $1`, [b]).then(
        () => null,
        (error: unknown) => error,
      );
      await first.commitTransaction();
      expect(isRankConflict(await losing)).toBe(true);
    } finally {
      if (second.isTransactionActive) await second.rollbackTransaction();
      await Promise.all([first.release(), second.release()]);
    }
    let attempts = 0;
    const value = await retryOnWriteConflict(async () => {
      attempts += 1;
      if (attempts === 1) await ctx.dataSource.query(`UPDATE tasks SET rank = 'Zz' WHERE id = $1`, [b]); // the key taken: a conflict
      return attempts;
    });
    expect(value).toBe(2);
    expect(await order(column)).toEqual([a, b]);
  });

  it('runs a move again when PostgreSQL ends it to break a deadlock with a column being given fresh keys', async () => {
    // The shape of the locked path's respace: the target column locked FOR UPDATE, then its rows.
    // A move into that column locks its row, then waits for the column (its foreign-key check);
    // the respace then waits for the row: PostgreSQL ends the move's statement, which is run again.
    const [source, target] = [await newColumn(), await newColumn()];
    const [moving] = await newTasks(source, 1);
    const [a, b] = await newTasks(target, 2);
    const respace = ctx.dataSource.createQueryRunner();
    await respace.startTransaction();
    let answer: Promise<{ status: number }>;
    try {
      await respace.query(`SELECT id FROM columns WHERE id = $1 FOR UPDATE`, [target]);
      answer = admin
        .put(`/api/tasks/${moving}/move`)
        .send({ columnId: target, position: 2 })
        .then((res) => res);
      // The move holds its row and waits for the column.
      for (let waited = 0; ; waited += 10) {
        const [{ n }] = await ctx.dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%WITH cur AS%'`,
        );
        if (n > 0) break;
        if (waited > 10_000) throw new Error('the move never waited for the column');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The respace's write of that row closes the cycle; the move, waiting first, is the one ended.
      await respace.query(`UPDATE tasks SET rank = rank WHERE id = $1`, [moving]);
      await respace.commitTransaction();
    } finally {
      if (respace.isTransactionActive) await respace.rollbackTransaction();
      await respace.release();
    }
    expect((await answer!).status).toBe(200);
    expect(await order(target)).toEqual([a, moving, b]);
    expect(await order(source)).toEqual([]);
  });

  it('makes keys in SQL (task_rank_between) between any two keys the library makes, or says it cannot', async () => {
    // Keys as columns hold them: fresh ones, drops between neighbours and at both ends, bare
    // integers from drops on top, and the trigger's default keys.
    const keys = new Set<string>(['a0', 'Zz', 'a1', 'b00', 'z00000000000000000000000042V']);
    for (let i = 0; i < 300; i += 1) {
      const sorted = [...keys].sort();
      const at = Math.floor(Math.random() * (sorted.length + 1));
      keys.add(rankBetween(sorted[at - 1] ?? null, sorted[at] ?? null));
      if (i % 10 === 0) keys.add(generateKeyBetween(null, sorted[0]));
    }
    const sorted = [...keys].sort();
    const pairs: [string | null, string | null][] = [
      [null, null],
      [null, sorted[0]],
      [sorted[sorted.length - 1], null],
    ];
    for (let i = 0; i + 1 < sorted.length; i += 1) pairs.push([sorted[i], sorted[i + 1]]);
    for (let i = 0; i < 300; i += 1) {
      const [x, y] = [Math.floor(Math.random() * sorted.length), Math.floor(Math.random() * sorted.length)];
      if (x !== y) pairs.push([sorted[Math.min(x, y)], sorted[Math.max(x, y)]]);
      pairs.push([null, sorted[x]], [sorted[y], null]);
    }
    const made: { k: string | null }[] = await ctx.dataSource.query(
      `SELECT task_rank_between(lo, hi) AS k FROM unnest($1::varchar[], $2::varchar[]) WITH ORDINALITY AS p(lo, hi, i) ORDER BY i`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    let unanswered = 0;
    pairs.forEach(([lo, hi], i) => {
      const k = made[i].k;
      if (k === null) {
        unanswered += 1;
        // Only an integer it would have to carry over (the slower path does it), or the smallest integer.
        const carry = (lo === null && hi !== null && /^[A-Za-z]/.test(hi)) || (hi === null && lo !== null);
        expect({ lo, hi, carry }).toEqual({ lo, hi, carry: true });
        return;
      }
      expect(lo === null || lo < k).toBe(true);
      expect(hi === null || k < hi).toBe(true);
      expect(k.length).toBeLessThanOrEqual(64);
      // A key the library accepts on either side.
      expect(() => generateKeyBetween(lo, k)).not.toThrow();
      expect(() => generateKeyBetween(k, hi)).not.toThrow();
    });
    // Half the pairs are open-ended on purpose (any key as the first or the last): a few of those carry over.
    expect(unanswered).toBeLessThan(pairs.length / 8);
    // Keys it cannot read: the slower path's business.
    const [bad] = await ctx.dataSource.query(
      `SELECT task_rank_between('tarefa de teste', NULL) AS a, task_rank_between('a0', 'a0') AS b, task_rank_between('a1', 'a0') AS c,
              task_rank_between('a10', NULL) AS d, task_rank_between(NULL, 'b0') AS e,
              task_rank_between(NULL, 'a0') AS f, task_rank_between(NULL, 'a1') AS g, task_rank_between('az', NULL) AS h`,
    );
    // …and an integer part to carry over (the slower path decrements 'a0' to 'Zz', increments 'az' to 'b00').
    expect(bad).toEqual({ a: null, b: null, c: null, d: null, e: null, f: null, g: expect.stringMatching(/^a0/), h: null });
  });

  it('keeps SQL keys short: drops between neighbours all over a column, and hundreds at one spot, need no fresh keys', async () => {
    const between = async (lo: string, hi: string): Promise<string | null> =>
      (await ctx.dataSource.query(`SELECT task_rank_between($1, $2) AS k`, [lo, hi]))[0].k;
    // A column of the trigger's keys (seeds, scripts), then 2,000 drops at random places in it.
    // In order throughout: each key goes in between the two it was made for.
    const keys = Array.from({ length: 40 }, (_, i) => `z${String(1000 + 7 * i).padStart(26, '0')}V`);
    for (let drop = 0; drop < 2000; drop += 1) {
      const at = 1 + Math.floor(Math.random() * (keys.length - 1));
      const k = await between(keys[at - 1], keys[at]);
      expect({ drop, lo: keys[at - 1], hi: keys[at], k }).toEqual({ drop, lo: keys[at - 1], hi: keys[at], k: expect.any(String) });
      expect(keys[at - 1] < k! && k! < keys[at]).toBe(true);
      keys.splice(at, 0, k!);
    }
    // Like the library's keys: a digit or two past the 28 characters the column started with.
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(40);
    // Each drop on top of the one before, under the same card: ~1 character per 6 drops.
    const lo = keys[0];
    let hi = keys[1];
    for (let drop = 0; drop < 200; drop += 1) {
      const k = await between(lo, hi);
      expect({ drop, k }).toEqual({ drop, k: expect.any(String) });
      expect(lo < k! && k! < hi).toBe(true);
      hi = k!;
    }
  });

  it('completes a task moved into a list renamed a completion list since the last move', async () => {
    const column = await newColumn();
    const [a, b] = await newTasks(column, 2);
    const other = await newColumn();
    await admin.put(`/api/tasks/${a}/move`).send({ columnId: other, position: 1 }).expect(200);
    expect((await admin.get(`/api/tasks/${a}`).expect(200)).body.completedAt).toBeNull();
    await admin
      .put(`/api/columns/${other}`)
      .send({ name: unique('Concluídos '), confirmCompletionChange: true })
      .expect(200);
    const moved = (await admin.put(`/api/tasks/${b}/move`).send({ columnId: other, position: 1 }).expect(200)).body;
    expect(moved).toMatchObject({ id: b, columnId: other, position: 1, completedAt: expect.any(String) });
    await admin
      .put(`/api/columns/${other}`)
      .send({ name: unique('De volta '), confirmCompletionChange: true })
      .expect(200);
    await admin.put(`/api/tasks/${b}/move`).send({ columnId: column, position: 1 }).expect(200);
    await admin.put(`/api/tasks/${b}/move`).send({ columnId: other, position: 1 }).expect(200);
    expect((await admin.get(`/api/tasks/${b}`).expect(200)).body.completedAt).toBeNull();
  });

  it('refuses bad moves with 400 and hides tasks the user may not see', async () => {
    const column = await newColumn();
    const [a] = await newTasks(column, 1);
    for (const bad of [{ columnId: column, position: 0 }, { columnId: column }, { columnId: 'x', position: 1 }, { position: 1 }])
      await admin.put(`/api/tasks/${a}/move`).send(bad).expect(400);
    expect((await admin.put(`/api/tasks/${a}/move`).send({ columnId: 2_000_000_000, position: 1 }).expect(400)).body.message).toBe(
      'Lista não encontrada',
    );
    const joao = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    await agent.put(`/api/tasks/${a}/move`).send({ columnId: column, position: 1 }).expect(404);
  });

  it('reorders columns for admins only, validating columnUpdates', async () => {
    const one = await newColumn();
    const two = await newColumn();
    // The board sends every column with its new place, as a drag does.
    const before: { id: number }[] = (await admin.get('/api/columns').expect(200)).body;
    const wanted = [two, ...before.map((c) => c.id).filter((id) => id !== two)];
    const reordered = await admin
      .put('/api/columns/reorder')
      .send({ columnUpdates: wanted.map((id, i) => ({ id, position: i + 1 })) })
      .expect(200);
    expect(reordered.body.map((c: { id: number }) => c.id)).toEqual(wanted);
    const listed = (await admin.get('/api/columns').expect(200)).body;
    expect(listed.map((c: { id: number }) => c.id)).toEqual(reordered.body.map((c: { id: number }) => c.id));
    expect(listed.map((c: { position: number }) => c.position)).toEqual(listed.map((_: unknown, i: number) => i + 1));

    for (const bad of [
      {},
      { columnUpdates: 'x' },
      { columnUpdates: [{ id: one }] },
      { columnUpdates: [{ id: 'x', position: 1 }] },
      {
        columnUpdates: [
          { id: one, position: 1 },
          { id: one, position: 2 },
        ],
      },
      { columnUpdates: [{ id: 2_000_000_000, position: 1 }] },
    ])
      await admin.put('/api/columns/reorder').send(bad).expect(400);

    for (const profileId of [2, 3]) {
      const user = await newUser(ctx, { profileId });
      const agent = await loginAs(ctx, user.email, user.password);
      await agent
        .put('/api/columns/reorder')
        .send({ columnUpdates: [{ id: one, position: 1 }] })
        .expect(403);
    }
    expect((await admin.get('/api/columns').expect(200)).body.map((c: { id: number }) => c.id)).toEqual(
      listed.map((c: { id: number }) => c.id),
    );
  });

  it('the migration turns stored positions into keys in the same order', async () => {
    const column = await newColumn();
    const ids = await newTasks(column, 5);
    const [archived] = await newTasks(column, 1);
    await admin.put(`/api/tasks/${archived}`).send({ isArchived: true }).expect(200);
    const migration = new TaskRank1795450000000();
    const runner = ctx.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // Back to stored positions, then scramble them the way the old schema could hold them (gaps, any order).
      await migration.down(runner);
      const wanted = [ids[3], ids[0], ids[4], ids[2], ids[1]];
      for (const [i, id] of wanted.entries()) await runner.query(`UPDATE tasks SET position = $2 WHERE id = $1`, [id, (i + 1) * 10]);
      await migration.up(runner);
      const rows: { id: number; rank: string; isArchived: boolean }[] = await runner.query(
        `SELECT id, rank, "isArchived" FROM tasks WHERE "columnId" = $1 ORDER BY rank`,
        [column],
      );
      expect(rows.map((r) => r.id)).toEqual([...wanted, archived]);
      const everyRank: { n: number; keys: number }[] = await runner.query(
        `SELECT count(*)::int AS n, count(DISTINCT ("columnId", rank))::int AS keys FROM tasks WHERE rank IS NOT NULL`,
      );
      expect(everyRank[0].keys).toBe(everyRank[0].n);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await order(column)).toEqual(ids);
  });
});
