import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { uploadsBusyMessage } from '../src/platform/uploads/upload-slots';
import { databaseUrlFor, dropDatabase, newRunId, TEST_REDIS_URL } from './setup/test-env';
import { type ApiProcess, prepareDatabase, sleep, startApi } from './utils/processes';
import { eventually } from './utils/smtp';
import { ADMIN_EMAIL, loginAs, newUser, startTestApp, type TestContext, unique } from './utils/test-app';
import { filesWithSizes, sessionCookie, slowUpload, type SlowUpload } from './utils/uploads';

type Agent = ReturnType<typeof request.agent>;

/** A client and a task of it; the task's id. */
async function newTask(agent: Agent): Promise<number> {
  const client = (
    await agent
      .post('/api/clients')
      .send({ name: unique('Cliente envios ') })
      .expect(201)
  ).body;
  const task = await agent
    .post('/api/tasks')
    .send({ title: unique('Envios '), description: 'd', clientId: client.id, deadline: new Date(Date.now() + 86_400_000).toISOString() })
    .expect(201);
  return task.body.id;
}

/**
 * Uploads stream to UPLOAD_DIR/tmp instead of memory, and one user has at most
 * UPLOAD_CONCURRENCY_PER_USER (3) in flight: the next one is refused with 429, another user's is not.
 */
describe('uploads: streamed to temp files, capped per user (e2e)', () => {
  let ctx: TestContext;
  let uploadDir: string;
  let baseUrl: string;
  const tempDir = () => join(uploadDir, 'tmp');
  const attachmentsDir = () => join(uploadDir, 'attachments');

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'wkflow-uploads-'));
    ctx = await startTestApp({ UPLOAD_DIR: uploadDir });
    // A real port: the slow uploads below are raw connections held open mid-file.
    await ctx.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx.app.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function login(): Promise<{ agent: Agent; cookie: string }> {
    const user = await newUser(ctx, { profileId: 1 });
    const agent = await loginAs(ctx, user.email, user.password);
    const answer = await request(baseUrl).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    return { agent, cookie: sessionCookie(answer.headers['set-cookie']) };
  }

  it("refuses a user's fourth upload at once with 429, not another user's, and frees a slot when one finishes or is dropped", async () => {
    const ana = await login();
    const bia = await login();
    const taskId = await newTask(ana.agent);
    const url = `${baseUrl}/api/tasks/${taskId}/attachments`;
    const size = 4 * 1024 * 1024;

    const held: SlowUpload[] = [0, 1, 2].map(() => slowUpload(url, ana.cookie, size));
    held.forEach((upload) => upload.send(256 * 1024));
    // Streamed, not buffered: each upload in flight is already a file in UPLOAD_DIR/tmp, growing as bytes arrive.
    const first = await eventually(() => {
      const files = filesWithSizes(tempDir());
      return files.size === 3 && [...files.values()].every((bytes) => bytes > 0) ? files : null;
    }, 10_000);
    held.forEach((upload) => upload.send(512 * 1024));
    await eventually(() => [...filesWithSizes(tempDir())].every(([name, bytes]) => bytes > first.get(name)!), 10_000);
    expect(filesWithSizes(attachmentsDir()).size).toBe(0);

    const refused = await ana.agent
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('quarto'), { filename: 'quarto.txt', contentType: 'text/plain' })
      .expect(429);
    expect(refused.body.message).toBe(uploadsBusyMessage(3));
    expect(refused.headers['retry-after']).toBe('1');
    // The cap is per user: Bia uploads while Ana's three are in flight.
    await bia.agent
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('da bia'), { filename: 'bia.txt', contentType: 'text/plain' })
      .expect(201);

    // One finishes: its file is renamed into place, and Ana may upload again.
    const done = await held[0].finish();
    expect(done.status).toBe(201);
    await ana.agent
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('de novo'), { filename: 'de-novo.txt', contentType: 'text/plain' })
      .expect(201);

    // One is dropped mid-file: its temp file goes and its slot comes back.
    held[1].abort();
    await eventually(() => filesWithSizes(tempDir()).size === 1, 10_000);
    const reopened = [slowUpload(url, ana.cookie, size), slowUpload(url, ana.cookie, size)];
    reopened.forEach((upload) => upload.send(64 * 1024));
    await eventually(() => filesWithSizes(tempDir()).size === 3, 10_000);
    for (const upload of [held[2], ...reopened]) expect((await upload.finish()).status).toBe(201);

    const rows: { storedName: string; size: number }[] = await ctx.dataSource.query(
      `SELECT "storedName", size FROM task_attachments WHERE "taskId" = $1 ORDER BY id`,
      [taskId],
    );
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.size === size)).toHaveLength(4);
    const onDisk = filesWithSizes(attachmentsDir());
    expect(new Map(rows.map((row) => [row.storedName, row.size]))).toEqual(onDisk);
    expect(filesWithSizes(tempDir()).size).toBe(0);
  }, 60_000);

  it('refuses a file over 10MB with 413 in Portuguese, and a refused or failed upload leaves no file', async () => {
    const { agent } = await login();
    const taskId = await newTask(agent);
    const tooLarge = await agent
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.alloc(10 * 1024 * 1024 + 1), { filename: 'grande.bin', contentType: 'application/octet-stream' })
      .expect(413);
    expect(tooLarge.body.message).toBe('O anexo deve ter no máximo 10MB');
    const twoFiles = await agent
      .post(`/api/tasks/${taskId}/attachments`)
      .attach('file', Buffer.from('a'), { filename: 'a.txt', contentType: 'text/plain' })
      .attach('file', Buffer.from('b'), { filename: 'b.txt', contentType: 'text/plain' })
      .expect(400);
    expect(twoFiles.body.message).toContain('"file"');
    // The task is gone by the time the file has arrived: 404, and its temp file is removed.
    await agent
      .post('/api/tasks/2147483647/attachments')
      .attach('file', Buffer.from('sem tarefa'), { filename: 'x.txt', contentType: 'text/plain' })
      .expect(404);
    expect(await ctx.dataSource.query(`SELECT id FROM task_attachments WHERE "taskId" = $1`, [taskId])).toEqual([]);
    expect(filesWithSizes(tempDir()).size).toBe(0);
  });
});

/**
 * The built API as a child process on a database and UPLOAD_DIR of its own: killed mid-upload, it
 * leaves only temp files, which the start-up sweep removes once old (or moves into place when their
 * row had committed); and uploads in flight hold disk, not memory.
 */
describe('uploads: a kill mid-upload leaves no orphan after the restart; memory stays flat (e2e)', () => {
  const ADMIN_PASSWORD = 'admin-uploads-password';
  const databaseName = `wkflow_uploads_${newRunId()}`;
  const databaseUrl = databaseUrlFor(databaseName);
  let uploadDir: string;
  let api: ApiProcess | null = null;
  let db: Client;
  let env: Record<string, string>;
  const tempDir = () => join(uploadDir, 'tmp');
  const attachmentsDir = () => join(uploadDir, 'attachments');
  const logosDir = () => join(uploadDir, 'logos');

  beforeAll(async () => {
    await prepareDatabase(databaseUrl, ADMIN_PASSWORD);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    uploadDir = mkdtempSync(join(tmpdir(), 'wkflow-uploads-kill-'));
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `${process.env.WKFLOW_TEST_REDIS_PREFIX}:uploads_${newRunId()}`,
      SESSION_SECRET: 'uploads-session-secret-0123456789',
      ADMIN_PASSWORD,
      CREDENTIALS_KEY: 'b'.repeat(64),
      UPLOAD_DIR: uploadDir,
      UPLOAD_CONCURRENCY_PER_USER: '12',
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '1000',
      REMINDER_INTERVAL_MS: '3600000',
    };
    api = await startApi(env);
  }, 60_000);
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await db?.end();
    await dropDatabase(databaseName);
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function login(): Promise<{ agent: Agent; cookie: string }> {
    const agent = request.agent(api!.baseUrl);
    const answer = await agent.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    return { agent, cookie: sessionCookie(answer.headers['set-cookie']) };
  }

  /** Resident memory of the API process, from /proc. */
  const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

  it('holds ten parallel 10 MiB uploads on disk, not in memory', async () => {
    const { agent, cookie } = await login();
    const taskId = await newTask(agent);
    const url = `${api!.baseUrl}/api/tasks/${taskId}/attachments`;
    const size = 10 * 1024 * 1024;
    // Warm up (code paths, pools), then measure the peak while the ten arrive.
    for (let i = 0; i < 3; i += 1) expect((await slowUpload(url, cookie, 256 * 1024).finish()).status).toBe(201);
    const pid = api!.child.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    try {
      const uploads = Array.from({ length: 10 }, () => slowUpload(url, cookie, size));
      // Nine tenths of every file first: all ten are in flight at once, and on disk as temp files.
      for (let step = 0; step < 9; step += 1) uploads.forEach((upload) => upload.send(size / 10));
      await eventually(() => [...filesWithSizes(tempDir()).values()].filter((bytes) => bytes >= size * 0.9).length === 10, 30_000);
      const answers = await Promise.all(uploads.map((upload) => upload.finish()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    } finally {
      clearInterval(sampler);
    }
    // Buffered, the nine tenths of ten files held at once would be 90 MiB (the audit saw +330 MB for
    // twenty). Streamed, what grows is chunks passing through on their way to disk (about 35 MiB
    // here before the collector catches up).
    expect((peak - before) / 1024 / 1024).toBeLessThan(64);
  }, 120_000);

  it('leaves no orphan after a SIGKILL mid-upload and a restart', async () => {
    const { agent, cookie } = await login();
    const taskId = await newTask(agent);
    const clientId = (await agent.get(`/api/tasks/${taskId}`).expect(200)).body.clientId as number;
    const url = `${api!.baseUrl}/api/tasks/${taskId}/attachments`;
    await agent.post(url.replace(api!.baseUrl, '')).attach('file', Buffer.from('antes'), { filename: 'antes.txt' }).expect(201);
    await agent
      .post(`/api/clients/${clientId}/logo`)
      .attach(
        'file',
        Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
        {
          filename: 'logo.png',
        },
      )
      .expect(201);

    // Four uploads held mid-file, and a stream of small ones finishing while the process dies.
    const held = [0, 1, 2, 3].map(() => slowUpload(url, cookie, 2 * 1024 * 1024));
    held.forEach((upload) => upload.send(300 * 1024));
    await eventually(() => filesWithSizes(tempDir()).size >= 4, 10_000);
    let stop = false;
    const burst = (async () => {
      while (!stop)
        await slowUpload(url, cookie, 64 * 1024)
          .finish()
          .catch(() => undefined);
    })();
    await sleep(300);
    await api!.stop('SIGKILL');
    stop = true;
    await burst;
    held.forEach((upload) => upload.abort());
    const leftInTemp = filesWithSizes(tempDir()).size;
    expect(leftInTemp).toBeGreaterThanOrEqual(4);

    // What else a crash can leave: a file whose delete did not finish (an attachment and a logo with
    // no row), and an upload whose row committed just before the kill, still a temp file.
    const hex = () => randomBytes(16).toString('hex');
    const [orphan, orphanLogo, committed] = [hex(), `${hex()}.png`, hex()];
    writeFileSync(join(attachmentsDir(), orphan), 'sem linha');
    writeFileSync(join(logosDir(), orphanLogo), 'sem cliente');
    writeFileSync(join(tempDir(), committed), 'comitado');
    // Plain SQL as the killed process's last write (the app runs in a child process here).
    const [{ id: committedId }] = (
      await db.query(
        `INSERT INTO task_attachments ("taskId", "userId", "originalName", "storedName", "mimeType", size) VALUES ($1, 1, 'comitado.txt', $2, 'text/plain', 8) RETURNING id`,
        [taskId, committed],
      )
    ).rows;
    // All of it an hour and a half old, as after a night down; one unknown file is young and stays.
    const old = new Date(Date.now() - 90 * 60_000);
    for (const dir of [tempDir(), attachmentsDir(), logosDir()]) for (const name of readdirSync(dir)) utimesSync(join(dir, name), old, old);
    const young = hex();
    writeFileSync(join(attachmentsDir(), young), 'recente');

    api = await startApi(env, api!.port);
    const rowsOnDisk = async () => {
      const attachments = new Set(
        (await db.query(`SELECT "storedName" FROM task_attachments`)).rows.map((row: { storedName: string }) => row.storedName),
      );
      const logos = new Set(
        (await db.query(`SELECT "logoFile" FROM clients WHERE "logoFile" IS NOT NULL`)).rows.map(
          (row: { logoFile: string }) => row.logoFile,
        ),
      );
      return { attachments, logos };
    };
    await eventually(async () => filesWithSizes(tempDir()).size === 0 && !existsSync(join(attachmentsDir(), orphan)), 20_000);
    const { attachments, logos } = await rowsOnDisk();
    // Every file has its row (the young unknown one aside) and every row its file.
    expect(new Set(filesWithSizes(attachmentsDir()).keys())).toEqual(new Set([...attachments, young]));
    expect(new Set(filesWithSizes(logosDir()).keys())).toEqual(logos);
    const download = await agent.get(`/api/tasks/${taskId}/attachments/${committedId}/download`).expect(200);
    expect(download.text).toBe('comitado');
  }, 120_000);
});
