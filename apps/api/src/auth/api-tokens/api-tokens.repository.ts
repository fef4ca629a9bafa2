import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UserAccessRow } from '../../users/user-access';
import { type Db, ModuleRepository } from '../../platform/database/repository';
import { ApiTokenEntity } from './api-token.entity';

/** A token as listed, with its owner's name (the users module's `user_access` view). */
export interface ApiTokenRow {
  id: number;
  userId: number;
  ownerName: string | null;
  name: string;
  scopes: string[];
  expiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A live token and its approved owner's access, read in one query per request. */
export interface LiveToken {
  id: number;
  scopes: string[];
  lastUsedAt: Date | null;
  user: UserAccessRow;
}

const LISTED = `SELECT t.id, t."userId", a.name AS "ownerName", t.name, t.scopes, t."expiresAt", t."createdAt", t."lastUsedAt"
                  FROM api_tokens t LEFT JOIN user_access a ON a.id = t."userId"`;

/** The queries of personal API tokens (auth module: api_tokens). */
@Injectable()
export class ApiTokensRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  async insert(db: Db, token: Pick<ApiTokenEntity, 'userId' | 'name' | 'tokenHash' | 'scopes' | 'expiresAt'>): Promise<number> {
    const inserted = await db.getRepository(ApiTokenEntity).insert(token);
    return inserted.identifiers[0].id as number;
  }

  /** Unexpired tokens, of one owner (or everyone's: null), the newest first. */
  list(userId: number | null, db: Db = this.dataSource): Promise<ApiTokenRow[]> {
    return db.query(
      `${LISTED} WHERE t."expiresAt" > now() AND ($1::int IS NULL OR t."userId" = $1) ORDER BY t."createdAt" DESC, t.id DESC`,
      [userId],
    );
  }

  async find(id: number, db: Db = this.dataSource): Promise<ApiTokenRow | undefined> {
    const [row]: ApiTokenRow[] = await db.query(`${LISTED} WHERE t.id = $1 AND t."expiresAt" > now()`, [id]);
    return row;
  }

  /** The unexpired token with this hash whose owner is approved. */
  async live(tokenHash: string): Promise<LiveToken | undefined> {
    const [row]: LiveToken[] = await this.dataSource.query(
      `SELECT t.id, t.scopes, t."lastUsedAt", row_to_json(a) AS "user"
         FROM api_tokens t JOIN user_access a ON a.id = t."userId"
        WHERE t."tokenHash" = $1 AND t."expiresAt" > now()`,
      [tokenHash],
    );
    return row;
  }

  /** Records a use; at most once a minute per token (a busy script writes no row per request). */
  async touch(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE api_tokens SET "lastUsedAt" = now() WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`,
      [id],
    );
  }

  /** Deletes the token; answers whether it did. */
  async remove(db: Db, id: number): Promise<boolean> {
    const [, count]: [unknown, number] = await db.query(`DELETE FROM api_tokens WHERE id = $1`, [id]);
    return count > 0;
  }

  /**
   * Claims the tokens that expire within `withinDays` and whose owner was not told yet: each is
   * claimed by one replica only (one conditional UPDATE), so each owner hears once.
   */
  async claimExpiryNotices(withinDays: number): Promise<Omit<ApiTokenRow, 'ownerName'>[]> {
    // An UPDATE … RETURNING answers [rows, count].
    const [rows]: [Omit<ApiTokenRow, 'ownerName'>[], number] = await this.dataSource.query(
      `UPDATE api_tokens t SET "expiryNoticeAt" = now()
        WHERE t."expiryNoticeAt" IS NULL AND t."expiresAt" > now() AND t."expiresAt" <= now() + make_interval(days => $1)
        RETURNING t.id, t."userId", t.name, t.scopes, t."expiresAt", t."createdAt", t."lastUsedAt"`,
      [withinDays],
    );
    return rows;
  }
}
