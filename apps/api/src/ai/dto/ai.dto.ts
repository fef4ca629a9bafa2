import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AI_TEXT_MAX, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@wkflow/contracts';
import { MAX_INT } from '../../platform/http/validation';
import type { AiCreateTaskBody, ParseTaskRequest } from '@wkflow/contracts';

const present = (_: unknown, value: unknown) => value !== null && value !== undefined;

export const TEXT_REQUIRED = 'Digite uma descrição da tarefa para análise.';
export const COLUMN_REQUIRED = 'Selecione uma coluna para criar a tarefa.';

export class ParseTaskDto implements ParseTaskRequest {
  @ApiProperty({ example: 'Criar posts da Padaria Pão Dourado para a Maria amanhã às 14h', maxLength: AI_TEXT_MAX })
  @MaxLength(AI_TEXT_MAX, { message: `Texto deve ter no máximo ${AI_TEXT_MAX} caracteres` })
  @Matches(/\S/, { message: TEXT_REQUIRED })
  @IsString({ message: TEXT_REQUIRED })
  text: string;
}

/**
 * The suggestion as parse-task returned it, possibly edited. Only types are checked here; the task
 * rules (title, description, client, deadline...) are the task form's, checked when creating.
 */
export class AiSuggestionDto {
  @ApiProperty()
  @ValidateIf(present)
  @MaxLength(TASK_TITLE_MAX, { message: `Título deve ter no máximo ${TASK_TITLE_MAX} caracteres` })
  @IsString({ message: 'Título é obrigatório' })
  title?: string | null;

  @ApiProperty()
  @ValidateIf(present)
  @MaxLength(TASK_DESCRIPTION_MAX, { message: `Descrição deve ter no máximo ${TASK_DESCRIPTION_MAX} caracteres` })
  @IsString({ message: 'Descrição é obrigatória' })
  description?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf(present)
  @Max(MAX_INT, { message: 'Cliente não encontrado' })
  @Min(1, { message: 'Cliente não encontrado' })
  @IsInt({ message: 'Cliente inválido' })
  clientId?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf(present)
  @MaxLength(200, { message: 'Nome do cliente longo demais' })
  @IsString({ message: 'Nome do cliente inválido' })
  clientName?: string | null;

  @ApiPropertyOptional({ type: [Number] })
  @ValidateIf(present)
  @Max(MAX_INT, { each: true, message: 'Responsável inválido' })
  @Min(1, { each: true, message: 'Responsável inválido' })
  @IsInt({ each: true, message: 'Responsável inválido' })
  @ArrayMaxSize(50, { message: 'Responsáveis demais' })
  @IsArray({ message: 'assignedToIds deve ser uma lista de ids' })
  assignedToIds?: number[] | null;

  @ApiPropertyOptional({ type: [String] })
  @ValidateIf(present)
  @MaxLength(200, { each: true, message: 'Nome de responsável longo demais' })
  @IsString({ each: true, message: 'Nome de responsável inválido' })
  @ArrayMaxSize(50, { message: 'Responsáveis demais' })
  @IsArray({ message: 'assignedToNames deve ser uma lista de nomes' })
  assignedToNames?: string[] | null;

  @ApiProperty({ nullable: true, example: '2026-12-01T18:00:00-03:00' })
  @ValidateIf(present)
  @MaxLength(40, { message: 'Prazo inválido' })
  @IsString({ message: 'Prazo inválido' })
  deadline?: string | null;

  @ApiPropertyOptional({ description: 'as returned; ignored' })
  @ValidateIf(present)
  @Max(1, { message: 'Confiança deve estar entre 0 e 1' })
  @Min(0, { message: 'Confiança deve estar entre 0 e 1' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Confiança deve estar entre 0 e 1' })
  confidence?: number | null;

  @ApiPropertyOptional({ type: [String], description: 'as returned; ignored' })
  @ValidateIf(present)
  @MaxLength(500, { each: true, message: 'Sugestão longa demais' })
  @IsString({ each: true, message: 'Sugestões devem ser textos' })
  @ArrayMaxSize(50, { message: 'Sugestões demais' })
  @IsArray({ message: 'suggestions deve ser uma lista' })
  suggestions?: string[] | null;

  @ApiPropertyOptional({ type: [String], description: 'as returned; ignored' })
  @ValidateIf(present)
  @MaxLength(500, { each: true, message: 'Aviso longo demais' })
  @IsString({ each: true, message: 'Avisos devem ser textos' })
  @ArrayMaxSize(50, { message: 'Avisos demais' })
  @IsArray({ message: 'warnings deve ser uma lista' })
  warnings?: string[] | null;
}

export class CreateAiTaskDto implements AiCreateTaskBody {
  @ApiProperty({ type: AiSuggestionDto })
  @ValidateNested()
  @Type(() => AiSuggestionDto)
  @IsObject({ message: 'Sugestão da IA é obrigatória' })
  suggestion: AiSuggestionDto;

  @ApiProperty({ description: 'target column' })
  @Max(MAX_INT, { message: 'Lista não encontrada' })
  @Min(1, { message: 'Lista não encontrada' })
  @IsInt({ message: COLUMN_REQUIRED })
  columnId: number;
}
