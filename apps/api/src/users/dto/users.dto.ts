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
import { EMAIL_MAX, MODULES, NAME_MAX, PASSWORD_MAX, PERMISSION_LEVELS, USERNAME_MAX } from '@wkflow/contracts';
import { USERNAME_PATTERN, USERNAME_PATTERN_MESSAGE } from '../../auth/dto/auth.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const MAX_INT = 2_147_483_647;

// Messages of core.md §5 "Registration form / new user dialog" and "Edit user".
const USERNAME_MIN_MESSAGE = 'Nome de usuário deve ter pelo menos 3 caracteres';
const EMAIL_MESSAGE = 'Email inválido';
const PASSWORD_MIN_MESSAGE = 'Senha deve ter pelo menos 6 caracteres';
const NAME_MIN_MESSAGE = 'Nome deve ter pelo menos 2 caracteres';
const PROFILE_MESSAGE = 'Selecione um perfil de acesso';

export class UpdateUserDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: `Nome deve ter no máximo ${NAME_MAX} caracteres` })
  @MinLength(2, { message: NAME_MIN_MESSAGE })
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
  @MinLength(3, { message: USERNAME_MIN_MESSAGE })
  @IsString({ message: USERNAME_MIN_MESSAGE })
  username: string;

  @ApiProperty()
  @Type(() => Number)
  @Max(MAX_INT, { message: PROFILE_MESSAGE })
  @Min(1, { message: PROFILE_MESSAGE })
  @IsInt({ message: PROFILE_MESSAGE })
  accessProfileId: number;
}

export class CreateUserDto extends UpdateUserDto {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: `Senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(6, { message: PASSWORD_MIN_MESSAGE })
  @IsString({ message: PASSWORD_MIN_MESSAGE })
  password: string;
}

export class SetPasswordDto {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: `Senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(6, { message: PASSWORD_MIN_MESSAGE })
  @IsString({ message: PASSWORD_MIN_MESSAGE })
  newPassword: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: 'Senhas não conferem' })
  @IsNotEmpty({ message: 'Confirmação de senha é obrigatória' })
  @IsString({ message: 'Confirmação de senha é obrigatória' })
  confirmPassword: string;
}

export class RejectUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @MaxLength(1000, { message: 'Motivo deve ter no máximo 1000 caracteres' })
  @IsString({ message: 'Motivo deve ser um texto' })
  reason?: string;
}

export class UserListQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'includePending deve ser true ou false' })
  includePending?: 'true' | 'false';
}

export class AccessProfileDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(120, { message: 'Nome deve ter no máximo 120 caracteres' })
  @MinLength(2, { message: NAME_MIN_MESSAGE })
  @IsString({ message: NAME_MIN_MESSAGE })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @MaxLength(500, { message: 'Descrição deve ter no máximo 500 caracteres' })
  @MinLength(5, { message: 'Descrição deve ter ao menos 5 caracteres' })
  @IsString({ message: 'Descrição deve ter ao menos 5 caracteres' })
  description: string;
}

/** The inner shape of additionalData (core.md §3): only these keys. */
export class PermissionDataDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'editAllTasks deve ser verdadeiro ou falso' })
  editAllTasks?: boolean;

  @ApiPropertyOptional({ enum: ['view_all_tasks', 'view_assigned_only'] })
  @IsOptional()
  @IsIn(['view_all_tasks', 'view_assigned_only'], { message: 'taskScope inválido' })
  taskScope?: 'view_all_tasks' | 'view_assigned_only';

  @ApiPropertyOptional({ enum: ['edit_all_tasks', 'edit_assigned_only'] })
  @IsOptional()
  @IsIn(['edit_all_tasks', 'edit_assigned_only'], { message: 'editScope inválido' })
  editScope?: 'edit_all_tasks' | 'edit_assigned_only';
}

export class PermissionEntryDto {
  @ApiProperty({ enum: MODULES })
  @IsIn(MODULES, { message: 'Módulo inválido' })
  module: string;

  @ApiProperty({ enum: PERMISSION_LEVELS })
  @IsIn(PERMISSION_LEVELS, { message: 'Nível de permissão inválido' })
  permission: string;

  @ApiPropertyOptional({ type: PermissionDataDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => PermissionDataDto)
  @IsObject({ message: 'additionalData deve ser um objeto' })
  additionalData?: PermissionDataDto | null;
}

export class SavePermissionsDto {
  @ApiProperty({ type: [PermissionEntryDto] })
  @ValidateNested({ each: true })
  @Type(() => PermissionEntryDto)
  @ArrayMaxSize(MODULES.length, { message: 'Permissões demais' })
  @IsArray({ message: 'permissions deve ser uma lista' })
  permissions: PermissionEntryDto[];
}

export class CreateModulePermissionDto extends PermissionEntryDto {
  @ApiProperty()
  @Max(MAX_INT, { message: 'Perfil não encontrado' })
  @Min(1, { message: PROFILE_MESSAGE })
  @IsInt({ message: PROFILE_MESSAGE })
  profileId: number;
}
