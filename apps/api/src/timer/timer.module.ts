import { ClientsModule } from '../clients/clients.module';
import { TasksModule } from '../tasks/tasks.module';
import { UsersModule } from '../users/users.module';
import { Module } from '@nestjs/common';
import { TaskTotalTimeController, TimeEntriesController, TimeLockController } from './timer.controller';
import { TimeLockService } from './time-lock.service';
import { TimerRepository } from './timer.repository';
import { TimerService } from './timer.service';
import { EntryVisibilities } from './entry-visibility';

/**
 * Triggers feeding its cache: migration 1795430000000-ActiveTimerNotify (time_entries' rows, a
 * task's new title or a deleted task notify 'wkflow_timers'; ActiveTimerCache forgets that user's
 * running entry, or every one).
 */
@Module({
  imports: [TasksModule, UsersModule, ClientsModule],
  controllers: [TimeEntriesController, TaskTotalTimeController, TimeLockController],
  providers: [TimerRepository, TimerService, TimeLockService, EntryVisibilities],
  exports: [TimerService, EntryVisibilities],
})
export class TimerModule {}
