import { describe, expect, it } from 'vitest';
import {
  can,
  canEditAllTasks,
  canEditAssignedTasks,
  canSeeRecommendations,
  canViewAllTasks,
  canViewAllTimeEntries,
  isAdmin,
  levelGrants,
  PERMISSION_LEVELS,
  profileForRole,
  profileLabel,
  roleForProfile,
  timeEntryScope,
  type PermissionSubject,
} from '../src/permissions';

const subject = (module: string, permission: string, additionalData?: Record<string, unknown>, accessProfileId = 3): PermissionSubject => ({
  accessProfileId,
  permissions: [{ module, permission, additionalData }],
});

describe('levelGrants (core.md §6)', () => {
  // Read is granted by read, write, view_all, view_assigned, edit_all and own_only
  // (plus edit_assigned: editing assigned tasks implies seeing them).
  const readers = ['read', 'write', 'view_all', 'view_assigned', 'edit_all', 'own_only', 'edit_assigned'];
  const writers = ['write', 'edit_all'];
  const viewAll = ['write', 'view_all', 'edit_all'];
  it.each(PERMISSION_LEVELS.map((level) => [level]))('%s', (level) => {
    expect(levelGrants(level, 'read')).toBe(readers.includes(level));
    expect(levelGrants(level, 'write')).toBe(writers.includes(level));
    expect(levelGrants(level, 'view_all')).toBe(viewAll.includes(level));
  });
  it('hidden and unknown levels grant nothing', () => {
    for (const need of ['read', 'write', 'view_all'] as const) {
      expect(levelGrants('hidden', need)).toBe(false);
      expect(levelGrants('superuser', need)).toBe(false);
    }
  });
});

describe('can', () => {
  it('gives access profile 1 everything', () => {
    const admin: PermissionSubject = { accessProfileId: 1, permissions: [] };
    expect(can(admin, 'analytics', 'write')).toBe(true);
    expect(can(admin, 'tasks', 'view_all')).toBe(true);
  });
  it('denies a module without any permission row', () => {
    expect(can({ accessProfileId: 3, permissions: [] }, 'clients', 'read')).toBe(false);
  });
  it('lets hidden block everything, even beside a granting row', () => {
    const both: PermissionSubject = {
      accessProfileId: 2,
      permissions: [
        { module: 'clients', permission: 'write' },
        { module: 'clients', permission: 'hidden' },
      ],
    };
    expect(can(both, 'clients', 'read')).toBe(false);
    expect(can(both, 'clients', 'write')).toBe(false);
  });
  it('looks only at the asked module', () => {
    expect(can(subject('clients', 'write'), 'chat', 'read')).toBe(false);
  });
});

describe("client credentials ('Senhas & Acessos', a permission of its own under Clientes)", () => {
  const profile = (clients: string, credentials?: string): PermissionSubject => ({
    accessProfileId: 7,
    permissions: [
      { module: 'clients', permission: clients },
      ...(credentials ? [{ module: 'client_credentials', permission: credentials }] : []),
    ],
  });
  it('follows its own level when clients grants as much', () => {
    expect(can(profile('write', 'write'), 'client_credentials', 'write')).toBe(true);
    expect(can(profile('write', 'read'), 'client_credentials', 'read')).toBe(true);
    expect(can(profile('write', 'read'), 'client_credentials', 'write')).toBe(false);
    expect(can(profile('read', 'read'), 'client_credentials', 'read')).toBe(true);
  });
  it('hides credentials from a profile that still reads or writes clients', () => {
    for (const clients of ['read', 'write']) {
      expect(can(profile(clients, 'hidden'), 'client_credentials', 'read')).toBe(false);
      expect(can(profile(clients, 'hidden'), 'client_credentials', 'write')).toBe(false);
      expect(can(profile(clients, 'hidden'), 'clients', 'read')).toBe(true);
    }
  });
  it('never grants more than the clients permission', () => {
    expect(can(profile('read', 'write'), 'client_credentials', 'read')).toBe(true);
    expect(can(profile('read', 'write'), 'client_credentials', 'write')).toBe(false);
    expect(can(profile('hidden', 'write'), 'client_credentials', 'read')).toBe(false);
    expect(
      can({ accessProfileId: 7, permissions: [{ module: 'client_credentials', permission: 'write' }] }, 'client_credentials', 'read'),
    ).toBe(false);
  });
  it('is denied without a row of its own (fail closed), and open to profile 1', () => {
    expect(can(profile('write'), 'client_credentials', 'read')).toBe(false);
    expect(can({ accessProfileId: 1, permissions: [] }, 'client_credentials', 'write')).toBe(true);
  });
});

describe('task and time rules', () => {
  it('views all tasks with view_all, edit_all or write', () => {
    for (const level of ['view_all', 'edit_all', 'write']) expect(canViewAllTasks(subject('tasks', level))).toBe(true);
    for (const level of ['read', 'view_assigned', 'edit_assigned', 'own_only', 'hidden'])
      expect(canViewAllTasks(subject('tasks', level))).toBe(false);
  });
  it('edits assigned tasks with edit_all, edit_assigned or write', () => {
    for (const level of ['edit_all', 'edit_assigned', 'write']) expect(canEditAssignedTasks(subject('tasks', level))).toBe(true);
    for (const level of ['read', 'view_all', 'view_assigned', 'hidden']) expect(canEditAssignedTasks(subject('tasks', level))).toBe(false);
  });
  it('edits all tasks only with the editAllTasks flag', () => {
    expect(canEditAllTasks(subject('tasks', 'write'))).toBe(false);
    expect(canEditAllTasks(subject('tasks', 'write', { editAllTasks: true }))).toBe(true);
    expect(canEditAllTasks(subject('tasks', 'hidden', { editAllTasks: true }))).toBe(false);
    expect(canEditAllTasks({ accessProfileId: 1, permissions: [] })).toBe(true);
  });
  it('views all time entries with view_all, edit_all or write on time_tracking', () => {
    for (const level of ['view_all', 'edit_all', 'write']) expect(canViewAllTimeEntries(subject('time_tracking', level))).toBe(true);
    for (const level of ['read', 'own_only', 'view_assigned']) expect(canViewAllTimeEntries(subject('time_tracking', level))).toBe(false);
  });
  it('scopes time entries by level', () => {
    expect(timeEntryScope(subject('time_tracking', 'write'))).toBe('all');
    expect(timeEntryScope(subject('time_tracking', 'view_assigned'))).toBe('assigned');
    expect(timeEntryScope(subject('time_tracking', 'own_only'))).toBe('own');
    expect(timeEntryScope(subject('time_tracking', 'read'))).toBe('own');
    expect(timeEntryScope(subject('time_tracking', 'hidden'))).toBe('none');
    expect(timeEntryScope({ accessProfileId: 1, permissions: [] })).toBe('all');
  });
});

describe('roles and profiles', () => {
  it('maps roles to default profiles and back', () => {
    expect(profileForRole('admin')).toBe(1);
    expect(profileForRole('manager')).toBe(2);
    expect(profileForRole('collaborator')).toBe(3);
    expect(roleForProfile(1)).toBe('admin');
    expect(roleForProfile(2)).toBe('manager');
    expect(roleForProfile(3)).toBe('collaborator');
    expect(roleForProfile(7)).toBe('collaborator');
  });
  it('names profiles as the pending list does', () => {
    expect([1, 2, 3, 9].map(profileLabel)).toEqual(['Administrador', 'Gerente', 'Colaborador', 'Perfil Personalizado']);
  });
  it('treats role admin or profile 1 as admin', () => {
    expect(isAdmin({ role: 'admin', accessProfileId: 3 })).toBe(true);
    expect(isAdmin({ role: 'manager', accessProfileId: 1 })).toBe(true);
    expect(isAdmin({ role: 'manager', accessProfileId: 2 })).toBe(false);
  });
  it('opens recommendations to users-read plus profile 1 or managers', () => {
    const usersRead = subject('users', 'read', undefined, 2);
    expect(canSeeRecommendations({ role: 'manager', accessProfileId: 2 }, usersRead)).toBe(true);
    expect(canSeeRecommendations({ role: 'collaborator', accessProfileId: 3 }, usersRead)).toBe(false);
    expect(canSeeRecommendations({ role: 'manager', accessProfileId: 2 }, subject('users', 'hidden', undefined, 2))).toBe(false);
  });
});
