import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type GenerateRecommendationsResult,
  type Recommendation,
  type RecommendationInsights,
  type RecommendationStats,
} from '@wkflow/contracts';
import { CurrentUser, RecommendationsAccess } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { DismissRecommendationDto, ImplementRecommendationDto } from './dto/analytics.dto';
import { RecommendationsService } from './recommendations.service';
import { ApiResult } from '../platform/openapi/api-result';

/** Every route: users read plus access profile 1 or role manager (the guard's 'recommendations' rule). */
@ApiTags('recommendations')
@RecommendationsAccess()
@Controller('recommendations')
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Get()
  @ApiResult('Recommendation', { isArray: true })
  list(): Promise<Recommendation[]> {
    return this.recommendations.active();
  }

  @Get('stats')
  @ApiResult('RecommendationStats')
  stats(): Promise<RecommendationStats> {
    return this.recommendations.stats();
  }

  @Get('analytics')
  @ApiResult('RecommendationInsights')
  insights(): Promise<RecommendationInsights> {
    return this.recommendations.insights();
  }

  @Post('generate')
  @ApiResult('GenerateRecommendationsResult')
  generate(): Promise<GenerateRecommendationsResult> {
    return this.recommendations.generate();
  }

  @Post(':id/implement')
  @HttpCode(200)
  @ApiResult('Recommendation', { errors: [409] })
  implement(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @Body() dto: ImplementRecommendationDto,
  ): Promise<Recommendation> {
    return this.recommendations.implement(user, id, dto.notes);
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @ApiResult('Recommendation', { errors: [409] })
  dismiss(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: DismissRecommendationDto): Promise<Recommendation> {
    return this.recommendations.dismiss(user, id, dto.reason);
  }
}
