import { MODULES, type AccessProfile, type ModulePermission, type User } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftFromPermissions,
  draftsEqual,
  levelOptions,
  profileName,
  sortUsers,
  statusLabel,
  teamStats,
  toPermissionEntries,
} from './users.logic';

function user(id: number, name: string, approved = true, accessProfileId = 3): User {
  return {
    id,
    name,
    username: name.toLowerCase(),
    email: `${name.toLowerCase()}@a.com`,
    role: 'collaborator',
    accessProfileId,
    status: approved ? 'approved' : 'pending',
    isApproved: approved,
    createdAt: '2025-01-01T10:00:00Z',
  };
}

const profiles: AccessProfile[] = [
  { id: 1, name: 'Administrador', description: 'Acesso total', isDefault: true, userCount: 0, requireTwoFactor: false },
  { id: 2, name: 'Gerente', description: 'Gerência', isDefault: true, userCount: 0, requireTwoFactor: false },
  { id: 7, name: 'Financeiro', description: 'Setor financeiro', isDefault: false, userCount: 0, requireTwoFactor: false },
];

describe('users', () => {
  it('labels the status Aprovado / Pendente', () => {
    expect(statusLabel(user(1, 'Ana'))).toBe('Aprovado');
    expect(statusLabel(user(2, 'Pedro', false))).toBe('Pendente');
  });

  it('names a profile from the list, else by the spec names', () => {
    expect(profileName(profiles, 7)).toBe('Financeiro');
    expect(profileName(profiles, 2)).toBe('Gerente');
    expect(profileName(undefined, 3)).toBe('Colaborador');
    expect(profileName([], 9)).toBe('Perfil Personalizado');
  });

  it('counts active, pending and profiles', () => {
    const team = [user(1, 'Ana'), user(2, 'Bia'), user(3, 'Pedro', false)];
    expect(teamStats(team, undefined, profiles)).toEqual({ active: 2, pending: 1, profiles: 3 });
    expect(teamStats(team, [user(3, 'Pedro', false), user(4, 'Rui', false)], profiles)).toEqual({ active: 2, pending: 2, profiles: 3 });
  });

  it('sorts approved users first, then by name', () => {
    expect(sortUsers([user(1, 'Zeca'), user(2, 'Pedro', false), user(3, 'ana')]).map((u) => u.name)).toEqual(['ana', 'Zeca', 'Pedro']);
  });
});

describe('permissions editor', () => {
  const perms: ModulePermission[] = [
    { id: 1, profileId: 3, module: 'clients', permission: 'read' },
    {
      id: 2,
      profileId: 3,
      module: 'tasks',
      permission: 'edit_assigned',
      additionalData: { editAllTasks: true, taskScope: 'view_assigned_only' },
    },
    { id: 3, profileId: 3, module: 'time_tracking', permission: 'view_all', additionalData: null },
  ];

  it('starts every module at hidden where no permission exists', () => {
    const draft = draftFromPermissions(perms);
    expect(Object.keys(draft)).toEqual([...MODULES]);
    expect(draft.wkflow).toEqual({ permission: 'hidden', editAllTasks: false, extra: {} });
    expect(draft.clients.permission).toBe('read');
    expect(draft.tasks).toEqual({ permission: 'edit_assigned', editAllTasks: true, extra: { taskScope: 'view_assigned_only' } });
    expect(draftFromPermissions([]).tasks).toEqual({ permission: 'hidden', editAllTasks: false, extra: {} });
  });

  it('offers the editor levels per module, plus a current level outside them', () => {
    expect(levelOptions('tasks').map((o) => o.value)).toEqual(['read', 'write', 'view_assigned', 'edit_assigned', 'hidden']);
    expect(levelOptions('time_tracking').map((o) => o.value)).toEqual(['read', 'write', 'view_assigned', 'own_only', 'hidden']);
    expect(levelOptions('clients').map((o) => o.label)).toEqual(['Leitura', 'Escrita', 'Oculto']);
    expect(levelOptions('time_tracking', 'view_all').map((o) => o.value)).toEqual([
      'read',
      'write',
      'view_assigned',
      'own_only',
      'view_all',
      'hidden',
    ]);
  });

  it('saves one entry per module, with editAllTasks for tasks and the other keys kept', () => {
    const entries = toPermissionEntries(draftFromPermissions(perms));
    expect(entries).toHaveLength(MODULES.length);
    expect(entries.find((e) => e.module === 'wkflow')).toEqual({ module: 'wkflow', permission: 'hidden', additionalData: null });
    expect(entries.find((e) => e.module === 'tasks')).toEqual({
      module: 'tasks',
      permission: 'edit_assigned',
      additionalData: { taskScope: 'view_assigned_only', editAllTasks: true },
    });
  });

  it('drops editAllTasks when tasks is hidden or the switch is off', () => {
    const draft = draftFromPermissions([]);
    expect(
      toPermissionEntries({ ...draft, tasks: { permission: 'hidden', editAllTasks: true, extra: {} } }).find((e) => e.module === 'tasks')
        ?.additionalData,
    ).toBeNull();
    expect(
      toPermissionEntries({ ...draft, tasks: { permission: 'write', editAllTasks: false, extra: {} } }).find((e) => e.module === 'tasks')
        ?.additionalData,
    ).toBeNull();
  });

  it('compares drafts by what would be saved', () => {
    const a = draftFromPermissions(perms);
    expect(draftsEqual(a, draftFromPermissions(perms))).toBe(true);
    expect(draftsEqual(a, { ...a, clients: { ...a.clients, permission: 'hidden' } })).toBe(false);
  });
});
