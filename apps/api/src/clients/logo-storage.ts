import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { moveIntoPlace, type TempUpload } from '../platform/uploads/upload-files';

export type LogoType = { extension: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** Bytes enough to tell the types apart (and that there is more than a signature). */
export const LOGO_SIGNATURE_BYTES = PNG_SIGNATURE.length + 1;

/** The image type by its first bytes (the name and the declared mimetype are the sender's say-so). */
export function detectLogoType(bytes: Buffer): LogoType | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (bytes.length > JPEG_SIGNATURE.length && bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) {
    return { extension: 'jpg', contentType: 'image/jpeg' };
  }
  return null;
}

/** Content type of a stored logo, from the extension the upload gave it. */
export function logoContentType(fileName: string): string {
  return fileName.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** The stored name of a logo upload: its temp file's random name and the type's extension. */
export const logoFileName = (upload: TempUpload, type: LogoType): string => `${upload.filename}.${type.extension}`;

/**
 * Logos under <uploadDir>/logos, each with a random name (never the sender's): a UUID for older
 * ones, the upload's 32 hex digits since uploads stream to a temp file.
 */
export class LogoStorage {
  constructor(readonly directory: string) {}

  /** Only names this class generated resolve to a path: nothing from outside reaches the file system. */
  pathOf(fileName: string): string {
    if (!/^([0-9a-f-]{36}|[0-9a-f]{32})\.(png|jpg)$/.test(fileName)) throw new Error(`unexpected logo file name ${fileName}`);
    return join(this.directory, fileName);
  }

  /** Renames the upload's temp file into place as `fileName` (once the row naming it has committed). */
  async moveIn(upload: TempUpload, fileName: string): Promise<void> {
    this.pathOf(fileName);
    await moveIntoPlace(upload, this.directory, fileName);
  }

  /** Best effort: a file already gone is fine. */
  async remove(fileName: string | null | undefined): Promise<void> {
    if (!fileName) return;
    await rm(this.pathOf(fileName), { force: true }).catch(() => undefined);
  }
}
