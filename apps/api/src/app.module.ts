import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from './ai/ai.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuthModule } from './auth/auth.module';
import { ChatModule } from './chat/chat.module';
import { ClientsModule } from './clients/clients.module';
import { EmailModule } from './email/email.module';
import { EventsModule } from './events/events.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source-options';
import { DrainService } from './health/drain.service';
import { HealthController } from './health/health.controller';
import { HealthRepository } from './health/health.repository';
import { LearningModule } from './learning/learning.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RedisModule } from './redis/redis.module';
import { TasksModule } from './tasks/tasks.module';
import { ThemesModule } from './themes/themes.module';
import { TimerModule } from './timer/timer.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DiscoveryModule,
        ScheduleModule.forRoot(),
        EventsModule,
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl), migrationsRun: false, retryAttempts: 3 }),
        RedisModule,
        UploadsModule,
        AuthModule,
        UsersModule,
        ClientsModule,
        TasksModule,
        TimerModule,
        OnboardingModule,
        ChatModule,
        RealtimeModule,
        NotificationsModule,
        EmailModule,
        AiModule,
        AnalyticsModule,
        LearningModule,
        ThemesModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }, DrainService, HealthRepository],
    };
  }
}
