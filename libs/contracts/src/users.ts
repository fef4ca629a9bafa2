/**
 * Users, approvals, access profiles and module permissions (core.md §2-§8): the request and
 * response shapes of /api/users*, /api/access-profiles* and /api/module-permissions*, their
 * validation messages, and the pure rules the API enforces on them.
 */
import type { User } from './auth';
import {
  ADMIN_PROFILE_ID,
  can,
  COLLABORATOR_PROFILE_ID,
  isAdmin,
  type ModuleName,
  type ModulePermission,
  type PermissionLevel,
  type PermissionNeed,
  type PermissionSubject,
} from './permissions';

/** Validation messages of core.md §5 ('Registration form / new user dialog', 'Edit user', 'Password change (admin)', 'Access profile'). */
export const USER_MESSAGES = {
  usernameMin: 'Nome de usuário deve ter pelo menos 3 caracteres',
  emailInvalid: 'Email inválido',
  passwordMin: 'Senha deve ter pelo menos 8 caracteres',
  nameMin: 'Nome deve ter pelo menos 2 caracteres',
  profileRequired: 'Selecione um perfil de acesso',
  confirmPasswordRequired: 'Confirmação de senha é obrigatória',
  passwordsDiffer: 'Senhas não conferem',
  descriptionMin: 'Descrição deve ter ao menos 5 caracteres',
} as const;

/** Messages of the API's own rules (409/404/403 of the users domain). */
export const USER_ERRORS = {
  userNotFound: 'Usuário não encontrado',
  profileNotFound: 'Perfil de acesso não encontrado',
  permissionNotFound: 'Permissão não encontrada',
  alreadyApproved: 'Usuário já aprovado',
  lastAdmin: 'Não é possível remover o último administrador',
  ownAdminRights: 'Você não pode remover seus próprios direitos de administrador',
  adminProfileOnlyByAdmins: 'Somente administradores podem atribuir o perfil Administrador ou alterar contas de administradores',
  adminProfileOnlyOnApproval: 'Um cadastro pendente não recebe o perfil Administrador: escolha-o explicitamente ao aprovar',
  usernameTakenOnApproval: 'O nome de usuário deste cadastro já está em uso por outra conta: altere-o antes de aprovar',
  defaultProfile: 'Perfis padrão não podem ser excluídos',
  profileNameTaken: 'Já existe um perfil com este nome',
  duplicateModulePermission: 'Este perfil já tem uma permissão para este módulo',
} as const;

export const REJECTION_REASON_MAX = 1000;
export const PROFILE_NAME_MAX = 120;
export const PROFILE_DESCRIPTION_MAX = 500;

/* ---------- users ---------- */

/** GET /api/users?includePending=true (users read); without it, approved users only. */
export interface UserListQuery {
  includePending?: 'true' | 'false';
}

/** POST /api/users (users write): created approved; the role follows the profile. */
export interface CreateUserRequest {
  username: string;
  email: string;
  password: string;
  name: string;
  accessProfileId: number;
}

/** PUT /api/users/{id} (users write); accessProfileId may arrive as a numeric string. */
export interface UpdateUserRequest {
  name: string;
  email: string;
  username: string;
  accessProfileId: number;
}

/** PUT /api/users/{id}/password (users write): the user's sessions are ended. */
export interface SetUserPasswordRequest {
  newPassword: string;
  confirmPassword: string;
}

/**
 * GET /api/users/pending: a registration waiting for approval. It holds Colaborador (or what an
 * approver set by editing it, never Administrador); the profile it asked for is a hint only.
 */
export interface PendingUser extends User {
  status: 'pending';
  isApproved: false;
  /** The held profile's current name. */
  accessProfileName: string;
  /** The profile asked for at registration ('Perfil Solicitado'); null when unknown. */
  requestedProfileId: number | null;
  requestedProfileName: string | null;
  /** An approved account already has this username: the approval is refused until it is changed. */
  usernameTaken: boolean;
}

/**
 * POST /api/users/{id}/approve: the profile it grants; without it, the profile the account holds
 * (Colaborador from registration). Administrador is granted only when named here.
 */
export interface ApproveUserRequest {
  accessProfileId?: number;
}

/** POST /api/users/{id}/reject */
export interface RejectUserRequest {
  reason?: string;
}
export interface RejectUserResponse {
  success: true;
  message: 'O cadastro foi removido do sistema.';
}

/** Answer of writes that return nothing else (password, deletions). */
export interface SuccessResponse {
  success: true;
}

/* ---------- access profiles and permissions ---------- */

/** GET /api/access-profiles: every logged-in user (names for badges and selects). */
export interface AccessProfile {
  id: number;
  name: string;
  description: string;
  /** Profiles 1-3: seeded, cannot be deleted. */
  isDefault: boolean;
  /** Approved users holding the profile (pending registrations are not counted). */
  userCount: number;
  /** 'Exigir verificação em duas etapas': its users set up a second factor at their next sign-in. */
  requireTwoFactor: boolean;
}

/** POST /api/access-profiles and PUT /api/access-profiles/{id} */
export interface AccessProfileRequest {
  name: string;
  description: string;
  /** Unchanged when left out. */
  requireTwoFactor?: boolean;
}

export const TASK_SCOPES = ['view_all_tasks', 'view_assigned_only'] as const;
export const EDIT_SCOPES = ['edit_all_tasks', 'edit_assigned_only'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];
export type EditScope = (typeof EDIT_SCOPES)[number];

/**
 * additionalData of a permission as the API accepts it: only these keys (core.md §3 names the
 * task options; editAllTasks is the flag canEditAllTasks reads). taskScope and editScope are
 * stored for the editor; the rights come from the level and editAllTasks.
 */
export interface TaskPermissionOptions {
  editAllTasks?: boolean;
  taskScope?: TaskScope;
  editScope?: EditScope;
}
export const TASK_PERMISSION_OPTION_KEYS = ['editAllTasks', 'taskScope', 'editScope'] as const;

/** One module's entry when saving a profile. */
export interface PermissionEntry {
  module: ModuleName;
  permission: PermissionLevel;
  additionalData?: TaskPermissionOptions | null;
}

/**
 * PUT /api/access-profiles/{id}/permissions (user_management write): replaces ALL of the
 * profile's permissions in one transaction; one entry per module; returns the saved rows.
 */
export interface SavePermissionsRequest {
  permissions: PermissionEntry[];
}

/** POST /api/module-permissions: the documented delete-then-create save, one module at a time. */
export interface CreateModulePermissionRequest extends PermissionEntry {
  profileId: number;
}

/** GET /api/access-profiles/{id}/permissions, GET /api/module-permissions, and the saves. */
export type ModulePermissionResponse = ModulePermission;

/* ---------- pure rules ---------- */

/** Modules listed more than once in a save (each listed once). */
export function duplicateModules(entries: readonly { module: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { module } of entries) (seen.has(module) ? repeated : seen).add(module);
  return [...repeated];
}

/** The rights that let someone administer users and profiles (and so win back anything else). */
export const ADMIN_RIGHTS: readonly (readonly [ModuleName, PermissionNeed])[] = [
  ['users', 'write'],
  ['user_management', 'write'],
];

/**
 * Administration rights a change to one's own profile (or profile assignment) would take away:
 * each of ADMIN_RIGHTS held before and not after. Empty means the change is allowed.
 */
export function lostAdminRights(before: PermissionSubject, after: PermissionSubject): string[] {
  return ADMIN_RIGHTS.filter(([module, need]) => can(before, module, need) && !can(after, module, need)).map(
    ([module, need]) => `${module}:${need}`,
  );
}

/**
 * The profile the approval dialog starts on: the requested one, unless it is Administrador (that
 * takes an explicit choice and a confirmation); then the one the account holds (Colaborador).
 */
export function approvalPreselection(user: { accessProfileId: number; requestedProfileId?: number | null }): number {
  const requested = user.requestedProfileId;
  if (requested && requested !== ADMIN_PROFILE_ID) return requested;
  return user.accessProfileId === ADMIN_PROFILE_ID ? COLLABORATOR_PROFILE_ID : user.accessProfileId;
}

/**
 * Profile 1 is full access: only an administrator (role admin or profile 1) may give it to
 * someone (create, edit, approve a request for it) or change an administrator's account.
 * Otherwise anyone with users write could make themselves, or take over, an administrator.
 */
export function mayTouchAdminProfile(
  actor: { role?: string | null; accessProfileId?: number | null },
  profileIds: readonly number[],
): boolean {
  return isAdmin(actor) || !profileIds.includes(ADMIN_PROFILE_ID);
}
