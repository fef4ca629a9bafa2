import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CompleteLearningStepResponse, LearningDashboard, LearningPathDetail } from '@wkflow/contracts';
import { Authenticated, CurrentUser } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { LearningService } from './learning.service';
import { ApiResult } from '../platform/openapi/api-result';

/** /api/learning: every logged-in user, on their own progress (extended.md §6: learning for all users). */
@ApiTags('learning')
@Authenticated()
@Controller('learning')
export class LearningController {
  constructor(private readonly learning: LearningService) {}

  @Get('dashboard')
  @ApiResult('LearningDashboard')
  dashboard(@CurrentUser() user: AuthenticatedUser): Promise<LearningDashboard> {
    return this.learning.dashboard(user.id);
  }

  @Get('paths/:id')
  @ApiResult('LearningPathDetail')
  path(@IdParam('id') id: number, @CurrentUser() user: AuthenticatedUser): Promise<LearningPathDetail> {
    return this.learning.path(user, id);
  }

  @HttpCode(200)
  @Post('paths/:id/start')
  @ApiResult('LearningPathDetail', { errors: [409] })
  start(@IdParam('id') id: number, @CurrentUser() user: AuthenticatedUser): Promise<LearningPathDetail> {
    return this.learning.start(user, id);
  }

  @HttpCode(200)
  @Post('paths/:id/steps/:stepId/complete')
  @ApiResult('CompleteLearningStepResponse', { errors: [409] })
  completeStep(
    @IdParam('id') id: number,
    @IdParam('stepId') stepId: number,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<CompleteLearningStepResponse> {
    return this.learning.completeStep(user, id, stepId);
  }
}
