import { describe, expect, it } from 'vitest';
import { canOpenRecommendations, countByPriority, expiresLabel, generatedMessage } from './recommendations.logic';

const base = {
  key: 'k',
  type: 'team' as const,
  title: 't',
  description: 'd',
  action: 'a',
  impact: 'i',
  data: {},
  status: 'active' as const,
  expiresAt: '',
  createdAt: '',
};

describe('recommendations page logic', () => {
  it('opens for profile 1 and managers with users read', () => {
    const usersRead = { accessProfileId: 2, permissions: [{ module: 'users', permission: 'read' }] };
    expect(canOpenRecommendations({ role: 'admin', accessProfileId: 1 }, { accessProfileId: 1, permissions: [] })).toBe(true);
    expect(canOpenRecommendations({ role: 'manager', accessProfileId: 2 }, usersRead)).toBe(true);
    expect(canOpenRecommendations({ role: 'collaborator', accessProfileId: 7 }, { ...usersRead, accessProfileId: 7 })).toBe(false);
    expect(
      canOpenRecommendations(
        { role: 'manager', accessProfileId: 2 },
        { accessProfileId: 2, permissions: [{ module: 'users', permission: 'hidden' }] },
      ),
    ).toBe(false);
    expect(canOpenRecommendations(null, usersRead)).toBe(false);
  });
  it('counts per priority', () => {
    const list = [
      { ...base, id: 1, priority: 'high' as const },
      { ...base, id: 2, priority: 'high' as const },
      { ...base, id: 3, priority: 'low' as const },
    ];
    expect(countByPriority(list)).toEqual([
      { priority: 'urgent', count: 0 },
      { priority: 'high', count: 2 },
      { priority: 'medium', count: 0 },
      { priority: 'low', count: 1 },
    ]);
  });
  it('labels expiry and generation', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(expiresLabel('2026-05-04T11:00:00Z', now)).toBe('Expira em 3 dias');
    expect(expiresLabel('2026-05-02T11:00:00Z', now)).toBe('Expira em 1 dia');
    expect(expiresLabel('2026-05-01T11:00:00Z', now)).toBe('Expira hoje');
    expect(generatedMessage(0)).toContain('Nenhuma');
    expect(generatedMessage(3)).toBe('3 novas recomendações geradas.');
  });
});
