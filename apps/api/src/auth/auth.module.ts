import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionUserService } from './session-user.service';
import { SessionProvider } from './session.provider';
import { SessionsService } from './sessions.service';

export const LOGIN_RATE_LIMITED = 'Muitas tentativas de login. Aguarde um minuto e tente novamente.';

@Module({
  imports: [
    UsersModule,
    // Login attempts are limited per client address and per account (the e-mail tried).
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        errorMessage: LOGIN_RATE_LIMITED,
        throttlers: [
          { name: 'ip', ttl: config.loginLimitWindowMs, limit: config.loginLimitPerIp },
          {
            name: 'account',
            ttl: config.loginLimitWindowMs,
            limit: config.loginLimitPerAccount,
            getTracker: (req: { body?: { email?: unknown } }) =>
              `account:${String(req.body?.email ?? '')
                .trim()
                .toLowerCase()}`,
          },
        ],
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, SessionUserService, SessionsService, SessionProvider, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionUserService, SessionsService, SessionProvider],
})
export class AuthModule implements NestModule {
  constructor(private readonly sessions: SessionProvider) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.sessions.handler).forRoutes('*path');
  }
}
