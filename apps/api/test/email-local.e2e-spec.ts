import { EmailService } from '../src/email/email.service';
import { newQueuedEmail } from './factories';
import { eventually, startSmtp } from './utils/smtp';
import { isolatedDatabase, startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, startTestApp, type TestContext, unique } from './utils/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * One instance without Redis: the API delivers the outbox itself and computes reports in-process.
 * Each on a database of its own: a process delivers every due row of its outbox, other suites' too.
 */
const CONFIG = {
  REDIS_URL: '',
  EMAIL_RETRY_DELAY_MS: '300',
  EMAIL_ATTEMPTS: '3',
  EMAIL_SWEEP_MS: '60000',
  REMINDER_INTERVAL_MS: '3600000',
};

const rowOf = async (ctx: TestContext, id: number) => (await ctx.dataSource.query(`SELECT * FROM email_queue WHERE id = $1`, [id]))[0];
const statusIs = (ctx: TestContext, id: number, status: string) => async () => {
  const row = await rowOf(ctx, id);
  return row.status === status ? row : null;
};

describe('e-mail and reports without Redis (e2e)', () => {
  let smtp: Smtp;
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await startIsolatedApp('email_local', { SMTP_URL: smtp.url, ...CONFIG });
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.stop();
    await smtp.close();
  });

  it('says the queue is this server, and delivers a test e-mail to the SMTP server', async () => {
    expect((await admin.get('/api/admin/email-status').expect(200)).body).toEqual({
      status: 'configured',
      message: 'Servidor SMTP conectado; fila no próprio servidor (sem Redis)',
      queue: 'in-process',
      webUrl: null,
    });
    const to = `${unique('local')}@example.test`;
    const { id } = (await admin.post('/api/admin/test-email').send({ to, subject: 'Sem Redis' }).expect(201)).body;
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(to)));
    expect(mail.subject).toBe('Sem Redis');
    const row = await eventually(statusIs(ctx, id, 'sent'));
    expect(row).toMatchObject({ attempts: 1, errorMessage: null, scheduledFor: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const listed = (await admin.get('/api/admin/email-queue').expect(200)).body.find((e: { id: number }) => e.id === id);
    expect(listed).toMatchObject({ status: 'sent', attempts: 1, to_email: to });
  });

  it('retries after a failure with backoff (scheduled), then delivers once the SMTP server takes it', async () => {
    smtp.setReject(true);
    const to = `${unique('retry')}@example.test`;
    const { id } = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body;
    const waiting = await eventually(statusIs(ctx, id, 'scheduled'));
    expect(waiting.attempts).toBe(1);
    expect(waiting.errorMessage).toContain('Caixa indisponível');
    expect(waiting.scheduledFor.getTime()).toBeGreaterThan(waiting.createdAt.getTime());
    smtp.setReject(false);
    const sent = await eventually(statusIs(ctx, id, 'sent'));
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent).toMatchObject({ errorMessage: null, scheduledFor: null });
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('fails an e-mail after the last attempt, and the admin retry delivers it', async () => {
    smtp.setReject(true);
    const to = `${unique('falha')}@example.test`;
    const { id } = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body;
    const failed = await eventually(statusIs(ctx, id, 'failed'));
    expect(failed).toMatchObject({ attempts: 3, scheduledFor: null });
    expect(failed.errorMessage).toContain('Caixa indisponível');
    expect((await admin.get('/api/admin/email-queue/stats').expect(200)).body.byStatus.failed).toBeGreaterThanOrEqual(1);
    smtp.setReject(false);
    expect((await admin.post(`/api/admin/email-queue/${id}/retry`).expect(200)).body).toMatchObject({ status: 'pending', attempts: 0 });
    await eventually(statusIs(ctx, id, 'sent'));
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('leaves a row claimed by another process alone, and sends it once that process is gone (its claim rolled back)', async () => {
    const held = `${unique('preso')}@example.test`;
    const { id } = await newQueuedEmail(ctx, { to: held, subject: 'Interrompido' });
    // Another process in the middle of sending it: its transaction holds the row.
    const other = ctx.dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query(`SELECT id FROM email_queue WHERE id = $1 FOR UPDATE`, [id]);
    try {
      const later = `${unique('depois')}@example.test`;
      await admin.post('/api/admin/test-email').send({ to: later }).expect(201);
      await eventually(() => smtp.mails.find((m) => m.to.includes(later)));
      expect(smtp.mails.some((m) => m.to.includes(held))).toBe(false);
      expect((await rowOf(ctx, id)).status).toBe('pending');
    } finally {
      // The other process stops mid-delivery: its claim rolls back and the row is due again.
      await other.rollbackTransaction();
      await other.release();
    }
    await ctx.app.get(EmailService).sweep();
    await eventually(statusIs(ctx, id, 'sent'));
    expect(smtp.mails.filter((m) => m.to.includes(held))).toHaveLength(1);
  });

  it('computes a report in-process', async () => {
    const created = await admin
      .post('/api/analytics/reports')
      .send({ name: 'Sem Redis', type: 'productivity', parameters: { period: 7 } })
      .expect(201);
    await eventually(async () => {
      const list = (await admin.get('/api/analytics/reports').expect(200)).body;
      return list.find((r: { id: number; status: string }) => r.id === created.body.id && r.status === 'completed');
    });
    await admin.get(`/api/analytics/reports/${created.body.id}/download`).expect(200);
  });
});

describe('an outbox left by a stopped process (e2e)', () => {
  it('is delivered by the next process that starts without Redis', async () => {
    const smtp = await startSmtp();
    const database = await isolatedDatabase('email_stopped');
    const own = { ...CONFIG, ...database.env };
    const first = await startTestApp(own);
    const to = `${unique('parado')}@example.test`;
    let id: number;
    try {
      // Without SMTP this process cannot send: the e-mail stays pending when it stops.
      const admin = await loginAsAdmin(first);
      id = (await admin.post('/api/admin/test-email').send({ to }).expect(201)).body.id;
      expect((await rowOf(first, id)).status).toBe('pending');
    } finally {
      await first.app.close();
    }
    const next = await startTestApp({ ...own, SMTP_URL: smtp.url });
    try {
      await eventually(statusIs(next, id, 'sent'));
      expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      await next.app.close();
      await smtp.close();
      await database.drop();
    }
  });
});
