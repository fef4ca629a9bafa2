import { type INestApplication, RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ACCESS_RULE, type AccessRule } from '../access/access.decorators';
import contractSchemas from './contract-schemas.json';

/** A type exported by libs/contracts (its JSON schema is generated into contract-schemas.json). */
export type ContractType = keyof typeof contractSchemas.definitions;

interface CommonOptions {
  /** Error statuses beyond those the route implies (see `impliedErrors`), e.g. 409 or 429. */
  errors?: number[];
  /** Answers 304 with no body when If-None-Match matches the ETag. */
  notModified?: boolean;
  description?: string;
}

export interface ResultOptions extends CommonOptions {
  isArray?: boolean;
  /** The result may be null: sent as the JSON `null` (platform/http/null-as-json.ts). */
  nullable?: boolean;
  /** Other statuses answered with the same body shape (health's 503). */
  alsoWith?: number[];
  /** Another body the operation answers instead (GET /api/tasks with `since`): the schema is then either. */
  or?: ContractType;
  /** Response headers of the success body, by name. */
  headers?: Record<string, { description: string; schema: object }>;
}

type ApiResultMeta = (ResultOptions & { type: ContractType }) | (CommonOptions & { files: string[] });

const API_RESULT = 'wkflow:api-result';

/** The success body of an operation: a contract type (or an array of it). */
export const ApiResult = (type: ContractType, options: ResultOptions = {}) =>
  SetMetadata(API_RESULT, { type, ...options } satisfies ApiResultMeta);

/** The success body of an operation is a file of one of these media types. */
export const ApiFile = (mediaTypes: string[], options: CommonOptions = {}) =>
  SetMetadata(API_RESULT, { files: mediaTypes, ...options } satisfies ApiResultMeta);

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input: validation, malformed JSON or identifier',
  '401': 'Not logged in',
  '403': 'Not allowed for this user (or a write from a foreign origin)',
  '404': 'Not found (or not visible to this user)',
  '409': 'Conflicts with the current state',
  '413': 'Body or file too large',
  '415': 'Body is neither JSON nor multipart',
  '428': 'Needs confirmation: the message is the question to ask; repeat with the confirmation',
  '429': 'Too many attempts; Retry-After says when to try again',
  '503': 'Service temporarily unavailable',
  '5XX': 'Server error, or a dependency unavailable (503)',
};

/** What every operation shares, beyond what each one states. */
export const API_DESCRIPTION = [
  'Every error answers the ApiError shape ({ statusCode, message, error }, the message in Portuguese).',
  'An /api path not listed here answers 404; a listed path with a method it does not list answers 405 Method Not Allowed with an Allow header naming the methods it has.',
  'Request bodies take exactly the properties their schema lists (another one is a 400), and a query DTO refuses query parameters it does not list.',
  'Route ids and integer query parameters are canonical decimal digits: 0x10, 1e3, +1, 01, 1.5 or a space are refused with 400.',
].join(' ');

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
export type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; schema?: Record<string, unknown>; description?: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }>; headers?: Record<string, object> }>;
};

/**
 * Error statuses every operation of this shape can answer: 400 for bad parameters or bodies, 401/403
 * from the access rule (and 403/429 for an API token's scopes and limit), 404 for an unknown id, 403/413/415 from the CSRF and body-size checks on writes,
 * and 5XX (500, or 503 when PostgreSQL is unreachable).
 */
function impliedErrors(method: string, op: Operation, rule: AccessRule | undefined): string[] {
  const statuses = new Set<string>();
  const unsafe = UNSAFE.has(method);
  if (unsafe || op.parameters?.length) statuses.add('400');
  if (rule?.kind !== 'public') {
    statuses.add('401');
    // A personal API token: outside its scopes (403), past its per-token limit (429).
    statuses.add('403');
    statuses.add('429');
  }
  if (unsafe) statuses.add('403');
  if (op.parameters?.some((p) => p.in === 'path')) statuses.add('404');
  if (unsafe) ['413', '415'].forEach((s) => statuses.add(s));
  statuses.add('5XX');
  return [...statuses];
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

function successContent(meta: ApiResultMeta): Record<string, { schema: object }> {
  if ('files' in meta) return Object.fromEntries(meta.files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  const one = { $ref: `#/components/schemas/${meta.type}` };
  const body = meta.isArray ? { type: 'array', items: one } : one;
  const either = meta.or ? { anyOf: [body, { $ref: `#/components/schemas/${meta.or}` }] } : body;
  return { 'application/json': { schema: meta.nullable ? { anyOf: [either, { type: 'null' }] } : either } };
}

function successDescription(meta: ApiResultMeta, fallback: string): string {
  const named = 'type' in meta ? `${meta.type}${meta.isArray ? '[]' : ''}${meta.or ? ` or ${meta.or}` : ''}` : meta.files.join(' or ');
  const text = meta.description ?? (fallback || named);
  return 'nullable' in meta && meta.nullable ? `${text ? `${text}, ` : ''}or null` : text;
}

/** OpenAPI 3.1 schemas are JSON Schema: Nest's 3.0 `nullable: true` becomes a "null" type. */
function toJsonSchemaNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(toJsonSchemaNullable);
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true) {
    delete schema.nullable;
    if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
    } else {
      const inner = { ...schema };
      for (const key of Object.keys(schema)) delete schema[key];
      schema.anyOf = [inner, { type: 'null' }];
    }
  }
  Object.values(schema).forEach(toJsonSchemaNullable);
}

/** The contract schemas `roots` refer to, and those they refer to, with refs into components. */
function contractClosure(roots: string[]): Record<string, object> {
  const definitions = contractSchemas.definitions as Record<string, object>;
  const out: Record<string, object> = {};
  const pending = [...roots];
  while (pending.length) {
    const name = pending.pop()!;
    if (out[name]) continue;
    const text = JSON.stringify(definitions[name]).replace(/"#\/definitions\/([^"]+)"/g, (_m, ref: string) => {
      pending.push(decodeURIComponent(ref));
      return `"#/components/schemas/${ref}"`;
    });
    out[name] = JSON.parse(text);
  }
  return out;
}

/** A controller handler and the operation of the document Nest generated for it. */
export interface DocumentedHandler {
  controller: new (...args: unknown[]) => unknown;
  /** The handler's method name. */
  name: string;
  handler: (...args: unknown[]) => unknown;
  method: string;
  op: Operation;
}

/** Every handler of every controller with its operation in the document (matched by Nest's operationId and the method). */
export function documentedHandlers(app: INestApplication, document: OpenAPIObject): DocumentedHandler[] {
  const operations = new Map<string, { method: string; op: Operation }>();
  for (const item of Object.values(document.paths))
    for (const [method, op] of Object.entries(item as Record<string, Operation>))
      if (op?.operationId) operations.set(op.operationId, { method, op });
  const out: DocumentedHandler[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
    if (!controller) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
      const found = operations.get(`${controller.name}_${name}`);
      if (!found || found.method !== RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase()) continue;
      out.push({ controller, name, handler: handler as DocumentedHandler['handler'], ...found });
    }
  }
  return out;
}

/**
 * Writes each operation's responses into the document Nest built: the success body its handler
 * declares with @ApiResult/@ApiFile, and the error statuses (ApiError body) it can answer. The
 * document becomes OpenAPI 3.1 (response schemas are the JSON schemas of libs/contracts).
 */
export function documentResponses(app: INestApplication, document: OpenAPIObject): void {
  const reflector = app.get(Reflector);
  const used = new Set<string>(['ApiError']);
  for (const { controller, handler, method, op } of documentedHandlers(app, document)) {
    {
      const meta = reflector.get<ApiResultMeta | undefined>(API_RESULT, handler as () => unknown);
      const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler as () => unknown, controller]);
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2') && meta) {
          responses[status] = {
            description: successDescription(meta, response.description ?? ''),
            content: successContent(meta),
            ...('headers' in meta && meta.headers ? { headers: meta.headers } : {}),
          };
          if ('type' in meta) used.add(meta.type);
          if ('or' in meta && meta.or) used.add(meta.or);
          for (const also of 'alsoWith' in meta ? (meta.alsoWith ?? []) : [])
            responses[String(also)] = {
              description: `${ERROR_DESCRIPTIONS[also] ?? 'Also'}: the same body, saying why`,
              content: successContent(meta),
            };
        } else responses[status] = response;
      }
      if (meta?.notModified) responses['304'] = { description: 'Not modified (If-None-Match matched the ETag)' };
      const declared = Object.keys(responses).filter((status) => Number(status) >= 400);
      const errors = new Set([...impliedErrors(method, op, rule), ...(meta?.errors ?? []).map(String), ...declared]);
      for (const status of [...errors].sort()) {
        if (responses[status]?.content) continue;
        responses[status] = {
          description: responses[status]?.description || ERROR_DESCRIPTIONS[status] || 'Error',
          content: ERROR_CONTENT,
        };
      }
      op.responses = responses;
    }
  }

  toJsonSchemaNullable(document.paths);
  toJsonSchemaNullable(document.components);
  document.openapi = '3.1.0';
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...contractClosure([...used]) } };
  document.info.description = API_DESCRIPTION;
}
