import type { EntityManager } from 'typeorm';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * The auth module's part of a CREDENTIALS_KEY rotation (clients/rotate-credentials-key.ts runs it in
 * its transaction): every second-factor secret through `reencrypt`, which answers the payload under
 * the new key, or null when it already is. Answers how many moved and how many already had.
 */
export async function rotateTwoFactorSecrets(
  db: EntityManager,
  reencrypt: (payload: string, label: string) => string | null,
): Promise<{ rotated: number; alreadyRotated: number }> {
  const twoFactor = new TwoFactorRepository(db.connection);
  const result = { rotated: 0, alreadyRotated: 0 };
  for (const row of await twoFactor.encryptedSecrets(db)) {
    const next = reencrypt(row.secret, `O segundo fator do usuário ${row.userId}`);
    if (next === null) result.alreadyRotated += 1;
    else {
      await twoFactor.setEncryptedSecret(db, row.userId, next);
      result.rotated += 1;
    }
  }
  return result;
}
