import { capitalize, foldText, nameTokens, type AiUserRef } from '@wkflow/contracts';
import { AI_TITLE_MAX } from './options';
import { Span, TRAILING, FILLER, Scanner } from './scanner';

/** The title: the first clause without the recognised phrases. */
function stripSpans(text: string, spans: Span[]): string {
  let out = '';
  let cursor = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) {
      cursor = Math.max(cursor, span.end);
      continue;
    }
    out += text.slice(cursor, span.start) + ' ';
    cursor = span.end;
  }
  return out + text.slice(cursor);
}

function tidy(piece: string): string {
  return piece
    .replace(/[ \t]+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,.;:!?\-–—]+|[\s,;:\-–—]+$/g, '')
    .trim();
}

/** Drops dangling prepositions and articles at the end, and link words at the start. */
function trimLinks(piece: string): string {
  let words = piece.split(' ').filter(Boolean);
  while (words.length && TRAILING.has(foldText(words[words.length - 1]).replace(/[^\p{L}\p{N}]/gu, ''))) words = words.slice(0, -1);
  while (words.length && ['e', 'que', 'ate'].includes(foldText(words[0]))) words = words.slice(1);
  return tidy(words.join(' '));
}

export function buildTitle(s: Scanner, assignees: AiUserRef[]): string {
  const stripped = stripSpans(
    s.text,
    s.claims.filter((c) => c.strip),
  );
  const clauses = stripped
    .split(/[.!?;\n]+(?=\s|$)|\n|\s[-–—]\s/)
    .map(tidy)
    .filter((c) => /[\p{L}\p{N}]/u.test(c));
  for (const clause of clauses) {
    const pieces = clause
      .split(',')
      .map(tidy)
      .filter((p) => /[\p{L}\p{N}]/u.test(p));
    // Prefer a piece of several words ('Urgente, criar posts' → 'Criar posts').
    for (const piece of [...pieces.filter((p) => p.includes(' ')), ...pieces.filter((p) => !p.includes(' '))]) {
      const title = titleFrom(piece, assignees);
      if (title) return title;
    }
  }
  return '';
}

/** One comma piece made a title: without a leading assignee, filler words and dangling links; capitalised, ≤ 80. */
export function titleFrom(piece: string, assignees: AiUserRef[]): string {
  let title = piece;
  // 'Maria, revise...' / 'A Maria precisa revisar...': the assignee is a field, not the title's subject.
  for (let round = 0; round < 2; round++) {
    for (const user of assignees) {
      for (const name of [nameTokens(user.name).join(' '), nameTokens(user.name)[0], foldText(user.username)]) {
        const lead = new RegExp(String.raw`^(?:(?:o|a)\s+)?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\s,:]|$)[\s,:]*`).exec(
          foldText(title),
        );
        if (name && lead) title = title.slice(lead[0].length);
      }
    }
    const filler = FILLER.exec(foldText(title));
    if (filler?.[0]) title = title.slice(filler[0].length);
    title = trimLinks(title);
  }
  if (!/\p{L}/u.test(title)) return '';
  title = capitalize(title);
  if (title.length > AI_TITLE_MAX) {
    const cut = title.slice(0, AI_TITLE_MAX + 1);
    const space = cut.lastIndexOf(' ');
    title = trimLinks(space > 20 ? cut.slice(0, space) : title.slice(0, AI_TITLE_MAX)).slice(0, AI_TITLE_MAX);
  }
  return title;
}
