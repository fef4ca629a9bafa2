import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from './ai/ai.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ChatModule } from './chat/chat.module';
import { ClientsModule } from './clients/clients.module';
import { EmailModule } from './email/email.module';
import { EventsModule } from './platform/events/events.module';
import { HttpExceptionFilter } from './platform/http/http-exception.filter';
import type { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { dataSourceOptions } from './platform/database/data-source-options';
import { DrainService } from './platform/health/drain.service';
import { HealthController } from './platform/health/health.controller';
import { HealthRepository } from './platform/health/health.repository';
import { LearningModule } from './learning/learning.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { RedisModule } from './platform/redis/redis.module';
import { TasksModule } from './tasks/tasks.module';
import { ThemesModule } from './themes/themes.module';
import { TimerModule } from './timer/timer.module';
import { UploadsModule } from './platform/uploads/uploads.module';
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
        MetricsModule,
        UploadsModule,
        AuthModule,
        AuditModule,
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
