import { Module } from '@nestjs/common';
import { TimerModule } from '../timer/timer.module';
import { AnalyticsCache } from './analytics-cache';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { RecommendationsController } from './recommendations.controller';
import { RecommendationsService } from './recommendations.service';
import { FiguresReadModel } from './repositories/figures-read-model.repository';
import { RecommendationMetricsReadModel } from './repositories/recommendation-metrics-read-model.repository';
import { RecommendationsRepository } from './repositories/recommendations.repository';
import { ReportsRepository } from './repositories/reports.repository';
import { TimesheetReadModel } from './repositories/timesheet-read-model.repository';
import { ReportsService } from './reports.service';
import { TimesheetController } from './timesheet.controller';
import { TimesheetService } from './timesheet.service';

/**
 * Analytics dashboard, reports (BullMQ), recommendations (DESIGN §2) and the timesheet of
 * /time-management (its routes under /api/time-entries).
 *
 * The one declared cross-table read model (docs/decisions.md, "Module boundaries"): its figures
 * and the timesheet join tasks, task_history, task_assignees, columns, time_entries, users and
 * clients in SQL, which no per-module service could answer without loading whole periods. Those
 * reads live only in repositories/*-read-model.repository.ts, each naming the tables it reads; the
 * module writes only its own tables (analytics_reports, recommendations: reports.repository.ts,
 * recommendations.repository.ts).
 *
 * Trigger feeding its cache: migration 1795571000000-AnalyticsNotify (statement triggers on tasks,
 * task_assignees, time_entries, task_history, users, clients and columns notify 'wkflow_analytics';
 * AnalyticsCache forgets every figure at each notification).
 */
@Module({
  imports: [TimerModule],
  controllers: [AnalyticsController, RecommendationsController, TimesheetController],
  providers: [
    FiguresReadModel,
    RecommendationMetricsReadModel,
    TimesheetReadModel,
    RecommendationsRepository,
    ReportsRepository,
    AnalyticsService,
    AnalyticsCache,
    ReportsService,
    RecommendationsService,
    TimesheetService,
  ],
})
export class AnalyticsModule {}
