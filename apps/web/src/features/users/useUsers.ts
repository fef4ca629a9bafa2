import useSWR from 'swr';
import { keys } from '../../lib/swr';
import type { AccessProfile, ModulePermission, PendingUser, User } from '@wkflow/contracts';

/** The whole team, pending registrations included (users read). */
export function useTeam(enabled = true) {
  return useSWR<User[]>(enabled ? keys.usersWithPending : null);
}

/** GET /api/users/pending (users read). */
export function usePendingUsers(enabled = true) {
  return useSWR<PendingUser[]>(enabled ? keys.pendingUsers : null);
}

/** GET /api/users/{id}. */
export function useUser(id: number | null) {
  return useSWR<User>(id ? keys.user(id) : null);
}

/** GET /api/access-profiles: names for badges and selects (every logged-in user). */
export function useAccessProfiles(enabled = true) {
  return useSWR<AccessProfile[]>(enabled ? keys.accessProfiles : null);
}

/** GET /api/access-profiles/{id}/permissions (user_management read). */
export function useProfilePermissions(id: number | null) {
  return useSWR<ModulePermission[]>(id ? keys.profilePermissions(id) : null);
}

/** A list from SWR data that may not be an array yet. */
export function listOf<T>(data: T[] | undefined | null): T[] {
  return Array.isArray(data) ? data : [];
}
