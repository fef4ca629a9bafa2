import { Module } from '@nestjs/common';
import { TaskTotalTimeController, TimeEntriesController } from './timer.controller';
import { TimerEvents } from './timer-events';
import { TimerService } from './timer.service';
import { TimesheetController } from './timesheet.controller';
import { TimesheetService } from './timesheet.service';

@Module({
  controllers: [TimeEntriesController, TaskTotalTimeController, TimesheetController],
  providers: [TimerService, TimerEvents, TimesheetService],
  exports: [TimerService, TimerEvents],
})
export class TimerModule {}
