import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  EDIT_SCOPES,
  EMAIL_MAX,
  MODULES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERMISSION_LEVELS,
  PROFILE_DESCRIPTION_MAX,
  PROFILE_DESCRIPTION_MIN,
  PROFILE_NAME_MAX,
  REJECTION_REASON_MAX,
  TASK_SCOPES,
  USER_MESSAGES,
  USERNAME_MAX,
  USERNAME_MIN,
  type CreateModulePermissionRequest,
  type CreateUserRequest,
  type EditScope,
  type ModuleName,
  type PermissionEntry,
  type PermissionLevel,
  type SavePermissionsRequest,
  type SetUserPasswordRequest,
  type TaskPermissionOptions,
  type TaskScope,
  type UpdateUserRequest,
} from '@wkflow/contracts';
import { IsSettablePassword } from './password-rules';
import { MAX_INT, toInteger, trim } from '../../platform/http/validation';
import type { AccessProfileRequest, ApproveUserRequest, RejectUserRequest, UserListQuery } from '@wkflow/contracts';

// Messages of core.md §5 "Registration form / new user dialog" and "Edit user".
const USERNAME_MIN_MESSAGE = USER_MESSAGES.usernameMin;
const EMAIL_MESSAGE = USER_MESSAGES.emailInvalid;
const PASSWORD_MIN_MESSAGE = USER_MESSAGES.passwordMin;
const NAME_MIN_MESSAGE = USER_MESSAGES.nameMin;
const PROFILE_MESSAGE = USER_MESSAGES.profileRequired;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USERNAME_PATTERN_MESSAGE = 'Nome de usuário pode conter apenas letras, números, ponto, hífen e sublinhado';

export class UpdateUserDto implements UpdateUserRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: `Nome deve ter no máximo ${NAME_MAX} caracteres` })
  @MinLength(NAME_MIN, { message: NAME_MIN_MESSAGE })
  @IsString({ message: NAME_MIN_MESSAGE })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX, { message: EMAIL_MESSAGE })
  @IsString({ message: EMAIL_MESSAGE })
  email: string;

  @ApiProperty()
  @Transform(trim)
  @Matches(USERNAME_PATTERN, { message: USERNAME_PATTERN_MESSAGE })
  @MaxLength(USERNAME_MAX, { message: `Nome de usuário deve ter no máximo ${USERNAME_MAX} caracteres` })
  @MinLength(USERNAME_MIN, { message: USERNAME_MIN_MESSAGE })
  @IsString({ message: USERNAME_MIN_MESSAGE })
  username: string;

  @ApiProperty({ description: 'A number; a digit string is accepted (coerced)' })
  @Transform(toInteger)
  @Max(MAX_INT, { message: PROFILE_MESSAGE })
  @Min(1, { message: PROFILE_MESSAGE })
  @IsInt({ message: PROFILE_MESSAGE })
  accessProfileId: number;
}

export class CreateUserDto extends UpdateUserDto implements CreateUserRequest {
  @ApiProperty({ minLength: PASSWORD_MIN })
  @IsSettablePassword()
  @MaxLength(PASSWORD_MAX, { message: `Senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_MIN_MESSAGE })
  @IsString({ message: PASSWORD_MIN_MESSAGE })
  password: string;
}

export class SetPasswordDto implements SetUserPasswordRequest {
  @ApiProperty({ minLength: PASSWORD_MIN })
  @IsSettablePassword()
  @MaxLength(PASSWORD_MAX, { message: `Senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_MIN_MESSAGE })
  @IsString({ message: PASSWORD_MIN_MESSAGE })
  newPassword: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: USER_MESSAGES.passwordsDiffer })
  @IsNotEmpty({ message: USER_MESSAGES.confirmPasswordRequired })
  @IsString({ message: USER_MESSAGES.confirmPasswordRequired })
  confirmPassword: string;
}

/** The profile the approval grants; without it, the one the account holds (Colaborador from registration). */
export class ApproveUserDto implements ApproveUserRequest {
  @ApiPropertyOptional({ description: 'A number; a digit string is accepted (coerced)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(MAX_INT, { message: PROFILE_MESSAGE })
  @Min(1, { message: PROFILE_MESSAGE })
  @IsInt({ message: PROFILE_MESSAGE })
  accessProfileId?: number;
}

export class RejectUserDto implements RejectUserRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @MaxLength(REJECTION_REASON_MAX, { message: `Motivo deve ter no máximo ${REJECTION_REASON_MAX} caracteres` })
  @IsString({ message: 'Motivo deve ser um texto' })
  reason?: string;
}

export class UserListQueryDto implements UserListQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'includePending deve ser true ou false' })
  includePending?: 'true' | 'false';
}

export class AccessProfileDto implements AccessProfileRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(PROFILE_NAME_MAX, { message: `Nome deve ter no máximo ${PROFILE_NAME_MAX} caracteres` })
  @MinLength(NAME_MIN, { message: NAME_MIN_MESSAGE })
  @IsString({ message: NAME_MIN_MESSAGE })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(PROFILE_DESCRIPTION_MAX, { message: `Descrição deve ter no máximo ${PROFILE_DESCRIPTION_MAX} caracteres` })
  @MinLength(PROFILE_DESCRIPTION_MIN, { message: USER_MESSAGES.descriptionMin })
  @IsString({ message: USER_MESSAGES.descriptionMin })
  description: string;

  @ApiPropertyOptional({ description: "'Exigir verificação em duas etapas'; unchanged when left out" })
  @IsOptional()
  @IsBoolean({ message: 'requireTwoFactor deve ser verdadeiro ou falso' })
  requireTwoFactor?: boolean;
}

/** The inner shape of additionalData (core.md §3): only these keys (forbidNonWhitelisted refuses others). */
export class PermissionDataDto implements TaskPermissionOptions {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'editAllTasks deve ser verdadeiro ou falso' })
  editAllTasks?: boolean;

  @ApiPropertyOptional({ enum: TASK_SCOPES })
  @IsOptional()
  @IsIn(TASK_SCOPES, { message: `taskScope deve ser ${TASK_SCOPES.join(' ou ')}` })
  taskScope?: TaskScope;

  @ApiPropertyOptional({ enum: EDIT_SCOPES })
  @IsOptional()
  @IsIn(EDIT_SCOPES, { message: `editScope deve ser ${EDIT_SCOPES.join(' ou ')}` })
  editScope?: EditScope;
}

export class PermissionEntryDto implements PermissionEntry {
  @ApiProperty({ enum: MODULES })
  @IsIn(MODULES, { message: `Módulo inválido (válidos: ${MODULES.join(', ')})` })
  module: ModuleName;

  @ApiProperty({ enum: PERMISSION_LEVELS })
  @IsIn(PERMISSION_LEVELS, { message: `Nível de permissão inválido (válidos: ${PERMISSION_LEVELS.join(', ')})` })
  permission: PermissionLevel;

  @ApiPropertyOptional({ type: PermissionDataDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => PermissionDataDto)
  @IsObject({ message: 'additionalData deve ser um objeto' })
  additionalData?: PermissionDataDto | null;
}

export class SavePermissionsDto implements SavePermissionsRequest {
  @ApiProperty({ type: [PermissionEntryDto] })
  @ValidateNested({ each: true, message: 'Cada permissão deve ser um objeto { module, permission, additionalData }' })
  @Type(() => PermissionEntryDto)
  @ArrayMaxSize(MODULES.length, { message: 'Permissões demais' })
  @IsArray({ message: 'permissions deve ser uma lista' })
  permissions: PermissionEntryDto[];
}

export class CreateModulePermissionDto extends PermissionEntryDto implements CreateModulePermissionRequest {
  @ApiProperty()
  @Transform(toInteger)
  @Max(MAX_INT, { message: PROFILE_MESSAGE })
  @Min(1, { message: PROFILE_MESSAGE })
  @IsInt({ message: PROFILE_MESSAGE })
  profileId: number;
}
