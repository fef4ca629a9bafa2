import { Body, Controller, Get, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsDashboard,
  type AnalyticsTrendDay,
  type ClientPerformance,
  type MemberProductivity,
  type Report,
} from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { sendAsAttachment } from '../platform/files/download-name';
import { AnalyticsCache } from './analytics-cache';
import { AnalyticsPeriodQueryDto, CreateReportDto } from './dto/analytics.dto';
import { ReportsService } from './reports.service';
import { ApiFile, ApiResult } from '../platform/openapi/api-result';

/** The analytics page (extended.md §2.6): everything needs analytics read; figures come from memory (AnalyticsCache). */
@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly figures: AnalyticsCache,
    private readonly reports: ReportsService,
  ) {}

  @RequirePermission('analytics', 'read')
  @Get('dashboard')
  @ApiResult('AnalyticsDashboard')
  dashboard(@CurrentUser() user: AuthenticatedUser, @Query() query: AnalyticsPeriodQueryDto): Promise<AnalyticsDashboard> {
    return this.figures.dashboard(user, query.period ?? DEFAULT_ANALYTICS_PERIOD);
  }

  @RequirePermission('analytics', 'read')
  @Get('trend')
  @ApiResult('AnalyticsTrendDay', { isArray: true })
  trend(@CurrentUser() user: AuthenticatedUser, @Query() query: AnalyticsPeriodQueryDto): Promise<AnalyticsTrendDay[]> {
    return this.figures.trend(user, query.period ?? DEFAULT_ANALYTICS_PERIOD);
  }

  @RequirePermission('analytics', 'read')
  @Get('productivity')
  @ApiResult('MemberProductivity', { isArray: true })
  productivity(@CurrentUser() user: AuthenticatedUser, @Query() query: AnalyticsPeriodQueryDto): Promise<MemberProductivity[]> {
    return this.figures.productivity(user, query.period ?? DEFAULT_ANALYTICS_PERIOD);
  }

  @RequirePermission('analytics', 'read')
  @Get('clients')
  @ApiResult('ClientPerformance', { isArray: true })
  clients(@CurrentUser() user: AuthenticatedUser, @Query() query: AnalyticsPeriodQueryDto): Promise<ClientPerformance[]> {
    return this.figures.clients(user, query.period ?? DEFAULT_ANALYTICS_PERIOD);
  }

  @RequirePermission('analytics', 'read')
  @Get('reports')
  @ApiResult('Report', { isArray: true })
  listReports(@CurrentUser() user: AuthenticatedUser): Promise<Report[]> {
    return this.reports.list(user);
  }

  @RequirePermission('analytics', 'read')
  @Post('reports')
  @ApiResult('Report')
  createReport(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateReportDto): Promise<Report> {
    return this.reports.create(user, dto);
  }

  @RequirePermission('analytics', 'read')
  @Get('reports/:id/download')
  @ApiFile(['text/csv'], { errors: [409] })
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { fileName, csv } = await this.reports.download(user, id);
    sendAsAttachment(response, fileName);
    return new StreamableFile(Buffer.from(csv, 'utf8'), { type: 'text/csv; charset=utf-8' });
  }
}
