import { Module } from '@nestjs/common';
import { TaskTotalTimeController, TimeEntriesController } from './timer.controller';
import { TimerEvents } from './timer-events';
import { TimerService } from './timer.service';

@Module({
  controllers: [TimeEntriesController, TaskTotalTimeController],
  providers: [TimerService, TimerEvents],
  exports: [TimerService, TimerEvents],
})
export class TimerModule {}
