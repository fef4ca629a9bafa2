import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AiParseResult, Task } from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { AiService } from './ai.service';
import { CreateAiTaskDto, ParseTaskDto } from './dto/ai.dto';
import { ApiResult } from '../platform/openapi/api-result';

/** AI task creation (core.md §2, §4): both calls need tasks write, like the header's 'Criar com IA'. */
@ApiTags('ai')
@Controller('ai')
export class AiController {
  constructor(private readonly ai: AiService) {}

  @RequirePermission('tasks', 'write')
  @Post('parse-task')
  @HttpCode(200)
  @ApiResult('AiParseResult')
  parse(@CurrentUser() user: AuthenticatedUser, @Body() dto: ParseTaskDto): Promise<AiParseResult> {
    return this.ai.parse(user, dto.text);
  }

  @RequirePermission('tasks', 'write')
  @Post('create-task')
  @ApiResult('Task')
  createTask(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateAiTaskDto): Promise<Task> {
    return this.ai.createTask(user, dto);
  }
}
