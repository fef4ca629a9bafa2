import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { MyWeek, TimesheetOptions, TimesheetPage } from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { TimesheetExportQueryDto, TimesheetOptionsQueryDto, TimesheetQueryDto } from './dto/timesheet.dto';
import { TimesheetService } from './timesheet.service';
import { ApiFile, ApiResult } from '../platform/openapi/api-result';
import { sendAsAttachment } from '../platform/files/download-name';

/**
 * /time-management's timesheet: filtered entries with totals, filter choices, the user's week,
 * exports. Its paths stay under /api/time-entries; none of them is a parameter, and the timer's
 * time-entries controller has no GET /:id, so no route of either shadows the other.
 */
@ApiTags('time-entries')
@Controller('time-entries')
export class TimesheetController {
  constructor(private readonly timesheets: TimesheetService) {}

  @RequirePermission('time_tracking', 'read')
  @Get('timesheet')
  @ApiResult('TimesheetPage')
  page(@CurrentUser() user: AuthenticatedUser, @Query() query: TimesheetQueryDto): Promise<TimesheetPage> {
    return this.timesheets.page(user, query);
  }

  @RequirePermission('time_tracking', 'read')
  @Get('timesheet/options')
  @ApiResult('TimesheetOptions')
  options(@CurrentUser() user: AuthenticatedUser, @Query() query: TimesheetOptionsQueryDto): Promise<TimesheetOptions> {
    return this.timesheets.options(user, query.clientId);
  }

  /** The same filters as the timesheet (paging ignored): every filtered row. */
  @RequirePermission('time_tracking', 'read')
  @Get('timesheet/export')
  @ApiFile(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: TimesheetExportQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { fileName, body, contentType } = await this.timesheets.export(user, query, query.format);
    sendAsAttachment(response, fileName);
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(body, { type: contentType });
  }

  @RequirePermission('time_tracking', 'read')
  @Get('my-week')
  @ApiResult('MyWeek')
  myWeek(@CurrentUser() user: AuthenticatedUser): Promise<MyWeek> {
    return this.timesheets.myWeek(user);
  }
}
