import { Module } from '@nestjs/common';
import { TaskTotalTimeController, TimeEntriesController } from './timer.controller';
import { TimerService } from './timer.service';

@Module({
  controllers: [TimeEntriesController, TaskTotalTimeController],
  providers: [TimerService],
  exports: [TimerService],
})
export class TimerModule {}
