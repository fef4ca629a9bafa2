import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsNotEmptyObject, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import {
  ANALYTICS_PERIODS,
  REPORT_NAME_MAX,
  REPORT_NAME_REQUIRED,
  REPORT_PERIOD_INVALID,
  REPORT_TYPE_REQUIRED,
  REPORT_TYPES,
  type AnalyticsPeriod,
  type ReportType,
} from '@wkflow/contracts';
import { toInteger, trim } from '../../platform/http/validation';
import type {
  AnalyticsPeriodQuery,
  CreateReportRequest,
  DismissRecommendationRequest,
  ImplementRecommendationRequest,
} from '@wkflow/contracts';

/** Optional means absent: an explicit null is refused like any other non-text. */
const present = (_: object, value: unknown) => value !== undefined;

/** ?period=7|30|90 (default 30). */
export class AnalyticsPeriodQueryDto implements AnalyticsPeriodQuery {
  @ApiPropertyOptional({ enum: ANALYTICS_PERIODS, default: 30 })
  @IsOptional()
  @Transform(toInteger)
  @IsIn(ANALYTICS_PERIODS, { message: REPORT_PERIOD_INVALID })
  period?: AnalyticsPeriod;
}

export class ReportParametersDto {
  @ApiProperty({ enum: ANALYTICS_PERIODS })
  @IsIn(ANALYTICS_PERIODS, { message: REPORT_PERIOD_INVALID })
  period: AnalyticsPeriod;
}

/** POST /api/analytics/reports */
export class CreateReportDto implements CreateReportRequest {
  @ApiProperty({ maxLength: REPORT_NAME_MAX })
  @Transform(trim)
  @MaxLength(REPORT_NAME_MAX, { message: `Nome deve ter no máximo ${REPORT_NAME_MAX} caracteres` })
  @IsNotEmpty({ message: REPORT_NAME_REQUIRED })
  @IsString({ message: REPORT_NAME_REQUIRED })
  name: string;

  @ApiProperty({ enum: REPORT_TYPES })
  @IsIn(REPORT_TYPES, { message: REPORT_TYPE_REQUIRED })
  type: ReportType;

  @ApiProperty({ type: ReportParametersDto })
  @ValidateNested()
  @Type(() => ReportParametersDto)
  @IsNotEmptyObject({ nullable: false }, { message: REPORT_PERIOD_INVALID })
  @IsObject({ message: REPORT_PERIOD_INVALID })
  parameters: ReportParametersDto;
}

/** POST /api/recommendations/{id}/implement */
export class ImplementRecommendationDto implements ImplementRecommendationRequest {
  @ApiPropertyOptional({ maxLength: 2000 })
  @ValidateIf(present)
  @MaxLength(2000, { message: 'Notas devem ter no máximo 2000 caracteres' })
  @IsString({ message: 'Notas devem ser um texto' })
  notes?: string;
}

/** POST /api/recommendations/{id}/dismiss */
export class DismissRecommendationDto implements DismissRecommendationRequest {
  @ApiPropertyOptional({ maxLength: 2000 })
  @ValidateIf(present)
  @MaxLength(2000, { message: 'Motivo deve ter no máximo 2000 caracteres' })
  @IsString({ message: 'Motivo deve ser um texto' })
  reason?: string;
}
