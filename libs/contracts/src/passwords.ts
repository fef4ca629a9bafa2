import { COMMON_PASSWORDS } from './common-passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';

/** Messages of the rules a new password must also pass (the length messages belong to each form). */
export const PASSWORD_RULE_MESSAGES = {
  blank: 'A senha não pode ter apenas espaços',
  common: 'Esta senha é muito comum e fácil de adivinhar: escolha outra',
} as const;

export type PasswordProblem = 'short' | 'long' | 'blank' | 'common';

const common = new Set(COMMON_PASSWORDS);

/** True when the password, ignoring case and surrounding spaces, is on the common list. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}

/**
 * Why a password may not be set, or null when it may: at least PASSWORD_MIN characters, at most
 * PASSWORD_MAX, not spaces only, not on the common list. Applies when a password is set, never at
 * login (older passwords keep working).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  if (password.trim() === '') return 'blank';
  if (isCommonPassword(password)) return 'common';
  return null;
}
