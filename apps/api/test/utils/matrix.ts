import request from 'supertest';
import { MODULES } from '@wkflow/contracts';
import { loginAs, newUser, startTestApp, type TestContext, TEST_ADMIN_PASSWORD, ADMIN_EMAIL, unique } from './test-app';

/**
 * The authorization matrix: each endpoint (a row) called by each actor, against the expected
 * status class. A module adds its endpoints by appending rows (or by calling runMatrix with its
 * own rows in its own suite).
 */
export type Actor = 'anonymous' | 'admin' | 'gerente' | 'colaborador' | 'hidden' | 'noCredentials';
export const ACTORS: Actor[] = ['anonymous', 'admin', 'gerente', 'colaborador', 'hidden', 'noCredentials'];
export type LoggedInActor = Exclude<Actor, 'anonymous'>;
/** '2xx' for any success, or an exact status. */
export type Expectation = '2xx' | 400 | 401 | 403 | 404 | 409;

type Agent = ReturnType<typeof request.agent>;

export interface MatrixUser {
  id: number;
  email: string;
  password: string;
}

export interface MatrixActors {
  agents: Record<LoggedInActor, Agent>;
  users: Record<LoggedInActor, MatrixUser>;
  /** The profile behind each actor: 1, 2, 3, the custom all-hidden one and Colaborador without 'Senhas & Acessos'. */
  profiles: Record<LoggedInActor, number>;
  /** Kept for rows that only need ids. */
  ids: Record<LoggedInActor, number>;
}

/** What a row's builders get: the app, the actors, who is calling and, when logged in, as whom. */
export interface MatrixEnv {
  ctx: TestContext;
  actors: MatrixActors;
  actor: Actor;
  /** The calling user (a fresh one for freshSession rows); undefined for anonymous. */
  self?: MatrixUser;
}

export interface MatrixRow {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Built per actor, so a mutating call gets a fresh target each time. */
  path: (env: MatrixEnv) => string | Promise<string>;
  body?: (env: MatrixEnv) => object | Promise<object>;
  /**
   * Call from a session of a new user with the actor's profile instead of the shared one: for
   * calls that end or change the caller's own session or account (login, logout, own password).
   */
  freshSession?: boolean;
  /** The test's name: the route, e.g. 'GET /api/users/:id (another user)'. */
  name: string;
  /** noCredentials, when not given, expects what colaborador does (its profile differs only there). */
  expect: Record<Exclude<Actor, 'noCredentials'>, Expectation> & Partial<Record<'noCredentials', Expectation>>;
}

/** What a row expects of an actor. */
export function expectationOf(row: MatrixRow, actor: Actor): Expectation {
  return actor === 'noCredentials' ? (row.expect.noCredentials ?? row.expect.colaborador) : row.expect[actor];
}

/**
 * Shorthand: the same expectation for the logged-in actors unless overridden (noCredentials follows
 * colaborador unless named); anonymous gets 401.
 */
export function expectAll(loggedIn: Expectation, overrides: Partial<Record<Actor, Expectation>> = {}): MatrixRow['expect'] {
  return { anonymous: 401, admin: loggedIn, gerente: loggedIn, colaborador: loggedIn, hidden: loggedIn, ...overrides };
}

/** Only the listed logged-in actors get `allowed`; the other logged-in ones 403; anonymous 401. */
export function only(
  actors: LoggedInActor[],
  allowed: Expectation = '2xx',
  overrides: Partial<Record<Actor, Expectation>> = {},
): MatrixRow['expect'] {
  const expectation: MatrixRow['expect'] = expectAll(403, overrides);
  for (const actor of actors) if (!(actor in overrides)) expectation[actor] = allowed;
  return expectation;
}

/**
 * One user per seeded profile, one whose custom profile hides every module, and one whose profile
 * is Colaborador's with 'Senhas & Acessos' (client_credentials) hidden. The custom profiles are
 * made as an administrator would: POST /api/access-profiles, then PUT their permissions.
 */
export async function matrixActors(ctx: TestContext): Promise<MatrixActors> {
  const admin = await loginAs(ctx, ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  const profile = await admin.post('/api/access-profiles').send({ name: unique('Oculto '), description: 'tudo oculto' });
  if (profile.status !== 201) throw new Error(`could not create the hidden profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  const saved = await admin
    .put(`/api/access-profiles/${profile.body.id}/permissions`)
    .send({ permissions: MODULES.map((module) => ({ module, permission: 'hidden', additionalData: null })) });
  if (saved.status !== 200) throw new Error(`could not save the hidden profile: ${saved.status} ${JSON.stringify(saved.body)}`);

  const collaborator = await admin.get('/api/access-profiles/3/permissions');
  const noCredentials = await admin
    .post('/api/access-profiles')
    .send({ name: unique('Sem senhas '), description: 'Colaborador sem Senhas & Acessos' });
  const savedNoCredentials = await admin.put(`/api/access-profiles/${noCredentials.body.id}/permissions`).send({
    permissions: collaborator.body.map((p: { module: string; permission: string; additionalData: unknown }) => ({
      module: p.module,
      permission: p.module === 'client_credentials' ? 'hidden' : p.permission,
      additionalData: p.additionalData,
    })),
  });
  if (savedNoCredentials.status !== 200) throw new Error(`could not save the no-credentials profile: ${savedNoCredentials.status}`);

  const profiles: Record<LoggedInActor, number> = {
    admin: 1,
    gerente: 2,
    colaborador: 3,
    hidden: profile.body.id,
    noCredentials: noCredentials.body.id,
  };
  const [{ id: adminId }] = await ctx.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
  const users = { admin: { id: adminId, email: ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } } as Record<LoggedInActor, MatrixUser>;
  const agents = { admin } as Record<LoggedInActor, Agent>;
  for (const actor of ['gerente', 'colaborador', 'hidden', 'noCredentials'] as const) {
    const user = await newUser(ctx, { profileId: profiles[actor] });
    users[actor] = user;
    agents[actor] = await loginAs(ctx, user.email, user.password);
  }
  const ids = Object.fromEntries(Object.entries(users).map(([actor, user]) => [actor, user.id])) as Record<LoggedInActor, number>;
  return { agents, users, profiles, ids };
}

function matches(status: number, expected: Expectation): boolean {
  return expected === '2xx' ? status >= 200 && status < 300 : status === expected;
}

/** Calls one row as one actor; returns a description of the mismatch, or null. */
export async function checkRow(ctx: TestContext, actors: MatrixActors, row: MatrixRow, actor: Actor): Promise<string | null> {
  let agent: Agent | ReturnType<typeof request> = request(ctx.app.getHttpServer());
  let self: MatrixUser | undefined;
  if (actor !== 'anonymous') {
    if (row.freshSession) {
      self = await newUser(ctx, { profileId: actors.profiles[actor] });
      agent = await loginAs(ctx, self.email, self.password);
    } else {
      self = actors.users[actor];
      agent = actors.agents[actor];
    }
  }
  const env: MatrixEnv = { ctx, actors, actor, self };
  const path = await row.path(env);
  const call = agent[row.method](path);
  const response = row.body ? await call.send(await row.body(env)) : await call;
  const expected = expectationOf(row, actor);
  if (matches(response.status, expected)) return null;
  return `${actor} ${row.method.toUpperCase()} ${path}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`;
}

/** Runs every row for every actor and reports each mismatch (not only the first). */
export async function checkRows(ctx: TestContext, actors: MatrixActors, rows: MatrixRow[]): Promise<string[]> {
  const failures: string[] = [];
  for (const row of rows) {
    for (const actor of ACTORS) {
      const failure = await checkRow(ctx, actors, row, actor);
      if (failure) failures.push(failure);
    }
  }
  return failures;
}

export interface MatrixOptions {
  /** Fixtures the rows need, made once the app and the actors exist. */
  setup?: (ctx: TestContext, actors: MatrixActors) => Promise<void>;
}

/**
 * Declares one test per row inside the calling describe (or at top level): it boots the app,
 * logs the actors in, then checks each row for every actor and lists every mismatch.
 */
export function runMatrix(rows: MatrixRow[], options: MatrixOptions = {}): void {
  let ctx: TestContext;
  let actors: MatrixActors;
  beforeAll(async () => {
    ctx = await startTestApp();
    actors = await matrixActors(ctx);
    await options.setup?.(ctx, actors);
  });
  afterAll(async () => {
    await ctx?.app.close();
  });
  rows.forEach((row, index) => {
    it(`${index + 1}. ${row.name}`, async () => {
      const failures: string[] = [];
      for (const actor of ACTORS) {
        const failure = await checkRow(ctx, actors, row, actor);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    });
  });
}
