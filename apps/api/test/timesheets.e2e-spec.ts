import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { dateBR, hoursDecimalBR, hoursHHMM, moneyBR, timeBR, type TimesheetEntry, type TimesheetPage } from '@wkflow/contracts';
import { adminUserId, newProfile, newTask, newTimeEntry } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const TZ = 'America/Sao_Paulo';
const RANGE = 'period=custom&from=2026-10-01&to=2026-10-31';

/** The body of a file response as a Buffer (supertest leaves unknown types unparsed without this). */
function binary(res: NodeJS.ReadableStream, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

async function download(agent: Agent, query: string): Promise<Buffer> {
  const res = await agent
    .get(`/api/time-entries/timesheet/export?${query}`)
    .buffer(true)
    .parse(binary as never)
    .expect(200);
  return res.body as Buffer;
}

function parseCsv(body: Buffer): string[][] {
  return parse(body, { delimiter: ';', bom: true, relax_column_count: false });
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** What an export row must hold for an entry of the page (CSV text). */
function csvRow(entry: TimesheetEntry, withValues: boolean): string[] {
  const seconds = entry.duration ?? 0;
  const cell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  return [
    dateBR(entry.startTime, TZ),
    timeBR(entry.startTime, TZ),
    entry.endTime ? timeBR(entry.endTime, TZ) : '',
    cell(entry.user_name),
    cell(entry.client_name ?? ''),
    cell(entry.task_title),
    cell(entry.description ?? ''),
    hoursDecimalBR(seconds),
    hoursHHMM(seconds),
    ...(withValues ? [entry.hourlyRate == null ? '' : moneyBR(entry.hourlyRate), entry.value == null ? '' : moneyBR(entry.value)] : []),
  ];
}

describe('timesheets (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let ana: { id: number; name: string; agent: Agent };
  let bia: { id: number; name: string; agent: Agent };
  let viewer: Agent; // time_tracking write (every entry), clients read only
  const clients: Record<'a' | 'b' | 'evil', number> = { a: 0, b: 0, evil: 0 };
  const tasks: Record<'a' | 'b' | 'evil', number> = { a: 0, b: 0, evil: 0 };
  const EVIL_CLIENT = '=HYPERLINK("http://evil.example","clique")';

  /** A finished entry at a local São Paulo time. */
  async function entry(userId: number, taskId: number, localStart: string, minutes: number, description: string | null = null) {
    const start = DateTime.fromISO(localStart, { zone: TZ }).toJSDate();
    return (await newTimeEntry(ctx, { user: userId, task: taskId, start, seconds: minutes * 60, description })).id;
  }

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    const adminId = await adminUserId(ctx);
    clients.a = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Alfa '), hourlyRate: 100 })
        .expect(201)
    ).body.id;
    clients.b = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Beta ') })
        .expect(201)
    ).body.id;
    clients.evil = (await admin.post('/api/clients').send({ name: EVIL_CLIENT }).expect(201)).body.id;
    const titles = { a: unique('Site '), b: unique('Campanha '), evil: '+cmd|calc' };
    for (const key of ['a', 'b', 'evil'] as const) {
      tasks[key] = (
        await newTask(ctx, { title: titles[key], description: '', client: clients[key], deadline: new Date(), createdBy: adminId })
      ).id;
    }
    const person = async () => {
      const user = await newUser(ctx, { profileId: 3 });
      return { id: user.id, name: user.name, agent: await loginAs(ctx, user.email, user.password) };
    };
    ana = await person();
    bia = await person();
    const profileId = await newProfile(ctx, { time_tracking: 'write', clients: 'read' });
    const viewerUser = await newUser(ctx, { profileId });
    viewer = await loginAs(ctx, viewerUser.email, viewerUser.password);

    await entry(ana.id, tasks.a, '2026-10-05T09:00', 90, 'Layout');
    await entry(ana.id, tasks.b, '2026-10-06T14:00', 30);
    await entry(bia.id, tasks.a, '2026-10-07T10:00', 60, '@SUM(A1)');
    await entry(bia.id, tasks.evil, '2026-10-31T23:30', 15, '-2+3');
    await entry(bia.id, tasks.a, '2026-11-01T00:10', 45); // the day after the range, in São Paulo
    await entry(ana.id, tasks.a, '2026-09-30T23:50', 20); // the day before
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('filters by a custom range, person, client and task, with totals per client and person and values', async () => {
    const all: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?${RANGE}`).expect(200)).body;
    const ours = all.items.filter((e) => [ana.id, bia.id].includes(e.userId));
    expect(ours.map((e) => e.duration)).toEqual([15 * 60, 60 * 60, 30 * 60, 90 * 60]); // newest first, both range ends respected
    expect(all.showsValues).toBe(true);
    const alfa = all.totals.byClient.find((t) => t.id === clients.a);
    expect(alfa).toEqual({ id: clients.a, name: expect.stringMatching(/^Alfa /), seconds: 150 * 60, records: 2, value: 250 });
    expect(all.totals.byClient.find((t) => t.id === clients.b)).toMatchObject({ seconds: 1800, records: 1, value: null });
    expect(all.totals.byPerson.find((t) => t.id === ana.id)).toEqual({
      id: ana.id,
      name: ana.name,
      seconds: 120 * 60,
      records: 2,
      value: 150,
    });
    expect(all.items.find((e) => e.taskId === tasks.a && e.userId === ana.id)).toMatchObject({ hourlyRate: 100, value: 150 });

    const byClient: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?${RANGE}&clientId=${clients.a}`).expect(200)).body;
    expect(byClient.items.map((e) => [e.userId, e.duration])).toEqual([
      [bia.id, 3600],
      [ana.id, 5400],
    ]);
    expect(byClient.totals).toMatchObject({ seconds: 9000, records: 2, activeUsers: 2, value: 250 });

    const byPerson: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?${RANGE}&userId=${bia.id}`).expect(200)).body;
    expect(byPerson.items.map((e) => e.taskId)).toEqual([tasks.evil, tasks.a]);
    expect(byPerson.totals.byPerson).toEqual([{ id: bia.id, name: bia.name, seconds: 4500, records: 2, value: 100 }]);

    const byTask: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?period=all&taskId=${tasks.a}&userId=${bia.id}`).expect(200))
      .body;
    expect(byTask.items.map((e) => e.duration)).toEqual([45 * 60, 60 * 60]);

    // Pages: totals cover the whole filter, items only the page.
    const first: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?period=all&clientId=${clients.a}&limit=2`).expect(200)).body;
    const second: TimesheetPage = (
      await admin.get(`/api/time-entries/timesheet?period=all&clientId=${clients.a}&limit=2&offset=2`).expect(200)
    ).body;
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(4);
    expect(first.totals.records).toBe(4);
  });

  it('shows an own_only collaborator only his own entries, whatever the filter, total, option or export', async () => {
    const mine: TimesheetPage = (await ana.agent.get(`/api/time-entries/timesheet?period=all`).expect(200)).body;
    expect(mine.items.every((e) => e.userId === ana.id)).toBe(true);
    expect(mine.items).toHaveLength(3);
    expect(mine.totals.byPerson.map((t) => t.id)).toEqual([ana.id]);
    expect(mine.totals).toMatchObject({ records: 3, activeUsers: 1, seconds: 140 * 60 });

    const others: TimesheetPage = (await ana.agent.get(`/api/time-entries/timesheet?period=all&userId=${bia.id}`).expect(200)).body;
    expect(others).toMatchObject({ items: [], total: 0, totals: { seconds: 0, records: 0, activeUsers: 0, byClient: [], byPerson: [] } });
    const evil: TimesheetPage = (await ana.agent.get(`/api/time-entries/timesheet?period=all&clientId=${clients.evil}`).expect(200)).body;
    expect(evil.items).toEqual([]);
    const task: TimesheetPage = (await ana.agent.get(`/api/time-entries/timesheet?period=all&taskId=${tasks.a}`).expect(200)).body;
    expect(task.items.map((e) => e.userId)).toEqual([ana.id, ana.id]);

    const options = (await ana.agent.get('/api/time-entries/timesheet/options').expect(200)).body;
    expect(options.people).toEqual([{ id: ana.id, name: ana.name }]);
    expect(options.clients.map((c: { id: number }) => c.id).sort()).toEqual([clients.a, clients.b].sort());
    expect(options.tasks.map((t: { id: number }) => t.id)).not.toContain(tasks.evil);

    const csv = parseCsv(await download(ana.agent, `format=csv&period=all&userId=${bia.id}`));
    expect(csv).toHaveLength(1); // the header only
    const own = parseCsv(await download(ana.agent, 'format=csv&period=all'));
    expect(own.slice(1, -1).map((row) => row[3])).toEqual([ana.name, ana.name, ana.name]);
    const xlsx = await readXlsx(await download(ana.agent, `format=xlsx&period=all&clientId=${clients.a}`));
    expect(xlsx.slice(1, -1).map((row) => row[3])).toEqual([ana.name, ana.name]);
  });

  it('never sends rates or values to users without clients write', async () => {
    for (const agent of [ana.agent, viewer]) {
      const page = await agent.get(`/api/time-entries/timesheet?${RANGE}`).expect(200);
      expect(page.body.showsValues).toBe(false);
      expect(page.text).not.toMatch(/hourlyRate|"value"/);
      const list = await agent.get('/api/clients').expect(200);
      expect(list.text).not.toMatch(/hourlyRate/);
      expect((await agent.get(`/api/clients/${clients.a}`).expect(200)).text).not.toMatch(/hourlyRate/);
      const csv = parseCsv(await download(agent, `format=csv&${RANGE}`));
      expect(csv[0]).not.toContain('Valor (R$)');
      expect(csv[0]).toHaveLength(9);
      const xlsx = await readXlsx(await download(agent, `format=xlsx&${RANGE}`));
      expect(xlsx[0]).toHaveLength(9);
      await agent.patch(`/api/clients/${clients.a}`).send({ hourlyRate: 1 }).expect(403);
    }
    // The viewer sees every entry (time_tracking write), still without values.
    const all: TimesheetPage = (await viewer.get(`/api/time-entries/timesheet?${RANGE}&clientId=${clients.a}`).expect(200)).body;
    expect(all.items.map((e) => e.userId).sort()).toEqual([ana.id, bia.id].sort());
    // Admin (clients write) sees the rate on the client.
    expect((await admin.get(`/api/clients/${clients.a}`).expect(200)).body.hourlyRate).toBe(100);
  });

  it('validates the hourly rate (≥ 0, two decimals) and clears it with null', async () => {
    const message = 'Valor por hora deve ser um número maior ou igual a 0 com até 2 casas decimais';
    for (const hourlyRate of [-1, 'abc', 1.234, 1e9]) {
      const res = await admin.patch(`/api/clients/${clients.b}`).send({ hourlyRate }).expect(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.patch(`/api/clients/${clients.b}`).send({ hourlyRate: 150.5 }).expect(200)).body.hourlyRate).toBe(150.5);
    const page: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?${RANGE}&clientId=${clients.b}`).expect(200)).body;
    expect(page.items[0]).toMatchObject({ hourlyRate: 150.5, value: 75.25 });
    expect((await admin.patch(`/api/clients/${clients.b}`).send({ hourlyRate: null }).expect(200)).body.hourlyRate).toBeNull();
  });

  it('exports exactly the filtered rows as CSV and XLSX in pt-BR formats, with a totals row; formula-like text neutralised in the CSV only', async () => {
    // 200 minutes at R$ 150: 3,33 h shown, R$ 500,00 owed (3,33 × 150 would be 499,50).
    const gama = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Gama '), hourlyRate: 150 })
        .expect(201)
    ).body.id;
    const adminId = await adminUserId(ctx);
    const gamaTask = await newTask(ctx, { title: 'Relatório', description: '', client: gama, deadline: new Date(), createdBy: adminId });
    await entry(adminId, gamaTask.id, '2026-10-20T09:00', 200);

    const query = `${RANGE}&limit=200`;
    const page: TimesheetPage = (await admin.get(`/api/time-entries/timesheet?${query}`).expect(200)).body;
    expect(page.total).toBe(page.items.length);

    const csvResponse = await admin
      .get(`/api/time-entries/timesheet/export?format=csv&${RANGE}`)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(csvResponse.headers['content-type']).toMatch(/^text\/csv/);
    expect(csvResponse.headers['content-disposition']).toMatch(/^attachment; filename="horas-periodo-2026-10-01-a-2026-10-31\.csv"/);
    const csv = parseCsv(csvResponse.body);
    expect(csv[0]).toEqual([
      'Data',
      'Início',
      'Fim',
      'Pessoa',
      'Cliente',
      'Tarefa',
      'Descrição',
      'Horas',
      'Horas (HH:MM)',
      'Valor/hora (R$)',
      'Valor (R$)',
    ]);
    const csvRows = csv.slice(1, -1);
    expect(csvRows).toEqual(page.items.map((e) => csvRow(e, true)));
    const evilRow = csv.find((row) => row[5] === "'+cmd|calc");
    expect(evilRow).toEqual(['31/10/2026', '23:30', '23:45', bia.name, `'${EVIL_CLIENT}`, "'+cmd|calc", "'-2+3", '0,25', '00:15', '', '']);
    expect(csv.find((row) => row[6] === "'@SUM(A1)")).toMatchObject({ 0: '07/10/2026', 7: '1,00', 8: '01:00', 9: '100,00', 10: '100,00' });
    // The value comes from the exact minutes, not from the rounded hours beside it.
    expect(csv.find((row) => row[5] === 'Relatório')).toMatchObject({ 7: '3,33', 8: '03:20', 9: '150,00', 10: '500,00' });
    // The totals row: every row's hours, the sum of the row values, and a word that unrated hours add no value.
    const seconds = page.items.reduce((sum, e) => sum + (e.duration ?? 0), 0);
    const cents = page.items.reduce((sum, e) => sum + Math.round((e.value ?? 0) * 100), 0);
    expect(page.totals.value).toBe(cents / 100);
    expect(csv.at(-1)).toEqual([
      'Total',
      '',
      '',
      '',
      '',
      '',
      'Valor só das horas de clientes com valor/hora',
      hoursDecimalBR(seconds),
      hoursHHMM(seconds),
      '',
      moneyBR(cents / 100),
    ]);

    const xlsxResponse = await admin
      .get(`/api/time-entries/timesheet/export?format=xlsx&${RANGE}`)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(xlsxResponse.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsxResponse.headers['content-disposition']).toMatch(/^attachment; filename="horas-periodo-2026-10-01-a-2026-10-31\.xlsx"/);
    const xlsx = await readXlsx(xlsxResponse.body);
    expect(xlsx[0]).toEqual(csv[0]);
    // Dates are date cells, hours and money numbers (values as formulas with their result): shown
    // with two decimals they read like the CSV; text is text, without the CSV's apostrophe.
    const result = (value: unknown) =>
      value !== null && typeof value === 'object' && 'formula' in value ? (value as unknown as { result: number }).result : value;
    const asText = xlsx.slice(1).map((row) =>
      Array.from({ length: 11 }, (_, i) => {
        const value = result(row[i]);
        if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toFormat('dd/MM/yyyy');
        if (typeof value === 'number') return (Math.round(value * 100) / 100).toFixed(2).replace('.', ',');
        return value === undefined || value === null ? '' : String(value);
      }),
    );
    const unquote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    expect(asText).toEqual(csv.slice(1).map((row) => row.map(unquote)));
    const xlsxEvil = xlsx.find((row) => row[5] === '+cmd|calc')!;
    expect(xlsxEvil.slice(3, 7)).toEqual([bia.name, EVIL_CLIENT, '+cmd|calc', '-2+3']);
    for (const row of xlsx) for (const value of row) if (typeof value === 'string') expect(value).not.toMatch(/^'/);
    // Exact hours, and a value that is hours × rate to the cent, in the file itself.
    const report = xlsx.find((row) => row[5] === 'Relatório')!;
    expect(report[7]).toBeCloseTo(200 / 60, 10);
    expect(report[9]).toBe(150);
    expect(report[10]).toMatchObject({ formula: expect.stringMatching(/^ROUND\(H\d+\*J\d+,2\)$/), result: 500 });
    for (const row of xlsx.slice(1, -1)) {
      const [hours, rate, value] = [row[7] as number, row[9] as number | null, result(row[10]) as number | null];
      expect(value ?? null).toBe(rate == null ? null : Math.round(hours * rate * 100) / 100);
    }
    const totals = xlsx.at(-1)!;
    expect(totals[0]).toBe('Total');
    expect(totals[7]).toMatchObject({ formula: `SUM(H2:H${xlsx.length - 1})` });
    expect(result(totals[7])).toBeCloseTo(seconds / 3600, 10);
    expect(totals[10]).toEqual({ formula: `SUM(K2:K${xlsx.length - 1})`, result: cents / 100 });

    // A period's file is named in pt-BR words.
    const month = await admin
      .get('/api/time-entries/timesheet/export?format=csv&period=month')
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(month.headers['content-disposition']).toContain(`horas-mes-${DateTime.now().setZone(TZ).toFormat('yyyy-MM')}.csv`);
  });

  it('totals an export with no rated row without a value, and writes nothing below the header of an empty one', async () => {
    const csv = parseCsv(await download(admin, `format=csv&${RANGE}&clientId=${clients.evil}`));
    expect(csv.at(-1)).toEqual(['Total', '', '', '', '', '', '', '0,25', '00:15', '', '']);
    const xlsx = await readXlsx(await download(admin, `format=xlsx&${RANGE}&clientId=${clients.evil}`));
    expect(xlsx.at(-1)?.[10]).toBeUndefined();
    const empty = parseCsv(await download(admin, 'format=csv&period=custom&from=2020-01-01&to=2020-01-02'));
    expect(empty).toHaveLength(1);
  });

  it("neutralises formula cells in the reports' CSV too", async () => {
    await entry(ana.id, tasks.evil, DateTime.now().setZone(TZ).minus({ hours: 2 }).toISO({ includeOffset: false }) as string, 10);
    const created = await admin
      .post('/api/analytics/reports')
      .send({ name: 'Tempo', type: 'time_tracking', parameters: { period: 7 } })
      .expect(201);
    let status = 'pending';
    for (let i = 0; i < 100 && status !== 'completed' && status !== 'failed'; i += 1) {
      const list = await admin.get('/api/analytics/reports').expect(200);
      status = list.body.find((r: { id: number }) => r.id === created.body.id)?.status;
      if (status !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('completed');
    const file = await admin
      .get(`/api/analytics/reports/${created.body.id}/download`)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const rows = parseCsv(file.body);
    expect(rows[0]).toEqual(['Início', 'Fim', 'Membro', 'Cliente', 'Tarefa', 'Horas']);
    const evil = rows.find((row) => row[4] === "'+cmd|calc");
    expect(evil).toBeDefined();
    expect(evil?.[3]).toBe(`'${EVIL_CLIENT}`);
  });

  it("answers the user's own week, day by day", async () => {
    const monday = DateTime.now().setZone(TZ).startOf('week');
    const me = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, me.email, me.password);
    await entry(me.id, tasks.a, monday.set({ hour: 9 }).toISO({ includeOffset: false }) as string, 60);
    await entry(me.id, tasks.a, monday.minus({ days: 1 }).set({ hour: 9 }).toISO({ includeOffset: false }) as string, 60); // last week
    await entry(ana.id, tasks.a, monday.set({ hour: 11 }).toISO({ includeOffset: false }) as string, 60); // someone else
    const week = (await agent.get('/api/time-entries/my-week').expect(200)).body;
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual({ date: monday.toISODate(), seconds: 3600 });
    expect(week.totalSeconds).toBe(3600);
  });

  it('refuses bad query parameters with a clear 400', async () => {
    const cases: [string, string][] = [
      ['period=year', 'Período inválido (today, week, month, all ou custom)'],
      ['period=custom&from=2026-10-01', 'Informe as datas inicial e final do período personalizado'],
      ['period=week&from=2026-10-01&to=2026-10-02', 'Datas inicial e final só valem com o período personalizado (period=custom)'],
      ['period=custom&from=2026-10-05&to=2026-10-01', 'A data final deve ser igual ou posterior à inicial'],
      ['period=custom&from=2026-02-30&to=2026-03-01', 'Data inválida (use AAAA-MM-DD)'],
      ['period=custom&from=01/10/2026&to=2026-03-01', 'Data inválida (use AAAA-MM-DD)'],
      ['userId=abc', 'Usuário inválido'],
      ['userId=0', 'Usuário inválido'],
      ['clientId=1.5', 'Cliente inválido'],
      ['taskId=99999999999', 'Tarefa inválida'],
      ['limit=0', 'limit deve ser um inteiro entre 1 e 200'],
      ['limit=201', 'limit deve ser um inteiro entre 1 e 200'],
      ['offset=-1', 'offset deve ser um inteiro maior ou igual a 0'],
      ['sort=name', 'O campo sort não é permitido'],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/time-entries/timesheet?${query}`);
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
    const noFormat = await admin.get('/api/time-entries/timesheet/export?period=all');
    expect([noFormat.status, noFormat.body.message]).toEqual([400, 'Formato inválido (csv ou xlsx)']);
    const pdf = await admin.get('/api/time-entries/timesheet/export?format=pdf');
    expect(pdf.status).toBe(400);
    const badRange = await admin.get('/api/time-entries/timesheet/export?format=csv&period=custom');
    expect(badRange.status).toBe(400);
    expect((await admin.get('/api/time-entries/timesheet/options?clientId=x')).status).toBe(400);
  });
});
