import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import {
  isIsoDate,
  TIMESHEET_MESSAGES,
  TIMESHEET_PAGE_DEFAULT,
  TIMESHEET_PAGE_MAX,
  TIMESHEET_PERIODS,
  type TimesheetExportQuery,
  type TimesheetOptionsQuery,
  type TimesheetPeriod,
  type TimesheetQuery,
} from '@wkflow/contracts';
import { IsId, MAX_INT, toInteger } from '../../platform/http/validation';

/** A yyyy-MM-dd calendar date that exists. */
const IsIsoDate = () =>
  ValidateBy(
    { name: 'isIsoDate', validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) } },
    { message: TIMESHEET_MESSAGES.date },
  );

/**
 * GET /api/time-entries/timesheet and its export: period (or a custom range), person, client,
 * task, page. Cross-field rules (custom needs both dates, from ≤ to) are checked by the service.
 */
export class TimesheetQueryDto implements TimesheetQuery {
  @ApiPropertyOptional({ enum: TIMESHEET_PERIODS, default: 'week' })
  @IsOptional()
  @IsIn(TIMESHEET_PERIODS, { message: TIMESHEET_MESSAGES.period })
  period?: TimesheetPeriod;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd, first day included (period=custom)' })
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd, last day included (period=custom)' })
  @IsOptional()
  @IsIsoDate()
  to?: string;

  @ApiPropertyOptional({ description: 'person' })
  @IsOptional()
  @Transform(toInteger)
  @IsId('Usuário inválido')
  userId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsId('Cliente inválido')
  clientId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsId('Tarefa inválida')
  taskId?: number;

  @ApiPropertyOptional({ description: `page size, 1 to ${TIMESHEET_PAGE_MAX} (default ${TIMESHEET_PAGE_DEFAULT})` })
  @IsOptional()
  @Transform(toInteger)
  @Max(TIMESHEET_PAGE_MAX, { message: TIMESHEET_MESSAGES.limit })
  @Min(1, { message: TIMESHEET_MESSAGES.limit })
  @IsInt({ message: TIMESHEET_MESSAGES.limit })
  limit?: number;

  @ApiPropertyOptional({ description: 'entries to skip (paging)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(MAX_INT, { message: TIMESHEET_MESSAGES.offset })
  @Min(0, { message: TIMESHEET_MESSAGES.offset })
  @IsInt({ message: TIMESHEET_MESSAGES.offset })
  offset?: number;
}

export class TimesheetExportQueryDto extends TimesheetQueryDto implements TimesheetExportQuery {
  @ApiProperty({ enum: ['csv', 'xlsx'] })
  @IsIn(['csv', 'xlsx'], { message: TIMESHEET_MESSAGES.format })
  format: 'csv' | 'xlsx';
}

/** GET /api/time-entries/timesheet/options: tasks narrowed to one client when given. */
export class TimesheetOptionsQueryDto implements TimesheetOptionsQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsId('Cliente inválido')
  clientId?: number;
}
