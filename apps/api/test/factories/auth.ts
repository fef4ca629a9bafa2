import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MS } from '@wkflow/contracts';
import { AuthRepository } from '../../src/auth/auth.repository';
import { hashResetToken } from '../../src/auth/password-reset.service';
import type { FactoryContext } from './context';

/**
 * A password-reset link as the reset request writes it (through the auth module's repository: only
 * the token's hash, valid for PASSWORD_RESET_TTL_MS, replacing the account's earlier links), without
 * the e-mail. Resolves with the token the link would carry.
 */
export async function newPasswordResetToken(ctx: FactoryContext, options: { user: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.app.get(AuthRepository).insertResetToken(ctx.dataSource.manager, {
    userId: options.user,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  return token;
}
