import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  PASSWORD_MAX,
  TWO_FACTOR_CODE_MESSAGE,
  TWO_FACTOR_CODE_PATTERN,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type TwoFactorVerifyRequest,
} from '@wkflow/contracts';

const APP_CODE = TWO_FACTOR_CODE_PATTERN;
const APP_CODE_MESSAGE = TWO_FACTOR_CODE_MESSAGE;
/** A recovery code as handed out ('k7m2q-x9w4t'), typed with or without the dash. */
const RECOVERY_CODE_MAX = 32;
const ONE_ANSWER = 'Informe o código do aplicativo ou um código de recuperação';

export class TwoFactorEnableDto implements TwoFactorEnableRequest {
  @ApiProperty({ example: '123456', pattern: APP_CODE.source })
  @Matches(APP_CODE, { message: APP_CODE_MESSAGE })
  @IsString({ message: APP_CODE_MESSAGE })
  code: string;
}

/** Exactly one of the two (the other left out). */
export class TwoFactorVerifyDto implements TwoFactorVerifyRequest {
  @ApiPropertyOptional({ example: '123456', pattern: APP_CODE.source, description: 'The app code; send either this or recoveryCode' })
  @IsOptional()
  @Matches(APP_CODE, { message: APP_CODE_MESSAGE })
  @IsString({ message: APP_CODE_MESSAGE })
  code?: string;

  @ApiPropertyOptional({ example: 'k7m2q-x9w4t', maxLength: RECOVERY_CODE_MAX })
  @IsOptional()
  @MaxLength(RECOVERY_CODE_MAX, { message: 'Código de recuperação inválido' })
  @Matches(/\S/, { message: ONE_ANSWER })
  @IsString({ message: 'Código de recuperação inválido' })
  recoveryCode?: string;
}

export const ONE_SECOND_FACTOR_ANSWER = ONE_ANSWER;

export class TwoFactorDisableDto implements TwoFactorDisableRequest {
  @ApiProperty()
  @MaxLength(PASSWORD_MAX, { message: 'Senha incorreta' })
  @Matches(/\S/, { message: 'Informe sua senha' })
  @IsString({ message: 'Informe sua senha' })
  password: string;

  @ApiProperty({ description: 'A code of the app, or a recovery code', example: '123456', maxLength: RECOVERY_CODE_MAX })
  @MaxLength(RECOVERY_CODE_MAX, { message: 'Código inválido' })
  @Matches(/\S/, { message: 'Informe um código do aplicativo ou de recuperação' })
  @IsString({ message: 'Informe um código do aplicativo ou de recuperação' })
  code: string;
}
