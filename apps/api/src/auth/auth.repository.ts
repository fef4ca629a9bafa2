import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { type AuditEntry, recordAudit } from '../audit/audit-trail';
import type { UserAccessRow } from '../users/user-access';
import { type Db, ModuleRepository } from '../platform/database/repository';
import { LoginUnlockTokenEntity } from './login-unlock-token.entity';
import { PasswordResetTokenEntity } from './password-reset-token.entity';

/** connect-pg-simple's table (the auth module owns it; it has no entity). */
export const SESSION_TABLE = 'session';

/** The session's user as the users module's `user_access` view answers it. */
const USER_ACCESS = `SELECT id, username, name, role, "accessProfileId", permissions FROM user_access`;

/** One stored session of a user: its key (the hash of the cookie's id), its JSON and its expiry. */
export interface StoredSession {
  sid: string;
  sess: { signedInAt?: string; userAgent?: string; address?: string };
  expire: Date;
}

/** A session row with its approved user (null: none, or not approved), read in one query. */
export interface SessionWithUser {
  sess: string;
  expire: Date;
  user: UserAccessRow | null;
}

/** The session store's read, on its own pool (connect-pg-simple's): the session and its user in one round trip. */
export async function readSessionWithUser(pool: Pool, storedId: string): Promise<SessionWithUser | undefined> {
  const { rows } = await pool.query<SessionWithUser>(
    `SELECT s.sess::text AS sess, s.expire,
            (SELECT row_to_json(a) FROM (${USER_ACCESS} WHERE id = (s.sess->>'userId')::int) a) AS "user"
       FROM "${SESSION_TABLE}" s WHERE s.sid = $1 AND s.expire >= now()`,
    [storedId],
  );
  return rows[0];
}

/**
 * Every query of the auth module: sessions, the access of a session's user (the users module's
 * published `user_access` view), login-unlock and password-reset tokens, and the limits' sweep.
 */
@Injectable()
export class AuthRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The approved user and his profile's permissions; undefined when not approved or gone. */
  async userAccess(userId: number): Promise<UserAccessRow | undefined> {
    const [row]: UserAccessRow[] = await this.dataSource.query(`${USER_ACCESS} WHERE id = $1`, [userId]);
    return row;
  }

  // Compared as text so the IDX_session_user index on sess->>'userId' serves these.

  /** Deletes every session of the user but `exceptStoredId` (null: all); answers how many went. */
  async deleteUserSessions(userId: number, exceptStoredId: string | null): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "${SESSION_TABLE}" WHERE sess->>'userId' = $1::text AND ($2::varchar IS NULL OR sid <> $2)`,
      [userId, exceptStoredId],
    );
    return count;
  }

  /** The user's unexpired sessions, the latest sign-in first. */
  userSessions(userId: number): Promise<StoredSession[]> {
    return this.dataSource.query(
      `SELECT sid, sess, expire FROM "${SESSION_TABLE}" WHERE sess->>'userId' = $1::text AND expire > now()
        ORDER BY sess->>'signedInAt' DESC NULLS LAST, expire DESC`,
      [userId],
    );
  }

  /** Deletes one session if it is the user's; answers whether it did. */
  async deleteUserSession(userId: number, storedId: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM "${SESSION_TABLE}" WHERE sid = $1 AND sess->>'userId' = $2::text`,
      [storedId, userId],
    );
    return count > 0;
  }

  /** An audit row of the auth module's (sign-ins, ended sessions). */
  audit(entry: AuditEntry, db: Db = this.dataSource): Promise<void> {
    return recordAudit(db, entry);
  }

  /** The unexpired sessions among these stored ids, with their users' ids. */
  openSessions(storedIds: string[]): Promise<{ sid: string; userId: number | null }[]> {
    return this.dataSource.query(
      `SELECT sid, (sess->>'userId')::int AS "userId" FROM "${SESSION_TABLE}" WHERE sid = ANY($1::varchar[]) AND expire > now()`,
      [storedIds],
    );
  }

  /** Drops login-limit counters that expired before `before` (epoch ms). */
  async deleteExpiredLimits(before: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_limits WHERE expire < $1`, [before]);
  }

  /** A new unlock token; tokens expired over a day ago go first. */
  async insertUnlockToken(db: Db, token: Pick<LoginUnlockTokenEntity, 'userId' | 'tokenHash' | 'source' | 'expiresAt'>): Promise<void> {
    await db.query(`DELETE FROM login_unlock_tokens WHERE "expiresAt" < now() - interval '1 day'`);
    await db.getRepository(LoginUnlockTokenEntity).insert(token);
  }

  /** The usable unlock token, locked (of two uses at once, one wins). */
  async usableUnlockToken(db: Db, tokenHash: string): Promise<{ userId: number; source: string } | undefined> {
    const [row]: { userId: number; source: string }[] = await db.query(
      `SELECT "userId", source FROM login_unlock_tokens WHERE "tokenHash" = $1 AND "usedAt" IS NULL AND "expiresAt" > now() FOR UPDATE`,
      [tokenHash],
    );
    return row;
  }

  async spendUnlockToken(db: Db, tokenHash: string): Promise<void> {
    await db.query(`UPDATE login_unlock_tokens SET "usedAt" = now() WHERE "tokenHash" = $1`, [tokenHash]);
  }

  /** A new reset token for the user; his earlier ones and tokens expired over a day ago go first. */
  async insertResetToken(db: Db, token: Pick<PasswordResetTokenEntity, 'userId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await db.query(`DELETE FROM password_reset_tokens WHERE "userId" = $1 OR "expiresAt" < now() - interval '1 day'`, [token.userId]);
    await db.getRepository(PasswordResetTokenEntity).insert(token);
  }

  /** The user of the usable reset token (locked in a transaction when asked); undefined: used, expired or unknown. */
  async usableResetToken(tokenHash: string, db: Db = this.dataSource, lock = false): Promise<number | undefined> {
    const [row]: { userId: number }[] = await db.query(
      `SELECT "userId" FROM password_reset_tokens WHERE "tokenHash" = $1 AND "usedAt" IS NULL AND "expiresAt" > now() ${lock ? 'FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return row?.userId;
  }

  /** Spends the token and drops the user's other unused ones. */
  async spendResetToken(db: Db, tokenHash: string, userId: number): Promise<void> {
    await db.query(`UPDATE password_reset_tokens SET "usedAt" = now() WHERE "tokenHash" = $1`, [tokenHash]);
    await db.query(`DELETE FROM password_reset_tokens WHERE "userId" = $1 AND "usedAt" IS NULL`, [userId]);
  }
}
