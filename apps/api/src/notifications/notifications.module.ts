import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChatModule } from '../chat/chat.module';
import { EmailModule } from '../email/email.module';
import { TasksModule } from '../tasks/tasks.module';
import { TimerModule } from '../timer/timer.module';
import { RealtimeModule } from '../platform/realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { BoardFeed } from './board-feed';
import { NotificationProducers } from './notification-producers';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { RemindersService } from './reminders.service';

@Module({
  imports: [AuthModule, EmailModule, RealtimeModule, TasksModule, TimerModule, UsersModule, ChatModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, RemindersService, NotificationProducers, BoardFeed],
  exports: [NotificationsService, BoardFeed],
})
export class NotificationsModule {}
