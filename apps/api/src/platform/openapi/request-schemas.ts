import type { INestApplication, Type as Class } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { CANONICAL_INT, ONE_OF_FIELDS, ONLY_WITH } from '../http/validation';
import { documentedHandlers } from './api-result';

/**
 * What a request DTO accepts, read from the class-validator rules the ValidationPipe runs, and written
 * into the schemas Nest generated from @ApiProperty: one source for the validation and the document.
 * Each validator maps to the JSON Schema keywords it enforces (below); `required` and null follow from
 * the conditions (IsOptional, ValidateIf), found by calling them with a missing and a null value; every
 * DTO object gets `additionalProperties: false` (the pipe refuses unknown keys). A rule that names
 * another field (ValidateIf reading one) must be stated with OnlyWith or OneOfFields, which this file
 * turns into if/then/else or oneOf; any other one stops the document from being built.
 */

type Schema = Record<string, unknown>;

/** The JSON Schema keywords each class-validator rule enforces, by the name it records. */
const KEYWORDS: Record<string, (constraints: unknown[]) => Schema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isArray: () => ({ type: 'array' }),
  isObject: () => ({ type: 'object' }),
  isIn: ([values]) => ({ enum: [...(values as unknown[])] }),
  isEnum: ([entity]) => ({ enum: Object.values(entity as object) }),
  maxLength: ([max]) => ({ maxLength: max }),
  minLength: ([min]) => ({ minLength: min }),
  isNotEmpty: () => ({ minLength: 1 }),
  max: ([max]) => ({ maximum: max }),
  min: ([min]) => ({ minimum: min }),
  isPositive: () => ({ exclusiveMinimum: 0 }),
  matches: ([pattern]) => ({ pattern: pattern instanceof RegExp ? pattern.source : String(pattern) }),
  isEmail: () => ({ format: 'email' }),
  isIso8601: () => ({ format: 'date-time' }),
  isISO8601: () => ({ format: 'date-time' }),
  isDateString: () => ({ format: 'date-time' }),
  isIsoDate: () => ({ format: 'date' }),
  isHttpUrl: () => ({ format: 'uri', pattern: '^https?://' }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
  arrayMinSize: ([min]) => ({ minItems: min }),
  arrayNotEmpty: () => ({ minItems: 1 }),
  isNotEmptyObject: () => ({ minProperties: 1 }),
};

/** Keywords that apply to one JSON type only (isNotEmpty's minLength means nothing for a number). */
const STRING_ONLY = new Set(['minLength', 'maxLength', 'pattern', 'format']);

interface Property {
  schema: Schema;
  required: boolean;
  /** The whole object's rules this property's cross-field validators state. */
  objectRules: Schema[];
  nested?: Class<unknown>;
}

/** Calls a condition with this property missing or null; whether it read another field. */
function probe(condition: (object: object, value: unknown) => boolean, property: string, value: unknown) {
  let readsOthers = false;
  const object = new Proxy(
    {},
    {
      get(_target, key) {
        if (key === property) return value;
        if (typeof key === 'string' && key !== 'constructor') readsOthers = true;
        return undefined;
      },
    },
  );
  return { validated: Boolean(condition(object, value)), readsOthers };
}

function mergeKeywords(schema: Schema, keywords: Schema, each: boolean): void {
  const target = each ? ((schema.items as Schema | undefined) ?? (schema.items = {})) : schema;
  for (const [key, value] of Object.entries(keywords)) {
    if (key === 'pattern' && target.pattern !== undefined && target.pattern !== value) {
      target.allOf = [...((target.allOf as Schema[] | undefined) ?? []), { pattern: value }];
    } else if (key === 'minLength' && typeof target.minLength === 'number') {
      target.minLength = Math.max(target.minLength, value as number);
    } else target[key] = value;
  }
}

/** A property's schema, requiredness and object rules, from its validation metadata over Nest's generated schema. */
function describeProperty(owner: string, property: string, rules: ValidationMetadata[], generated: Schema | undefined): Property {
  const conditions = rules.filter((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION);
  const probes = conditions.map((rule) => {
    const condition = rule.constraints[0] as (object: object, value: unknown) => boolean;
    return { missing: probe(condition, property, undefined), nulled: probe(condition, property, null) };
  });
  const readsOthers = probes.some((p) => p.missing.readsOthers || p.nulled.readsOthers);
  const custom = rules.filter((rule) => rule.type === ValidationTypes.CUSTOM_VALIDATION);
  const objectRules: Schema[] = [];
  for (const rule of custom) {
    if (rule.name === ONLY_WITH) {
      const [field, value] = rule.constraints as [string, unknown];
      objectRules.push({
        if: { properties: { [field]: { const: value } }, required: [field] },
        then: { required: [property] },
        else: { properties: { [property]: false } },
      });
    } else if (rule.name === ONE_OF_FIELDS) {
      objectRules.push({ oneOf: (rule.constraints as string[]).map((name) => ({ required: [name] })) });
    }
  }
  if (readsOthers && !objectRules.length)
    throw new Error(
      `${owner}.${property}: a ValidateIf that reads another field cannot be stated in the OpenAPI document; use OnlyWith or OneOfFields (platform/http/validation.ts)`,
    );
  const isDefined = rules.some((rule) => rule.type === ValidationTypes.IS_DEFINED);
  // A condition that is false skips every validator of the property: a missing (or null) value is then accepted.
  const required = isDefined || (!readsOthers && !probes.some((p) => !p.missing.validated));
  const nullable = !isDefined && !readsOthers && probes.some((p) => !p.nulled.validated);

  const nested = rules.some((rule) => rule.type === ValidationTypes.NESTED_VALIDATION)
    ? (defaultMetadataStorage.findTypeMetadata(rules[0].target as Class<unknown>, property)?.typeFunction() as Class<unknown> | undefined)
    : undefined;

  const schema: Schema = {};
  for (const key of ['description', 'example', 'examples', 'default', 'format', 'writeOnly', 'readOnly', 'deprecated'])
    if (generated?.[key] !== undefined) schema[key] = generated[key];
  const reference = refOf(generated);
  if (reference) {
    if (generated?.type === 'array' || (generated?.items && !generated.$ref)) schema.type = 'array';
    if (schema.type === 'array') schema.items = { $ref: reference };
    else schema.$ref = reference;
  } else if (generated?.type === 'array' && generated.items) schema.items = structuredClone(generated.items);
  else if (generated?.type === 'object' && generated.additionalProperties)
    schema.additionalProperties = structuredClone(generated.additionalProperties);

  for (const rule of custom) {
    const keywords = rule.name ? KEYWORDS[rule.name]?.(rule.constraints ?? []) : undefined;
    if (keywords) mergeKeywords(schema, keywords, rule.each);
  }
  for (const target of [schema, schema.items as Schema | undefined]) {
    if (!target || !target.type || target.type === 'string') continue;
    for (const key of STRING_ONLY) delete target[key];
    if (target.type === 'array' || target.type === 'object') delete target.minLength;
  }
  if (!schema.type && !schema.$ref && generated?.type && generated.type !== 'object') schema.type = generated.type;
  if (schema.$ref) delete schema.type; // the component says it is an object
  if (nullable) {
    if (schema.$ref) {
      const { $ref, ...rest } = schema;
      return { schema: { ...rest, anyOf: [{ $ref }, { type: 'null' }] }, required, objectRules, nested };
    }
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  return { schema, required, objectRules, nested };
}

/** The component a generated property schema refers to ($ref, an array's items, or allOf's first). */
function refOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return schema.$ref;
  const items = schema.items as Schema | undefined;
  if (typeof items?.$ref === 'string') return items.$ref;
  const allOf = schema.allOf as Schema[] | undefined;
  if (typeof allOf?.[0]?.$ref === 'string') return allOf[0].$ref as string;
  const anyOf = schema.anyOf as Schema[] | undefined;
  return anyOf?.map((s) => s.$ref).find((r): r is string => typeof r === 'string');
}

/** Every validated property of a DTO class, its inherited ones included, in declaration order. */
function propertiesOf(dto: Class<unknown>): Map<string, ValidationMetadata[]> {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  return byProperty;
}

/**
 * Rewrites the component schema of a body DTO (and of the DTOs nested in it) from its validation
 * rules: types, formats, bounds, enums, required, null, and additionalProperties: false.
 */
export function describeBody(dto: Class<unknown>, components: Record<string, Schema>, done = new Set<string>()): void {
  const name = dto.name;
  if (done.has(name)) return;
  done.add(name);
  const generated = components[name] ?? {};
  const generatedProperties = (generated.properties ?? {}) as Record<string, Schema>;
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  const objectRules: Schema[] = [];
  for (const [property, rules] of propertiesOf(dto)) {
    if (rules.every((rule) => rule.type === ValidationTypes.WHITELIST)) {
      properties[property] = generatedProperties[property] ?? {};
      continue;
    }
    const described = describeProperty(name, property, rules, generatedProperties[property]);
    properties[property] = described.schema;
    if (described.required) required.push(property);
    for (const rule of described.objectRules)
      if (!objectRules.some((known) => JSON.stringify(known) === JSON.stringify(rule))) objectRules.push(rule);
    if (described.nested) describeBody(described.nested, components, done);
  }
  const unvalidated = Object.keys(generatedProperties).filter((property) => !(property in properties));
  if (unvalidated.length)
    throw new Error(`${name}: ${unvalidated.join(', ')} documented but without a validator, so the pipe refuses it as unknown`);
  components[name] = {
    type: 'object',
    ...(generated.description ? { description: generated.description } : {}),
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(objectRules.length ? { allOf: objectRules } : {}),
  };
}

/** The query parameters of a query DTO, one per validated property, replacing those Nest generated. */
export function describeQuery(dto: Class<unknown>, generated: { name: string; in: string; schema?: Schema; description?: string }[]) {
  const out: { name: string; in: 'query'; required: boolean; schema: Schema; description?: string }[] = [];
  for (const [property, rules] of propertiesOf(dto)) {
    const before = generated.find((p) => p.in === 'query' && p.name === property);
    const described = describeProperty(dto.name, property, rules, before?.schema);
    const schema = described.schema;
    // A query value is text or absent, never null.
    if (Array.isArray(schema.type)) schema.type = schema.type.find((type) => type !== 'null');
    if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((value) => value !== null);
    // A query value is text: an integer is read only from canonical digits (platform/http/validation.ts toInteger).
    if (schema.type === 'integer')
      schema.pattern = typeof schema.minimum === 'number' && schema.minimum >= 1 ? '^[1-9][0-9]*$' : CANONICAL_INT.source;
    const description = (before?.description ?? schema.description) as string | undefined;
    delete schema.description;
    out.push({ name: property, in: 'query', required: described.required, schema, ...(description ? { description } : {}) });
  }
  return out;
}

/**
 * Writes what each operation accepts into the document Nest built: its body DTO's component schema
 * and its query DTO's parameters, from their validation rules. (Route ids are stated by @IdParam.)
 */
export function documentRequests(app: INestApplication, document: OpenAPIObject): void {
  const components = (document.components ??= {}).schemas as Record<string, Schema> | undefined;
  const schemas = components ?? ((document.components.schemas = {}) as Record<string, Schema>);
  const done = new Set<string>();
  const owners = new Map<string, Class<unknown>>();
  for (const { controller, name, op } of documentedHandlers(app, document)) {
    const args: Record<string, { index: number; data?: unknown }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
    const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
    for (const [key, arg] of Object.entries(args)) {
      const kind = Number(key.split(':')[0]);
      const dto = types[arg.index];
      if (arg.data !== undefined || typeof dto !== 'function' || !isDto(dto as Class<unknown>)) continue;
      if (kind === RouteParamtypes.BODY) {
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
        if (ref !== `#/components/schemas/${dto.name}`)
          throw new Error(`${controller.name}.${name}: its body ${dto.name} is documented as ${String(ref)}`);
        const known = owners.get(dto.name);
        if (known && known !== dto) throw new Error(`Two request DTOs are named ${dto.name}: the document would show one for both`);
        owners.set(dto.name, dto as Class<unknown>);
        describeBody(dto as Class<unknown>, schemas, done);
      } else if (kind === RouteParamtypes.QUERY) {
        const others = (op.parameters ?? []).filter((p) => p.in !== 'query');
        op.parameters = [...others, ...describeQuery(dto as Class<unknown>, op.parameters ?? [])];
      }
    }
  }
}

/** A class the ValidationPipe validates (it has class-validator rules of its own or inherited). */
function isDto(type: Class<unknown>): boolean {
  return propertiesOf(type).size > 0;
}
