import { Module } from '@nestjs/common';
import { AnalyticsCache } from './analytics-cache';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';
import { ReportsService } from './reports.service';

/** Analytics dashboard, reports (BullMQ) and recommendations (DESIGN §2). */
@Module({
  controllers: [AnalyticsController, RecommendationsController],
  providers: [AnalyticsService, AnalyticsCache, ReportsService, RecommendationsService],
})
export class AnalyticsModule {}
