import request from 'supertest';
import { MODULES } from '@wkflow/contracts';
import { loginAs, loginAsAdmin, newUser, type TestContext, unique } from './test-app';

export type Actor = 'anonymous' | 'admin' | 'gerente' | 'colaborador' | 'hidden';
export const ACTORS: Actor[] = ['anonymous', 'admin', 'gerente', 'colaborador', 'hidden'];
/** '2xx' for any success, or an exact status. */
export type Expectation = '2xx' | 401 | 403 | 404;

export interface MatrixRow {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Built per actor, so a mutating call gets a fresh target each time. */
  path: (actor: Actor) => string | Promise<string>;
  body?: (actor: Actor) => object | Promise<object>;
  expect: Record<Actor, Expectation>;
}

export interface MatrixActors {
  agents: Record<Exclude<Actor, 'anonymous'>, ReturnType<typeof request.agent>>;
  ids: Record<Exclude<Actor, 'anonymous'>, number>;
}

/** Logs in one user per seeded profile plus one whose profile hides every module. */
export async function matrixActors(ctx: TestContext): Promise<MatrixActors> {
  const [{ id: hiddenProfile }] = await ctx.dataSource.query(`INSERT INTO access_profiles (name, description) VALUES ($1, 'tudo oculto') RETURNING id`, [
    unique('Oculto '),
  ]);
  for (const module of MODULES) {
    await ctx.dataSource.query(`INSERT INTO module_permissions ("profileId", module, permission) VALUES ($1, $2, 'hidden')`, [hiddenProfile, module]);
  }
  const gerente = await newUser(ctx, { profileId: 2 });
  const colaborador = await newUser(ctx, { profileId: 3 });
  const hidden = await newUser(ctx, { profileId: hiddenProfile });
  const [{ id: adminId }] = await ctx.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
  return {
    agents: {
      admin: await loginAsAdmin(ctx),
      gerente: await loginAs(ctx, gerente.email, gerente.password),
      colaborador: await loginAs(ctx, colaborador.email, colaborador.password),
      hidden: await loginAs(ctx, hidden.email, hidden.password),
    },
    ids: { admin: adminId, gerente: gerente.id, colaborador: colaborador.id, hidden: hidden.id },
  };
}

function matches(status: number, expected: Expectation): boolean {
  return expected === '2xx' ? status >= 200 && status < 300 : status === expected;
}

/** Runs every row for every actor and reports each mismatch (not only the first). */
export async function runMatrix(ctx: TestContext, actors: MatrixActors, rows: MatrixRow[]): Promise<string[]> {
  const failures: string[] = [];
  for (const row of rows) {
    for (const actor of ACTORS) {
      const path = await row.path(actor);
      const agent = actor === 'anonymous' ? request(ctx.app.getHttpServer()) : actors.agents[actor];
      const call = agent[row.method](path);
      const response = row.body ? await call.send(await row.body(actor)) : await call;
      if (!matches(response.status, row.expect[actor])) {
        failures.push(`${actor} ${row.method.toUpperCase()} ${path}: expected ${row.expect[actor]}, got ${response.status} ${JSON.stringify(response.body).slice(0, 100)}`);
      }
    }
  }
  return failures;
}

/** Shorthand: the same expectation for the four logged-in actors unless overridden; anonymous gets 401. */
export function expectAll(loggedIn: Expectation, overrides: Partial<Record<Actor, Expectation>> = {}): Record<Actor, Expectation> {
  return { anonymous: 401, admin: loggedIn, gerente: loggedIn, colaborador: loggedIn, hidden: loggedIn, ...overrides };
}
