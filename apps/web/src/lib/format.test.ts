import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, initials } from './format';

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

describe('formatDateTime', () => {
  it('shows dd/MM/yyyy HH:mm in the local zone', () => {
    const local = new Date(2024, 2, 5, 9, 7);
    expect(formatDateTime(local)).toBe('05/03/2024 09:07');
    expect(formatDateTime(local.toISOString())).toBe('05/03/2024 09:07');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy in the local zone, empty when missing or invalid', () => {
    const local = new Date(2024, 11, 31, 23, 30);
    expect(formatDate(local)).toBe('31/12/2024');
    expect(formatDate(local.toISOString())).toBe('31/12/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});
