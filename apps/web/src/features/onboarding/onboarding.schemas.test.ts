import { describe, expect, it } from 'vitest';
import { startOnboardingSchema } from './onboarding.schemas';

describe('startOnboardingSchema', () => {
  it('accepts a selected client', async () => {
    await expect(startOnboardingSchema.validate({ clientId: '7' })).resolves.toEqual({ clientId: '7' });
  });

  it.each(['', '0', 'abc', undefined])('rejects %j with "Selecione um cliente"', async (clientId) => {
    await expect(startOnboardingSchema.validate({ clientId })).rejects.toThrow('Selecione um cliente');
  });
});
