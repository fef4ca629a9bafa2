import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { type AuditQuery, isIsoDate } from '@wkflow/contracts';
import { IsId, toInteger } from '../platform/http/validation';

const DATE_MESSAGE = 'Informe uma data válida (aaaa-mm-dd)';
const IsIsoDate = () =>
  ValidateBy(
    { name: 'isIsoDate', validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) } },
    { message: DATE_MESSAGE },
  );

export class AuditQueryDto implements AuditQuery {
  @ApiPropertyOptional({ description: 'Who did it (a user id)' })
  @IsOptional()
  @Transform(toInteger)
  @IsId('Pessoa inválida')
  actorId?: number;

  @ApiPropertyOptional({ maxLength: 60, pattern: '^[a-z_]+$', example: 'sign_in' })
  @IsOptional()
  @Matches(/^[a-z_]+$/, { message: 'Ação inválida' })
  @MaxLength(60, { message: 'Ação inválida' })
  @IsString({ message: 'Ação inválida' })
  action?: string;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd, first day included (APP_TIMEZONE)' })
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd, last day included (APP_TIMEZONE)' })
  @IsOptional()
  @IsIsoDate()
  to?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @IsId('Página inválida')
  page?: number;
}
