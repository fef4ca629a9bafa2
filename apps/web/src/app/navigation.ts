import { ADMIN_PROFILE_ID, can, isAdmin, type PermissionSubject, type User } from '@wkflow/contracts';

export interface NavItem {
  /** Stable key, also used for data-testid (`nav-<key>`). */
  key: string;
  label: string;
  to: string;
  /** Paths that mark this link as the current page (prefix match). Defaults to `to`. */
  match?: string[];
}

type NavUser = Pick<User, 'role' | 'accessProfileId'>;

/** Recommendations link: access profile 1 or role manager (extended.md §6). */
export function canSeeRecommendationsLink(user: NavUser): boolean {
  return user.accessProfileId === ADMIN_PROFILE_ID || user.role === 'manager';
}

/** Nova Tarefa and Criar com IA: tasks write. */
export function canCreateTasks(subject: PermissionSubject): boolean {
  return can(subject, 'tasks', 'write');
}

/**
 * The header links the user may see, in order (extended.md §2.2 and §6). Every rule is a
 * function of libs/contracts or a direct reading of §6.
 */
export function visibleNavItems(user: NavUser, subject: PermissionSubject): NavItem[] {
  const items: (NavItem | false)[] = [
    { key: 'wkflow', label: 'WKFlow', to: '/', match: ['/', '/kanban'] },
    can(subject, 'clients', 'read') && { key: 'clients', label: 'Clientes', to: '/clients' },
    { key: 'onboarding', label: 'Onboarding', to: '/onboarding' },
    can(subject, 'chat', 'read') && { key: 'chat', label: 'Chat', to: '/chat' },
    can(subject, 'time_tracking', 'read') && { key: 'time', label: 'Tempos', to: '/time-management' },
    can(subject, 'user_management', 'read') && { key: 'users', label: 'Usuários', to: '/users' },
    can(subject, 'analytics', 'read') && { key: 'analytics', label: 'Analytics', to: '/analytics' },
    canSeeRecommendationsLink(user) && { key: 'recommendations', label: 'Recomendações', to: '/recommendations' },
    { key: 'learning', label: 'Aprendizado', to: '/learning' },
    { key: 'themes', label: 'Temas', to: '/themes' },
    isAdmin(user) && { key: 'admin', label: 'Configurações de admin', to: '/admin/settings', match: ['/admin'] },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** Whether a nav item is the current page. '/' only matches itself (and /kanban through `match`). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return (item.match ?? [item.to]).some((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)));
}
