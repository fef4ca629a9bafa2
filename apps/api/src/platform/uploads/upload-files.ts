import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Uploads stream to UPLOAD_DIR/tmp (multer's disk storage, a random hex name) and are renamed into
 * their folder once the row that names them has committed. The temp folder is on the same file
 * system as the others, so the rename is atomic: a file is either a temp file or in place.
 */
export const uploadTempDir = (uploadDir: string): string => resolve(uploadDir, 'tmp');

/** The file multer streamed to the temp folder. */
export interface TempUpload {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  /** Its random name in the temp folder (32 hex digits). */
  filename: string;
  path: string;
}

/**
 * Renames a temp upload to `name` in `directory` (created when missing). A temp file already gone
 * with its target in place was moved by the sweep, which recovers committed uploads.
 */
export async function moveIntoPlace(file: Pick<TempUpload, 'path'>, directory: string, name: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  const target = join(directory, name);
  await rename(file.path, target).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT' || !(await fileExists(target))) throw error;
  });
}

/** Removes a temp upload; a file already moved or gone is fine. */
export async function discardUpload(file: Pick<TempUpload, 'path'> | undefined): Promise<void> {
  if (file?.path) await rm(file.path, { force: true }).catch(() => undefined);
}

/** The first `length` bytes of a file (fewer when it is shorter). */
export async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The regular files of a folder with their last change, oldest first; none when it does not exist. */
export async function filesIn(directory: string): Promise<{ name: string; modifiedAt: number }[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const info = await stat(join(directory, entry.name)).catch(() => null);
        return info ? { name: entry.name, modifiedAt: info.mtimeMs } : null;
      }),
  );
  return files.filter((file) => file !== null).sort((a, b) => a.modifiedAt - b.modifiedAt);
}

/** Whether a file exists. */
export const fileExists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );
