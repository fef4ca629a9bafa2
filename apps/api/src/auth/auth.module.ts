import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EmailModule } from '../email/email.module';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from '../platform/access/access.guard';
import { AuthLimits } from './auth-limits';
import { AuthRepository } from './auth.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginUnlockService } from './login-unlock.service';
import { PasswordResetService } from './password-reset.service';
import { BearerAccess } from '../platform/access/bearer-access';
import { SessionAccess } from '../platform/access/session-access';
import { ApiTokensController } from './api-tokens/api-tokens.controller';
import { ApiTokensRepository } from './api-tokens/api-tokens.repository';
import { ApiTokensService } from './api-tokens/api-tokens.service';
import { BearerAccessService, BearerStrategy } from './api-tokens/bearer.strategy';
import { SessionAccessService } from './session-access.service';
import { SessionUserService } from './session-user.service';
import { SessionProvider } from './session.provider';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { OidcSignInService } from './sign-in/oidc-sign-in.service';
import { SsoAccountsService } from './sign-in/sso-accounts.service';
import { SsoController } from './sign-in/sso.controller';
import { SsoIdentitiesRepository } from './sign-in/sso-identities.repository';
import { LocalStrategy } from './sign-in/local.strategy';
import { SignInService } from './sign-in/sign-in.service';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';

/**
 * Sign-in, sessions and account recovery; global so that the platform finds SessionAccess without
 * importing a domain module.
 *
 * Triggers feeding its cache: migration 1795420000000-Performance (row triggers on session and
 * users, statement triggers on access_profiles and module_permissions notify 'wkflow_sessions';
 * SessionCache forgets the session, the user or everything, and the /ws hub closes sockets whose
 * session ended).
 */
@Global()
@Module({
  imports: [UsersModule, EmailModule],
  controllers: [AuthController, SessionsController, TwoFactorController, SsoController, ApiTokensController],
  providers: [
    AuthRepository,
    LocalStrategy,
    SignInService,
    OidcSignInService,
    SsoAccountsService,
    SsoIdentitiesRepository,
    TwoFactorRepository,
    TwoFactorService,
    AuthService,
    AuthLimits,
    PasswordResetService,
    LoginUnlockService,
    SessionUserService,
    SessionsService,
    SessionProvider,
    SessionAccessService,
    { provide: SessionAccess, useExisting: SessionAccessService },
    ApiTokensRepository,
    ApiTokensService,
    BearerStrategy,
    BearerAccessService,
    { provide: BearerAccess, useExisting: BearerAccessService },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionUserService, SessionsService, SessionProvider, SessionAccess, BearerAccess],
})
export class AuthModule implements NestModule {
  constructor(private readonly sessions: SessionProvider) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.sessions.handler).forRoutes('*path');
  }
}
