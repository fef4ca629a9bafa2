import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminTimeEntry, TaskTotalTime, TimeEntry, TimeLock } from '@wkflow/contracts';
import { Authenticated, CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { CreateTimeEntryDto, StartTimerDto, TimeLockDto, TimePeriodQueryDto, UpdateTimeEntryDto } from './dto/timer.dto';
import { TimeLockService } from './time-lock.service';
import { TimerService } from './timer.service';
import { ApiResult } from '../platform/openapi/api-result';

@ApiTags('time-entries')
@Controller('time-entries')
export class TimeEntriesController {
  constructor(private readonly timer: TimerService) {}

  /** 'Adicionar tempo': one's own with any read level, anyone's with write (rules in the service). */
  @RequirePermission('time_tracking', 'read')
  @Post()
  @ApiResult('TimeEntry', { errors: [404, 409] })
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateTimeEntryDto): Promise<TimeEntry> {
    return this.timer.create(user, dto);
  }

  @RequirePermission('time_tracking', 'read')
  @Post('start')
  @ApiResult('TimeEntry', { errors: [404, 409] })
  start(@CurrentUser() user: AuthenticatedUser, @Body() dto: StartTimerDto): Promise<TimeEntry> {
    return this.timer.start(user, dto.taskId, dto.description);
  }

  @Authenticated()
  @Post(':id/stop')
  @HttpCode(200)
  @ApiResult('TimeEntry', { errors: [409] })
  stop(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TimeEntry> {
    return this.timer.stop(user, id);
  }

  /** Polled every second by every open tab. */
  @Authenticated()
  @Get('active')
  @ApiResult('TimeEntry', { nullable: true })
  active(@CurrentUser() user: AuthenticatedUser): Promise<TimeEntry | null> {
    return this.timer.active(user);
  }

  @RequirePermission('time_tracking', 'read')
  @Get('admin')
  @ApiResult('AdminTimeEntry', { isArray: true })
  admin(@CurrentUser() user: AuthenticatedUser, @Query() query: TimePeriodQueryDto): Promise<AdminTimeEntry[]> {
    return this.timer.adminList(user, query.period ?? 'week');
  }

  @RequirePermission('time_tracking', 'read')
  @Get('task/:id')
  @ApiResult('TimeEntry', { isArray: true })
  forTask(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TimeEntry[]> {
    return this.timer.forTask(user, id);
  }

  @RequirePermission('time_tracking', 'read')
  @Put(':id')
  @ApiResult('TimeEntry', { errors: [409] })
  update(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: UpdateTimeEntryDto): Promise<TimeEntry> {
    return this.timer.update(user, id, dto.duration, dto.description);
  }

  @RequirePermission('time_tracking', 'read')
  @Delete(':id')
  @ApiResult('SuccessResponse')
  async remove(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<{ success: true }> {
    await this.timer.remove(user, id);
    return { success: true };
  }
}

@ApiTags('time-entries')
@Controller('tasks')
export class TaskTotalTimeController {
  constructor(private readonly timer: TimerService) {}

  @RequirePermission('time_tracking', 'read')
  @Get(':id/total-time')
  @ApiResult('TaskTotalTime')
  total(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<TaskTotalTime> {
    return this.timer.totalForTask(user, id);
  }
}

/** The lockdown period: everyone who tracks time reads it (the UI disables locked entries); write sets it. */
@ApiTags('time-entries')
@Controller('time-tracking/lock')
export class TimeLockController {
  constructor(private readonly lock: TimeLockService) {}

  @RequirePermission('time_tracking', 'read')
  @Get()
  @ApiResult('TimeLock')
  get(): Promise<TimeLock> {
    return this.lock.get();
  }

  @RequirePermission('time_tracking', 'write')
  @Put()
  @ApiResult('TimeLock')
  set(@CurrentUser() user: AuthenticatedUser, @Body() dto: TimeLockDto): Promise<TimeLock> {
    return this.lock.set(user.id, { mode: dto.mode, lockDate: dto.lockDate ?? null, lockDays: dto.lockDays ?? null });
  }
}
