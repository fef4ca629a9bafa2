import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Db, ModuleRepository } from '../../platform/database/repository';

/** A user's second factor as stored (the secret still encrypted). */
export interface StoredTwoFactor {
  secret: string;
  enabled: boolean;
  lastTimeStep: number | null;
}

/** The queries of the second factor (auth module: two_factor, two_factor_recovery_codes). */
@Injectable()
export class TwoFactorRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  async find(userId: number, db: Db = this.dataSource): Promise<StoredTwoFactor | undefined> {
    const [row]: { secret: string; enabled: boolean; lastTimeStep: string | null }[] = await db.query(
      `SELECT secret, "enabledAt" IS NOT NULL AS enabled, "lastTimeStep" FROM two_factor WHERE "userId" = $1`,
      [userId],
    );
    return row && { secret: row.secret, enabled: row.enabled, lastTimeStep: row.lastTimeStep === null ? null : Number(row.lastTimeStep) };
  }

  /** A new secret being set up; none while one is enabled (answers false then). */
  async startSetup(userId: number, encryptedSecret: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO two_factor ("userId", secret) VALUES ($1, $2)
       ON CONFLICT ("userId") DO UPDATE SET secret = EXCLUDED.secret, "lastTimeStep" = NULL, "createdAt" = now()
         WHERE two_factor."enabledAt" IS NULL
       RETURNING "userId"`,
      [userId, encryptedSecret],
    );
    return rows.length > 0;
  }

  /**
   * Takes a code's time step: only when it is later than the last one accepted (a code is good
   * once; of two requests with it at once, one wins). `enabled` says which state the row must be in.
   */
  async takeTimeStep(db: Db, userId: number, timeStep: number, enabled: boolean): Promise<boolean> {
    const [rows]: [unknown[], number] = await db.query(
      `UPDATE two_factor SET "lastTimeStep" = $2
        WHERE "userId" = $1 AND ("enabledAt" IS NOT NULL) = $3 AND ("lastTimeStep" IS NULL OR "lastTimeStep" < $2)
        RETURNING "userId"`,
      [userId, timeStep, enabled],
    );
    return rows.length > 0;
  }

  async enable(db: Db, userId: number, codeHashes: string[]): Promise<void> {
    await db.query(`UPDATE two_factor SET "enabledAt" = now() WHERE "userId" = $1`, [userId]);
    await db.query(`DELETE FROM two_factor_recovery_codes WHERE "userId" = $1`, [userId]);
    await db.query(`INSERT INTO two_factor_recovery_codes ("userId", "codeHash") SELECT $1, unnest($2::varchar[])`, [userId, codeHashes]);
  }

  /** Spends a recovery code: true once per code. */
  async spendRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await db.query(
      `UPDATE two_factor_recovery_codes SET "usedAt" = now() WHERE "userId" = $1 AND "codeHash" = $2 AND "usedAt" IS NULL RETURNING id`,
      [userId, codeHash],
    );
    return rows.length > 0;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE "userId" = $1 AND "usedAt" IS NULL`,
      [userId],
    );
    return row.n;
  }

  async remove(db: Db, userId: number): Promise<void> {
    await db.query(`DELETE FROM two_factor_recovery_codes WHERE "userId" = $1`, [userId]);
    await db.query(`DELETE FROM two_factor WHERE "userId" = $1`, [userId]);
  }

  /** Every stored secret, locked for the caller's transaction (the CREDENTIALS_KEY rotation). */
  encryptedSecrets(db: Db): Promise<{ userId: number; secret: string }[]> {
    return db.query(`SELECT "userId", secret FROM two_factor ORDER BY "userId" FOR UPDATE`);
  }

  async setEncryptedSecret(db: Db, userId: number, secret: string): Promise<void> {
    await db.query(`UPDATE two_factor SET secret = $2 WHERE "userId" = $1`, [userId, secret]);
  }
}
