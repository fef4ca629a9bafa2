import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX,
  LOGIN_PASSWORD_MIN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  LOGIN_UNLOCK_INVALID,
  PASSWORD_RESET_INVALID,
  PASSWORD_MIN,
  USER_ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
  type UserRole,
} from '@wkflow/contracts';
import { trim } from '../../platform/http/validation';
import { IsSettablePassword } from '../../users/dto/password-rules';
import { USERNAME_PATTERN, USERNAME_PATTERN_MESSAGE } from '../../users/dto/users.dto';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LoginUnlockRequest,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from '@wkflow/contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin@wkflow.local' })
  @Transform(trim)
  @IsEmail({}, { message: 'Invalid email address' })
  @MaxLength(EMAIL_MAX, { message: 'Invalid email address' })
  @IsString({ message: 'Invalid email address' })
  email: string;

  @ApiProperty({ minLength: LOGIN_PASSWORD_MIN })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  @MinLength(LOGIN_PASSWORD_MIN, { message: 'Password must be at least 6 characters' })
  @IsString({ message: 'Password must be at least 6 characters' })
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ minLength: NAME_MIN })
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: `Name must be at most ${NAME_MAX} characters` })
  @MinLength(NAME_MIN, { message: 'Name must be at least 2 characters' })
  @IsString({ message: 'Name must be at least 2 characters' })
  name: string;

  @ApiProperty({ minLength: USERNAME_MIN })
  @Transform(trim)
  @Matches(USERNAME_PATTERN, { message: USERNAME_PATTERN_MESSAGE })
  @MaxLength(USERNAME_MAX, { message: `Username must be at most ${USERNAME_MAX} characters` })
  @MinLength(USERNAME_MIN, { message: 'Username must be at least 3 characters' })
  @IsString({ message: 'Username must be at least 3 characters' })
  username: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'Invalid email address' })
  @MaxLength(EMAIL_MAX, { message: 'Invalid email address' })
  @IsString({ message: 'Invalid email address' })
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN })
  @IsSettablePassword()
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  @MinLength(PASSWORD_MIN, { message: 'Password must be at least 8 characters' })
  @IsString({ message: 'Password must be at least 8 characters' })
  password: string;

  /** A hint for the approver: the account waits on Colaborador whatever is asked. */
  @ApiPropertyOptional({ enum: USER_ROLES, default: 'collaborator' })
  @IsOptional()
  @IsIn(USER_ROLES, { message: 'Perfil solicitado inválido (admin, manager ou collaborator)' })
  role?: UserRole;
}

export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: `Nome deve ter no máximo ${NAME_MAX} caracteres` })
  @MinLength(NAME_MIN, { message: 'Nome deve ter pelo menos 2 caracteres' })
  @IsString({ message: 'Nome deve ter pelo menos 2 caracteres' })
  name: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'Email inválido' })
  @MaxLength(EMAIL_MAX, { message: 'Email inválido' })
  @IsString({ message: 'Email inválido' })
  email: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: 'Senha atual é obrigatória' })
  @IsNotEmpty({ message: 'Senha atual é obrigatória' })
  @IsString({ message: 'Senha atual é obrigatória' })
  currentPassword: string;

  @ApiProperty({ minLength: PASSWORD_MIN })
  @IsSettablePassword()
  @MaxLength(PASSWORD_MAX, { message: `Nova senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(PASSWORD_MIN, { message: 'Nova senha deve ter ao menos 8 caracteres' })
  @IsString({ message: 'Nova senha deve ter ao menos 8 caracteres' })
  newPassword: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'E-mail inválido' })
  @MaxLength(EMAIL_MAX, { message: 'E-mail inválido' })
  @IsString({ message: 'E-mail inválido' })
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  /** The token of the link, as sent (a malformed one is answered like an unknown one). */
  @ApiProperty()
  @MaxLength(200, { message: PASSWORD_RESET_INVALID })
  @IsString({ message: PASSWORD_RESET_INVALID })
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN })
  @IsSettablePassword()
  @MaxLength(PASSWORD_MAX, { message: `Nova senha deve ter no máximo ${PASSWORD_MAX} caracteres` })
  @MinLength(PASSWORD_MIN, { message: 'Nova senha deve ter ao menos 8 caracteres' })
  @IsString({ message: 'Nova senha deve ter ao menos 8 caracteres' })
  newPassword: string;
}

export class LoginUnlockDto implements LoginUnlockRequest {
  /** The token of the link, as sent (a malformed one is answered like an unknown one). */
  @ApiProperty()
  @MaxLength(200, { message: LOGIN_UNLOCK_INVALID })
  @IsString({ message: LOGIN_UNLOCK_INVALID })
  token: string;
}
