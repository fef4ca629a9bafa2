import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TIME_PERIODS, type TimePeriod } from '@wkflow/contracts';

const MAX_INT = 2_147_483_647;
/** A month of seconds: longer entries are typing mistakes. */
export const MAX_DURATION_SECONDS = 31 * 24 * 3600;

export class StartTimerDto {
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

export class UpdateTimeEntryDto {
  @ApiProperty({ description: 'seconds' })
  @Max(MAX_DURATION_SECONDS, { message: 'Duração deve ser de no máximo 744 horas' })
  @Min(0, { message: 'Duração não pode ser negativa' })
  @IsInt({ message: 'Duração deve ser um número inteiro de segundos' })
  duration: number;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'Descrição deve ter no máximo 1000 caracteres' })
  @IsString({ message: 'Descrição deve ser um texto' })
  description?: string;
}

export class TimePeriodQueryDto {
  @ApiPropertyOptional({ enum: TIME_PERIODS, default: 'week' })
  @IsOptional()
  @IsIn(TIME_PERIODS, { message: 'Período inválido (today, week, month ou all)' })
  period?: TimePeriod;
}
