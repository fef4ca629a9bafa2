import { tokenReaches } from './token-reach';

describe('tokenReaches', () => {
  const tasks = { kind: 'permission', module: 'tasks', need: 'read' } as const;
  const tasksWrite = { kind: 'permission', module: 'tasks', need: 'write' } as const;

  it("gives a module's read scope its reads (also 'view all'), and only its write scope any write", () => {
    expect(tokenReaches(['tasks:read'], tasks, 'GET', '/api/tasks')).toBe(true);
    expect(tokenReaches(['tasks:read'], { kind: 'permission', module: 'tasks', need: 'view_all' }, 'GET', '/x')).toBe(true);
    expect(tokenReaches(['tasks:read'], tasksWrite, 'PUT', '/api/tasks/1')).toBe(false);
    // A write route whose rule asks only read (e.g. a comment) still needs the write scope.
    expect(tokenReaches(['tasks:read'], tasks, 'POST', '/api/tasks/1/comments')).toBe(false);
    expect(tokenReaches(['tasks:write'], tasks, 'POST', '/api/tasks/1/comments')).toBe(true);
    expect(tokenReaches(['clients:write'], tasks, 'GET', '/api/tasks')).toBe(false);
  });

  it("keeps administrators' tools and the account's own settings for a signed-in person", () => {
    for (const scopes of [[], ['users:write', 'user_management:write']]) {
      expect(tokenReaches(scopes, { kind: 'admin' }, 'GET', '/api/admin/email-status')).toBe(false);
      expect(tokenReaches(scopes, { kind: 'authenticated' }, 'GET', '/api/auth/sessions')).toBe(false);
      expect(tokenReaches(scopes, { kind: 'authenticated' }, 'POST', '/api/tokens')).toBe(false);
    }
    expect(tokenReaches([], { kind: 'authenticated' }, 'GET', '/api/auth/me')).toBe(true);
    expect(tokenReaches(['users:read'], { kind: 'recommendations' }, 'GET', '/api/recommendations')).toBe(true);
    expect(tokenReaches(['tasks:read'], { kind: 'recommendations' }, 'GET', '/api/recommendations')).toBe(false);
  });
});
