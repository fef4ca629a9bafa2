import {
  ADMIN_PROFILE_ID,
  EDITOR_LEVELS,
  LEVEL_LABELS,
  MODULES,
  profileLabel,
  type ModuleName,
  type PermissionLevel,
  type TaskPermissionOptions,
  type AccessProfile,
  type ModulePermission,
  type PermissionEntry,
  type User,
} from '@wkflow/contracts';

/** Pure rules of the users screens (no React, no I/O). */

export function isApproved(user: Pick<User, 'isApproved' | 'status'>): boolean {
  return user.isApproved ?? user.status === 'approved';
}

/** 'Aprovado' / 'Pendente' (core.md §2). */
export function statusLabel(user: Pick<User, 'isApproved' | 'status'>): 'Aprovado' | 'Pendente' {
  return isApproved(user) ? 'Aprovado' : 'Pendente';
}

/** A profile's name: from GET /api/access-profiles when known, else the spec's names by id. */
export function profileName(profiles: readonly AccessProfile[] | undefined, id: number | null | undefined): string {
  const profile = id == null ? undefined : profiles?.find((p) => p.id === id);
  return profile?.name || profileLabel(id);
}

export interface TeamStats {
  /** 'Usuários Ativos': approved users. */
  active: number;
  /** 'Pendentes': registrations waiting for approval. */
  pending: number;
  /** 'Perfis de Acesso'. */
  profiles: number;
}

export function teamStats(users: readonly User[], pending: readonly User[] | undefined, profiles: readonly AccessProfile[]): TeamStats {
  return {
    active: users.filter(isApproved).length,
    pending: pending ? pending.length : users.filter((u) => !isApproved(u)).length,
    profiles: profiles.length,
  };
}

/** Approved users first, then by name (pt-BR collation). */
export function sortUsers(users: readonly User[]): User[] {
  return [...users].sort(
    (a, b) => Number(isApproved(b)) - Number(isApproved(a)) || (a.name ?? '').localeCompare(b.name ?? '', 'pt-BR', { sensitivity: 'base' }),
  );
}

/* ---------- permissions editor ---------- */

export interface ModuleDraft {
  permission: string;
  /** tasks only: 'Editar todas as tarefas' (additionalData.editAllTasks). */
  editAllTasks: boolean;
  /** Other additionalData keys the server returned, kept as they are. */
  extra: Record<string, unknown>;
}

export type PermissionDraft = Record<ModuleName, ModuleDraft>;

/** Every module of MODULES; where the profile has no permission it starts at hidden (core.md §4). */
export function draftFromPermissions(permissions: readonly ModulePermission[]): PermissionDraft {
  const draft = {} as PermissionDraft;
  for (const module of MODULES) {
    const found = permissions.find((p) => p.module === module);
    const { editAllTasks, ...extra } = (found?.additionalData ?? {}) as Record<string, unknown>;
    draft[module] = { permission: found?.permission ?? 'hidden', editAllTasks: editAllTasks === true, extra };
  }
  return draft;
}

/** What the editor offers for a module: EDITOR_LEVELS, plus the current level if it is another one (view_all, edit_all). */
export function levelOptions(module: ModuleName, current?: string): { value: string; label: string }[] {
  const levels: string[] = [...EDITOR_LEVELS[module]];
  if (current && !levels.includes(current)) levels.splice(levels.length - 1, 0, current);
  return levels.map((value) => ({ value, label: levelLabel(value) }));
}

export function levelLabel(level: string): string {
  return LEVEL_LABELS[level as PermissionLevel] ?? level;
}

/** The body of PUT /api/access-profiles/{id}/permissions: one entry per module. */
export function toPermissionEntries(draft: PermissionDraft): PermissionEntry[] {
  return MODULES.map((module) => {
    const { permission, editAllTasks, extra } = draft[module];
    const data: Record<string, unknown> = { ...extra };
    if (module === 'tasks' && editAllTasks && permission !== 'hidden') data.editAllTasks = true;
    // The draft keeps the levels and options as the server sent them (ModulePermission is looser than the save body).
    return {
      module,
      permission: permission as PermissionLevel,
      additionalData: Object.keys(data).length ? (data as TaskPermissionOptions) : null,
    };
  });
}

export function draftsEqual(a: PermissionDraft, b: PermissionDraft): boolean {
  return JSON.stringify(toPermissionEntries(a)) === JSON.stringify(toPermissionEntries(b));
}

/** Profile 1 has full access by rule, whatever its rows say (core.md §6). */
export function hasFullAccess(profileId: number): boolean {
  return profileId === ADMIN_PROFILE_ID;
}

/** Badge colour of a level in the read-only view. */
export function levelTone(level: string): 'green' | 'blue' | 'orange' | 'gray' {
  if (level === 'write' || level === 'edit_all') return 'green';
  if (level === 'hidden') return 'gray';
  if (level === 'read' || level === 'view_all') return 'blue';
  return 'orange';
}
