import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
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
}

/** Whitelisted, transformed DTOs; unknown fields are refused; the message says what is wrong. */
export function createValidationPipe(): ValidationPipe {
  return new SafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(messagesOf(errors).join('; ') || 'Dados inválidos'),
  });
}

// class-validator runs a property's decorators bottom-up and stopAtFirstError keeps the first
// failure, so DTOs list the type check nearest the property and the finer rules above it.

/** The largest id PostgreSQL's int holds. */
export const MAX_INT = 2_147_483_647;

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
