import { Module } from '@nestjs/common';
import { AnalyticsCache } from './analytics-cache';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';
import { ReportsService } from './reports.service';

/**
 * Analytics dashboard, reports (BullMQ) and recommendations (DESIGN §2).
 *
 * A declared cross-table read model (docs/decisions.md, "Module boundaries"): its figures join
 * tasks, task_history, task_assignees, columns, time_entries, users and clients in SQL, which no
 * per-module service could answer without loading whole periods. It only reads those tables; it
 * owns and writes analytics_reports and recommendations.
 */
@Module({
  controllers: [AnalyticsController, RecommendationsController],
  providers: [AnalyticsService, AnalyticsCache, ReportsService, RecommendationsService],
})
export class AnalyticsModule {}
