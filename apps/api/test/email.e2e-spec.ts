import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server } from 'node:net';
import { EmailService } from '../src/email/email.service';
import { TEST_REDIS_URL } from './setup/test-env';
import { isolatedDatabase, startIsolatedApp, type IsolatedApp } from './utils/isolated-app';
import { eventually, startSmtp } from './utils/smtp';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';
import { freePort } from '../../../scripts/free-port.cjs';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const CONFIG = { EMAIL_RETRY_DELAY_MS: '300', EMAIL_ATTEMPTS: '3', EMAIL_SWEEP_MS: '300', REMINDER_INTERVAL_MS: '3600000' };

const rowOf = async (ctx: TestContext, id: number) => (await ctx.dataSource.query(`SELECT * FROM email_queue WHERE id = $1`, [id]))[0];

/**
 * Suites whose app has a worker run on a database and queue of their own: on the run's shared
 * ones a worker would first send every e-mail the other suites' apps (without SMTP) left waiting.
 */
describe('e-mail queue (e2e)', () => {
  let ctx: IsolatedApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await startIsolatedApp('email', { SMTP_URL: smtp.url, ...CONFIG });
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.stop();
    await smtp.close();
  });

  it('sends a test e-mail: outbox row, BullMQ job, pt-BR HTML with the text escaped, then sent', async () => {
    const to = `${unique('teste')}@example.test`;
    const queued = await admin
      .post('/api/admin/test-email')
      .send({ to, subject: 'Olá <equipe>', message: 'Linha 1\n\n<script>x</script> & "aspas"' })
      .expect(201);
    expect(queued.body).toEqual({
      success: true,
      id: expect.any(Number),
      message: 'E-mail adicionado à fila de envio',
      smtpConfigured: true,
    });
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(to)));
    expect(mail.subject).toBe('Olá <equipe>');
    const row = await eventually(async () => {
      const r = await rowOf(ctx, queued.body.id);
      return r.status === 'sent' ? r : null;
    });
    expect(row).toMatchObject({ emailType: 'test_email', attempts: 1, errorMessage: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.htmlBody).toContain('lang="pt-BR"');
    expect(row.htmlBody).toContain('&lt;script&gt;x&lt;/script&gt; &amp; &quot;aspas&quot;');
    expect(row.htmlBody).not.toContain('<script>');

    const item = (await admin.get('/api/admin/email-queue').expect(200)).body.find((e: { id: number }) => e.id === queued.body.id);
    expect(item).toEqual({
      id: queued.body.id,
      status: 'sent',
      email_type: 'test_email',
      subject: 'Olá <equipe>',
      recipient_name: null,
      recipient_email: to,
      to_email: to,
      body: 'Linha 1\n\n<script>x</script> & "aspas"',
      html_body: row.htmlBody,
      error_message: null,
      attempts: 1,
      scheduled_for: null,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt.toISOString(),
    });
  });

  it('fills the test form defaults and sends the two notification samples', async () => {
    const to = `${unique('amostra')}@example.test`;
    await admin.post('/api/admin/test-email').send({ to }).expect(201);
    await admin.post('/api/admin/test-task-notification').send({ to, notificationType: 'task_assigned' }).expect(201);
    await admin.post('/api/admin/test-deadline-notification').send({ to, notificationType: 'task_due_soon' }).expect(201);
    await eventually(() => smtp.mails.filter((m) => m.to.includes(to)).length === 3);
    expect(
      smtp.mails
        .filter((m) => m.to.includes(to))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Nova tarefa atribuída: Tarefa de exemplo', 'Prazo próximo: Tarefa de exemplo', 'Teste de e-mail do WKFlow']);
    const types = await ctx.dataSource.query(`SELECT "emailType" FROM email_queue WHERE "recipientEmail" = $1 ORDER BY id`, [to]);
    expect(types.map((t: { emailType: string }) => t.emailType)).toEqual(['test_email', 'task_assigned', 'task_due_reminder']);
  });

  it('validates the test forms with their messages and writes nothing', async () => {
    const [{ n: before }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM email_queue`);
    const cases: [string, object, string][] = [
      ['/api/admin/test-email', {}, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-email', { to: '' }, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-email', { to: '   ' }, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-email', { to: 42 }, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-email', { to: 'não-é-email' }, 'E-mail de destino inválido'],
      ['/api/admin/test-email', { to: `${'a'.repeat(250)}@example.test` }, 'E-mail de destino inválido'],
      ['/api/admin/test-email', { to: 'a@example.test', subject: 5 }, 'Assunto deve ser um texto'],
      ['/api/admin/test-email', { to: 'a@example.test', subject: 'x'.repeat(301) }, 'Assunto deve ter no máximo 300 caracteres'],
      ['/api/admin/test-email', { to: 'a@example.test', message: ['x'] }, 'Mensagem deve ser um texto'],
      ['/api/admin/test-email', { to: 'a@example.test', message: 'x'.repeat(10_001) }, 'Mensagem deve ter no máximo 10000 caracteres'],
      ['/api/admin/test-email', { to: 'a@example.test', cc: 'b@example.test' }, 'O campo cc não é permitido'],
      ['/api/admin/test-task-notification', {}, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-task-notification', { to: 'x' }, 'E-mail de destino inválido'],
      ['/api/admin/test-task-notification', { to: 'a@example.test', notificationType: 'task_due_soon' }, 'Tipo de notificação inválido'],
      ['/api/admin/test-deadline-notification', { to: '' }, 'E-mail de destino é obrigatório'],
      ['/api/admin/test-deadline-notification', { to: 'a@example.test', notificationType: 'nope' }, 'Tipo de notificação inválido'],
    ];
    for (const [path, body, message] of cases) {
      const res = await admin.post(path).send(body).expect(400);
      expect(`${path} ${res.body.message}`).toBe(`${path} ${message}`);
    }
    const [{ n: after }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM email_queue`);
    expect(after).toBe(before);
  });

  it('retries a failing e-mail with backoff (scheduled), marks it failed after the last attempt, and the admin retry delivers it once SMTP works', async () => {
    smtp.setReject(true);
    const to = `${unique('falha')}@example.test`;
    const { id } = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body;
    const waiting = await eventually(async () => {
      const row = await rowOf(ctx, id);
      return row.status === 'scheduled' ? row : null;
    });
    expect(waiting.scheduledFor.getTime()).toBeGreaterThan(waiting.createdAt.getTime());
    expect(waiting.errorMessage).toContain('Caixa indisponível');

    const failed = await eventually(async () => {
      const row = await rowOf(ctx, id);
      return row.status === 'failed' ? row : null;
    });
    expect(failed).toMatchObject({ attempts: 3, scheduledFor: null });
    const listed = (await admin.get('/api/admin/email-queue').expect(200)).body.find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ status: 'failed', to_email: to, error_message: expect.stringContaining('Caixa indisponível') });
    expect((await admin.get('/api/admin/email-queue/stats').expect(200)).body.byStatus.failed).toBeGreaterThanOrEqual(1);

    smtp.setReject(false);
    const retried = await admin.post(`/api/admin/email-queue/${id}/retry`).expect(200);
    expect(retried.body).toMatchObject({ id, status: 'pending', error_message: null, attempts: 0 });
    await eventually(async () => (await rowOf(ctx, id)).status === 'sent');
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);

    expect((await admin.post(`/api/admin/email-queue/${id}/retry`).expect(409)).body.message).toBe(
      'Só e-mails com falha podem ser reenviados',
    );
    expect((await admin.post('/api/admin/email-queue/999999999/retry').expect(404)).body.message).toBe('E-mail não encontrado');
    await admin.post('/api/admin/email-queue/abc/retry').expect(400);
    await admin.post('/api/admin/email-queue/99999999999/retry').expect(400);
  });

  it('counts the outbox by status', async () => {
    const { body } = await admin.get('/api/admin/email-queue/stats').expect(200);
    const rows = await ctx.dataSource.query(`SELECT status, count(*)::int AS n FROM email_queue GROUP BY status`);
    const count = (s: string) => rows.find((r: { status: string }) => r.status === s)?.n ?? 0;
    expect(body).toEqual({
      byStatus: { sent: count('sent'), pending: count('pending'), scheduled: count('scheduled'), failed: count('failed') },
    });
  });

  it('lists the last 100, newest first', async () => {
    const list = (await admin.get('/api/admin/email-queue').expect(200)).body;
    expect(list.length).toBeLessThanOrEqual(100);
    // Newest by creation time (a transaction's start: rows of concurrent transactions can take
    // their ids in the other order).
    const times = list.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.length).toBeGreaterThan(1);
  });

  it('queues an e-mail written in a transaction only once it commits, and never one rolled back', async () => {
    const email = ctx.app.get(EmailService);
    const [kept, dropped] = [`${unique('commit')}@example.test`, `${unique('rollback')}@example.test`];
    /** An e-mail queued outside any transaction after ours: once it arrived, ours would have too. */
    const marker = async () => {
      const to = `${unique('marca')}@example.test`;
      await email.enqueue({ type: 'system_notification', to, subject: 'Marcador', message: 'm' });
      await eventually(() => smtp.mails.find((m) => m.to.includes(to)));
    };
    await ctx.dataSource.transaction(async (manager) => {
      await email.enqueue({ type: 'system_notification', to: kept, subject: 'Confirmado', message: 'm' }, manager);
      await marker();
      // Not visible outside, not sent yet.
      expect(smtp.mails.some((m) => m.to.includes(kept))).toBe(false);
    });
    await eventually(() => smtp.mails.find((m) => m.to.includes(kept)));
    await ctx.dataSource
      .transaction(async (manager) => {
        await email.enqueue({ type: 'system_notification', to: dropped, subject: 'Desfeito', message: 'm' }, manager);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await marker();
    expect(smtp.mails.some((m) => m.to.includes(dropped))).toBe(false);
    expect(await ctx.dataSource.query(`SELECT 1 FROM email_queue WHERE "recipientEmail" = $1`, [dropped])).toEqual([]);
  });

  it('reports the SMTP status', async () => {
    expect((await admin.get('/api/admin/email-status').expect(200)).body).toEqual({
      status: 'configured',
      message: 'Servidor SMTP conectado; fila no Redis (BullMQ)',
      queue: 'redis',
      webUrl: null,
    });
  });

  it('serves Bull Board at /api/admin/queues to admins only', async () => {
    const joao = await newUser(ctx, { profileId: 3 });
    const gerente = await newUser(ctx, { profileId: 2 });
    const roleAdmin = await newUser(ctx, { profileId: 3, role: 'admin' });
    const others = [await loginAs(ctx, joao.email, joao.password), await loginAs(ctx, gerente.email, gerente.password)];
    for (const path of ['/api/admin/queues', '/api/admin/queues/', '/api/admin/queues/api/queues', '/api/admin/queues/static/x.js']) {
      expect((await ctx.http.get(path).expect(401)).body).toMatchObject({ statusCode: 401 });
      for (const agent of others) expect((await agent.get(path).expect(403)).body).toMatchObject({ statusCode: 403 });
    }
    await ctx.http.put('/api/admin/queues/api/queues/email/clean/completed').expect(401);
    const page = await admin.get('/api/admin/queues').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its scripts and styles load from the mount (relative to <base href>), under the same guard.
    const base = /<base href="([^"]+)"/.exec(page.text)![1];
    const assets = [...page.text.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => new URL(m[1], `http://x${base}`).pathname);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) await admin.get(asset).expect(200);
    await ctx.http.get(assets[0]).expect(401);
    const queues = await admin.get('/api/admin/queues/api/queues').expect(200);
    expect(JSON.stringify(queues.body)).toContain('email');
    // Role admin on another profile is an admin too (role admin or profile 1).
    await (await loginAs(ctx, roleAdmin.email, roleAdmin.password)).get('/api/admin/queues/api/queues').expect(200);
  });
});

describe('e-mail without SMTP, and with an SMTP that does not answer (e2e)', () => {
  it('says "Não Configurado" and keeps e-mails pending without SMTP_URL, their jobs waiting for a worker that has SMTP', async () => {
    const database = await isolatedDatabase('email_nosmtp');
    const ctx = await startTestApp({ ...database.env, ...CONFIG });
    let smtp: Smtp | null = null;
    let withSmtp: TestContext | null = null;
    try {
      const admin = await loginAsAdmin(ctx);
      expect((await admin.get('/api/admin/email-status').expect(200)).body).toEqual({
        status: 'unknown',
        message: 'Não Configurado',
        queue: 'redis',
        webUrl: null,
      });
      const { id } = (
        await admin
          .post('/api/admin/test-email')
          .send({ to: `${unique('sem')}@example.test` })
          .expect(201)
      ).body;
      // Handed to the queue (queuedAt), and still pending: nothing here sends it.
      const handed = await eventually(async () => {
        const row = await rowOf(ctx, id);
        return row.queuedAt ? row : null;
      });
      expect(handed).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
      // The job waited in the queue: a process with SMTP on the same queue takes it and sends it once.
      smtp = await startSmtp();
      withSmtp = await startTestApp({ ...database.env, ...CONFIG, EMAIL_SWEEP_MS: '3600000', SMTP_URL: smtp.url });
      const sent = await eventually(async () => {
        const row = await rowOf(ctx, id);
        return row.status === 'sent' ? row : null;
      });
      expect(sent.attempts).toBe(1);
      expect(smtp.mails.filter((m) => m.to.includes(handed.recipientEmail))).toHaveLength(1);
    } finally {
      await withSmtp?.app.close();
      await smtp?.close();
      await ctx.app.close();
      await database.drop();
    }
  });

  it('reports an error when the SMTP server cannot be reached', async () => {
    // Its worker fails every job it takes: on a queue of its own, not the run's.
    const ctx = await startIsolatedApp('email_deadsmtp', { ...CONFIG, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const admin = await loginAsAdmin(ctx);
      const { body } = await admin.get('/api/admin/email-status').expect(200);
      expect(body.status).toBe('error');
      expect(body.message).toMatch(/^Falha no SMTP: /);
    } finally {
      await ctx.stop();
    }
  });
});

/** Redis down: e-mails wait as pending and go out once a Redis is there (our own server, never the shared one). */
describe('e-mail outbox while Redis is unreachable (e2e)', () => {
  let smtp: Smtp;
  let ctx: IsolatedApp;
  let redis: ChildProcess | null = null;
  let port: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    port = await freePort();
    ctx = await startIsolatedApp('email_noredis', { ...CONFIG, SMTP_URL: smtp.url, REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ctx.stop();
    await smtp.close();
    redis?.kill('SIGKILL');
  });

  it('keeps e-mails pending while Redis is unreachable and sends each once when it returns', async () => {
    const admin = await loginAsAdmin(ctx);
    const to = `${unique('semredis')}@example.test`;
    const { id } = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body;
    // The rest of the product works without Redis.
    await admin.get('/api/tasks').expect(200);
    expect((await rowOf(ctx, id)).status).toBe('pending');
    expect((await admin.get('/api/admin/email-queue/stats').expect(200)).body.byStatus.pending).toBeGreaterThanOrEqual(1);
    expect(smtp.mails).toHaveLength(0);

    const [{ now: redisBack }] = await ctx.dataSource.query(`SELECT clock_timestamp() AS now`);
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await eventually(() => smtp.mails.find((m) => m.to.includes(to)), 30_000);
    const sent = await eventually(async () => {
      const row = await rowOf(ctx, id);
      return row.status === 'sent' ? row : null;
    });
    // Sent after Redis came back, at the first attempt: nothing went out during the outage.
    expect(sent.sentAt.getTime()).toBeGreaterThanOrEqual(redisBack.getTime());
    expect(sent.attempts).toBe(1);
    // Sent once: a later e-mail arriving proves no second copy of the first is on its way.
    const later = `${unique('depois')}@example.test`;
    await admin.post('/api/admin/test-email').send({ to: later }).expect(201);
    await eventually(() => smtp.mails.find((m) => m.to.includes(later)));
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  }, 60_000);
});

/**
 * A Redis that holds every command until released (a TCP proxy in front of the run's Redis): the
 * request that queues an e-mail must answer while the hand-off to the queue is still waiting.
 */
describe('queuing an e-mail never waits on Redis (e2e)', () => {
  let smtp: Smtp;
  let ctx: IsolatedApp;
  let proxy: Server;
  let held = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    held = false;
    for (const flush of waiting.splice(0)) flush();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    const upstream = new URL(TEST_REDIS_URL);
    proxy = createServer((client) => {
      const server = connect(Number(upstream.port || 6379), upstream.hostname);
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
      server.on('close', () => client.destroy());
      client.on('close', () => server.destroy());
      server.pipe(client);
      client.on('data', (data) => (held ? waiting.push(() => server.write(data)) : server.write(data)));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as { port: number };
    // No sweep during the test: only the request's own hand-off can queue the e-mail.
    ctx = await startIsolatedApp('email_held', {
      ...CONFIG,
      EMAIL_SWEEP_MS: '3600000',
      SMTP_URL: smtp.url,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    release();
    await ctx.stop();
    await smtp.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('answers while its job is still on its way to Redis; the job goes in once Redis answers', async () => {
    const admin = await loginAsAdmin(ctx);
    const to = `${unique('espera')}@example.test`;
    held = true;
    const { id } = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body;
    expect(await rowOf(ctx, id)).toMatchObject({ status: 'pending', queuedAt: null });
    release();
    // queuedAt is written only when the hand-off succeeds within its time limit: it was still
    // waiting when the request answered (a request that waited would have answered after it gave up).
    await eventually(async () => (await rowOf(ctx, id)).queuedAt);
    await eventually(() => smtp.mails.find((m) => m.to.includes(to)));
  });
});
