import Redis from 'ioredis';
import { startIsolatedApp, type IsolatedApp } from './utils/isolated-app';
import { privateRedis, type RedisProcess } from './utils/processes';
import { eventually, startSmtp } from './utils/smtp';
import { loginAsAdmin, unique } from './utils/test-app';

/** Within this of Redis losing its data, every e-mail whose job it held is delivered (issue 33: ~605 s). */
const DELIVERY_BOUND_MS = 60_000;

/**
 * Redis loses the jobs of e-mails still waiting (their first attempt failed, the retry sits in
 * Redis): FLUSHALL on a running server, then a restart without persistence. The outbox rows are
 * handed to the queue again at once, each e-mail arriving exactly once, with the default sweep
 * interval. A private redis-server; the machine's shared one is never touched.
 */
describe('fault: Redis loses its data while e-mails wait in it (e2e)', () => {
  let redis: RedisProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: IsolatedApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    smtp = await startSmtp();
    ctx = await startIsolatedApp('email_redis_loss', {
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      // The retry after a failed first attempt waits in Redis far longer than the bound.
      EMAIL_RETRY_DELAY_MS: '600000',
      EMAIL_ATTEMPTS: '5',
      EMAIL_SWEEP_MS: '30000',
    });
    admin = await loginAsAdmin(ctx);
  });
  afterAll(async () => {
    await ctx?.stop();
    await smtp?.close();
    await redis?.stop();
  });

  /** Ten e-mails whose first attempt the SMTP server refused: their retries are delayed jobs in Redis. */
  async function waitingInRedis(label: string): Promise<string[]> {
    smtp.setReject(true);
    const recipients = Array.from({ length: 10 }, (_, i) => `${unique(`${label}${i}`)}@example.test`);
    const ids: number[] = [];
    for (const to of recipients) ids.push((await admin.post('/api/admin/test-email').send({ to }).expect(201)).body.id);
    await eventually(async () => {
      const rows: { status: string; attempts: number }[] = await ctx.dataSource.query(
        `SELECT status, attempts FROM email_queue WHERE id = ANY($1::int[])`,
        [ids],
      );
      return rows.every((row) => row.status === 'scheduled' && row.attempts === 1);
    }, 20_000);
    smtp.setReject(false);
    return recipients;
  }

  async function deliveredOnce(recipients: string[], lostAt: number): Promise<void> {
    await eventually(() => recipients.every((to) => smtp.mails.some((mail) => mail.to.includes(to))), DELIVERY_BOUND_MS);
    expect(Date.now() - lostAt).toBeLessThan(DELIVERY_BOUND_MS);
    // Once: an e-mail sent afterwards arriving shows no second copy is on its way.
    const later = `${unique('depois')}@example.test`;
    await admin.post('/api/admin/test-email').send({ to: later }).expect(201);
    await eventually(() => smtp.mails.some((mail) => mail.to.includes(later)), 15_000);
    for (const to of recipients) expect(smtp.mails.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    const rows: { status: string }[] = await ctx.dataSource.query(`SELECT status FROM email_queue WHERE "recipientEmail" = ANY($1)`, [
      recipients,
    ]);
    expect(rows.map((row) => row.status)).toEqual(Array(10).fill('sent'));
  }

  it('delivers within 60 s, once each, after FLUSHALL', async () => {
    const recipients = await waitingInRedis('flush');
    const lostAt = Date.now();
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
    await deliveredOnce(recipients, lostAt);
  }, 120_000);

  it('delivers within 60 s, once each, after a restart without persistence', async () => {
    const recipients = await waitingInRedis('restart');
    const lostAt = Date.now();
    await redis.stop();
    await redis.start();
    await deliveredOnce(recipients, lostAt);
  }, 120_000);
});
