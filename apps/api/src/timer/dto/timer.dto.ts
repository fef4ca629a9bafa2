import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  ENTRY_TOO_LONG,
  LOCK_DAYS_MAX,
  LOCK_DAYS_RANGE,
  MAX_ENTRY_SECONDS,
  TIME_PERIODS,
  type TimeLockMode,
  type TimePeriod,
} from '@wkflow/contracts';
import { MAX_INT, OneOfFields, OnlyWith } from '../../platform/http/validation';

const END_OR_DURATION = ['endTime', 'duration'] as const;
const END_AND_DURATION = 'Informe o fim ou a duração, não os dois';
import type {
  CreateTimeEntryRequest,
  StartTimerRequest,
  TimeLockRequest,
  TimePeriodQuery,
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

  @ApiPropertyOptional({ format: 'date-time', description: 'the end, or give duration (not both)' })
  @IsISO8601({ strict: true }, { message: 'Informe o fim ou a duração' })
  @IsString({ message: 'Informe o fim ou a duração' })
  @OneOfFields(END_OR_DURATION, END_AND_DURATION)
  endTime?: string;

  @ApiPropertyOptional({ description: 'seconds, instead of endTime' })
  @Max(MAX_ENTRY_SECONDS, { message: ENTRY_TOO_LONG })
  @Min(1, { message: 'A duração deve ser de pelo menos 1 segundo' })
  @IsInt({ message: 'Informe o fim ou a duração' })
  @OneOfFields(END_OR_DURATION, END_AND_DURATION)
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

  @ApiPropertyOptional({ format: 'date', description: "with mode 'date' (and only then): entries on or before it are locked" })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Informe uma data válida' })
  @IsString({ message: 'Informe uma data válida' })
  @OnlyWith('mode', 'date', "lockDate só vale com o modo 'date'")
  lockDate?: string;

  @ApiPropertyOptional({ description: "with mode 'days' (and only then): entries older than this many days are locked" })
  @Max(LOCK_DAYS_MAX, { message: LOCK_DAYS_RANGE })
  @Min(1, { message: LOCK_DAYS_RANGE })
  @IsInt({ message: LOCK_DAYS_RANGE })
  @OnlyWith('mode', 'days', "lockDays só vale com o modo 'days'")
  lockDays?: number;
}
