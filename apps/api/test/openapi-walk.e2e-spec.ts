import type { ErrorObject, ValidateFunction } from 'ajv';
import request from 'supertest';
import { INVALID_SESSION_ID } from '../src/auth/sessions.controller';
import { INVALID_ID } from '../src/platform/http/id-param';
import { startIsolatedApp, type IsolatedApp } from './utils/isolated-app';
import { responseChecker, schemaCompiler } from './utils/openapi-responses';
import {
  documentOperations,
  encodePathValue,
  HTTP_METHODS,
  type Operation,
  type Parameter,
  type RequestDocument,
  resolveRef,
  type Schema,
} from './utils/openapi-requests';
import { loginAs, loginAsAdmin, newUser, unique } from './utils/test-app';

/**
 * Walks every operation of the OpenAPI document with requests generated from it, as an administrator:
 *  - valid requests (ajv says they match the document: required fields only, every field, each
 *    value of each enum, each branch of a oneOf, with ids of objects made for the request) must not
 *    be refused with 400 unless the refusal is a business rule listed in BUSINESS_RULES, nor fail;
 *  - invalid requests (ajv says they do not match: a required field missing, a wrong type, a string
 *    over maxLength, an unknown key at any depth, a bad route id or integer query value, a bad enum)
 *    must be refused with 400, and a method the path does not list with 405 and its Allow header.
 * Every response is also checked against the document by the global teardown.
 */

type Agent = ReturnType<typeof request.agent>;
type Json = Record<string, unknown>;

/**
 * Refusals of schema-valid requests that are business rules the schema cannot state, each with its
 * reason. Keep it small: a rule that can be stated belongs in the DTO (and so in the document).
 */
const BUSINESS_RULES: { operation: string; message: RegExp; why: string }[] = [
  // A reset token is valid only as it was e-mailed (password-reset.e2e-spec.ts follows one): the document cannot know one.
  { operation: 'POST /api/auth/reset-password', message: /^Este link de redefinição de senha é inválido/, why: 'an unknown token' },
  // Likewise a login-unlock token (login-limits.e2e-spec.ts follows one from the e-mail).
  { operation: 'POST /api/auth/login-unlock', message: /^Este link de liberação é inválido/, why: 'an unknown token' },
  // A rule between query parameters: OpenAPI parameters cannot depend on each other (their descriptions say it).
  { operation: 'GET /api/tasks', message: /^since não pode ser combinado/, why: 'since (changes) takes no list filters' },
  { operation: 'GET /api/time-entries/timesheet', message: /período personalizado/, why: 'from/to only with period=custom' },
  { operation: 'GET /api/time-entries/timesheet/export', message: /período personalizado/, why: 'from/to only with period=custom' },
  // The edit of a list changes something: its name or its colour (confirmCompletionChange alone changes nothing).
  { operation: 'PUT /api/columns/{id}', message: /^Informe o nome ou a cor da lista$/, why: 'name or color' },
  // The AI suggestion is taken as parse-task returned it; the task form's rules run when creating (contract AiCreateTaskBody).
  { operation: 'POST /api/ai/create-task', message: /^Cliente é obrigatório/, why: 'a suggestion without a client' },
  // A second factor's code is good only from the app holding its secret (two-factor.e2e-spec.ts computes them).
  { operation: 'POST /api/auth/2fa/enable', message: /^(Código inválido|Comece a configuração)/, why: 'no code of the secret' },
  // A rule between body properties: exactly one of code and recoveryCode (its description says it).
  { operation: 'POST /api/auth/2fa/verify', message: /^Informe o código do aplicativo ou um código de recuperação$/, why: 'one answer' },
];

const BAD_IDS = ['0x10', '1e3', '+1', '01', '1.5', '0', ' 1', '2147483648', '-1'];
/** Path ids that are no integer say so with their own message (a session's listed id). */
const PATH_ID_MESSAGES: Record<string, string> = { '/api/auth/sessions/{id}': INVALID_SESSION_ID };
const BAD_QUERY_INTEGERS = ['0x10', '1e3', '+1', '01', '1.5', ' 1', '-1', 'abc'];
/** A 1×1 PNG (the client logo upload checks the bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const UNKNOWN_KEY = 'walkUnknownKey';

describe('OpenAPI walk: every operation, valid and invalid requests generated from the document', () => {
  let ctx: IsolatedApp;
  let admin: Agent;
  let adminId: number;
  let document: RequestDocument;
  let schemas: Record<string, Schema>;
  let operations: Operation[];
  let compile: (key: string, schema: Schema) => ValidateFunction;
  let sequence = 0;
  const next = () => (sequence += 1);

  beforeAll(async () => {
    ctx = await startIsolatedApp('walk');
    admin = await loginAsAdmin(ctx);
    adminId = (await admin.get('/api/auth/me').expect(200)).body.user.id;
    document = (await ctx.http.get('/api/docs-json').expect(200)).body;
    schemas = document.components?.schemas ?? {};
    operations = documentOperations(document);
    compile = schemaCompiler(document as never) as never;
  });
  afterAll(async () => {
    await ctx.stop();
  });

  // ---------------------------------------------------------------- real objects for ids

  const today = new Date();
  const iso = (hoursFromNow: number) => new Date(today.getTime() + hoursFromNow * 3_600_000).toISOString();
  const post = async (path: string, body: object) => {
    const response = await admin.post(path).send(body);
    if (response.status !== 201)
      throw new Error(`fixture POST ${path} ${JSON.stringify(body)} → ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Json & { id: number };
  };
  /** Time entries of the walk, each in a slot of its own (6 minutes apart, from ~83 days ago), so none overlaps another. */
  let slots = 0;
  const slotStart = () => iso(-2000 + (slots += 1) * 0.1);
  const slotEnd = () => iso(-2000 + slots * 0.1 + 0.05);

  const makeClient = () => post('/api/clients', { name: `Cliente ${unique('w')}` });
  async function makeTask(): Promise<number> {
    const client = await makeClient();
    return (await post('/api/tasks', { title: `Tarefa ${next()}`, description: 'walk', clientId: client.id, deadline: iso(24) })).id;
  }
  let column: number | undefined;
  const sharedColumn = async () => (column ??= (await post('/api/columns', { name: `Lista ${next()}` })).id);
  const makeProfile = async () => (await post('/api/access-profiles', { name: `Perfil ${unique('w')}`, description: 'perfil do walk' })).id;
  const firstId = async (sql: string) => String((await ctx.dataSource.query(sql))[0]?.id ?? 1);

  /** Ids of objects made for one request of an operation, by path parameter. */
  async function pathIds(op: Operation): Promise<Record<string, string>> {
    const p = op.path;
    const ids: Record<string, string> = {};
    if (!p.includes('{')) return ids;
    if (p === '/api/auth/sessions/{id}') {
      // Another session of the walking administrator's, which the call ends.
      const other = await loginAsAdmin(ctx);
      ids.id = ((await other.get('/api/auth/sessions').expect(200)).body as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    } else if (p.startsWith('/api/users/')) {
      ids.id = String((await newUser(ctx, { approved: !/approve|reject/.test(p) })).id);
    } else if (p.startsWith('/api/access-profiles/')) ids.id = String(await makeProfile());
    else if (p.startsWith('/api/module-permissions/'))
      ids.id = String((await post('/api/module-permissions', { profileId: await makeProfile(), module: 'tasks', permission: 'read' })).id);
    else if (p.startsWith('/api/clients/')) {
      const client = await makeClient();
      ids.id = String(client.id);
      if (p.includes('{credentialId}'))
        ids.credentialId = String(
          (await post(`/api/clients/${client.id}/access`, { toolName: 'Tool', url: 'https://example.test', username: 'u', password: 'p' }))
            .id,
        );
      if (p.endsWith('/logo') && op.method !== 'post')
        await admin.post(`/api/clients/${client.id}/logo`).attach('file', PNG, 'logo.png').expect(201);
    } else if (p.startsWith('/api/columns/')) ids.id = String((await post('/api/columns', { name: `Lista ${next()}` })).id);
    else if (p.startsWith('/api/tasks/')) {
      ids.id = String(await makeTask());
      if (p.includes('{attachmentId}'))
        ids.attachmentId = String(
          (await admin.post(`/api/tasks/${ids.id}/attachments`).attach('file', Buffer.from('walk'), 'walk.txt').expect(201)).body.id,
        );
    } else if (p === '/api/time-entries/{id}/stop') {
      const running = (await admin.get('/api/time-entries/active').expect(200)).body as { id: number } | null;
      if (running) await admin.post(`/api/time-entries/${running.id}/stop`).expect(200);
      ids.id = String((await post('/api/time-entries/start', { taskId: await makeTask() })).id);
    } else if (p === '/api/time-entries/task/{id}') ids.id = String(await makeTask());
    else if (p.startsWith('/api/time-entries/'))
      ids.id = String((await post('/api/time-entries', { taskId: await makeTask(), startTime: slotStart(), endTime: slotEnd() })).id);
    else if (p.startsWith('/api/onboarding/')) {
      const process = await post('/api/onboarding', { clientId: (await makeClient()).id });
      ids.id = ids.processId = String(process.id);
      const steps = (await admin.get(`/api/onboarding/${process.id}/steps`).expect(200)).body as { id: number }[];
      ids.stepId = String(steps[0]?.id ?? 1);
    } else if (p.startsWith('/api/chat/rooms/')) ids.id = String((await post('/api/chat/rooms', { name: `Sala ${next()}` })).id);
    else if (p.startsWith('/api/notifications/')) ids.id = String((await post('/api/notifications/test', {})).id);
    else if (p.startsWith('/api/admin/email-queue/')) {
      await admin.post('/api/admin/test-email').send({ to: 'walk@example.test' });
      ids.id = await firstId('SELECT id FROM email_queue ORDER BY id DESC LIMIT 1');
    } else if (p.startsWith('/api/analytics/reports/'))
      ids.id = String((await post('/api/analytics/reports', { name: 'Relatório', type: 'productivity', parameters: { period: 30 } })).id);
    else if (p.startsWith('/api/recommendations/')) {
      await admin.post('/api/recommendations/generate');
      ids.id = await firstId(`SELECT id FROM recommendations ORDER BY id DESC LIMIT 1`);
    } else if (p.startsWith('/api/learning/paths/')) {
      const [row] = await ctx.dataSource.query(`SELECT "pathId" AS id, id AS "stepId" FROM learning_steps ORDER BY id LIMIT 1`);
      ids.id = String(row?.id ?? 1);
      ids.stepId = String(row?.stepId ?? 1);
    } else if (p === '/api/themes/user/{userId}') ids.userId = String(adminId);
    else if (p.startsWith('/api/themes/')) ids.id = await firstId('SELECT id FROM themes ORDER BY id LIMIT 1');
    for (const name of p.match(/\{([^}]+)\}/g) ?? []) ids[name.slice(1, -1)] ??= '1';
    return ids;
  }

  // ---------------------------------------------------------------- valid values from the schemas

  interface Context {
    ids: Record<string, string>;
    /** The acting user's password (change-password's currentPassword). */
    password?: string;
    /** Real ids of body fields, made on first use for this request. */
    bodyIds: Map<string, unknown>;
  }

  /** A body field that names an object: one that exists (made for this request when it must be fresh). */
  async function bodyId(name: string, c: Context): Promise<unknown> {
    if (c.bodyIds.has(name)) return c.bodyIds.get(name);
    const made = await (async () => {
      switch (name) {
        case 'clientId':
          return (await makeClient()).id;
        case 'taskId':
          return makeTask();
        case 'columnId':
        case 'id': // a column of the reorder
          return sharedColumn();
        case 'userId':
          return adminId;
        case 'assignedTo':
        case 'assignedToIds':
          return adminId;
        case 'profileId':
          return makeProfile();
        case 'accessProfileId':
          return 3;
        case 'replyTo':
          return null; // a message of the same room: none is made, null is the documented "no reply"
        default:
          return undefined;
      }
    })();
    c.bodyIds.set(name, made);
    return made;
  }

  function typesOf(schema: Schema): string[] {
    return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  }

  /** The branch a value is built from: the referenced component, or anyOf's first that is not null. */
  function concrete(schema: Schema | undefined): Schema {
    let current = resolveRef(schemas, schema);
    if (current.anyOf)
      current = resolveRef(schemas, current.anyOf.find((s) => !typesOf(resolveRef(schemas, s)).every((t) => t === 'null')) ?? {});
    return current;
  }

  /** A string the schema takes: from its example or default when they fit, else made to its bounds. */
  function text(schema: Schema, name: string, key: string): string {
    const fits = (value: unknown) => compile(`${key}#fits`, schema)(value);
    for (const candidate of [schema.example, schema.default]) if (typeof candidate === 'string' && fits(candidate)) return candidate;
    const n = next();
    const candidates =
      schema.format === 'email'
        ? [`walk${n}@example.test`]
        : schema.format === 'date-time'
          ? [/start/i.test(name) ? slotStart() : /end/i.test(name) ? slotEnd() : iso(48)]
          : schema.format === 'date'
            ? ['2025-01-10']
            : schema.format === 'uri'
              ? [`https://example.test/walk${n}`]
              : /password/i.test(name)
                ? ['Walk-senha-forte-1'] // one value, so a confirmation matches its password
                : [`walk${n}`, `Walk text ${n}`, `#3b82f6`, `1700000000000_${n}`];
    for (const candidate of candidates) {
      let value = candidate;
      if (schema.minLength && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
      if (schema.maxLength && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
      if (fits(value)) return value;
    }
    throw new Error(`${key}: no generated text fits ${JSON.stringify(schema)} (give the property an example that does)`);
  }

  /** A value the schema takes; `full` fills every property of objects, not only the required ones. */
  async function valueOf(raw: Schema | undefined, name: string, key: string, full: boolean, c: Context): Promise<unknown> {
    const schema = concrete(raw);
    if (schema.const !== undefined) return schema.const;
    const types = typesOf(schema).filter((t) => t !== 'null');
    if (
      ['clientId', 'taskId', 'columnId', 'userId', 'profileId', 'accessProfileId', 'replyTo', 'id'].includes(name) &&
      types[0] === 'integer'
    )
      return bodyId(name, c);
    if (schema.enum?.length) return schema.enum.find((v) => v !== null);
    switch (types[0] ?? (schema.properties ? 'object' : undefined)) {
      case 'integer':
      case 'number':
        return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
      case 'boolean':
        return true;
      case 'string':
        return text(schema, name, key);
      case 'array': {
        const item = concrete(schema.items);
        if (typesOf(item)[0] === 'integer' && /assigned/i.test(name)) return [await bodyId(name, c)];
        return [await valueOf(schema.items, name, `${key}[]`, full, c)];
      }
      case 'object': {
        const out: Json = {};
        for (const [property, sub] of Object.entries(schema.properties ?? {})) {
          if (typeof sub === 'boolean' || (!full && !schema.required?.includes(property))) continue;
          out[property] = await valueOf(sub, property, `${key}.${property}`, full, c);
        }
        return out;
      }
      default:
        return null;
    }
  }

  /** Makes `value` valid for the schema by ajv's own errors: adds what is required, drops what is refused (bounded). */
  async function repair(value: Json, schema: Schema, key: string, c: Context): Promise<Json | undefined> {
    const validate = compile(key, schema);
    for (let round = 0; round < 12; round += 1) {
      if (validate(value)) return value;
      const errors = validate.errors ?? [];
      let changed = false;
      for (const error of errors) changed = (await fix(value, schema, error, key, c)) || changed;
      if (!changed) return undefined;
    }
    return validate(value) ? value : undefined;
  }

  function at(value: Json, pointer: string): { parent: Json | undefined; property: string } {
    const parts = pointer.split('/').slice(1);
    const property = parts.pop() ?? '';
    let parent: unknown = value;
    for (const part of parts) parent = (parent as Json | undefined)?.[part];
    return { parent: parent as Json | undefined, property };
  }

  async function fix(value: Json, schema: Schema, error: ErrorObject, key: string, c: Context): Promise<boolean> {
    if (error.keyword === 'required') {
      const target = (error.instancePath ? at(value, error.instancePath) : { parent: { v: value }, property: 'v' }) as {
        parent: Json;
        property: string;
      };
      const object = target.parent?.[target.property] as Json | undefined;
      const missing = String(error.params.missingProperty);
      if (!object || missing in object) return false;
      const owner = error.instancePath ? undefined : resolveRef(schemas, schema);
      const sub = (owner?.properties?.[missing] ?? {}) as Schema;
      object[missing] = await valueOf(sub, missing, `${key}.${missing}`, true, c);
      return true;
    }
    if (error.keyword === 'false schema' || error.keyword === 'additionalProperties') {
      const pointer =
        error.keyword === 'additionalProperties' ? `${error.instancePath}/${String(error.params.additionalProperty)}` : error.instancePath;
      const { parent, property } = at(value, pointer);
      if (!parent || !(property in parent)) return false;
      delete parent[property];
      return true;
    }
    if (error.keyword === 'oneOf' && Array.isArray(error.params.passingSchemas)) {
      // More than one branch holds (both of two fields sent): drop the required field of the later ones.
      const branches = (resolveRef(schemas, schema).allOf ?? []).flatMap((rule) => rule.oneOf ?? []);
      let changed = false;
      for (const index of (error.params.passingSchemas as number[]).slice(1))
        for (const field of branches[index]?.required ?? []) changed = delete value[field] || changed;
      return changed;
    }
    return false;
  }

  /** The valid bodies of an operation: required fields only, every field, each value of each top-level enum, each oneOf branch. */
  async function validBodies(op: Operation, c: Context): Promise<Json[]> {
    if (!op.body) return [];
    const schema = resolveRef(schemas, op.body);
    const key = `${op.method} ${op.path} body`;
    const seeds: Json[] = [];
    seeds.push((await valueOf(op.body, '', key, false, c)) as Json);
    const full = (await valueOf(op.body, '', key, true, c)) as Json;
    seeds.push(full);
    for (const [property, sub] of Object.entries(schema.properties ?? {})) {
      if (typeof sub === 'boolean') continue;
      for (const option of concrete(sub)
        .enum?.filter((v) => v !== null)
        .slice(1) ?? [])
        seeds.push({ ...full, [property]: option });
      if (typesOf(sub).includes('null') || sub.anyOf?.some((s) => typesOf(s).includes('null'))) seeds.push({ ...full, [property]: null });
    }
    for (const branch of (schema.allOf ?? []).flatMap((rule) => rule.oneOf ?? []))
      seeds.push(
        Object.fromEntries(
          Object.entries(full).filter(
            ([k]) => !(schema.allOf ?? []).some((r) => r.oneOf?.some((b) => b.required?.includes(k))) || branch.required?.includes(k),
          ),
        ),
      );
    const out: Json[] = [];
    for (const seed of seeds) {
      const repaired = await repair(structuredClone(seed), op.body, key, c);
      if (!repaired) throw new Error(`${op.method.toUpperCase()} ${op.path}: could not build a valid body from ${JSON.stringify(seed)}`);
      if (!out.some((known) => JSON.stringify(known) === JSON.stringify(repaired))) out.push(repaired);
    }
    return out;
  }

  /** The valid query strings of an operation: none, and every parameter (each value of each enum). */
  async function validQueries(op: Operation, c: Context): Promise<Record<string, string>[]> {
    const params = op.parameters.filter((p) => p.in === 'query');
    if (!params.length) return [{}];
    const full: Record<string, string> = {};
    for (const param of params)
      full[param.name] = String(await valueOf(param.schema, param.name, `${op.method} ${op.path} ?${param.name}`, true, c));
    const required = Object.fromEntries(Object.entries(full).filter(([name]) => params.find((p) => p.name === name)?.required));
    const out = [required, full];
    for (const param of params)
      for (const option of concrete(param.schema).enum?.filter((v) => v !== null) ?? [])
        out.push({ ...full, [param.name]: String(option) });
    return out;
  }

  // ---------------------------------------------------------------- sending

  const name = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;

  /** The agent an operation is called with: a user of its own for the calls on one's own session and account. */
  async function actor(op: Operation): Promise<{ agent: Agent; password?: string }> {
    if (['/api/auth/logout', '/api/auth/change-password', '/api/auth/profile', '/api/auth/sessions/end-others'].includes(op.path)) {
      const user = await newUser(ctx);
      return { agent: await loginAs(ctx, user.email, user.password), password: user.password };
    }
    return { agent: admin };
  }

  async function send(
    agent: Agent,
    op: Operation,
    options: { ids: Record<string, string>; query?: Record<string, string>; body?: unknown; method?: string; upload?: boolean },
  ) {
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, param: string) => encodePathValue(options.ids[param] ?? '1'));
    const client = agent as unknown as Record<string, (url: string) => request.Test>;
    let call = client[options.method ?? op.method](url);
    if (options.query && Object.keys(options.query).length)
      call = call.query(
        Object.entries(options.query)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&'),
      );
    if (options.upload) {
      const field = Object.keys(concrete(op.multipart).properties ?? {})[0];
      call = op.path.endsWith('/logo') ? call.attach(field, PNG, 'logo.png') : call.attach(field, Buffer.from('walk'), 'walk.txt');
    } else if (options.body !== undefined) call = call.send(options.body as object);
    return call;
  }

  const allowed = (op: Operation, message: unknown) =>
    BUSINESS_RULES.find((rule) => rule.operation === name(op) && rule.message.test(String(message)));

  it('builds and sends valid requests for every operation, none refused for a reason the document does not state', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const bodies = op.body ? (await validBodies(op, { ids: {}, bodyIds: new Map() })).length : 1;
      const queries = (await validQueries(op, { ids: {}, bodyIds: new Map() })).length;
      for (let variant = 0; variant < Math.max(bodies, queries); variant += 1) {
        const { agent, password } = await actor(op);
        const c: Context = { ids: await pathIds(op), password, bodyIds: new Map() };
        const body = op.body ? (await validBodies(op, c))[Math.min(variant, bodies - 1)] : undefined;
        if (body && password && 'currentPassword' in body) body.currentPassword = password;
        const query = (await validQueries(op, c))[Math.min(variant, queries - 1)];
        const response = await send(agent, op, { ids: c.ids, query, body, upload: Boolean(op.multipart) });
        sent += 1;
        const message = (response.body as { message?: unknown })?.message;
        if (response.status >= 500 || ((response.status === 400 || response.status === 422) && !allowed(op, message)))
          failures.push(`${name(op)} ${JSON.stringify({ query, body })} → ${response.status} ${String(message)}`);
      }
    }
    expect(sent).toBeGreaterThan(operations.length);
    expect(failures).toEqual([]);
  });

  it('refuses every invalid request generated from the document with 400', async () => {
    const failures: string[] = [];
    let sent = 0;
    const expect400 = async (op: Operation, label: string, options: Parameters<typeof send>[2], agent: Agent = admin) => {
      const response = await send(agent, op, options);
      sent += 1;
      if (response.status !== 400)
        failures.push(`${name(op)} [${label}] → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      return response;
    };
    for (const op of operations) {
      if (op.path === '/api/auth/logout') continue; // no input at all
      const { agent, password } = await actor(op);
      const c: Context = { ids: await pathIds(op), password, bodyIds: new Map() };
      const body = op.body ? (await validBodies(op, c))[1] : undefined;
      if (body && password && 'currentPassword' in body) body.currentPassword = password;
      const query = (await validQueries(op, c))[1];
      const base = { ids: c.ids, query, body, upload: Boolean(op.multipart) };

      // Route ids: digits of an int4 from 1, nothing else.
      for (const param of op.parameters.filter((p) => p.in === 'path'))
        for (const bad of BAD_IDS) {
          const response = await expect400(
            op,
            `path ${param.name}=${JSON.stringify(bad)}`,
            { ...base, ids: { ...c.ids, [param.name]: bad } },
            agent,
          );
          if (response.status === 400 && response.body.message !== (PATH_ID_MESSAGES[op.path] ?? INVALID_ID))
            failures.push(`${name(op)} path ${bad}: message ${response.body.message}`);
        }

      // Query parameters: integers as canonical digits, bounded text, enums.
      for (const param of op.parameters.filter((p): p is Parameter & { schema: Schema } => p.in === 'query' && !!p.schema)) {
        const schema = concrete(param.schema);
        const bad =
          typesOf(schema)[0] === 'integer'
            ? BAD_QUERY_INTEGERS
            : schema.enum
              ? ['walk-not-an-option']
              : schema.maxLength
                ? ['x'.repeat(schema.maxLength + 1)]
                : [];
        for (const value of bad)
          await expect400(op, `query ${param.name}=${JSON.stringify(value)}`, { ...base, query: { ...query, [param.name]: value } }, agent);
      }

      // Multipart: the file is required.
      if (op.multipart?.required?.length) await expect400(op, 'no file', { ...base, upload: false }, agent);

      if (!body || !op.body) continue;
      const schema = resolveRef(schemas, op.body);
      const validate = compile(`${op.method} ${op.path} body`, op.body);
      const invalid: [string, Json][] = [];
      for (const field of schema.required ?? []) {
        const { [field]: _dropped, ...rest } = body;
        invalid.push([`without ${field}`, rest]);
      }
      for (const [property, raw] of Object.entries(schema.properties ?? {})) {
        if (typeof raw === 'boolean') continue;
        const wrong = [{ walk: 1 }, 'walk', 12345, true, [1]].find((v) => !validate({ ...body, [property]: v }));
        if (wrong !== undefined) invalid.push([`${property} of a wrong type (${JSON.stringify(wrong)})`, { ...body, [property]: wrong }]);
        const max = concrete(raw).maxLength;
        if (max) invalid.push([`${property} over maxLength ${max}`, { ...body, [property]: 'x'.repeat(max + 1) }]);
      }
      // An unknown key at every depth: the body, and each object inside it (additionalData included).
      const withUnknown = (value: unknown, path: string[]): [string, Json][] => {
        if (!value || typeof value !== 'object') return [];
        if (Array.isArray(value)) return value.length ? withUnknown(value[0], [...path, '0']) : [];
        const here: [string, Json][] = [];
        const copy = structuredClone(body);
        let target = copy as Json;
        for (const part of path) target = target[part] as Json;
        target[UNKNOWN_KEY] = 'x';
        here.push([`unknown key at /${path.join('/')}`, copy]);
        return [...here, ...Object.entries(value).flatMap(([k, v]) => withUnknown(v, [...path, k]))];
      };
      // An object that takes any key (social_media's network → URL) is no place for an unknown one.
      invalid.push(...withUnknown(body, []).filter(([, candidate]) => !validate(candidate)));
      for (const [label, candidate] of invalid) {
        if (validate(candidate)) {
          failures.push(`${name(op)} [${label}]: the generated request is valid by the document (generator error)`);
          continue;
        }
        await expect400(op, label, { ...base, body: candidate }, agent);
      }
    }
    expect(sent).toBeGreaterThan(operations.length);
    expect(failures).toEqual([]);
  });

  it('answers a method a documented path does not list with 405, an Allow header and the error shape', async () => {
    const failures: string[] = [];
    const { methodsOf } = responseChecker(document as never);
    for (const path of Object.keys(document.paths)) {
      // Templates overlap (/api/users/pending and /api/users/{id}): a method is wrong when no template of the URL has it.
      const ids: Record<string, string> = {};
      const listed = methodsOf(path.replace(/\{[^}]+\}/g, '1'));
      for (const method of HTTP_METHODS.filter((m) => !listed.includes(m.toUpperCase()))) {
        const response = await send(admin, { method, path, parameters: [] }, { ids });
        const allow = String(response.headers.allow ?? '')
          .split(', ')
          .filter((m) => m !== 'HEAD');
        if (response.status !== 405 || [...allow].sort().join(',') !== listed.join(',') || response.body.error !== 'Method Not Allowed')
          failures.push(
            `${method.toUpperCase()} ${path} → ${response.status} Allow: ${response.headers.allow ?? '-'} (lists ${listed.join(', ')})`,
          );
      }
    }
    expect(failures).toEqual([]);
    await admin.get('/api/no-such-route').expect(404);
  });
});
