import { matchClient, matchPerson, nameTokens, type AiClientRef, type AiUserRef, type NameMatch } from '@wkflow/contracts';
import { AI_MESSAGES } from './options';
import { NOT_NAMES, LINKS, STRONG_TRIGGERS, WEAK_TRIGGERS, AFTER_TRIGGER, ARTICLES, PersonHit, Scanner } from './scanner';

/** Clients and people named in the text, matched only against the real lists. */
export function findClients(s: Scanner, clients: readonly AiClientRef[], warnings: string[]): AiClientRef[] {
  const found: AiClientRef[] = [];
  const add = (client: AiClientRef) => {
    if (!found.some((c) => c.id === client.id)) found.push(client);
  };
  const tryAt = (i: number, requireCap: boolean): { k: number; match: NameMatch<AiClientRef> } | null => {
    for (let k = Math.min(6, s.tokens.length - i); k >= 1; k--) {
      const span = s.phrase(i, k);
      if (!span) continue;
      const words = nameTokens(s.text.slice(span.start, span.end));
      const exact = clients.filter((c) => nameTokens(c.name).join(' ') === words.join(' '));
      // A multi-word exact name counts in any case; a single word when capitalised or introduced ('da acme').
      const introduced = i > 0 && LINKS.has(s.tokens[i - 1].f) && words[0].length >= 3;
      if (exact.length && (words.length > 1 || !requireCap || s.tokens[i].cap || introduced))
        return { k, match: { kind: 'found', item: exact[0] } };
      if (requireCap && !s.tokens[i].cap) continue;
      if (words[0].length < 3 || LINKS.has(words[0])) continue;
      const match = matchClient(
        s.text.slice(span.start, span.end),
        clients.filter((c) => nameTokens(c.name).length > words.length),
      );
      if (match.kind !== 'none') return { k, match };
    }
    return null;
  };
  const take = (i: number, k: number, match: NameMatch<AiClientRef>, start: number) => {
    const end = s.tokens[i + k - 1].end;
    s.claim({ start, end });
    if (match.kind === 'found') add(match.item);
    else if (match.kind === 'ambiguous')
      warnings.push(
        AI_MESSAGES.ambiguousClient(
          s.text.slice(s.tokens[i].start, end),
          match.candidates.map((c) => c.name),
        ),
      );
  };

  // 'cliente Acme', 'do cliente Acme', 'cliente: Acme'.
  for (let i = 0; i < s.tokens.length - 1; i++) {
    if (s.tokens[i].f !== 'cliente' || !s.free(s.tokens[i])) continue;
    const hit = tryAt(i + 1, false);
    if (hit) {
      take(i + 1, hit.k, hit.match, s.linkedStart(i));
      continue;
    }
    let j = i + 1;
    while (j < s.tokens.length && j < i + 4 && s.tokens[j].cap && s.free(s.tokens[j]) && !NOT_NAMES.has(s.tokens[j].f)) j++;
    if (j > i + 1) {
      const span = { start: s.linkedStart(i), end: s.tokens[j - 1].end };
      s.claim(span);
      warnings.push(AI_MESSAGES.clientNotFound(s.text.slice(s.tokens[i + 1].start, s.tokens[j - 1].end)));
    }
  }
  // A client's name anywhere ('da Acme', 'para a TechNova').
  for (let i = 0; i < s.tokens.length; i++) {
    if (!s.free(s.tokens[i]) || LINKS.has(s.tokens[i].f)) continue;
    const hit = tryAt(i, true);
    if (hit) {
      take(i, hit.k, hit.match, s.linkedStart(i));
      i += hit.k - 1;
    }
  }
  return found;
}

export function findPeople(s: Scanner, users: readonly AiUserRef[]): PersonHit[] {
  const hits: Array<{ at: number; hit: PersonHit }> = [];
  const toHit = (name: string, match: NameMatch<AiUserRef>): PersonHit | null =>
    match.kind === 'found' ? { user: match.item } : match.kind === 'ambiguous' ? { ambiguous: name, candidates: match.candidates } : null;

  // @username mentions, with the words that introduce them ('para o @joao').
  for (const m of s.f.matchAll(/(?<![\p{L}\p{N}_@.])@(?<u>[\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (!s.free(span)) continue;
    const name = s.text.slice(span.start + 1, span.end);
    s.claim({ start: s.linkedBefore(span.start, new Set([...LINKS, ...STRONG_TRIGGERS])), end: span.end });
    hits.push({ at: span.start, hit: toHit(name, matchPerson(name, users)) ?? { unknown: `@${name}` } });
  }

  /** The longest run of words at i naming a user (full name, username or first name). */
  const personAt = (i: number, anyCase: boolean): { k: number; hit: PersonHit } | null => {
    for (let k = Math.min(4, s.tokens.length - i); k >= 1; k--) {
      const span = s.phrase(i, k);
      if (!span) continue;
      if (!anyCase && !s.tokens[i].cap) return null;
      const name = s.text.slice(span.start, span.end);
      const words = nameTokens(name);
      const match = matchPerson(name, users);
      // Several words must be a whole name or its beginning; one word a username or first name.
      if (match.kind === 'none' || (k > 1 && match.kind === 'found' && !nameTokens(match.item.name).join(' ').startsWith(words.join(' '))))
        continue;
      const hit = toHit(name, match);
      if (hit) return { k, hit };
    }
    return null;
  };

  // 'para o João', 'para a Maria e o Carlos', 'responsável: Ana', 'com o Carlos'.
  for (let i = 0; i < s.tokens.length - 1; i++) {
    const trigger = s.tokens[i];
    const strong = STRONG_TRIGGERS.has(trigger.f);
    if ((!strong && !WEAK_TRIGGERS.has(trigger.f)) || !s.free(trigger)) continue;
    let j = i + 1;
    while (j < s.tokens.length && AFTER_TRIGGER.has(s.tokens[j].f) && s.free(s.tokens[j])) j++;
    const found: Array<{ at: number; hit: PersonHit }> = [];
    let end = -1;
    while (j < s.tokens.length) {
      while (j < s.tokens.length - 1 && ARTICLES.has(s.tokens[j].f) && s.free(s.tokens[j])) j++;
      if (!s.free(s.tokens[j])) break;
      const person = personAt(j, true);
      if (person) {
        found.push({ at: s.tokens[j].start, hit: person.hit });
        end = s.tokens[j + person.k - 1].end;
        j += person.k;
      } else if (strong && s.tokens[j].cap && !NOT_NAMES.has(s.tokens[j].f) && !LINKS.has(s.tokens[j].f)) {
        let k = 1;
        while (k < 3 && s.phrase(j, k + 1) && s.tokens[j + k].cap && !NOT_NAMES.has(s.tokens[j + k].f)) k++;
        found.push({ at: s.tokens[j].start, hit: { unknown: s.text.slice(s.tokens[j].start, s.tokens[j + k - 1].end) } });
        end = s.tokens[j + k - 1].end;
        j += k;
      } else break;
      if (j >= s.tokens.length) break;
      const gap = s.text.slice(s.tokens[j - 1].end, s.tokens[j].start);
      if (s.tokens[j].f === 'e' && /^\s+$/.test(gap) && s.free(s.tokens[j])) j++;
      else if (!/^\s*,\s*$/.test(gap)) break;
    }
    if (found.length) {
      s.claim({ start: trigger.start, end });
      hits.push(...found);
    }
  }

  // A user's name written anywhere, capitalised ('Revisar o texto da Ana'): kept in the title.
  for (let i = 0; i < s.tokens.length; i++) {
    if (!s.tokens[i].cap || !s.free(s.tokens[i]) || LINKS.has(s.tokens[i].f) || NOT_NAMES.has(s.tokens[i].f)) continue;
    const person = personAt(i, false);
    if (!person) continue;
    s.claim({ start: s.tokens[i].start, end: s.tokens[i + person.k - 1].end }, false);
    hits.push({ at: s.tokens[i].start, hit: person.hit });
    i += person.k - 1;
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.hit);
}
