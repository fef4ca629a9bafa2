import { BadRequestException, Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { MAX_INT } from './validation';

export const INVALID_ID = 'Identificador inválido';

/** How the OpenAPI document states a route id: the digits of an int4 from 1, nothing else. */
export const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: MAX_INT, pattern: '^[1-9][0-9]*$' } as const;

const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * A positive int4 route id written as plain digits; anything else ('0x10', '1e3', '+1', '01', ' 1',
 * '1.5', '0', 2^31) is a 400, never a lookup of another id or a database error.
 */
export class IdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !ID_DIGITS.test(text) || Number(text) > MAX_INT) throw new BadRequestException(INVALID_ID);
    return Number(text);
  }
}

export const parseId = new IdPipe();

/** A route id parameter (`:id` by default), parsed by IdPipe and documented with ID_SCHEMA. */
export function IdParam(name = 'id'): ParameterDecorator {
  return (target, key, index) => {
    Param(name, parseId)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiParam({ name, required: true, schema: { ...ID_SCHEMA } })(target, key, descriptor);
  };
}
