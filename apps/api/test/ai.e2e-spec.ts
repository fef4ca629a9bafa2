import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { AI_MESSAGES } from '../src/ai/parser';
import { CLIENT_REQUIRED } from '../src/ai/ai.service';
import { COLUMN_REQUIRED, TEXT_REQUIRED } from '../src/ai/dto/ai.dto';
import { columnNamed, newClient as newNamedClient } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const TZ = 'America/Sao_Paulo';

/** A user with a chosen, unique first name (test users otherwise all start with 'Test'). */
function namedUser(ctx: TestContext, firstName: string, profileId = 2) {
  return newUser(ctx, { profileId, name: `${firstName} Andrade` });
}

async function newClient(ctx: TestContext, name: string): Promise<number> {
  return (await newNamedClient(ctx, { name })).id;
}

async function eventually<T>(probe: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value || Date.now() - start > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

describe('AI task creation: offline parser (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let manager: Agent;
  let collaborator: Agent;
  let clientName: string;
  let clientId: number;
  let person: Awaited<ReturnType<typeof namedUser>>;
  let columnId: number;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    clientName = `Agência ${capitalised(unique('z'))}`;
    clientId = await newClient(ctx, clientName);
    person = await namedUser(ctx, capitalised(unique('zuleica')));
    const managerUser = await newUser(ctx, { profileId: 2 });
    manager = await loginAs(ctx, managerUser.email, managerUser.password);
    const collaboratorUser = await newUser(ctx, { profileId: 3 });
    collaborator = await loginAs(ctx, collaboratorUser.email, collaboratorUser.password);
    const columns = (await admin.get('/api/columns').expect(200)).body as { id: number; name: string }[];
    columnId = columns.find((c) => c.name === 'A fazer')!.id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const sentence = () => `Criar posts de Natal da ${clientName} para a ${person.name.split(' ')[0]} amanhã às 14h`;

  it('needs a session and tasks write', async () => {
    await ctx.http.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(401);
    await ctx.http.post('/api/ai/create-task').send({}).expect(401);
    const denied = await collaborator.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(403);
    expect(typeof denied.body.message).toBe('string');
    await collaborator
      .post('/api/ai/create-task')
      .send({ suggestion: { title: 'x' }, columnId })
      .expect(403);
  });

  it('parses a pt-BR sentence against the real users and clients', async () => {
    const response = await manager.post('/api/ai/parse-task').send({ text: sentence() }).expect(200);
    const tomorrow = DateTime.now().setZone(TZ).plus({ days: 1 }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
    expect(response.body).toEqual({
      title: 'Criar posts de Natal',
      description: sentence(),
      clientName,
      clientId,
      assignedToNames: [person.name],
      assignedToIds: [person.id],
      deadline: tomorrow.toISO({ suppressMilliseconds: true }),
      confidence: 1,
      suggestions: [],
      warnings: [],
    });
  });

  it('gives the debug data to username admin only', async () => {
    const response = await admin.post('/api/ai/parse-task').send({ text: sentence() }).expect(200);
    const [{ users }] = await ctx.dataSource.query(`SELECT count(*)::int AS users FROM users WHERE "isApproved"`);
    const [{ clients }] = await ctx.dataSource.query(`SELECT count(*)::int AS clients FROM clients`);
    expect(response.body.debug).toMatchObject({
      originalText: sentence(),
      mode: 'offline',
      model: null,
      usersCount: users,
      clientsCount: clients,
    });
    expect(JSON.parse(response.body.debug.rawResponse)).toMatchObject({ title: 'Criar posts de Natal', clientId });

    // Profile 1 is not enough: the rule is the username.
    const otherAdmin = await newUser(ctx, { profileId: 1 });
    const asOtherAdmin = await loginAs(ctx, otherAdmin.email, otherAdmin.password);
    const plain = await asOtherAdmin.post('/api/ai/parse-task').send({ text: sentence() }).expect(200);
    expect(plain.body.debug).toBeUndefined();
  });

  it('warns about unknown people and a missing client, never inventing ids', async () => {
    const response = await manager
      .post('/api/ai/parse-task')
      .send({ text: 'Orçamento para o cliente Inexistentezz com o @ninguemzz amanhã' })
      .expect(200);
    expect(response.body).toMatchObject({ clientId: null, assignedToIds: [] });
    expect(response.body.warnings).toEqual(
      expect.arrayContaining([AI_MESSAGES.clientNotFound('Inexistentezz'), AI_MESSAGES.personNotFound('@ninguemzz'), AI_MESSAGES.noClient]),
    );
  });

  it.each([
    ['no text', {}, TEXT_REQUIRED],
    ['blank text', { text: '  \n ' }, TEXT_REQUIRED],
    ['text of the wrong type', { text: 42 }, TEXT_REQUIRED],
    ['text too long', { text: 'a'.repeat(4001) }, 'Texto deve ter no máximo 4000 caracteres'],
    ['an unknown field', { text: 'Criar posts', extra: 1 }, 'O campo extra não é permitido'],
  ])('parse-task refuses %s', async (_label, body, message) => {
    const response = await manager.post('/api/ai/parse-task').send(body).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('creates the task through the board: column, assignees, history and the notification', async () => {
    const { body: suggestion } = await manager.post('/api/ai/parse-task').send({ text: sentence() }).expect(200);
    const created = await manager.post('/api/ai/create-task').send({ suggestion, columnId }).expect(201);
    expect(created.body).toMatchObject({
      title: 'Criar posts de Natal',
      description: sentence(),
      clientId,
      columnId,
      assignedTo: [person.id],
      deadline: new Date(suggestion.deadline).toISOString(),
      isArchived: false,
    });
    const history = await ctx.dataSource.query(`SELECT "actionType" FROM task_history WHERE "taskId" = $1 ORDER BY id`, [created.body.id]);
    expect(history.map((h: { actionType: string }) => h.actionType)).toEqual(['created', 'assigned']);
    const listed = (await admin.get('/api/tasks').expect(200)).body as { id: number }[];
    expect(listed.some((t) => t.id === created.body.id)).toBe(true);
    const notified = await eventually(
      async () =>
        (await ctx.dataSource.query(`SELECT type FROM notifications WHERE "userId" = $1 AND type = 'task_assigned'`, [person.id])).length,
    );
    expect(notified).toBeGreaterThan(0);
  });

  it('matches a client and people given only by name when creating', async () => {
    const suggestion = {
      title: 'Revisar textos',
      description: 'Revisar textos do site',
      clientName: clientName.toLowerCase(),
      assignedToNames: [person.name.toUpperCase(), 'Fulano Inexistente'],
      deadline: DateTime.now().plus({ days: 2 }).toISO(),
    };
    const created = await admin.post('/api/ai/create-task').send({ suggestion, columnId }).expect(201);
    expect(created.body).toMatchObject({ clientId, assignedTo: [person.id] });
  });

  describe('create-task validation writes nothing', () => {
    let before: number;
    beforeEach(async () => {
      [{ n: before }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM tasks`);
    });
    afterEach(async () => {
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM tasks`);
      expect(n).toBe(before);
    });

    const valid = () => ({
      title: 'Tarefa da IA',
      description: 'Descrição gerada',
      clientId,
      clientName,
      assignedToIds: [],
      assignedToNames: [],
      deadline: DateTime.now().plus({ days: 1 }).toISO(),
      confidence: 0.8,
      suggestions: [],
      warnings: [],
    });

    it.each([
      ['no column', () => ({ suggestion: valid() }), COLUMN_REQUIRED],
      ['a null column', () => ({ suggestion: valid(), columnId: null }), COLUMN_REQUIRED],
      ['a column of the wrong type', () => ({ suggestion: valid(), columnId: 'A fazer' }), COLUMN_REQUIRED],
      ['a missing column', () => ({ suggestion: valid(), columnId: 2_000_000_000 }), 'Lista não encontrada'],
      ['no suggestion', () => ({ columnId: 1 }), 'Sugestão da IA é obrigatória'],
      ['a suggestion that is not an object', () => ({ suggestion: 'x', columnId: 1 }), 'Sugestão da IA é obrigatória'],
      ['no client', () => ({ suggestion: { ...valid(), clientId: null, clientName: null } }), CLIENT_REQUIRED],
      ['an unknown client name', () => ({ suggestion: { ...valid(), clientId: null, clientName: 'Ninguém Ltda' } }), CLIENT_REQUIRED],
      ['a missing client id', () => ({ suggestion: { ...valid(), clientId: 2_000_000_000 } }), 'Cliente não encontrado'],
      ['a blank title', () => ({ suggestion: { ...valid(), title: '  ' } }), 'Título é obrigatório'],
      ['a blank description', () => ({ suggestion: { ...valid(), description: '' } }), 'Descrição é obrigatória'],
      ['no deadline', () => ({ suggestion: { ...valid(), deadline: null } }), 'Prazo é obrigatório'],
      ['an invalid deadline', () => ({ suggestion: { ...valid(), deadline: 'amanhã' } }), 'Prazo é obrigatório'],
      [
        'an unknown assignee id',
        () => ({ suggestion: { ...valid(), assignedToIds: [2_000_000_000] } }),
        'Responsáveis não encontrados: 2000000000',
      ],
      ['an unknown suggestion field', () => ({ suggestion: { ...valid(), debug: {} } }), 'O campo suggestion.debug não é permitido'],
    ])('refuses %s', async (_label, body, message) => {
      const payload = body() as Record<string, unknown>;
      if (!('columnId' in payload) && _label !== 'no column') payload.columnId = columnId;
      const response = await manager.post('/api/ai/create-task').send(payload).expect(400);
      expect(response.body.message).toBe(message);
    });
  });
});

/** An OpenAI-compatible chat-completions server on the loopback, answering as each test sets. */
class FakeProvider {
  server: Server;
  requests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  reply: (res: ServerResponse) => void = (res) => this.content(res, '{}');

  constructor() {
    this.server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        this.requests.push({ headers: req.headers, body: JSON.parse(data) });
        this.reply(res);
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A chat completion whose message content is `content`. */
  content(res: ServerResponse, content: string): void {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'gpt-4o',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  }
}

describe('AI task creation: OpenAI SDK against a local chat-completions server (e2e)', () => {
  const provider = new FakeProvider();
  let ctx: TestContext;
  let admin: Agent;
  let manager: Agent;
  let clientName: string;
  let clientId: number;
  let person: Awaited<ReturnType<typeof namedUser>>;

  beforeAll(async () => {
    const baseUrl = await provider.start();
    ctx = await startTestApp({ OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: baseUrl, AI_MODEL: 'gpt-4o', AI_TIMEOUT_MS: '500' });
    admin = await loginAsAdmin(ctx);
    const managerUser = await newUser(ctx, { profileId: 2 });
    manager = await loginAs(ctx, managerUser.email, managerUser.password);
    clientName = `Padaria ${capitalised(unique('q'))}`;
    clientId = await newClient(ctx, clientName);
    person = await namedUser(ctx, capitalised(unique('josefa')));
  });
  afterAll(async () => {
    await ctx.app.close();
    await provider.stop();
  });

  it('asks the configured model for JSON with the team, the clients and today as context', async () => {
    const deadline = DateTime.now().setZone(TZ).plus({ days: 3 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const answer = {
      title: 'Criar cardápio de Natal',
      description: 'Criar o cardápio de Natal da padaria.',
      // Names as a model may write them: other case, no accents, and one person who does not exist.
      clientName: clientName.toLowerCase(),
      assignedToNames: [person.name.toLowerCase(), 'Fulano de Tal'],
      assignedToIds: [999_999],
      deadline: deadline.toISO(),
      confidence: 0.95,
      suggestions: ['Anexe as fotos dos produtos'],
      warnings: [],
    };
    provider.reply = (res) => provider.content(res, JSON.stringify(answer));
    const response = await admin
      .post('/api/ai/parse-task')
      .send({ text: 'Cardápio de Natal da padaria para a Josefa em 3 dias às 10h' })
      .expect(200);

    expect(response.body).toMatchObject({
      title: 'Criar cardápio de Natal',
      description: 'Criar o cardápio de Natal da padaria.',
      clientName,
      clientId,
      assignedToNames: [person.name],
      assignedToIds: [person.id],
      deadline: deadline.toISO({ suppressMilliseconds: true }),
      suggestions: ['Anexe as fotos dos produtos'],
    });
    expect(response.body.warnings).toEqual([AI_MESSAGES.personNotFound('Fulano de Tal')]);
    // One unmatched name costs confidence.
    expect(response.body.confidence).toBeCloseTo(0.85);
    expect(response.body.debug).toMatchObject({ mode: 'openai', model: 'gpt-4o', rawResponse: JSON.stringify(answer) });

    const request = provider.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body).toMatchObject({ model: 'gpt-4o', response_format: { type: 'json_object' } });
    const [system, user] = request.body.messages as Array<{ role: string; content: string }>;
    expect(system.role).toBe('system');
    expect(system.content).toContain(DateTime.now().setZone(TZ).toFormat('dd/MM/yyyy'));
    expect(system.content).toContain(TZ);
    expect(system.content).toContain(JSON.stringify({ id: person.id, name: person.name, username: person.username }));
    expect(system.content).toContain(JSON.stringify({ id: clientId, name: clientName }));
    expect(user).toEqual({ role: 'user', content: 'Cardápio de Natal da padaria para a Josefa em 3 dias às 10h' });
  });

  it('gives no debug data to other users', async () => {
    provider.reply = (res) => provider.content(res, JSON.stringify({ title: 'Criar posts', description: 'Criar posts', deadline: null }));
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts' }).expect(200);
    expect(response.body.debug).toBeUndefined();
    expect(response.body.warnings).toEqual(expect.arrayContaining([AI_MESSAGES.noClient, AI_MESSAGES.noDeadline]));
  });

  it('answers malformed JSON with a clear 502', async () => {
    provider.reply = (res) => provider.content(res, 'Claro! Aqui está a tarefa: {título: ');
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(502);
    expect(response.body).toEqual({
      statusCode: 502,
      message: 'Falha ao consultar o serviço de IA: a resposta não é um JSON válido',
      error: expect.any(String),
    });
  });

  it('answers JSON that is not an object with a clear 502', async () => {
    provider.reply = (res) => provider.content(res, '["Criar posts"]');
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(502);
    expect(response.body.message).toBe('Falha ao consultar o serviço de IA: a resposta não tem o formato esperado');
  });

  it('answers a provider error with a clear 502', async () => {
    provider.reply = (res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'modelo sobrecarregado', type: 'server_error' } }));
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(502);
    expect(response.body.message).toBe('Falha ao consultar o serviço de IA: 500 modelo sobrecarregado');
  });

  it('answers an unreadable HTTP body with a clear 502', async () => {
    provider.reply = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(502);
    expect(response.body.message).toMatch(/^Falha ao consultar o serviço de IA: /);
  });

  it('answers a provider that does not answer within AI_TIMEOUT_MS with a clear 504, and hangs up on it', async () => {
    // A provider that never answers: only the API's own time limit can end the request.
    let abandoned = false;
    provider.reply = (res) => {
      res.on('close', () => (abandoned = true));
    };
    const response = await manager.post('/api/ai/parse-task').send({ text: 'Criar posts amanhã' }).expect(504);
    expect(response.body.message).toBe('Falha ao consultar o serviço de IA: tempo limite de 0.5 s esgotado');
    // And the API hung up on the provider rather than leaving the call open.
    expect(await eventually(async () => abandoned)).toBe(true);
  });

  it('creates a task from the model suggestion', async () => {
    const { id: columnId } = await columnNamed(ctx, 'Em andamento');
    const deadline = DateTime.now().setZone(TZ).plus({ days: 1 }).set({ hour: 18, minute: 0 });
    provider.reply = (res) =>
      provider.content(
        res,
        JSON.stringify({
          title: 'Fotos do cardápio',
          description: 'Fotos do cardápio novo',
          clientName,
          assignedToNames: [person.name],
          deadline: deadline.toISO(),
        }),
      );
    const { body: suggestion } = await manager.post('/api/ai/parse-task').send({ text: 'Fotos do cardápio novo amanhã' }).expect(200);
    const created = await manager.post('/api/ai/create-task').send({ suggestion, columnId }).expect(201);
    expect(created.body).toMatchObject({ title: 'Fotos do cardápio', clientId, columnId, assignedTo: [person.id] });
  });
});
