import request from 'supertest';
import type { OpenApiDocument } from '../utils/openapi-responses';
import { checkRecordedResponses } from './responses';

/** Remote mode: the responses the suites received are checked against the deployment's own document. */
export default async function remoteTeardown(): Promise<void> {
  const url = process.env.API_URL!.replace(/\/+$/, '');
  await checkRecordedResponses(async () => (await request(url).get('/api/docs-json').expect(200)).body as OpenApiDocument);
}
