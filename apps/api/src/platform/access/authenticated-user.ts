import type { PermissionSubject, UserRole } from '@wkflow/contracts';

/** The session's user with what the permission rules need, loaded once per request. */
export interface AuthenticatedUser extends PermissionSubject {
  id: number;
  username: string;
  name: string;
  role: UserRole;
  accessProfileId: number;
}
