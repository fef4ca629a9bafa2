import { Module } from '@nestjs/common';
import { AnalyticsCache } from './analytics-cache';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';
import { ReportsService } from './reports.service';
import { TimesheetController } from './timesheet.controller';
import { TimesheetService } from './timesheet.service';

/**
 * Analytics dashboard, reports (BullMQ), recommendations (DESIGN §2) and the timesheet of
 * /time-management (its routes under /api/time-entries).
 *
 * The one declared cross-table read model (docs/decisions.md, "Module boundaries"): its figures
 * and the timesheet join tasks, task_history, task_assignees, columns, time_entries, users and
 * clients in SQL, which no per-module service could answer without loading whole periods. It only
 * reads those tables; it owns and writes analytics_reports and recommendations.
 */
@Module({
  controllers: [AnalyticsController, RecommendationsController, TimesheetController],
  providers: [AnalyticsService, AnalyticsCache, ReportsService, RecommendationsService, TimesheetService],
})
export class AnalyticsModule {}
