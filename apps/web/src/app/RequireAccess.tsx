import { can, type PermissionNeed, type PermissionSubject, type User } from '@wkflow/contracts';
import { useDeferredValue, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AccessDenied } from '../components/AccessDenied';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { usePermissions } from '../features/auth/usePermissions';

/** What a route needs, and the screen it shows to whoever lacks it. */
export interface RouteAccess {
  allows: (user: User, subject: PermissionSubject) => boolean;
  denied: ReactNode;
}

/** A module permission (read or write) as a route's need, with the 'Acesso Negado' text. */
export function needs(module: string, need: PermissionNeed, message: string): RouteAccess {
  return { allows: (_user, subject) => can(subject, module, need), denied: <AccessDenied message={message} /> };
}

/**
 * The route table's permission gate: the spinner while the permissions load, 'Acesso Negado' when
 * they do not allow the route, else the page (its nested routes).
 */
export function RequireAccess({ access }: { access: RouteAccess }) {
  const { user } = useCurrentUser();
  const { subject, isLoading } = usePermissions();
  // Once the permissions arrive the page renders in a deferred pass (sliced), like the shell (App.tsx).
  const loading = useDeferredValue(!user || isLoading);
  if (!user || loading) return <FullPageSpinner minH="50vh" />;
  if (!access.allows(user, subject)) return access.denied;
  return <Outlet />;
}
