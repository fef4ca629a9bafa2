import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from './auth/auth.module';
import { HttpExceptionFilter } from './common/http-exception.filter';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source-options';
import { HealthController } from './health/health.controller';
import { RedisModule } from './redis/redis.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl), migrationsRun: false, retryAttempts: 3 }),
        RedisModule,
        AuthModule,
        UsersModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
