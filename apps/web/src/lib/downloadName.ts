/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 6266 / 8187, UTF-8, the
 * name with its accents) first, else the plain `filename` (the server's ASCII fallback).
 */
export function dispositionFileName(header: string | null): string | undefined {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header ?? '')?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(header ?? '')?.[1];
}
