import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import {
  ENTRY_TOO_LONG,
  isIsoDate,
  LOCK_DAYS_MAX,
  LOCK_DAYS_RANGE,
  MAX_ENTRY_SECONDS,
  TIME_PERIODS,
  TIMESHEET_MESSAGES,
  TIMESHEET_PAGE_DEFAULT,
  TIMESHEET_PAGE_MAX,
  TIMESHEET_PERIODS,
  type TimeLockMode,
  type TimePeriod,
  type TimesheetPeriod,
} from '@wkflow/contracts';
import { IsId, MAX_INT } from '../../common/validation';
import type {
  CreateTimeEntryRequest,
  StartTimerRequest,
  TimeLockRequest,
  TimePeriodQuery,
  TimesheetExportQuery,
  TimesheetOptionsQuery,
  TimesheetQuery,
  UpdateTimeEntryRequest,
} from '@wkflow/contracts';

export class StartTimerDto implements StartTimerRequest {
  @ApiProperty()
  @Max(MAX_INT, { message: 'Tarefa não encontrada' })
  @Min(1, { message: 'Tarefa não encontrada' })
  @IsInt({ message: 'taskId deve ser um número inteiro' })
  taskId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'Descrição deve ter no máximo 1000 caracteres' })
  @IsString({ message: 'Descrição deve ser um texto' })
  description?: string;
}

export class UpdateTimeEntryDto implements UpdateTimeEntryRequest {
  @ApiProperty({ description: 'seconds' })
  @Max(MAX_ENTRY_SECONDS, { message: ENTRY_TOO_LONG })
  @Min(0, { message: 'Duração não pode ser negativa' })
  @IsInt({ message: 'Duração deve ser um número inteiro de segundos' })
  duration: number;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'Descrição deve ter no máximo 1000 caracteres' })
  @IsString({ message: 'Descrição deve ser um texto' })
  description?: string;
}

export class TimePeriodQueryDto implements TimePeriodQuery {
  @ApiPropertyOptional({ enum: TIME_PERIODS, default: 'week' })
  @IsOptional()
  @IsIn(TIME_PERIODS, { message: 'Período inválido (today, week, month ou all)' })
  period?: TimePeriod;
}

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
  @ValidateBy(
    { name: 'isIsoDate', validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) } },
    { message: TIMESHEET_MESSAGES.date },
  )
  from?: string;

  @ApiPropertyOptional({ description: 'yyyy-MM-dd, last day included (period=custom)' })
  @IsOptional()
  @ValidateBy(
    { name: 'isIsoDate', validator: { validate: (value: unknown) => typeof value === 'string' && isIsoDate(value) } },
    { message: TIMESHEET_MESSAGES.date },
  )
  to?: string;

  @ApiPropertyOptional({ description: 'person' })
  @IsOptional()
  @Type(() => Number)
  @IsId('Usuário inválido')
  userId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsId('Cliente inválido')
  clientId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsId('Tarefa inválida')
  taskId?: number;

  @ApiPropertyOptional({ description: `page size, 1 to ${TIMESHEET_PAGE_MAX} (default ${TIMESHEET_PAGE_DEFAULT})` })
  @IsOptional()
  @Type(() => Number)
  @Max(TIMESHEET_PAGE_MAX, { message: TIMESHEET_MESSAGES.limit })
  @Min(1, { message: TIMESHEET_MESSAGES.limit })
  @IsInt({ message: TIMESHEET_MESSAGES.limit })
  limit?: number;

  @ApiPropertyOptional({ description: 'entries to skip (paging)' })
  @IsOptional()
  @Type(() => Number)
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
  @Type(() => Number)
  @IsId('Cliente inválido')
  clientId?: number;
}

/** A manual entry: start and end, or start and a duration; the owner only for time_tracking write. */
export class CreateTimeEntryDto implements CreateTimeEntryRequest {
  @ApiProperty()
  @Max(MAX_INT, { message: 'Tarefa não encontrada' })
  @Min(1, { message: 'Tarefa não encontrada' })
  @IsInt({ message: 'taskId deve ser um número inteiro' })
  taskId: number;

  @ApiPropertyOptional({ description: 'whose time (default: the current user); another user needs time_tracking write' })
  @IsOptional()
  @Max(MAX_INT, { message: 'Usuário não encontrado' })
  @Min(1, { message: 'Usuário não encontrado' })
  @IsInt({ message: 'userId deve ser um número inteiro' })
  userId?: number;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true }, { message: 'Informe um início válido' })
  @IsString({ message: 'Informe um início válido' })
  startTime: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'the end, or give duration' })
  @ValidateIf((dto: CreateTimeEntryDto) => dto.duration === undefined || dto.endTime !== undefined)
  @IsISO8601({ strict: true }, { message: 'Informe o fim ou a duração' })
  @IsString({ message: 'Informe o fim ou a duração' })
  endTime?: string;

  @ApiPropertyOptional({ description: 'seconds, instead of endTime' })
  @ValidateIf((dto: CreateTimeEntryDto) => dto.endTime === undefined || dto.duration !== undefined)
  @Max(MAX_ENTRY_SECONDS, { message: ENTRY_TOO_LONG })
  @Min(1, { message: 'A duração deve ser de pelo menos 1 segundo' })
  @IsInt({ message: 'Informe o fim ou a duração' })
  duration?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'Descrição deve ter no máximo 1000 caracteres' })
  @IsString({ message: 'Descrição deve ser um texto' })
  description?: string;
}

export const LOCK_MODES: readonly TimeLockMode[] = ['none', 'date', 'days'];

export class TimeLockDto implements TimeLockRequest {
  @ApiProperty({ enum: LOCK_MODES })
  @IsIn(LOCK_MODES, { message: 'Modo de bloqueio inválido (none, date ou days)' })
  mode: TimeLockMode;

  @ApiPropertyOptional({ format: 'date', description: "with mode 'date': entries on or before it are locked" })
  @ValidateIf((dto: TimeLockDto) => dto.mode === 'date')
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Informe uma data válida' })
  @IsString({ message: 'Informe uma data válida' })
  lockDate?: string;

  @ApiPropertyOptional({ description: "with mode 'days': entries older than this many days are locked" })
  @ValidateIf((dto: TimeLockDto) => dto.mode === 'days')
  @Max(LOCK_DAYS_MAX, { message: LOCK_DAYS_RANGE })
  @Min(1, { message: LOCK_DAYS_RANGE })
  @IsInt({ message: LOCK_DAYS_RANGE })
  lockDays?: number;
}
