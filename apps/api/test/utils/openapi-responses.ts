import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One response a supertest request received (written by test/setup/record-responses.ts). */
export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  contentType?: string;
  /** The Allow header of a 405. */
  allow?: string;
  /** The parsed JSON body (hasBody says whether there was one: it may be null). */
  body?: unknown;
  hasBody?: boolean;
  /** A JSON body the suite read raw (its own parser) or too large to keep: checked by status and content type only. */
  unread?: boolean;
  /** A JSON content type whose body did not parse. */
  unparsable?: boolean;
  suite?: string;
  test?: string;
}

type Schema = Record<string, unknown>;
type Response = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = { responses: Record<string, Response> };
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Mounted under /api without being API operations: the documentation itself and the queue dashboard. */
const NOT_OPERATIONS = [/^\/api\/docs(\/|-json$|-yaml$|$)/, /^\/api\/admin\/queues(\/|$)/];

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

/**
 * Checks recorded responses against an OpenAPI 3.1 document: the URL maps to a path template, the
 * status is documented for the operation (exactly, or by its nXX range), the content type is one the
 * response lists, and a JSON body validates against its schema (ajv, JSON Schema 2020-12). A path or
 * method the document does not list must be the API's 404 (ApiError).
 */
/**
 * Compiles schemas of the document (their $refs into its components) with ajv, JSON Schema 2020-12
 * and formats, once per key: what the response check and the request walk validate with.
 */
export function schemaCompiler(document: OpenApiDocument): (key: string, schema: Schema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components ?? {} });
  const validators = new Map<string, ValidateFunction>();
  return (key, schema) => {
    let validate = validators.get(key);
    if (!validate) {
      const rooted = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
      validate = ajv.compile(rooted);
      validators.set(key, validate);
    }
    return validate;
  };
}

export function responseChecker(document: OpenApiDocument) {
  const validator = schemaCompiler(document);
  const templates: Template[] = Object.keys(document.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const errorCheck = () =>
    document.components?.schemas?.ApiError ? validator('ApiError', { $ref: '#/components/schemas/ApiError' }) : undefined;

  /** The methods the document lists for this path (under any template matching it), upper case. */
  function methodsOf(pathname: string): string[] {
    const methods = new Set<string>();
    for (const template of templates)
      if (template.pattern.test(pathname)) Object.keys(document.paths[template.path]).forEach((m) => methods.add(m.toUpperCase()));
    return [...methods].filter((m) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)).sort();
  }

  /** The operation a request reached: the most literal template that has the method. */
  function operationOf(method: string, pathname: string): { path: string; operation: Operation } | undefined {
    for (const template of templates) {
      if (!template.pattern.test(pathname)) continue;
      const operation = document.paths[template.path][method];
      if (operation) return { path: template.path, operation };
    }
    return undefined;
  }

  /** What is wrong with the response (undefined when it is as documented; 'skip' when it is no API operation). */
  function check(record: RecordedResponse): string | undefined | 'skip' {
    const pathname = new URL(record.url, 'http://localhost').pathname;
    if (!pathname.startsWith('/api/') || NOT_OPERATIONS.some((pattern) => pattern.test(pathname))) return 'skip';
    const method = record.method.toLowerCase() === 'head' ? 'get' : record.method.toLowerCase();
    const mediaType = record.contentType?.split(';')[0].trim().toLowerCase();
    const found = operationOf(method, pathname);
    if (!found) {
      // A listed path with another method answers 405 with Allow, an unknown path 404; both the error shape (info.description).
      const listed = methodsOf(pathname);
      const expected = listed.length ? 405 : 404;
      if (record.status !== expected) return `no operation for this route, yet status ${record.status} (expected ${expected})`;
      const validate = errorCheck();
      if (mediaType !== 'application/json' || !validate || !validate(record.body))
        return `unknown route without the ApiError ${expected} body`;
      if (expected === 405) {
        const allow = (record.allow ?? '')
          .split(',')
          .map((m) => m.trim().toUpperCase())
          .filter((m) => m && m !== 'HEAD')
          .sort();
        if (allow.join(', ') !== listed.join(', '))
          return `405 with Allow "${record.allow ?? ''}" where the document lists ${listed.join(', ')}`;
      }
      return undefined;
    }
    const { path, operation } = found;
    const status = String(record.status);
    const key = status in operation.responses ? status : `${status[0]}XX` in operation.responses ? `${status[0]}XX` : 'default';
    const response = operation.responses[key];
    if (!response) return `${path}: status ${status} not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
    if (!response.content) {
      return record.hasBody || (record.contentType && record.status !== 304) ? `${path} ${status}: documented without a body` : undefined;
    }
    if (record.method.toLowerCase() === 'head') return undefined;
    const media = Object.keys(response.content).find(
      (type) => type === mediaType || type === '*/*' || (type.endsWith('/*') && mediaType?.startsWith(type.slice(0, -1))),
    );
    if (!media)
      return `${path} ${status}: content type ${record.contentType ?? '(none)'} not documented (${Object.keys(response.content).join(', ')})`;
    const schema = response.content[media].schema;
    if (media !== 'application/json' || !schema || record.unread) return undefined;
    if (record.unparsable) return `${path} ${status}: the JSON body does not parse`;
    if (!record.hasBody) return `${path} ${status}: an empty body where the document promises JSON`;
    const validate = validator(`${method} ${path} ${key}`, schema);
    if (validate(record.body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
    return `${path} ${status}: body does not match: ${errors.join('; ')}`;
  }

  return { check, operationOf, methodsOf };
}

/** Checks every record; the problems, one line per distinct problem, with an example request. */
export function checkResponses(document: OpenApiDocument, records: RecordedResponse[]): { checked: number; problems: string[] } {
  const { check } = responseChecker(document);
  const problems = new Map<string, string>();
  let checked = 0;
  for (const record of records) {
    const problem = check(record);
    if (problem === 'skip') continue;
    checked += 1;
    if (!problem) continue;
    const line = `${record.method} ${problem}`;
    if (!problems.has(line))
      problems.set(
        line,
        `${line}\n    e.g. ${record.method} ${new URL(record.url, 'http://localhost').pathname} → ${record.status} in ${record.suite?.split('/').pop()} › ${record.test}`,
      );
  }
  return { checked, problems: [...problems.values()] };
}
