import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { assertSafeInput } from './safe-input';

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
 * (too deep, NUL, lone surrogates) is refused before validation, then DTOs are validated.
 */
class SafeValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') assertSafeInput(value);
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
