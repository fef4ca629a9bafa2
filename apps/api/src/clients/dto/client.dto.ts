import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNumber, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import {
  CLIENT_COLOR_PATTERN,
  CLIENT_LIMITS,
  CLIENT_MESSAGES,
  DEFAULT_CLIENT_COLOR,
  HOURLY_RATE_MAX,
  SOCIAL_NETWORKS,
  TIMESHEET_MESSAGES,
} from '@wkflow/contracts';
import { IsHttpUrl, toOptionalHttpUrl, trim, trimToNull } from './validators';
import type { CreateClientRequest, UpdateClientRequest } from '@wkflow/contracts';

/** POST /api/clients (extended.md §5). Blank optional fields are stored as null. */
export class CreateClientDto implements CreateClientRequest {
  @ApiProperty({ minLength: CLIENT_LIMITS.nameMin, maxLength: CLIENT_LIMITS.name, example: 'Padaria Pão Dourado' })
  @Transform(trim)
  @MaxLength(CLIENT_LIMITS.name, { message: `Nome deve ter no máximo ${CLIENT_LIMITS.name} caracteres` })
  @MinLength(CLIENT_LIMITS.nameMin, { message: CLIENT_MESSAGES.nameMin })
  @IsString({ message: CLIENT_MESSAGES.nameMin })
  name: string;

  @ApiPropertyOptional({ nullable: true, description: 'a valid e-mail, or empty' })
  @IsOptional()
  @Transform(trimToNull)
  @IsEmail({}, { message: CLIENT_MESSAGES.email })
  @MaxLength(CLIENT_LIMITS.email, { message: CLIENT_MESSAGES.email })
  @IsString({ message: CLIENT_MESSAGES.email })
  email?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CLIENT_LIMITS.phone, { message: `Telefone deve ter no máximo ${CLIENT_LIMITS.phone} caracteres` })
  @IsString({ message: 'Telefone inválido' })
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CLIENT_LIMITS.cnpj, { message: `CNPJ deve ter no máximo ${CLIENT_LIMITS.cnpj} caracteres` })
  @IsString({ message: 'CNPJ inválido' })
  cnpj?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CLIENT_LIMITS.address, { message: `Endereço deve ter no máximo ${CLIENT_LIMITS.address} caracteres` })
  @IsString({ message: 'Endereço inválido' })
  address?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'http(s) address; https:// is added when no scheme is given' })
  @IsOptional()
  @Transform(toOptionalHttpUrl)
  @IsHttpUrl({ message: 'Site inválido' })
  @MaxLength(CLIENT_LIMITS.url, { message: `Site deve ter no máximo ${CLIENT_LIMITS.url} caracteres` })
  @IsString({ message: 'Site inválido' })
  website?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CLIENT_LIMITS.description, { message: `Descrição deve ter no máximo ${CLIENT_LIMITS.description} caracteres` })
  @IsString({ message: 'Descrição inválida' })
  description?: string | null;

  @ApiPropertyOptional({ default: DEFAULT_CLIENT_COLOR, example: '#3b82f6', description: '#rgb or #rrggbb' })
  // Omitted means the default; null or anything else must be a colour.
  @ValidateIf((_object, value) => value !== undefined)
  @Transform(trim)
  @Matches(CLIENT_COLOR_PATTERN, { message: CLIENT_MESSAGES.color })
  @MinLength(4, { message: CLIENT_MESSAGES.color })
  @IsString({ message: CLIENT_MESSAGES.color })
  color?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: `network → URL (${SOCIAL_NETWORKS.join(', ')}); a blank value removes the network, networks not sent keep their link`,
    example: { instagram: 'https://instagram.com/agencia', facebook: '' },
  })
  @IsOptional()
  @IsObject({ message: 'social_media deve ser um objeto { rede: URL }' })
  social_media?: Record<string, string | null>;

  @ApiPropertyOptional({ nullable: true, example: 150, description: 'R$ per hour (≥ 0, two decimals); null clears it' })
  @IsOptional()
  @Max(HOURLY_RATE_MAX, { message: TIMESHEET_MESSAGES.rate })
  @Min(0, { message: TIMESHEET_MESSAGES.rate })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: TIMESHEET_MESSAGES.rate })
  hourlyRate?: number | null;
}

/** PATCH /api/clients/{id}: any subset; a field sent as null is validated (only the optional ones may be cleared). */
export class UpdateClientDto extends PartialType(CreateClientDto, { skipNullProperties: false }) implements UpdateClientRequest {}
