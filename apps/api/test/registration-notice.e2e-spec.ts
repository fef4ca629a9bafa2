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

  // Issue 33: the clash e-mail told any mailbox that a username was taken.
  it('a taken username with a new e-mail e-mails nobody but the administrators; its approval waits for a new username', async () => {
    const admin = await loginAsAdmin(ctx);
    const owner = await newUser(ctx);
    const username = owner.username.toUpperCase();
    const typed = `${unique('sondagem')}@example.test`;
    await ctx.http.post('/api/auth/register').send({ name: 'Sonda', username, email: typed, password: 'senha-forte-123' }).expect(201);
    // It waits like any registration: the administrators hear of it (so its e-mails have gone out).
    // Until issue 33, the address typed got 'O nome de usuário "…" já está em uso' instead.
    const subject = 'Novo cadastro aguardando aprovação';
    await eventually(() => smtp.mails.find((m) => m.to.includes(typed) || (m.to.includes('admin@wkflow.local') && m.raw.includes(typed))));
    expect(
      smtp.mails
        .filter((m) => m.to.includes(typed))
        .map((m) =>
          m.raw
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n'),
        ),
    ).toEqual([]);
    const [{ queued }] = await ctx.dataSource.query(
      `SELECT count(*)::int AS queued FROM email_queue WHERE lower("recipientEmail") = lower($1)`,
      [typed],
    );
    expect(queued).toBe(0);
    expect(smtp.mails.filter((m) => m.to.includes(typed))).toEqual([]);
    expect(smtp.mails.some((m) => m.to.includes(owner.email))).toBe(false);
    expect(smtp.mails.some((m) => m.raw.includes(owner.username) && !decodeSubject(m.subject).includes(subject))).toBe(false);

    // The administrator sees the clash and cannot approve until the username changes.
    const pending = (
      (await admin.get('/api/users/pending').expect(200)).body as Array<{ id: number; email: string; usernameTaken: boolean }>
    ).find((u) => u.email === typed)!;
    expect(pending.usernameTaken).toBe(true);
    expect((await admin.post(`/api/users/${pending.id}/approve`).send({}).expect(409)).body.message).toBe(
      'O nome de usuário deste cadastro já está em uso por outra conta: altere-o antes de aprovar',
    );
    expect((await ctx.dataSource.query(`SELECT "isApproved" FROM users WHERE id = $1`, [pending.id]))[0].isApproved).toBe(false);
    const renamed = unique('sonda');
    await admin.put(`/api/users/${pending.id}`).send({ name: 'Sonda', email: typed, username: renamed, accessProfileId: 3 }).expect(200);
    expect((await admin.post(`/api/users/${pending.id}/approve`).send({}).expect(200)).body).toMatchObject({ username: renamed });
  });

  it('a taken e-mail is told to the account that owns it, under its own name and address', async () => {
    const owner = await newUser(ctx);
    await ctx.http
      .post('/api/auth/register')
      .send({ name: 'Nome Inventado', username: unique('outra'), email: owner.email.toUpperCase(), password: 'senha-forte-123' })
      .expect(201);
    const mail = await eventually(() =>
      smtp.mails.find((m) => m.to.includes(owner.email) && decodeSubject(m.subject) === 'Cadastro no WKFlow'),
    );
    expect(mail.raw).toContain(owner.name);
    expect(mail.raw).not.toContain('Nome Inventado');
    expect(smtp.mails.some((m) => m.to.includes(owner.email.toUpperCase()))).toBe(false);
  });
});
