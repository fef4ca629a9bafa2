import { decodeSubject, eventually, startSmtp } from './utils/smtp';
import { startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, newUser, type TestContext, unique } from './utils/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

// Issue 22 §7: administrators hear of a registration waiting for approval (bell, and e-mail when configured).
describe('registration notice to administrators (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // A database and queue of its own: with SMTP set, this app sends every e-mail other suites left
    // waiting, and writes to every administrator they created.
    ctx = await startIsolatedApp('registration_notice', {
      SMTP_URL: smtp.url,
      EMAIL_RETRY_DELAY_MS: '300',
      EMAIL_SWEEP_MS: '300',
      REMINDER_INTERVAL_MS: '3600000',
    });
  });
  afterAll(async () => {
    await ctx?.stop();
    await smtp.close();
  });

  it('a new registrant puts a notification in every administrator’s bell and an e-mail in their inbox, nobody else’s', async () => {
    const admin = await loginAsAdmin(ctx);
    const colleague = await newUser(ctx, { role: 'collaborator' });
    const otherAdmin = await newUser(ctx, { profileId: 1 });
    const username = unique('novo');
    const email = `${username}@example.test`;
    await ctx.http
      .post('/api/auth/register')
      .send({ name: 'Paula Nova', username, email, password: 'senha-forte-123', role: 'manager' })
      .expect(201);

    const notice = await eventually(async () => {
      const list = (await admin.get('/api/notifications').expect(200)).body as Array<{ type: string; title: string; message: string }>;
      return list.find((n) => n.type === 'account_requested' && n.message.includes(email));
    });
    expect(notice.title).toBe('Novo cadastro aguardando aprovação');
    expect(notice.message).toContain('Paula Nova');
    expect(notice.message).toContain('Gerente');

    const subject = 'Novo cadastro aguardando aprovação';
    for (const to of [otherAdmin.email, 'admin@wkflow.local']) {
      await eventually(() => smtp.mails.find((m) => m.to.includes(to) && decodeSubject(m.subject).includes(subject)));
    }
    expect(smtp.mails.some((m) => m.to.includes(colleague.email))).toBe(false);

    const [{ count }] = await ctx.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications WHERE type = 'account_requested' AND "userId" = $1`,
      [colleague.id],
    );
    expect(count).toBe(0);
  });

  it('a registration with a taken e-mail tells no administrator', async () => {
    const admin = await loginAsAdmin(ctx);
    const taken = await newUser(ctx);
    await ctx.http
      .post('/api/auth/register')
      .send({ name: 'Outra Pessoa', username: unique('outra'), email: taken.email, password: 'senha-forte-123' })
      .expect(201);
    // A later registration's notice proves the earlier one would have arrived by now.
    const later = `${unique('depois')}@example.test`;
    await ctx.http
      .post('/api/auth/register')
      .send({ name: 'Depois', username: unique('depois'), email: later, password: 'senha-forte-123' })
      .expect(201);
    await eventually(async () => {
      const list = (await admin.get('/api/notifications').expect(200)).body as Array<{ message: string }>;
      return list.find((n) => n.message.includes(later));
    });
    const list = (await admin.get('/api/notifications').expect(200)).body as Array<{ message: string }>;
    expect(list.some((n) => n.message.includes(taken.email))).toBe(false);
  });
});
