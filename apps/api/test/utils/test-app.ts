import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { type AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { unique } from '../factories';
import { TEST_ADMIN_PASSWORD } from '../setup/global-setup';

export { TEST_ADMIN_PASSWORD };
export const ADMIN_EMAIL = 'admin@wkflow.local';

/** Configuration of the run's database and Redis prefix, with overrides. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.WKFLOW_TEST_DATABASE_URL,
    REDIS_URL: process.env.WKFLOW_TEST_REDIS_URL,
    REDIS_PREFIX: process.env.WKFLOW_TEST_REDIS_PREFIX,
    SESSION_SECRET: 'test-session-secret-123456',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    LOGIN_LIMIT_ACCOUNT_CEILING: '100000',
    REGISTER_LIMIT_PER_IP: '100000',
    ...overrides,
  });
}

export interface TestContext {
  app: INestApplication;
  http: ReturnType<typeof request>;
  dataSource: DataSource;
}

export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestContext> {
  const app = await createApp(testConfig(overrides));
  return { app, http: request(app.getHttpServer()), dataSource: app.get(DataSource) };
}

// The factories own unique names and users; re-exported here for the specs that import them with the app helpers.
export { newUser, type NewUserOptions, unique } from '../factories';

/** A supertest agent that keeps the session cookie of a login. */
export async function loginAs(ctx: TestContext, email: string, password: string): Promise<ReturnType<typeof request.agent>> {
  const agent = request.agent(ctx.app.getHttpServer());
  const response = await agent.post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return agent;
}

export function loginAsAdmin(ctx: TestContext) {
  return loginAs(ctx, ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
}

/** A new access profile (unique name from `prefix`) holding exactly `permissions`; its id. */
export async function createProfile(admin: ReturnType<typeof request.agent>, permissions: object[], prefix = 'Perfil '): Promise<number> {
  const profile = (
    await admin
      .post('/api/access-profiles')
      .send({ name: unique(prefix), description: 'teste' })
      .expect(201)
  ).body;
  await admin.put(`/api/access-profiles/${profile.id}/permissions`).send({ permissions }).expect(200);
  return profile.id;
}
