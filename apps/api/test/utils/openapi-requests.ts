/** The operations of the OpenAPI document as request generators read them (test/bad-input and test/openapi-walk). */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema | boolean>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema. */
  body?: Schema;
  /** The multipart body's schema (uploads). */
  multipart?: Schema;
}

export interface RequestDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, in its order. */
export function documentOperations(document: RequestDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([method, op]) => ({
        method,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
        multipart: op.requestBody?.content['multipart/form-data']?.schema,
      })),
  );
}

/** The component a $ref names (followed up to 10 times). */
export function resolveRef(schemas: Record<string, Schema>, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; current.$ref && i < 10; i += 1) current = schemas[current.$ref.split('/').pop()!] ?? {};
  return current;
}

/** encodeURIComponent, except that a lone surrogate goes out as its three WTF-8 bytes (what a raw client can send). */
export function encodePathValue(value: string): string {
  return Array.from(value, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    return encodeURIComponent(char);
  }).join('');
}
