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
