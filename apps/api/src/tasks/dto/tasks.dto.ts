import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ARCHIVED_PAGE_DEFAULT,
  ARCHIVED_PAGE_MAX,
  COLUMN_NAME_MAX,
  COMMENT_MAX,
  REMINDER_OPTIONS,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type ReminderOption,
} from '@wkflow/contracts';
import { IsId, IsSearch, MAX_INT, stacked, toInteger, trim } from '../../platform/http/validation';
import type {
  ArchivedTaskQuery,
  ColumnPosition,
  CreateColumnRequest,
  CreateCommentRequest,
  CreateTaskRequest,
  MoveTaskRequest,
  ReorderColumnsRequest,
  TaskListQuery,
  UpdateColumnRequest,
  UpdateTaskRequest,
} from '@wkflow/contracts';

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export class CreateColumnDto implements CreateColumnRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(COLUMN_NAME_MAX, { message: `Nome da lista deve ter no máximo ${COLUMN_NAME_MAX} caracteres` })
  @IsNotEmpty({ message: 'Nome da lista é obrigatório' })
  @IsString({ message: 'Nome da lista é obrigatório' })
  name: string;

  /** Accepted for the spec's client; the server appends the column at the end. */
  @ApiPropertyOptional()
  @IsOptional()
  @Max(MAX_INT, { message: 'Posição inválida' })
  @IsInt({ message: 'Posição inválida' })
  position?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(HEX_COLOR, { message: 'Cor inválida (use #rrggbb)' })
  @IsString({ message: 'Cor inválida (use #rrggbb)' })
  color?: string;
}

export class UpdateColumnDto implements UpdateColumnRequest {
  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(COLUMN_NAME_MAX, { message: `Nome da lista deve ter no máximo ${COLUMN_NAME_MAX} caracteres` })
  @IsNotEmpty({ message: 'Nome da lista é obrigatório' })
  @IsString({ message: 'Nome da lista é obrigatório' })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(HEX_COLOR, { message: 'Cor inválida (use #rrggbb)' })
  @IsString({ message: 'Cor inválida (use #rrggbb)' })
  color?: string;

  /** Required (true) when the new name makes the list a completion list or stops it being one. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'confirmCompletionChange deve ser verdadeiro ou falso' })
  confirmCompletionChange?: boolean;
}

export class ColumnPositionDto implements ColumnPosition {
  @ApiProperty()
  @Max(MAX_INT, { message: 'Lista inválida' })
  @Min(1, { message: 'Lista inválida' })
  @IsInt({ message: 'Lista inválida' })
  id: number;

  @ApiProperty()
  @Max(MAX_INT, { message: 'Posição inválida' })
  @IsInt({ message: 'Posição inválida' })
  position: number;
}

export class ReorderColumnsDto implements ReorderColumnsRequest {
  @ApiProperty({ type: [ColumnPositionDto] })
  @ValidateNested({ each: true })
  @Type(() => ColumnPositionDto)
  @ArrayMaxSize(200, { message: 'Listas demais' })
  @IsArray({ message: 'columnUpdates deve ser uma lista' })
  columnUpdates: ColumnPositionDto[];
}

/** Each task field's rules, written once for the form (create) and the edit. */
const TaskRules = {
  title: () =>
    stacked(
      Transform(trim),
      MaxLength(TASK_TITLE_MAX, { message: `Título deve ter no máximo ${TASK_TITLE_MAX} caracteres` }),
      IsNotEmpty({ message: 'Título é obrigatório' }),
      IsString({ message: 'Título é obrigatório' }),
    ),
  description: () =>
    stacked(
      Transform(trim),
      MaxLength(TASK_DESCRIPTION_MAX, { message: `Descrição deve ter no máximo ${TASK_DESCRIPTION_MAX} caracteres` }),
      IsNotEmpty({ message: 'Descrição é obrigatória' }),
      IsString({ message: 'Descrição é obrigatória' }),
    ),
  clientId: () =>
    stacked(
      Max(MAX_INT, { message: 'Cliente não encontrado' }),
      Min(1, { message: 'Cliente é obrigatório' }),
      IsInt({ message: 'Cliente é obrigatório' }),
    ),
  columnId: () =>
    stacked(
      Max(MAX_INT, { message: 'Lista não encontrada' }),
      Min(1, { message: 'Lista não encontrada' }),
      IsInt({ message: 'Lista inválida' }),
    ),
  deadline: () => stacked(IsISO8601({ strict: true }, { message: 'Prazo é obrigatório' }), IsString({ message: 'Prazo é obrigatório' })),
  assignedTo: () =>
    stacked(
      IsOptional(),
      IsId('Responsável inválido', true),
      ArrayMaxSize(50, { message: 'Responsáveis demais' }),
      IsArray({ message: 'assignedTo deve ser uma lista de ids' }),
    ),
  reminderTime: () =>
    stacked(
      ValidateIf((_, value) => value !== null && value !== undefined),
      IsIn(REMINDER_OPTIONS, { message: 'Lembrete inválido (1h, 2h, 6h ou 1d)' }),
    ),
  /** Sent by the spec's client and ignored. */
  createdBy: () => stacked(IsOptional(), IsInt({ message: 'createdBy inválido' })),
  position: () => stacked(IsOptional(), IsInt({ message: 'Posição inválida' })),
};
/** The edit: a field left out is not changed; one sent (null included) is checked as in the form. */
const sent = () => ValidateIf((_, value) => value !== undefined);

/** The task form (core.md §5). */
export class TaskFieldsDto implements CreateTaskRequest {
  @ApiProperty()
  @TaskRules.title()
  title: string;

  @ApiProperty()
  @TaskRules.description()
  description: string;

  @ApiProperty()
  @TaskRules.clientId()
  clientId: number;

  @ApiPropertyOptional({ description: 'no column → Backlog' })
  @IsOptional()
  @TaskRules.columnId()
  columnId?: number;

  @ApiProperty({ example: '2026-12-01T18:00:00-03:00' })
  @TaskRules.deadline()
  deadline: string;

  @ApiPropertyOptional({ type: [Number] })
  @TaskRules.assignedTo()
  assignedTo?: number[];

  @ApiPropertyOptional({ enum: REMINDER_OPTIONS, nullable: true })
  @TaskRules.reminderTime()
  reminderTime?: ReminderOption | null;

  /** Sent by the spec's client; the server takes the session user. */
  @ApiPropertyOptional({ description: 'ignored' })
  @TaskRules.createdBy()
  createdBy?: number;

  /** Sent by the spec's client; the server places new tasks at the end of the column. */
  @ApiPropertyOptional({ description: 'ignored' })
  @TaskRules.position()
  position?: number;
}

export class CreateTaskDto extends TaskFieldsDto {}

/** The edit body: every field of the form optional, plus archiving. */
export class UpdateTaskDto implements UpdateTaskRequest {
  @ApiPropertyOptional()
  @sent()
  @TaskRules.title()
  title?: string;

  @ApiPropertyOptional()
  @sent()
  @TaskRules.description()
  description?: string;

  @ApiPropertyOptional()
  @sent()
  @TaskRules.clientId()
  clientId?: number;

  @ApiPropertyOptional()
  @sent()
  @TaskRules.columnId()
  columnId?: number;

  @ApiPropertyOptional()
  @sent()
  @TaskRules.deadline()
  deadline?: string;

  @ApiPropertyOptional({ type: [Number] })
  @TaskRules.assignedTo()
  assignedTo?: number[];

  @ApiPropertyOptional({ enum: REMINDER_OPTIONS, nullable: true })
  @TaskRules.reminderTime()
  reminderTime?: ReminderOption | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isArchived deve ser verdadeiro ou falso' })
  isArchived?: boolean;

  @ApiPropertyOptional({ description: 'ignored' })
  @TaskRules.createdBy()
  createdBy?: number;

  @ApiPropertyOptional({ description: 'ignored: use the move call' })
  @TaskRules.position()
  position?: number;
}

export class MoveTaskDto implements MoveTaskRequest {
  @ApiProperty()
  @Max(MAX_INT, { message: 'Lista não encontrada' })
  @Min(1, { message: 'Lista não encontrada' })
  @IsInt({ message: 'Lista inválida' })
  columnId: number;

  @ApiProperty({ description: '1-based position in the target column' })
  @Max(MAX_INT, { message: 'Posição inválida' })
  @Min(1, { message: 'Posição inválida' })
  @IsInt({ message: 'Posição inválida' })
  position: number;
}

export class CreateCommentDto implements CreateCommentRequest {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(COMMENT_MAX, { message: `Comentário deve ter no máximo ${COMMENT_MAX} caracteres` })
  @IsNotEmpty({ message: 'Comentário não pode ser vazio' })
  @IsString({ message: 'Comentário não pode ser vazio' })
  content: string;
}

export class TaskListQueryDto implements TaskListQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsSearch()
  search?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsId('Lista inválida')
  columnId?: number;

  @ApiPropertyOptional({ description: 'page size (with cursor)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(1000, { message: 'limit deve ser entre 1 e 1000' })
  @Min(1, { message: 'limit deve ser entre 1 e 1000' })
  @IsInt({ message: 'limit deve ser entre 1 e 1000' })
  limit?: number;

  @ApiPropertyOptional({ description: 'id of the last task of the previous page' })
  @IsOptional()
  @Transform(toInteger)
  @Max(MAX_INT, { message: 'cursor inválido' })
  @Min(0, { message: 'cursor inválido' })
  @IsInt({ message: 'cursor inválido' })
  cursor?: number;

  @ApiPropertyOptional({
    description:
      'a board version (the X-Board-Version of a full read, or the version of a previous answer): the answer is then BoardChangesResponse, what changed after it',
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
  })
  @IsOptional()
  @Transform(toInteger)
  @Max(Number.MAX_SAFE_INTEGER, { message: 'since deve ser uma versão do quadro (inteiro de 0 a 9007199254740991)' })
  @Min(0, { message: 'since deve ser uma versão do quadro (inteiro de 0 a 9007199254740991)' })
  @IsInt({ message: 'since deve ser uma versão do quadro (inteiro de 0 a 9007199254740991)' })
  since?: number;
}

/** GET /api/tasks/archived: search in title and description, one client, one page. */
export class ArchivedTaskQueryDto implements ArchivedTaskQuery {
  @ApiPropertyOptional({ description: 'words in the title or description' })
  @IsOptional()
  @IsSearch()
  search?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsId('Cliente inválido')
  clientId?: number;

  @ApiPropertyOptional({ description: `page size, 1 to ${ARCHIVED_PAGE_MAX} (default ${ARCHIVED_PAGE_DEFAULT})` })
  @IsOptional()
  @Transform(toInteger)
  @Max(ARCHIVED_PAGE_MAX, { message: `limit deve ser entre 1 e ${ARCHIVED_PAGE_MAX}` })
  @Min(1, { message: `limit deve ser entre 1 e ${ARCHIVED_PAGE_MAX}` })
  @IsInt({ message: `limit deve ser entre 1 e ${ARCHIVED_PAGE_MAX}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'tasks to skip (paging)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(1_000_000, { message: 'offset inválido' })
  @Min(0, { message: 'offset inválido' })
  @IsInt({ message: 'offset inválido' })
  offset?: number;
}
