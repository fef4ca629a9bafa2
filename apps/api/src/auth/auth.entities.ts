import { ApiTokenEntity } from './api-tokens/api-token.entity';
import { AuthLimitEntity } from './auth-limit.entity';
import { LoginUnlockTokenEntity } from './login-unlock-token.entity';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { SsoIdentityEntity } from './sign-in/sso-identity.entity';
import { TwoFactorEntity, TwoFactorRecoveryCodeEntity } from './two-factor/two-factor.entity';

/** The entities of the auth domain, registered once in platform/database/entities.ts. */
export const AUTH_ENTITIES: Function[] = [
  PasswordResetTokenEntity,
  LoginUnlockTokenEntity,
  AuthLimitEntity,
  TwoFactorEntity,
  TwoFactorRecoveryCodeEntity,
  SsoIdentityEntity,
  ApiTokenEntity,
];
