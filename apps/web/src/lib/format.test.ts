import { describe, expect, it } from 'vitest';
import { initials } from './format';

describe('initials', () => {
  it('takes the first letters of the first words, at most 2, upper case', () => {
    expect(initials('Ana Souza')).toBe('AS');
    expect(initials('maria da silva')).toBe('MD');
    expect(initials('admin')).toBe('A');
    expect(initials('  Élio   Ramos ')).toBe('ÉR');
  });

  it('shows ? without a name', () => {
    expect(initials('')).toBe('?');
    expect(initials(null)).toBe('?');
  });
});
