import { describe, expect, it } from 'vitest';
import { expiryIn, newTokenSchema, scopesOf } from './apiTokens.logic';

describe('a new API token', () => {
  it('takes the scopes chosen per module, in the modules order, and none for "none"', () => {
    expect(scopesOf({ time_tracking: 'write', tasks: 'read', chat: 'none' })).toEqual(['tasks:read', 'time_tracking:write']);
    expect(scopesOf({})).toEqual([]);
  });

  it('expires the chosen number of days from now', () => {
    expect(expiryIn(30, new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-31T12:00:00.000Z');
  });

  it('needs a name and at least one scope', async () => {
    await expect(newTokenSchema.validate({ name: ' ', days: 30, choices: { tasks: 'read' } })).rejects.toThrow('Dê um nome ao token');
    await expect(newTokenSchema.validate({ name: 'n8n', days: 30, choices: { tasks: 'none' } })).rejects.toThrow(
      'Escolha ao menos um escopo',
    );
    await expect(newTokenSchema.validate({ name: 'n8n', days: 30, choices: { tasks: 'read' } })).resolves.toBeTruthy();
  });
});
