import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, ValidateNested } from 'class-validator';
import { NOTIFICATION_TYPES, type NotificationType } from '@wkflow/contracts';

export class PreferenceDto {
  @ApiProperty({ enum: NOTIFICATION_TYPES })
  @IsIn(NOTIFICATION_TYPES, { message: 'Tipo de notificação inválido' })
  type: NotificationType;

  @ApiProperty()
  @IsBoolean({ message: 'emailEnabled deve ser verdadeiro ou falso' })
  emailEnabled: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'browserEnabled deve ser verdadeiro ou falso' })
  browserEnabled: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'soundEnabled deve ser verdadeiro ou falso' })
  soundEnabled: boolean;
}

export class SavePreferencesDto {
  @ApiProperty({ type: [PreferenceDto] })
  @ValidateNested({ each: true, message: 'Preferência inválida' })
  @Type(() => PreferenceDto)
  @ArrayMaxSize(NOTIFICATION_TYPES.length, { message: 'Preferências demais' })
  @IsArray({ message: 'preferences deve ser uma lista' })
  preferences: PreferenceDto[];
}
