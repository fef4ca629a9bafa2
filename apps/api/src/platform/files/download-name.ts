import { extname } from 'node:path';
import contentDisposition from 'content-disposition';
import type { Response } from 'express';

/**
 * The name a browser falls back to when it ignores `filename*`: accents taken off the letters
 * ('relatório' → 'relatorio'), anything else outside printable ASCII → '_'.
 */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, '_');
}

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 / 8187) for any
 * name that is not plain ASCII. Express's `res.attachment` leaves a Latin-1 name ('ç', 'ó') raw in
 * `filename` with no `filename*`, which Chromium saves as '_final_' without its extension.
 */
export function attachmentDisposition(name: string): string {
  return contentDisposition(name, { type: 'attachment', fallback: asciiFileName(name) });
}

/**
 * Every download whose name the user chose goes through here: what `res.attachment` does (the
 * Content-Type from the extension) with the header above.
 */
export function sendAsAttachment(response: Response, name: string): void {
  response.type(extname(name));
  response.setHeader('Content-Disposition', attachmentDisposition(name));
}
