import { Body, Controller, ForbiddenException, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  canSeeRecommendations,
  RECOMMENDATIONS_RESTRICTED_MESSAGE,
  RECOMMENDATIONS_RESTRICTED_TITLE,
  type GenerateRecommendationsResult,
  type Recommendation,
  type RecommendationInsights,
  type RecommendationStats,
} from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../auth/access.decorators';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { IdParam } from '../common/id-param';
import { DismissRecommendationDto, ImplementRecommendationDto } from './dto/analytics.dto';
import { RecommendationsService } from './recommendations.service';
import { ApiResult } from '../openapi/api-result';

/** Users read (checked by the guard) plus access profile 1 or role manager (extended.md §6). */
function assertAccess(user: AuthenticatedUser): void {
  if (!canSeeRecommendations(user, user))
    throw new ForbiddenException(`${RECOMMENDATIONS_RESTRICTED_TITLE} – ${RECOMMENDATIONS_RESTRICTED_MESSAGE}`);
}

@ApiTags('recommendations')
@Controller('recommendations')
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @RequirePermission('users', 'read')
  @Get()
  @ApiResult('Recommendation', { isArray: true })
  list(@CurrentUser() user: AuthenticatedUser): Promise<Recommendation[]> {
    assertAccess(user);
    return this.recommendations.active();
  }

  @RequirePermission('users', 'read')
  @Get('stats')
  @ApiResult('RecommendationStats')
  stats(@CurrentUser() user: AuthenticatedUser): Promise<RecommendationStats> {
    assertAccess(user);
    return this.recommendations.stats();
  }

  @RequirePermission('users', 'read')
  @Get('analytics')
  @ApiResult('RecommendationInsights')
  insights(@CurrentUser() user: AuthenticatedUser): Promise<RecommendationInsights> {
    assertAccess(user);
    return this.recommendations.insights();
  }

  @RequirePermission('users', 'read')
  @Post('generate')
  @ApiResult('GenerateRecommendationsResult')
  generate(@CurrentUser() user: AuthenticatedUser): Promise<GenerateRecommendationsResult> {
    assertAccess(user);
    return this.recommendations.generate();
  }

  @RequirePermission('users', 'read')
  @Post(':id/implement')
  @HttpCode(200)
  @ApiResult('Recommendation', { errors: [409] })
  implement(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @Body() dto: ImplementRecommendationDto,
  ): Promise<Recommendation> {
    assertAccess(user);
    return this.recommendations.implement(user, id, dto.notes);
  }

  @RequirePermission('users', 'read')
  @Post(':id/dismiss')
  @HttpCode(200)
  @ApiResult('Recommendation', { errors: [409] })
  dismiss(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: DismissRecommendationDto): Promise<Recommendation> {
    assertAccess(user);
    return this.recommendations.dismiss(user, id, dto.reason);
  }
}
