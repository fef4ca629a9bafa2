import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreateApiTokenRequest,
} from '@wkflow/contracts';
import { trim } from '../../platform/http/validation';

const NAME_MESSAGE = `Nome do token deve ter de 1 a ${API_TOKEN_NAME_MAX} caracteres`;

export class CreateApiTokenDto implements CreateApiTokenRequest {
  @ApiProperty({ maxLength: API_TOKEN_NAME_MAX, example: 'Planilha financeira' })
  @Transform(trim)
  @MaxLength(API_TOKEN_NAME_MAX, { message: NAME_MESSAGE })
  @MinLength(1, { message: NAME_MESSAGE })
  @IsString({ message: NAME_MESSAGE })
  name: string;

  @ApiProperty({ type: [String], enum: API_TOKEN_SCOPES, minItems: 1, maxItems: API_TOKEN_SCOPES.length, example: ['tasks:read'] })
  @IsIn(API_TOKEN_SCOPES, { each: true, message: API_TOKEN_MESSAGES.scopeUnknown })
  @ArrayMaxSize(API_TOKEN_SCOPES.length, { message: API_TOKEN_MESSAGES.scopeUnknown })
  @ArrayMinSize(1, { message: API_TOKEN_MESSAGES.scopesRequired })
  @IsArray({ message: API_TOKEN_MESSAGES.scopesRequired })
  scopes: ApiTokenScope[];

  @ApiProperty({ format: 'date-time', description: 'In the future, at most 365 days from now' })
  @IsISO8601({ strict: true }, { message: 'Validade deve ser uma data e hora ISO 8601' })
  @IsString({ message: 'Validade deve ser uma data e hora ISO 8601' })
  expiresAt: string;
}

export class ApiTokenListQueryDto {
  @ApiPropertyOptional({ description: "Administrators: everyone's tokens" })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'all deve ser true ou false' })
  all?: 'true' | 'false';
}
