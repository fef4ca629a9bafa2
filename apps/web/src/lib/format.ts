import { DateTime } from 'luxon';

/** Initials of a name for avatars: first letters of the first words, at most 2, upper case. */
export function initials(name: string | null | undefined, max = 2): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return words
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .slice(0, max)
    .toLocaleUpperCase('pt-BR');
}

/** A date and time in the pt-BR format 'dd/MM/yyyy HH:mm' (local zone); '' when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? DateTime.fromISO(value) : DateTime.fromJSDate(value);
  return date.isValid ? date.toFormat('dd/MM/yyyy HH:mm') : '';
}

/** A date in the pt-BR format 'dd/MM/yyyy' (local zone); '' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? DateTime.fromISO(value) : DateTime.fromJSDate(value);
  return date.isValid ? date.toFormat('dd/MM/yyyy') : '';
}
