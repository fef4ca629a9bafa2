import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { createReadStream } from 'node:fs';
import type { Request, Response } from 'express';
import {
  BOARD_VERSION_HEADER,
  type ArchivedTaskPage,
  type Column,
  type Task,
  type TaskAttachment,
  type TaskComment,
  type TaskHistoryItem,
} from '@wkflow/contracts';
import { AdminOnly, CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { sendAsAttachment } from '../platform/files/download-name';
import { AttachmentsService } from './attachments.service';
import { ATTACHMENT_FIELD_MISSING, AttachmentUpload } from './attachment-upload';
import type { TempUpload } from '../platform/uploads/upload-files';
import { BoardChangeLog } from './board-changes';
import { sendBoard } from './board-response';
import { ColumnsService } from './columns.service';
import {
  ArchivedTaskQueryDto,
  CreateColumnDto,
  CreateCommentDto,
  CreateTaskDto,
  MoveTaskDto,
  ReorderColumnsDto,
  TaskListQueryDto,
  UpdateColumnDto,
  UpdateTaskDto,
} from './dto/tasks.dto';
import { TaskCommentsService } from './task-comments.service';
import { TaskBoard } from './task-board.service';
import { TaskOrdering } from './task-order.service';
import { TasksService } from './tasks.service';
import { BadRequestException } from '@nestjs/common';
import { ApiFile, ApiResult } from '../platform/openapi/api-result';

@ApiTags('columns')
@Controller('columns')
export class ColumnsController {
  constructor(private readonly columns: ColumnsService) {}

  @RequirePermission('tasks', 'read')
  @Get()
  @ApiResult('Column', { isArray: true })
  list(): Promise<Column[]> {
    return this.columns.list();
  }

  @AdminOnly()
  @Post()
  @ApiResult('Column')
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateColumnDto): Promise<Column> {
    return this.columns.create(user.id, dto);
  }

  @AdminOnly()
  @Put('reorder')
  @ApiResult('Column', { isArray: true })
  reorder(@CurrentUser() user: AuthenticatedUser, @Body() dto: ReorderColumnsDto): Promise<Column[]> {
    return this.columns.reorder(user.id, dto);
  }

  @AdminOnly()
  @Put(':id')
  @ApiResult('Column', { errors: [428] })
  update(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: UpdateColumnDto): Promise<Column> {
    return this.columns.update(user.id, id, dto);
  }

  @AdminOnly()
  @Delete(':id')
  @ApiResult('SuccessResponse', { errors: [409] })
  async remove(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<{ success: true }> {
    await this.columns.remove(user.id, id);
    return { success: true };
  }
}

/** Reading needs tasks read; editing is checked per task (assigned or all, core.md §6). */
@ApiTags('tasks')
@Controller('tasks')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly board: TaskBoard,
    private readonly changes: BoardChangeLog,
    private readonly ordering: TaskOrdering,
    private readonly taskComments: TaskCommentsService,
    private readonly attachments: AttachmentsService,
  ) {}

  /**
   * The whole board comes serialised from a cache and is answered compressed, with its ETag
   * (board-response.ts). Filtered and paged lists are queried each time.
   */
  @RequirePermission('tasks', 'read')
  @Get()
  @ApiOkResponse({ description: 'Task[]' })
  @ApiBadRequestResponse({ description: 'a filter invalid, or since invalid or combined with another parameter' })
  @ApiResult('Task', {
    isArray: true,
    notModified: true,
    or: 'BoardChangesResponse',
    description: 'Task[] (the board, or a filtered page); with `since`, BoardChangesResponse: what changed after that version',
    headers: {
      [BOARD_VERSION_HEADER]: {
        description: 'on the whole board (no parameter): the board version it was read at, for a later `since`',
        schema: { type: 'integer', minimum: 0 },
      },
    },
  })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: TaskListQueryDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (query.since !== undefined) {
      if (query.search !== undefined || query.columnId !== undefined || query.cursor !== undefined || query.limit !== undefined)
        throw new BadRequestException('since não pode ser combinado com search, columnId, cursor ou limit');
      response.json(await this.changes.since(user, query.since));
      return;
    }
    if (query.search || query.columnId || query.cursor || query.limit) {
      response.json(await this.board.list(user, query));
      return;
    }
    await sendBoard(request, response, await this.board.board(user));
  }

  @RequirePermission('tasks', 'write')
  @Post()
  @ApiResult('Task')
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateTaskDto): Promise<Task> {
    return this.tasks.create(user, dto);
  }

  /** Declared before ':id', which would read 'archived' as an id. */
  @RequirePermission('tasks', 'read')
  @Get('archived')
  @ApiOkResponse({ description: 'ArchivedTaskPage: { items: ArchivedTask[] (Task with archivedAt), total }' })
  @ApiBadRequestResponse({ description: 'search, clientId, limit or offset invalid' })
  @ApiResult('ArchivedTaskPage')
  archived(@CurrentUser() user: AuthenticatedUser, @Query() query: ArchivedTaskQueryDto): Promise<ArchivedTaskPage> {
    return this.board.archived(user, query);
  }

  @RequirePermission('tasks', 'read')
  @Get(':id')
  @ApiResult('Task')
  get(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<Task> {
    return this.board.get(user, id);
  }

  @RequirePermission('tasks', 'read')
  @Put(':id')
  @ApiResult('Task')
  update(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: UpdateTaskDto): Promise<Task> {
    return this.tasks.update(user, id, dto);
  }

  /** Back on the board at the end of its column (the backlog when that column is gone); rights as for editing. */
  @RequirePermission('tasks', 'read')
  @Post(':id/restore')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Task (restored)' })
  @ApiForbiddenResponse({ description: 'the user sees the task but may not edit it' })
  @ApiNotFoundResponse({ description: 'no such task, or one the user may not see' })
  @ApiConflictResponse({ description: 'the task is not archived' })
  @ApiResult('Task')
  restore(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<Task> {
    return this.tasks.restore(user, id);
  }

  @RequirePermission('tasks', 'read')
  @Put(':id/move')
  @ApiResult('Task')
  move(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: MoveTaskDto): Promise<Task> {
    return this.ordering.move(user, id, dto);
  }

  @RequirePermission('tasks', 'read')
  @Get(':id/comments')
  @ApiResult('TaskComment', { isArray: true })
  comments(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TaskComment[]> {
    return this.taskComments.comments(user, id);
  }

  @RequirePermission('tasks', 'read')
  @Post(':id/comments')
  @ApiResult('TaskComment')
  addComment(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: CreateCommentDto): Promise<TaskComment> {
    return this.taskComments.addComment(user, id, dto.content);
  }

  @RequirePermission('tasks', 'read')
  @Get(':id/history')
  @ApiResult('TaskHistoryItem', { isArray: true })
  history(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TaskHistoryItem[]> {
    return this.taskComments.history(user, id);
  }

  @RequirePermission('tasks', 'read')
  @Get(':id/attachments')
  @ApiResult('TaskAttachment', { isArray: true })
  listAttachments(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TaskAttachment[]> {
    return this.attachments.list(user, id);
  }

  @RequirePermission('tasks', 'read')
  @Post(':id/attachments')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(AttachmentUpload)
  @ApiResult('TaskAttachment', { errors: [429] })
  addAttachment(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @UploadedFile() file: TempUpload | undefined,
  ): Promise<TaskAttachment> {
    if (!file) throw new BadRequestException(ATTACHMENT_FIELD_MISSING);
    return this.attachments.add(user, id, file);
  }

  @RequirePermission('tasks', 'read')
  @Get(':id/attachments/:attachmentId/download')
  @ApiFile(['*/*'])
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @IdParam('attachmentId') attachmentId: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.attachments.file(user, id, attachmentId);
    sendAsAttachment(response, file.name);
    return new StreamableFile(createReadStream(file.path), { type: file.mimeType });
  }

  @RequirePermission('tasks', 'read')
  @Delete(':id/attachments/:attachmentId')
  @HttpCode(200)
  @ApiResult('SuccessResponse')
  async removeAttachment(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @IdParam('attachmentId') attachmentId: number,
  ): Promise<{ success: true }> {
    await this.attachments.remove(user, id, attachmentId);
    return { success: true };
  }
}
