import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CLIENT_LIMITS, CLIENT_MESSAGES, MASKED_PASSWORD } from '@wkflow/contracts';
import { IsHttpUrl, toHttpUrl, trim, trimToNull } from './validators';
import type { CreateCredentialRequest, UpdateCredentialRequest } from '@wkflow/contracts';

/** POST /api/clients/{id}/access (extended.md §5). */
export class CreateCredentialDto implements CreateCredentialRequest {
  @ApiProperty({ example: 'Instagram' })
  @Transform(trim)
  @MaxLength(CLIENT_LIMITS.toolName, { message: `Nome da ferramenta deve ter no máximo ${CLIENT_LIMITS.toolName} caracteres` })
  @IsNotEmpty({ message: CLIENT_MESSAGES.toolName })
  @IsString({ message: CLIENT_MESSAGES.toolName })
  toolName: string;

  @ApiProperty({ example: 'https://instagram.com', description: 'http(s) address; https:// is added when no scheme is given' })
  @Transform(toHttpUrl)
  @IsHttpUrl({ message: CLIENT_MESSAGES.url })
  @MaxLength(CLIENT_LIMITS.credentialUrl, { message: CLIENT_MESSAGES.url })
  @IsString({ message: CLIENT_MESSAGES.url })
  url: string;

  @ApiProperty({ example: 'agencia.social' })
  @Transform(trim)
  @MaxLength(CLIENT_LIMITS.credentialUsername, {
    message: `Nome de usuário deve ter no máximo ${CLIENT_LIMITS.credentialUsername} caracteres`,
  })
  @IsNotEmpty({ message: CLIENT_MESSAGES.username })
  @IsString({ message: CLIENT_MESSAGES.username })
  username: string;

  @ApiProperty({ description: `stored encrypted; sending ${MASKED_PASSWORD} on PATCH keeps the stored one`, writeOnly: true })
  // Kept exactly as typed (spaces may be part of a password), but never blank.
  @MaxLength(CLIENT_LIMITS.credentialPassword, { message: `Senha deve ter no máximo ${CLIENT_LIMITS.credentialPassword} caracteres` })
  @Matches(/\S/, { message: CLIENT_MESSAGES.password })
  @IsString({ message: CLIENT_MESSAGES.password })
  password: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CLIENT_LIMITS.observations, { message: `Observações devem ter no máximo ${CLIENT_LIMITS.observations} caracteres` })
  @IsString({ message: 'Observações inválidas' })
  observations?: string | null;
}

/** PATCH /api/clients/{id}/access/{credentialId}: omitted fields are kept; a password sent is re-encrypted. */
export class UpdateCredentialDto
  extends PartialType(CreateCredentialDto, { skipNullProperties: false })
  implements UpdateCredentialRequest {}
