import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type LogoType = { extension: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

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

/** Logos under <uploadDir>/logos, each with a random name (never the sender's). */
export class LogoStorage {
  constructor(private readonly directory: string) {}

  /** Only names this class generated resolve to a path: nothing from outside reaches the file system. */
  pathOf(fileName: string): string {
    if (!/^[0-9a-f-]{36}\.(png|jpg)$/.test(fileName)) throw new Error(`unexpected logo file name ${fileName}`);
    return join(this.directory, fileName);
  }

  async save(bytes: Buffer, type: LogoType): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const fileName = `${randomUUID()}.${type.extension}`;
    await writeFile(this.pathOf(fileName), bytes, { flag: 'wx' });
    return fileName;
  }

  /** Best effort: a file already gone is fine. */
  async remove(fileName: string | null | undefined): Promise<void> {
    if (!fileName) return;
    await rm(this.pathOf(fileName), { force: true }).catch(() => undefined);
  }
}
