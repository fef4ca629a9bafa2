import { BadRequestException, Param, ParseIntPipe } from '@nestjs/common';

const MAX_ID = 2_147_483_647;

/** A positive int4 route id; anything else is a 400 (never a database error). */
export const parseId = new ParseIntPipe({
  exceptionFactory: () => new BadRequestException('Identificador inválido'),
});

export function IdParam(name = 'id') {
  return Param(name, parseId, {
    transform(value: number) {
      if (value < 1 || value > MAX_ID) throw new BadRequestException('Identificador inválido');
      return value;
    },
  });
}
