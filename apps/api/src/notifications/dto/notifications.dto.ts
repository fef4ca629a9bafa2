import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { NOTIFICATION_PAGE_DEFAULT, NOTIFICATION_PAGE_MAX, NOTIFICATION_TYPES, type NotificationType } from '@wkflow/contracts';
import type { NotificationHistoryQuery, NotificationPreference, SavePreferencesRequest } from '@wkflow/contracts';

import { toInteger } from '../../platform/http/validation';

export class PreferenceDto implements NotificationPreference {
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

export class SavePreferencesDto implements SavePreferencesRequest {
  @ApiProperty({ type: [PreferenceDto] })
  @ValidateNested({ each: true, message: 'Preferência inválida' })
  @Type(() => PreferenceDto)
  @ArrayMaxSize(NOTIFICATION_TYPES.length, { message: 'Preferências demais' })
  @IsArray({ message: 'preferences deve ser uma lista' })
  preferences: PreferenceDto[];
}

/** GET /api/notifications/history?limit=&cursor= */
export class NotificationHistoryQueryDto implements NotificationHistoryQuery {
  @ApiPropertyOptional({ default: NOTIFICATION_PAGE_DEFAULT, maximum: NOTIFICATION_PAGE_MAX })
  @IsOptional()
  @Transform(toInteger)
  @Max(NOTIFICATION_PAGE_MAX, { message: `limit deve estar entre 1 e ${NOTIFICATION_PAGE_MAX}` })
  @Min(1, { message: `limit deve estar entre 1 e ${NOTIFICATION_PAGE_MAX}` })
  @IsInt({ message: `limit deve estar entre 1 e ${NOTIFICATION_PAGE_MAX}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @Matches(/^\d{1,17}_\d{1,10}$/, { message: 'Cursor inválido' })
  @IsString({ message: 'Cursor inválido' })
  cursor?: string;
}
