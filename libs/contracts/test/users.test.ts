import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '../src/permissions';
import { approvalPreselection, duplicateModules, lostAdminRights, mayTouchAdminProfile } from '../src/users';

const subject = (accessProfileId: number, ...rows: [string, string][]): PermissionSubject => ({
  accessProfileId,
  permissions: rows.map(([module, permission]) => ({ module, permission })),
});

describe('duplicateModules', () => {
  it('lists each module given more than once, once', () => {
    expect(duplicateModules([{ module: 'tasks' }, { module: 'chat' }])).toEqual([]);
    expect(duplicateModules([{ module: 'tasks' }, { module: 'chat' }, { module: 'tasks' }, { module: 'tasks' }])).toEqual(['tasks']);
  });
});

describe('lostAdminRights', () => {
  const boss = subject(7, ['users', 'write'], ['user_management', 'write']);

  it('names each administration right held before and not after', () => {
    expect(lostAdminRights(boss, subject(7, ['users', 'write'], ['user_management', 'write'], ['chat', 'hidden']))).toEqual([]);
    expect(lostAdminRights(boss, subject(7, ['users', 'write']))).toEqual(['user_management:write']);
    expect(lostAdminRights(boss, subject(7, ['users', 'write'], ['user_management', 'read']))).toEqual(['user_management:write']);
    expect(lostAdminRights(boss, subject(7, ['user_management', 'edit_all']))).toEqual(['users:write']);
    expect(lostAdminRights(boss, subject(7))).toEqual(['users:write', 'user_management:write']);
    expect(lostAdminRights(boss, subject(7, ['users', 'write'], ['user_management', 'write'], ['user_management', 'hidden']))).toEqual([
      'user_management:write',
    ]);
  });

  it('ignores rights one did not have, and profile 1 keeps everything by rule', () => {
    expect(lostAdminRights(subject(3, ['users', 'read']), subject(3))).toEqual([]);
    expect(lostAdminRights(subject(1), subject(1, ['users', 'hidden'], ['user_management', 'hidden']))).toEqual([]);
    expect(lostAdminRights(subject(1), subject(2, ['users', 'read']))).toEqual(['users:write', 'user_management:write']);
  });
});

describe('mayTouchAdminProfile', () => {
  it('leaves profile 1 to administrators (role admin or profile 1)', () => {
    expect(mayTouchAdminProfile({ role: 'admin', accessProfileId: 1 }, [1])).toBe(true);
    expect(mayTouchAdminProfile({ role: 'collaborator', accessProfileId: 1 }, [1, 3])).toBe(true);
    expect(mayTouchAdminProfile({ role: 'collaborator', accessProfileId: 7 }, [3, 1])).toBe(false);
    expect(mayTouchAdminProfile({ role: 'manager', accessProfileId: 2 }, [2, 3])).toBe(true);
  });
});

describe('approvalPreselection', () => {
  it('starts on the requested profile unless it is Administrador, then on the profile held', () => {
    expect(approvalPreselection({ accessProfileId: 3, requestedProfileId: 2 })).toBe(2);
    expect(approvalPreselection({ accessProfileId: 3, requestedProfileId: 1 })).toBe(3);
    expect(approvalPreselection({ accessProfileId: 3, requestedProfileId: null })).toBe(3);
    expect(approvalPreselection({ accessProfileId: 5, requestedProfileId: 1 })).toBe(5);
    expect(approvalPreselection({ accessProfileId: 1, requestedProfileId: 1 })).toBe(3);
  });
});
