import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ADMIN_EMAIL, startTestApp, TEST_ADMIN_PASSWORD, unique } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

/**
 * What an HTTP-only suite (test/http/*) talks to: the in-process app on the run's test database,
 * or, with API_URL set (npm run test:api:remote), a running deployment. The suite only uses HTTP,
 * logs in as ADMIN_EMAIL / ADMIN_PASSWORD, names everything it creates uniquely and registers the
 * clean-up of it; close() runs the clean-ups (newest first) and reports what could not be undone.
 */
export interface Target {
  remote: boolean;
  /** A request without a session. */
  http(): ReturnType<typeof request>;
  /** A cookie-keeping agent, not logged in. */
  agent(): Agent;
  login(email: string, password: string): Promise<Agent>;
  admin(): Promise<Agent>;
  /** An approved user made by the administrator through POST /api/users, logged in. */
  newUser(profileId?: number): Promise<{ id: number; email: string; username: string; password: string; agent: Agent }>;
  /**
   * A task made by the administrator (on a client of this run unless `clientId` is given), archived
   * by the clean-up. A client with tasks cannot be deleted, so that client stays.
   */
  newTask(fields?: Record<string, unknown>): Promise<number>;
  /** A unique name for this run's objects: qa_<run>_<n>. */
  name(prefix?: string): string;
  /**
   * Clean-up of a user this run made: a pending one is rejected (removed); an approved one stays
   * (the API deletes no approved account) with a random password nobody knows.
   */
  retireUser(id: number, label: string): void;
  /** Registers an undo step (run by close()). */
  cleanup(what: string, undo: (admin: Agent) => Promise<unknown>): void;
  close(): Promise<void>;
}

const RUN = `qa${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

export async function startTarget(): Promise<Target> {
  const remoteUrl = process.env.API_URL?.replace(/\/+$/, '');
  let app: INestApplication | null = null;
  let server: Parameters<typeof request>[0];
  let adminEmail = ADMIN_EMAIL;
  let adminPassword = TEST_ADMIN_PASSWORD;
  if (remoteUrl) {
    server = remoteUrl;
    adminEmail = process.env.ADMIN_EMAIL ?? ADMIN_EMAIL;
    adminPassword = process.env.ADMIN_PASSWORD ?? '';
    if (!adminPassword) throw new Error('Remote mode needs ADMIN_PASSWORD (and ADMIN_EMAIL unless it is admin@wkflow.local)');
  } else {
    app = (await startTestApp()).app;
    server = app.getHttpServer();
  }

  const undo: { what: string; run: (admin: Agent) => Promise<unknown> }[] = [];
  let adminAgent: Agent | null = null;
  let taskClientId: number | null = null;

  const target: Target = {
    remote: Boolean(remoteUrl),
    http: () => request(server),
    agent: () => request.agent(server),
    async login(email, password) {
      const agent = request.agent(server);
      const response = await agent.post('/api/auth/login').send({ email, password });
      if (response.status !== 200) throw new Error(`login as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
      return agent;
    },
    async admin() {
      adminAgent ??= await target.login(adminEmail, adminPassword);
      return adminAgent;
    },
    name: (prefix = '') => `${prefix}${unique(`${RUN}_`)}`,
    async newUser(profileId = 3) {
      const admin = await target.admin();
      const username = target.name();
      const password = `Qa-${randomBytes(6).toString('hex')}`;
      const email = `${username}@example.test`;
      const created = await admin
        .post('/api/users')
        .send({ name: `QA ${username}`, username, email, password, accessProfileId: profileId });
      if (created.status !== 201) throw new Error(`could not create a user: ${created.status} ${JSON.stringify(created.body)}`);
      target.retireUser(created.body.id, username);
      return { id: created.body.id, email, username, password, agent: await target.login(email, password) };
    },
    retireUser(id, label) {
      target.cleanup(`user ${label}`, async (a) => {
        const rejected = await a.post(`/api/users/${id}/reject`).send({ reason: 'limpeza do teste de QA' });
        if (rejected.status !== 409) return rejected;
        const secret = randomBytes(16).toString('hex');
        return a.put(`/api/users/${id}/password`).send({ newPassword: secret, confirmPassword: secret });
      });
    },
    async newTask(fields = {}) {
      const admin = await target.admin();
      taskClientId ??= (
        await admin
          .post('/api/clients')
          .send({ name: target.name('Cliente ') })
          .expect(201)
      ).body.id;
      const task = await admin
        .post('/api/tasks')
        .send({
          title: target.name('Tarefa '),
          description: 'teste de QA',
          clientId: taskClientId,
          deadline: new Date(Date.now() + 86400_000).toISOString(),
          ...fields,
        })
        .expect(201);
      target.cleanup(`task ${task.body.id}`, (a) => a.put(`/api/tasks/${task.body.id}`).send({ isArchived: true }));
      return task.body.id as number;
    },
    cleanup(what, run) {
      undo.push({ what, run });
    },
    async close() {
      const failures: string[] = [];
      try {
        if (undo.length) {
          const admin = await target.admin();
          for (const step of undo.reverse()) {
            const result = await step.run(admin).catch((error: unknown) => error);
            const status = (result as { status?: number } | undefined)?.status;
            if (result instanceof Error || (typeof status === 'number' && status >= 400))
              failures.push(`${step.what}: ${result instanceof Error ? result.message : status}`);
          }
        }
      } finally {
        await app?.close();
      }
      if (failures.length) console.warn(`clean-up left behind:\n  ${failures.join('\n  ')}`);
    },
  };
  return target;
}
