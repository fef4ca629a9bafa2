import type { AuthenticatedUser } from '../platform/access/authenticated-user';

/** One row of approvedUserAccessSql(). */
export interface UserAccessRow {
  id: number;
  username: string;
  name: string;
  role: AuthenticatedUser['role'];
  accessProfileId: number;
  permissions: AuthenticatedUser['permissions'] | null;
}

/**
 * SQL selecting the approved user whose id is `idSql` and their profile's permissions (one row or
 * none). The users module owns these tables and writes this read; the auth module runs it inside
 * its session query, so a request costs one round trip (docs/decisions.md, "Module boundaries").
 */
export function approvedUserAccessSql(idSql: string): string {
  return `SELECT u.id, u.username, u.name, u.role, u."accessProfileId",
                 (SELECT json_agg(json_build_object('module', p.module, 'permission', p.permission, 'additionalData', p."additionalData"))
                    FROM module_permissions p WHERE p."profileId" = u."accessProfileId") AS permissions
            FROM users u
           WHERE u.id = ${idSql} AND u."isApproved"`;
}
