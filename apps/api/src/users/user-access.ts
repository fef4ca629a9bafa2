import type { AuthenticatedUser } from '../platform/access/authenticated-user';

/**
 * One row of the `user_access` view (migration UserAccessView): an approved account and his
 * profile's permissions, the users module's published read for the auth module's session query.
 */
export interface UserAccessRow {
  id: number;
  username: string;
  name: string;
  role: AuthenticatedUser['role'];
  accessProfileId: number;
  permissions: AuthenticatedUser['permissions'] | null;
}
