import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';

export interface SlowUpload {
  /** Sends `bytes` more of the file. */
  send(bytes: number): void;
  /** Sends the rest of the file and the closing boundary; resolves with the answer. */
  finish(): Promise<{ status: number; body: { message?: string; id?: number } }>;
  /** Drops the connection mid-file. */
  abort(): void;
  /** Settles when the server answers (or the connection fails). */
  answered: Promise<{ status: number; body: { message?: string; id?: number } }>;
}

/**
 * A multipart upload of one file of `totalBytes` in the field `file`, sent piece by piece on a
 * raw connection, so a test can hold it open mid-file (a slow client) and finish or drop it.
 */
export function slowUpload(url: string, cookie: string, totalBytes: number, fileName = 'grande.bin'): SlowUpload {
  const boundary = `----wkflow${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = httpRequest(url, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + totalBytes + tail.length,
    },
  });
  const answered = new Promise<{ status: number; body: { message?: string; id?: number } }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    request.on('error', reject);
  });
  answered.catch(() => undefined);
  request.write(head);
  let sent = 0;
  return {
    send(bytes) {
      const size = Math.min(bytes, totalBytes - sent);
      request.write(Buffer.alloc(size, 0x61));
      sent += size;
    },
    finish() {
      request.end(Buffer.concat([Buffer.alloc(totalBytes - sent, 0x61), tail]));
      sent = totalBytes;
      return answered;
    },
    abort() {
      request.destroy();
    },
    answered,
  };
}

/** The files of a folder with their sizes (none when it does not exist). */
export function filesWithSizes(directory: string): Map<string, number> {
  if (!existsSync(directory)) return new Map();
  return new Map(readdirSync(directory).map((name) => [name, statSync(join(directory, name)).size]));
}

/** The session cookie (name=value) a login answer sets. */
export function sessionCookie(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('wkflow.sid='));
  if (!cookie) throw new Error('the login set no session cookie');
  return cookie;
}
