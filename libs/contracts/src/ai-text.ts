/**
 * Text helpers of the AI task parser: accent-insensitive folding that keeps string positions, and
 * matching of free-text names against the real users and clients (never inventing an id).
 */

export interface AiUserRef {
  id: number;
  name: string;
  username: string;
}

export interface AiClientRef {
  id: number;
  name: string;
}

/** Lower case without accents, one character per UTF-16 unit, so indexes match the original text. */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text.split('')) {
    const folded = ch
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    out += folded.length === 1 ? folded : folded.length > 1 ? folded[0] : ' ';
  }
  return out;
}

/** Folded words of a name: 'João  Pereira' → ['joao', 'pereira']. */
export function nameTokens(name: string): string[] {
  return foldText(name).match(/[\p{L}\p{N}]+/gu) ?? [];
}

export type NameMatch<T> = { kind: 'found'; item: T } | { kind: 'ambiguous'; candidates: T[] } | { kind: 'none' };

function startsWithTokens(tokens: string[], prefix: string[]): boolean {
  return prefix.length > 0 && prefix.length <= tokens.length && prefix.every((t, i) => tokens[i] === t);
}

function pick<T>(items: T[]): NameMatch<T> | null {
  if (items.length === 1) return { kind: 'found', item: items[0] };
  if (items.length > 1) return { kind: 'ambiguous', candidates: items };
  return null;
}

/**
 * A person named in free text: full name, then username, then a unique first name, then a unique
 * name prefix ('Maria S' is not enough: whole words only). Accents and case are ignored.
 */
export function matchPerson<T extends AiUserRef>(text: string, users: readonly T[]): NameMatch<T> {
  const query = nameTokens(text.replace(/^@/, ''));
  if (query.length === 0) return { kind: 'none' };
  const joined = query.join(' ');
  const byName = pick(users.filter((u) => nameTokens(u.name).join(' ') === joined));
  if (byName) return byName;
  const rawUsername = foldText(text.trim().replace(/^@/, ''));
  const byUsername = users.find((u) => foldText(u.username) === rawUsername || nameTokens(u.username).join(' ') === joined);
  if (byUsername) return { kind: 'found', item: byUsername };
  if (query.length === 1) {
    const byFirst = pick(users.filter((u) => nameTokens(u.name)[0] === query[0]));
    if (byFirst) return byFirst;
  }
  return pick(users.filter((u) => startsWithTokens(nameTokens(u.name), query))) ?? { kind: 'none' };
}

/** A client named in free text: exact name, then a unique whole-word prefix, then a unique name contained in the text. */
export function matchClient<T extends AiClientRef>(text: string, clients: readonly T[]): NameMatch<T> {
  const query = nameTokens(text);
  if (query.length === 0) return { kind: 'none' };
  const joined = query.join(' ');
  const exact = clients.filter((c) => nameTokens(c.name).join(' ') === joined);
  if (exact.length) return { kind: 'found', item: exact[0] };
  const prefix = pick(clients.filter((c) => startsWithTokens(nameTokens(c.name), query)));
  if (prefix) return prefix;
  // 'Acme Corp Ltda' for a client named 'Acme Corp'.
  const contained = clients.filter((c) => {
    const tokens = nameTokens(c.name);
    return tokens.length > 0 && query.some((_, i) => startsWithTokens(query.slice(i), tokens));
  });
  return pick(contained) ?? { kind: 'none' };
}

/** Capitalises the first letter. */
export function capitalize(text: string): string {
  return text ? text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1) : text;
}
