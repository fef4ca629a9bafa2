import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChatModule } from '../chat/chat.module';
import { EmailModule } from '../email/email.module';
import { TasksModule } from '../tasks/tasks.module';
import { TimerModule } from '../timer/timer.module';
import { UsersModule } from '../users/users.module';
import { BoardFeed } from './board-feed';
import { NotificationProducers } from './notification-producers';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { RealtimeService } from './realtime.service';
import { RemindersService } from './reminders.service';

@Module({
  imports: [AuthModule, EmailModule, TasksModule, TimerModule, UsersModule, ChatModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, RealtimeService, RemindersService, NotificationProducers, BoardFeed],
  exports: [NotificationsService, RealtimeService, BoardFeed],
})
export class NotificationsModule {}
