import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { IsInt, IsString, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import { assertSafeInputOnce } from './safe-input';

/** class-transformer @Transform: text is trimmed, anything else is left for the validators to refuse. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

function messagesOf(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) => (m.startsWith('property ') ? `O campo ${path} não é permitido` : m));
    return [...own, ...messagesOf(error.children ?? [], path)];
  });
}

/**
 * The one pipe every body, query and route parameter goes through: input no handler can take
 * (too deep, NUL, lone surrogates) is refused before validation (a JSON body the middleware
 * checked is not walked again), then DTOs are validated.
 */
class SafeValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') assertSafeInputOnce(value);
    return super.transform(value, metadata);
  }

  /** A numeric route or query value is read only when written as canonical digits: '0x10', '1e3', '+1', '01' stay text and are refused. */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.metatype === Number && typeof value === 'string' && !CANONICAL_INT.test(value)) return value;
    return super.transformPrimitive(value, metadata);
  }
}

/** Whitelisted, transformed DTOs; unknown fields are refused; the message says what is wrong. */
export function createValidationPipe(): ValidationPipe {
  return new SafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException([...new Set(messagesOf(errors))].join('; ') || 'Dados inválidos'),
  });
}

// class-validator runs a property's decorators bottom-up and stopAtFirstError keeps the first
// failure, so DTOs list the type check nearest the property and the finer rules above it.

/** The largest id PostgreSQL's int holds. */
export const MAX_INT = 2_147_483_647;

/** An integer as a query string or route segment writes it: decimal digits, no sign, no leading zero. */
export const CANONICAL_INT = /^(0|[1-9][0-9]{0,15})$/;

/**
 * class-transformer @Transform for a number that may come as text (a query string, a select's value):
 * canonical digits become the number; anything else ('0x10', '1e3', '+1', '01', ' 1', '') stays as
 * sent, so IsInt refuses it with the field's message (Number() would read all of those as numbers).
 */
export const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && CANONICAL_INT.test(value) ? Number(value) : value;

/**
 * Several property decorators as one, listed as they would be written above the property: they
 * are applied bottom-up like stacked decorators, so class-validator checks them in the same order.
 */
export function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => [...decorators].reverse().forEach((decorator) => decorator(target, key));
}

/** A database id (an integer from 1 to MAX_INT), one message for every failure; `each` for a list of ids. */
export function IsId(message: string, each = false): PropertyDecorator {
  return stacked(Max(MAX_INT, { message, each }), Min(1, { message, each }), IsInt({ message, each }));
}

/** A list's search text (at most 200 characters). */
export function IsSearch(): PropertyDecorator {
  return stacked(MaxLength(200, { message: 'Busca longa demais' }), IsString({ message: 'Busca inválida' }));
}

/** The name class-validator records for OnlyWith (the OpenAPI document reads it: openapi/request-schemas.ts). */
export const ONLY_WITH = 'onlyWith';
/** The name class-validator records for OneOfFields. */
export const ONE_OF_FIELDS = 'oneOfFields';

/**
 * A field that belongs to one value of another field (the lock's lockDate with mode 'date'): required
 * when `field` is `value`, refused (null included) otherwise, instead of being silently ignored.
 */
export function OnlyWith(field: string, value: string, message: string): PropertyDecorator {
  return (target, key) => {
    const own = String(key);
    stacked(
      ValidateIf((object: Record<string, unknown>) => object[field] === value || object[own] !== undefined),
      ValidateBy(
        {
          name: ONLY_WITH,
          constraints: [field, value],
          validator: { validate: (_v, args) => (args?.object as Record<string, unknown>)[field] === value },
        },
        { message },
      ),
    )(target, key);
  };
}

/** One field of a group of which exactly one must be sent (a manual entry's endTime or duration): none or two is refused. */
export function OneOfFields(fields: readonly string[], message: string): PropertyDecorator {
  return (target, key) => {
    const own = String(key);
    const others = fields.filter((name) => name !== own);
    stacked(
      ValidateIf((object: Record<string, unknown>) => object[own] !== undefined || others.every((name) => object[name] === undefined)),
      ValidateBy(
        {
          name: ONE_OF_FIELDS,
          constraints: [...fields],
          validator: { validate: (_v, args) => others.every((name) => (args?.object as Record<string, unknown>)[name] === undefined) },
        },
        { message },
      ),
    )(target, key);
  };
}
