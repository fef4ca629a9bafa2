import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../src/common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from '../src/limits';
import { isCommonPassword, passwordProblem } from '../src/passwords';

describe('passwordProblem', () => {
  it('refuses fewer than 8 characters, more than the maximum, spaces only and common passwords', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(passwordProblem('abc1234')).toBe('short');
    expect(passwordProblem('      ')).toBe('short');
    expect(passwordProblem(' '.repeat(8))).toBe('blank');
    expect(passwordProblem('\t \n \u00a0  \u2003')).toBe('blank');
    expect(passwordProblem('x'.repeat(PASSWORD_MAX + 1))).toBe('long');
    expect(passwordProblem('password')).toBe('common');
    expect(passwordProblem('Senha123')).toBe('common');
    expect(passwordProblem(' 12345678 ')).toBe('common');
    expect(passwordProblem('QWERTYUIOP')).toBe('common');
  });

  it('accepts a password of 8 characters or more that is not on the list', () => {
    expect(passwordProblem('wkflow123')).toBeNull();
    expect(passwordProblem('cavalo-bateria-grampo')).toBeNull();
    expect(passwordProblem('  a     ')).toBeNull();
  });
});

describe('COMMON_PASSWORDS', () => {
  it('holds a few hundred lower-case entries, each long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry.length).toBeGreaterThanOrEqual(PASSWORD_MIN);
      expect(isCommonPassword(entry)).toBe(true);
    }
  });
});
