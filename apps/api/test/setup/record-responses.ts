import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { Test } from 'supertest';
import type { RecordedResponse } from '../utils/openapi-responses';

/**
 * Records every response a supertest request receives (method, URL, status, content type, JSON body)
 * into this worker's file in the run's folder; the global teardown checks them all against the
 * OpenAPI document (test/utils/openapi-responses.ts).
 */
const dir = process.env.WKFLOW_TEST_RESPONSES_DIR;
const MAX_BODY = 2_000_000;

type Internals = {
  method: string;
  url: string;
  assert(
    error: unknown,
    res: { status: number; headers: Record<string, string>; text?: unknown; body?: unknown } | undefined,
    fn: unknown,
  ): void;
};

if (dir) {
  const file = join(dir, `${process.pid}.jsonl`);
  const prototype = Test.prototype as unknown as Internals;
  const assert = prototype.assert;
  prototype.assert = function (this: Internals, error, res, fn) {
    if (res) {
      const contentType = res.headers['content-type'];
      const record: RecordedResponse = {
        method: this.method,
        url: this.url,
        status: res.status,
        contentType,
        suite: expect.getState().testPath ?? undefined,
        test: expect.getState().currentTestName ?? undefined,
        ...(res.headers.allow ? { allow: res.headers.allow } : {}),
      };
      if (/json/.test(contentType ?? '')) {
        if (typeof res.text !== 'string' || res.text.length >= MAX_BODY) {
          // A suite's own parser took the raw (possibly compressed) bytes, or the body is huge: status and type only.
          record.unread = true;
        } else if (res.text !== '') {
          try {
            record.body = JSON.parse(res.text);
            record.hasBody = true;
          } catch {
            record.unparsable = true;
          }
        }
      }
      appendFileSync(file, `${JSON.stringify(record)}\n`);
    }
    return assert.call(this, error, res, fn);
  };
}
