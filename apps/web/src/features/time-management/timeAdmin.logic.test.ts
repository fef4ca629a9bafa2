import { describe, expect, it } from 'vitest';
import { entryStatus } from './timeAdmin.logic';

describe('time administration', () => {
  it('labels running and finished entries', () => {
    expect(entryStatus({ endTime: null })).toBe('Em andamento');
    expect(entryStatus({ endTime: '2026-11-18T11:00:00.000Z' })).toBe('Concluído');
  });
});
