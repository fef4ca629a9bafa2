import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkResponses, type OpenApiDocument, type RecordedResponse } from '../utils/openapi-responses';

/** Makes the run's folder the workers record responses into (test/setup/record-responses.ts). */
export function startRecording(runId: string): void {
  process.env.WKFLOW_TEST_RESPONSES_DIR = mkdtempSync(join(tmpdir(), `wkflow-responses-${runId}-`));
}

/**
 * Checks every recorded response against the OpenAPI document and throws, listing each distinct
 * problem once, when one is not documented (status, content type or body). KEEP_TEST_RESPONSES=1
 * keeps the records' folder.
 */
export async function checkRecordedResponses(loadDocument: () => Promise<OpenApiDocument>): Promise<void> {
  const dir = process.env.WKFLOW_TEST_RESPONSES_DIR;
  if (!dir || !existsSync(dir)) return;
  const records: RecordedResponse[] = readdirSync(dir).flatMap((name) =>
    readFileSync(join(dir, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as RecordedResponse),
  );
  if (process.env.KEEP_TEST_RESPONSES) console.log(`\nRecorded responses kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  if (!records.length) return;
  const { checked, problems } = checkResponses(await loadDocument(), records);
  console.log(`\nOpenAPI: ${checked} API responses checked against /api/docs-json, ${problems.length} problem(s).`);
  if (problems.length) {
    throw new Error(`Responses the OpenAPI document does not describe (${problems.length}):\n  ${problems.slice(0, 60).join('\n  ')}`);
  }
}
