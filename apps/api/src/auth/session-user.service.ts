import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from './authenticated-user';

export interface SessionUserRow {
  id: number;
  username: string;
  name: string;
  role: AuthenticatedUser['role'];
  accessProfileId: number;
  permissions: AuthenticatedUser['permissions'] | null;
}

/** SQL selecting the approved user whose id is `idSql` and their profile's permissions (one row or none). */
export function sessionUserSql(idSql: string): string {
  return `SELECT u.id, u.username, u.name, u.role, u."accessProfileId",
                 (SELECT json_agg(json_build_object('module', p.module, 'permission', p.permission, 'additionalData', p."additionalData"))
                    FROM module_permissions p WHERE p."profileId" = u."accessProfileId") AS permissions
            FROM users u
           WHERE u.id = ${idSql} AND u."isApproved"`;
}

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
