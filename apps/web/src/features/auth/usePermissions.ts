import { can as canRule, type ModulePermission, type PermissionNeed, type PermissionSubject } from '@wkflow/contracts';
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { keys } from '../../lib/swr';
import { useCurrentUser } from './useCurrentUser';

const NO_PERMISSIONS: ModulePermission[] = [];

/**
 * The current user's module permissions (GET /api/module-permissions) and `can(module, need)`,
 * built on the shared rule of libs/contracts (profile 1 = full access, hidden blocks everything).
 */
export function usePermissions() {
  const { user } = useCurrentUser();
  const { data, isLoading, mutate } = useSWR<ModulePermission[]>(user ? keys.modulePermissions : null);
  const permissions = Array.isArray(data) ? data : NO_PERMISSIONS;

  const subject = useMemo<PermissionSubject>(
    () => ({ accessProfileId: user?.accessProfileId ?? null, permissions }),
    [user?.accessProfileId, permissions],
  );

  const can = useCallback(
    (module: string, need: PermissionNeed = 'read') => (user ? canRule(subject, module, need) : false),
    [user, subject],
  );

  return { permissions, subject, can, isLoading, mutate };
}
