/**
 * Permission semantics of the product (core.md §6, extended.md §6), shared by the API guard and the
 * web UI. Pure functions only.
 */
export const MODULES = [
  'wkflow',
  'clients',
  'client_credentials',
  'tasks',
  'time_tracking',
  'team_statistics',
  'users',
  'user_management',
  'chat',
  'analytics',
] as const;
export type ModuleName = (typeof MODULES)[number];

export const PERMISSION_LEVELS = ['read', 'write', 'view_assigned', 'edit_assigned', 'own_only', 'hidden', 'view_all', 'edit_all'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** What an endpoint or a screen asks of a module. */
export type PermissionNeed = 'read' | 'write' | 'view_all';

/** Levels offered per module in the permissions editor. */
export const EDITOR_LEVELS: Record<ModuleName, PermissionLevel[]> = {
  wkflow: ['read', 'write', 'hidden'],
  clients: ['read', 'write', 'hidden'],
  client_credentials: ['read', 'write', 'hidden'],
  tasks: ['read', 'write', 'view_assigned', 'edit_assigned', 'hidden'],
  time_tracking: ['read', 'write', 'view_assigned', 'own_only', 'hidden'],
  team_statistics: ['read', 'write', 'hidden'],
  users: ['read', 'write', 'hidden'],
  user_management: ['read', 'write', 'hidden'],
  chat: ['read', 'write', 'hidden'],
  analytics: ['read', 'write', 'hidden'],
};

export const MODULE_LABELS: Record<ModuleName, string> = {
  wkflow: 'WKFlow',
  clients: 'Clientes',
  client_credentials: 'Senhas & Acessos',
  tasks: 'Tarefas',
  time_tracking: 'Controle de Tempo',
  team_statistics: 'Estatísticas da Equipe',
  users: 'Usuários',
  user_management: 'Gestão de Usuários',
  chat: 'Chat',
  analytics: 'Analytics',
};

export const LEVEL_LABELS: Record<PermissionLevel, string> = {
  read: 'Leitura',
  write: 'Escrita',
  view_assigned: 'Ver atribuídas',
  edit_assigned: 'Editar atribuídas',
  own_only: 'Somente próprios',
  hidden: 'Oculto',
  view_all: 'Ver todos',
  edit_all: 'Editar todos',
};

/**
 * Modules that live inside another one: 'Senhas & Acessos' is a part of Clientes, so it never grants
 * more than the clients permission does (clients read + credentials write edits nothing).
 */
export const PARENT_MODULE: Partial<Record<ModuleName, ModuleName>> = {
  client_credentials: 'clients',
};

/** The profile every module is fully open to. */
export const ADMIN_PROFILE_ID = 1;
export const MANAGER_PROFILE_ID = 2;
export const COLLABORATOR_PROFILE_ID = 3;
export const DEFAULT_PROFILE_IDS = [ADMIN_PROFILE_ID, MANAGER_PROFILE_ID, COLLABORATOR_PROFILE_ID];

export interface TaskPermissionData {
  editAllTasks?: boolean;
  [key: string]: unknown;
}

export interface ModulePermission {
  id: number;
  profileId: number;
  module: ModuleName | string;
  permission: PermissionLevel | string;
  additionalData?: TaskPermissionData | null;
}

// core.md §6 lists read, write, view_all, view_assigned, edit_all and own_only as granting read.
// edit_assigned is added: a level that lets a user edit their assigned tasks must let them see
// those tasks, or the editor's "Editar atribuídas" option would leave the board empty.
const READ_LEVELS: readonly string[] = ['read', 'write', 'view_all', 'view_assigned', 'edit_all', 'own_only', 'edit_assigned'];
const WRITE_LEVELS: readonly string[] = ['write', 'edit_all'];
const VIEW_ALL_LEVELS: readonly string[] = ['write', 'view_all', 'edit_all'];
const EDIT_ASSIGNED_LEVELS: readonly string[] = ['edit_all', 'edit_assigned', 'write'];

/** Whether one level grants a need (hidden and unknown levels grant nothing). */
export function levelGrants(level: string, need: PermissionNeed): boolean {
  switch (need) {
    case 'read':
      return READ_LEVELS.includes(level);
    case 'write':
      return WRITE_LEVELS.includes(level);
    case 'view_all':
      return VIEW_ALL_LEVELS.includes(level);
  }
}

/** Who is asking: what the permission rules look at. */
export interface PermissionSubject {
  accessProfileId: number | null;
  permissions: readonly Pick<ModulePermission, 'module' | 'permission' | 'additionalData'>[];
}

function levelsFor(subject: PermissionSubject, module: string): string[] {
  return subject.permissions.filter((p) => p.module === module).map((p) => p.permission);
}

/**
 * The one rule: profile 1 has full access; otherwise a module grants a need when one of its
 * levels grants it and none of them is hidden (hidden blocks everything), and, for a module that
 * lives inside another (PARENT_MODULE), when that one grants the need too.
 */
export function can(subject: PermissionSubject, module: string, need: PermissionNeed): boolean {
  if (subject.accessProfileId === ADMIN_PROFILE_ID) return true;
  const parent = PARENT_MODULE[module as ModuleName];
  if (parent && !can(subject, parent, need)) return false;
  const levels = levelsFor(subject, module);
  if (levels.includes('hidden')) return false;
  return levels.some((level) => levelGrants(level, need));
}

/** Users who cannot view all tasks see only the tasks assigned to them. */
export function canViewAllTasks(subject: PermissionSubject): boolean {
  return can(subject, 'tasks', 'view_all');
}

export function canEditAssignedTasks(subject: PermissionSubject): boolean {
  if (subject.accessProfileId === ADMIN_PROFILE_ID) return true;
  const levels = levelsFor(subject, 'tasks');
  if (levels.includes('hidden')) return false;
  return levels.some((level) => EDIT_ASSIGNED_LEVELS.includes(level));
}

/** Editing every task is driven by the editAllTasks flag of the tasks permission. */
export function canEditAllTasks(subject: PermissionSubject): boolean {
  if (subject.accessProfileId === ADMIN_PROFILE_ID) return true;
  const tasks = subject.permissions.filter((p) => p.module === 'tasks');
  if (tasks.some((p) => p.permission === 'hidden')) return false;
  return tasks.some((p) => p.additionalData?.editAllTasks === true);
}

/** time_tracking: view_all, edit_all or write see every entry. */
export function canViewAllTimeEntries(subject: PermissionSubject): boolean {
  return can(subject, 'time_tracking', 'view_all');
}

/** time_tracking scope: every entry, entries on tasks assigned to the user, or their own only. */
export type TimeEntryScope = 'all' | 'assigned' | 'own' | 'none';
export function timeEntryScope(subject: PermissionSubject): TimeEntryScope {
  if (!can(subject, 'time_tracking', 'read')) return 'none';
  if (canViewAllTimeEntries(subject)) return 'all';
  if (levelsFor(subject, 'time_tracking').includes('view_assigned')) return 'assigned';
  return 'own';
}

export type UserRole = 'admin' | 'manager' | 'collaborator';
export const USER_ROLES: readonly UserRole[] = ['admin', 'manager', 'collaborator'];

/** Default profiles decide the role; custom profiles get collaborator (DESIGN §3). */
export function roleForProfile(profileId: number): UserRole {
  if (profileId === ADMIN_PROFILE_ID) return 'admin';
  if (profileId === MANAGER_PROFILE_ID) return 'manager';
  return 'collaborator';
}

export function profileForRole(role: UserRole): number {
  if (role === 'admin') return ADMIN_PROFILE_ID;
  if (role === 'manager') return MANAGER_PROFILE_ID;
  return COLLABORATOR_PROFILE_ID;
}

/** Profile names shown in the pending list. */
export function profileLabel(profileId: number | null | undefined): string {
  if (profileId === ADMIN_PROFILE_ID) return 'Administrador';
  if (profileId === MANAGER_PROFILE_ID) return 'Gerente';
  if (profileId === COLLABORATOR_PROFILE_ID) return 'Colaborador';
  return 'Perfil Personalizado';
}

/** Admin tools (e-mail settings, queue): role admin or access profile 1. */
export function isAdmin(user: { role?: string | null; accessProfileId?: number | null }): boolean {
  return user.role === 'admin' || user.accessProfileId === ADMIN_PROFILE_ID;
}

/** Recommendations: users read, plus access profile 1 or role manager. */
export function canSeeRecommendations(
  user: { role?: string | null; accessProfileId?: number | null },
  subject: PermissionSubject,
): boolean {
  return can(subject, 'users', 'read') && (user.accessProfileId === ADMIN_PROFILE_ID || user.role === 'manager');
}
