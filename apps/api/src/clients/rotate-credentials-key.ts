import 'reflect-metadata';
import { DataSource, type EntityManager } from 'typeorm';
import { loadConfig } from '../platform/config/app-config';
import { dataSourceOptions } from '../platform/database/data-source-options';
import { ClientsRepository } from './clients.repository';
import { CredentialsCipherError, decrypt, encrypt } from '../platform/crypto/credentials-cipher';
import { rotateTwoFactorSecrets } from '../auth/two-factor/two-factor-key-rotation';

export interface RotationResult {
  /** Rows re-encrypted under the new key. */
  rotated: number;
  /** Rows that already opened with the new key (a re-run after a partial deploy). */
  alreadyRotated: number;
}

/**
 * The payload under `newKey`, or null when it already opens with it (a re-run after a partial
 * deploy). One that opens with neither key aborts the whole rotation (nothing is written).
 */
function reencrypt(oldKey: Buffer, newKey: Buffer, payload: string, label: string): string | null {
  let clear: string;
  try {
    clear = decrypt(oldKey, payload);
  } catch (error) {
    if (!(error instanceof CredentialsCipherError)) throw error;
    try {
      decrypt(newKey, payload);
      return null;
    } catch {
      throw new Error(`${label} não abre com CREDENTIALS_KEY_OLD nem com CREDENTIALS_KEY: nada foi alterado`);
    }
  }
  return encrypt(newKey, clear);
}

/**
 * Re-encrypts every secret stored under CREDENTIALS_KEY from `oldKey` to `newKey` inside the
 * caller's transaction: client credential passwords, and second-factor secrets (the auth module's
 * part). Secrets exist in clear only in memory, one row at a time, and are never logged.
 */
export async function rotateCredentialsKey(db: EntityManager, oldKey: Buffer, newKey: Buffer): Promise<RotationResult> {
  const clients = new ClientsRepository(db.connection);
  const rows = await clients.encryptedPasswords(db);
  const result: RotationResult = { rotated: 0, alreadyRotated: 0 };
  for (const row of rows) {
    const next = reencrypt(oldKey, newKey, row.passwordEncrypted, `A credencial ${row.id}`);
    if (next === null) result.alreadyRotated += 1;
    else {
      await clients.setEncryptedPassword(row.id, next, db);
      result.rotated += 1;
    }
  }
  const secrets = await rotateTwoFactorSecrets(db, (payload, label) => reencrypt(oldKey, newKey, payload, label));
  return { rotated: result.rotated + secrets.rotated, alreadyRotated: result.alreadyRotated + secrets.alreadyRotated };
}

/** Parses a key as the API does (64 hex characters or base64 of 32 bytes). */
export function parseKey(name: string, raw: string | undefined): Buffer {
  const value = raw?.trim();
  if (!value) throw new Error(`${name} is required (32 bytes, hex or base64)`);
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex characters or base64)`);
  return key;
}

/**
 * CLI: CREDENTIALS_KEY_OLD=<old> CREDENTIALS_KEY=<new> DATABASE_URL=... node dist/clients/rotate-credentials-key.js
 * (see docs/credentials-key-rotation.md). Everything happens in one transaction.
 */
async function main(): Promise<void> {
  const oldKey = parseKey('CREDENTIALS_KEY_OLD', process.env.CREDENTIALS_KEY_OLD);
  const newKey = parseKey('CREDENTIALS_KEY', process.env.CREDENTIALS_KEY);
  if (oldKey.equals(newKey)) throw new Error('CREDENTIALS_KEY_OLD and CREDENTIALS_KEY are the same key');
  const config = loadConfig();
  const dataSource = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  try {
    const result = await dataSource.transaction((db) => rotateCredentialsKey(db, oldKey, newKey));
    console.log(`Segredos recriptografados: ${result.rotated}; já estavam na chave nova: ${result.alreadyRotated}`);
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
