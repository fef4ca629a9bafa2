import type { ModulePermission, PermissionSubject } from '@wkflow/contracts';
import { describe, expect, it } from 'vitest';
import { canCreateTasks, isNavItemActive, visibleNavItems } from './navigation';

const perms = (entries: Record<string, string>): Pick<ModulePermission, 'module' | 'permission'>[] =>
  Object.entries(entries).map(([module, permission]) => ({ module, permission }));

const subject = (accessProfileId: number, entries: Record<string, string> = {}): PermissionSubject => ({
  accessProfileId,
  permissions: perms(entries),
});

const keysOf = (items: { key: string }[]) => items.map((i) => i.key);

describe('visibleNavItems', () => {
  it('shows everything to access profile 1', () => {
    expect(keysOf(visibleNavItems({ role: 'admin', accessProfileId: 1 }, subject(1)))).toEqual([
      'wkflow',
      'clients',
      'onboarding',
      'chat',
      'time',
      'users',
      'analytics',
      'recommendations',
      'learning',
      'themes',
      'admin',
    ]);
  });

  it('shows a collaborator without permissions only the open links', () => {
    expect(keysOf(visibleNavItems({ role: 'collaborator', accessProfileId: 3 }, subject(3)))).toEqual([
      'wkflow',
      'onboarding',
      'learning',
      'themes',
    ]);
  });

  it('follows module permissions (hidden blocks)', () => {
    const items = visibleNavItems(
      { role: 'collaborator', accessProfileId: 3 },
      subject(3, { clients: 'read', chat: 'write', time_tracking: 'own_only', user_management: 'hidden', analytics: 'hidden' }),
    );
    expect(keysOf(items)).toEqual(['wkflow', 'clients', 'onboarding', 'chat', 'time', 'learning', 'themes']);
  });

  it('shows recommendations to managers and admin settings to role admin', () => {
    expect(keysOf(visibleNavItems({ role: 'manager', accessProfileId: 2 }, subject(2)))).toContain('recommendations');
    const admin = keysOf(visibleNavItems({ role: 'admin', accessProfileId: 5 }, subject(5)));
    expect(admin).toContain('admin');
    expect(admin).not.toContain('recommendations');
  });
});

describe('canCreateTasks', () => {
  it('needs tasks write', () => {
    expect(canCreateTasks(subject(3, { tasks: 'read' }))).toBe(false);
    expect(canCreateTasks(subject(3, { tasks: 'write' }))).toBe(true);
    expect(canCreateTasks(subject(1))).toBe(true);
  });
});

describe('isNavItemActive', () => {
  const board = { key: 'wkflow', label: 'WKFlow', to: '/', match: ['/', '/kanban'] };
  const users = { key: 'users', label: 'Usuários', to: '/users' };
  it('matches / and /kanban for the board only exactly', () => {
    expect(isNavItemActive(board, '/')).toBe(true);
    expect(isNavItemActive(board, '/kanban')).toBe(true);
    expect(isNavItemActive(board, '/clients')).toBe(false);
  });
  it('matches sub-paths of other links', () => {
    expect(isNavItemActive(users, '/users/approvals')).toBe(true);
    expect(isNavItemActive(users, '/usersx')).toBe(false);
  });
});
