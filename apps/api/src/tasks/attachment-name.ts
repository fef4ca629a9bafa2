import { basename } from 'node:path';

/** The longest attachment name kept, in code points (the column holds 255). */
export const ATTACHMENT_NAME_MAX = 200;
/** A suffix longer than this after the last dot is not taken for an extension worth keeping. */
const EXTENSION_MAX = 20;
const FALLBACK_NAME = 'arquivo';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Joiners (ZWNJ, ZWJ) are kept between two visible characters: emoji sequences and some scripts need them. */
const VISIBLE = /[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;
const JOINERS = new Set(['\u200c', '\u200d']);

const codePoints = (text: string): number => [...text].length;

/**
 * Drops what can make a name look like another: format characters (Cf: bidi overrides and
 * isolates, zero-width spaces, BOM, tags; a joiner only when it does not join two visible
 * characters), control characters (Cc) and line or paragraph separators.
 */
export function stripInvisible(name: string): string {
  const chars = [...name];
  return chars
    .filter((char, i) => {
      if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(char)) return false;
      if (!/\p{Cf}/u.test(char)) return true;
      return JOINERS.has(char) && VISIBLE.test(chars[i - 1] ?? '') && VISIBLE.test(chars[i + 1] ?? '');
    })
    .join('');
}

/** The longest prefix of `text` of whole grapheme clusters (an emoji, a letter and its accents) within `max` code points. */
function takeGraphemes(text: string, max: number): string {
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = codePoints(segment);
    if (length + size > max) break;
    kept += segment;
    length += size;
  }
  return kept;
}

/**
 * Cuts a name to `max` code points at a grapheme boundary, keeping its extension (`.pdf`), so a
 * long name stays the same kind of file and no emoji is split in half.
 */
export function truncateFileName(name: string, max = ATTACHMENT_NAME_MAX): string {
  if (codePoints(name) <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  if (!extension || codePoints(extension) > EXTENSION_MAX) return takeGraphemes(name, max).trimEnd();
  return takeGraphemes(name.slice(0, dot), max - codePoints(extension)).trimEnd() + extension;
}

/**
 * The name an attachment is stored and shown with: no path, nothing invisible or reordering, no
 * character Windows refuses in a file name, at most ATTACHMENT_NAME_MAX code points with the
 * extension kept.
 */
export function safeFileName(name: string): string {
  const cleaned = basename(stripInvisible(name).replace(/\\/g, '/'))
    .replace(/["<>|:*?]/g, '_')
    .trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? truncateFileName(cleaned) : FALLBACK_NAME;
}
