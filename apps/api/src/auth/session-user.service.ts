import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { approvedUserAccessSql, type UserAccessRow } from '../users/user-access';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';

export type SessionUserRow = UserAccessRow;

/** SQL selecting the approved user whose id is `idSql` and their profile's permissions (one row or none). */
export const sessionUserSql = approvedUserAccessSql;

export function toAuthenticatedUser(row: SessionUserRow | null | undefined): AuthenticatedUser | null {
  return row ? { ...row, permissions: row.permissions ?? [] } : null;
}

/** Loads the session's user and their profile's permissions in one query. */
@Injectable()
export class SessionUserService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null when the user no longer exists or is not approved (their session no longer counts). */
  async load(userId: number): Promise<AuthenticatedUser | null> {
    const rows: SessionUserRow[] = await this.dataSource.query(sessionUserSql('$1'), [userId]);
    return toAuthenticatedUser(rows[0]);
  }
}
