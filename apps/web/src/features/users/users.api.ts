import { mutate } from 'swr';
import { apiFetch } from '../../lib/fetcher';
import { keys } from '../../lib/swr';
import type {
  AccessProfileRequest,
  ApproveUserRequest,
  RejectUserRequest,
  AccessProfile,
  CreateUserRequest,
  ModulePermission,
  PermissionEntry,
  SavePermissionsRequest,
  SetUserPasswordRequest,
  UpdateUserRequest,
  User,
} from '@wkflow/contracts';

/** Writes of the users domain; each refreshes the SWR keys it changes. */

/** The lists a user change can alter: the team, the pending list and the profiles' user counts. */
async function refreshUserLists(): Promise<void> {
  await Promise.all([mutate(keys.users), mutate(keys.usersWithPending), mutate(keys.pendingUsers), mutate(keys.accessProfiles)]);
}

export async function createUser(body: CreateUserRequest): Promise<User> {
  const user = await apiFetch<User>('/api/users', { method: 'POST', body });
  await refreshUserLists();
  return user;
}

/** PUT /api/users/{id}; `currentUserId` refreshes /api/auth/me (and its permissions) when one edits oneself. */
export async function updateUser(id: number, body: UpdateUserRequest, currentUserId?: number): Promise<User> {
  const user = await apiFetch<User>(`/api/users/${id}`, { method: 'PUT', body });
  await Promise.all([
    mutate(keys.user(id), user, { revalidate: false }),
    refreshUserLists(),
    id === currentUserId ? Promise.all([mutate(keys.me), mutate(keys.modulePermissions)]) : null,
  ]);
  return user;
}

export async function setUserPassword(id: number, body: SetUserPasswordRequest): Promise<void> {
  await apiFetch(`/api/users/${id}/password`, { method: 'PUT', body });
}

/** DELETE /api/users/{id}/sessions: the user is signed out everywhere (the caller's own current session stays). */
export async function endUserSessions(id: number): Promise<void> {
  await apiFetch(`/api/users/${id}/sessions`, { method: 'DELETE' });
}

/** Approves with the chosen profile (the requested one when not given). */
export async function approveUser(id: number, accessProfileId?: number): Promise<User> {
  const user = await apiFetch<User>(`/api/users/${id}/approve`, {
    method: 'POST',
    body: (accessProfileId ? { accessProfileId } : {}) satisfies ApproveUserRequest,
  });
  await Promise.all([refreshUserLists(), mutate(keys.user(id))]);
  return user;
}

/** Removes the registration; the reason is optional. */
export async function rejectUser(id: number, reason: string): Promise<void> {
  const trimmed = reason.trim();
  await apiFetch(`/api/users/${id}/reject`, { method: 'POST', body: (trimmed ? { reason: trimmed } : {}) satisfies RejectUserRequest });
  await refreshUserLists();
}

export async function createAccessProfile(body: AccessProfileRequest): Promise<AccessProfile> {
  const profile = await apiFetch<AccessProfile>('/api/access-profiles', { method: 'POST', body });
  await mutate(keys.accessProfiles);
  return profile;
}

/** PUT /api/access-profiles/{id}: name, description and 'Exigir verificação em duas etapas'. */
export async function updateAccessProfile(id: number, body: AccessProfileRequest): Promise<AccessProfile> {
  const profile = await apiFetch<AccessProfile>(`/api/access-profiles/${id}`, { method: 'PUT', body });
  await mutate(keys.accessProfiles);
  return profile;
}

export async function deleteAccessProfile(id: number): Promise<void> {
  await apiFetch(`/api/access-profiles/${id}`, { method: 'DELETE' });
  await mutate(keys.accessProfiles);
}

/**
 * The atomic save: PUT /api/access-profiles/{id}/permissions replaces all of the profile's
 * permissions in one transaction. When it is the current user's profile, their own module
 * permissions (the header links, the screens) are refetched.
 */
export async function saveProfilePermissions(
  id: number,
  permissions: PermissionEntry[],
  currentProfileId?: number | null,
): Promise<ModulePermission[]> {
  const saved = await apiFetch<ModulePermission[]>(`/api/access-profiles/${id}/permissions`, {
    method: 'PUT',
    body: { permissions } satisfies SavePermissionsRequest,
  });
  await Promise.all([
    mutate(keys.profilePermissions(id), Array.isArray(saved) ? saved : undefined, { revalidate: !Array.isArray(saved) }),
    id === currentProfileId ? mutate(keys.modulePermissions) : null,
  ]);
  return saved;
}
