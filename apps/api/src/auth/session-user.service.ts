import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from './authenticated-user';

interface SessionUserRow {
  id: number;
  username: string;
  name: string;
  role: AuthenticatedUser['role'];
  accessProfileId: number;
  permissions: AuthenticatedUser['permissions'] | null;
}

/** Loads the session's user and their profile's permissions in one query. */
@Injectable()
export class SessionUserService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null when the user no longer exists or is not approved (their session no longer counts). */
  async load(userId: number): Promise<AuthenticatedUser | null> {
    const rows: SessionUserRow[] = await this.dataSource.query(
      `SELECT u.id, u.username, u.name, u.role, u."accessProfileId",
              (SELECT json_agg(json_build_object('module', p.module, 'permission', p.permission, 'additionalData', p."additionalData"))
                 FROM module_permissions p WHERE p."profileId" = u."accessProfileId") AS permissions
         FROM users u
        WHERE u.id = $1 AND u."isApproved"`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, permissions: row.permissions ?? [] };
  }
}
