import type { ModulePermission, User } from '@wkflow/contracts';

export type { ModulePermission, User };

/** GET /api/access-profiles (core.md §3; the API adds how many users hold each profile). */
export interface AccessProfile {
  id: number;
  name: string;
  description: string;
  isDefault: boolean;
  userCount?: number;
}

/** POST /api/users */
export interface CreateUserPayload {
  username: string;
  email: string;
  password: string;
  name: string;
  accessProfileId: number;
}

/** PUT /api/users/{id} */
export interface UpdateUserPayload {
  name: string;
  email: string;
  username: string;
  accessProfileId: number;
}

/** PUT /api/users/{id}/password */
export interface SetPasswordPayload {
  newPassword: string;
  confirmPassword: string;
}

/** One entry of PUT /api/access-profiles/{id}/permissions (one per module). */
export interface PermissionEntry {
  module: string;
  permission: string;
  additionalData: Record<string, unknown> | null;
}
