import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
}

/** A real SMTP server in-process; `reject` makes it refuse every message (a failing provider). */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  setReject(value: boolean): void;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let reject = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (reject) {
          const error = new Error('Caixa indisponível') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject: decodeSubject(subject) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setReject: (value) => (reject = value),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Decodes RFC 2047 encoded-words (nodemailer encodes non-ASCII subjects). */
export function decodeSubject(subject: string): string {
  return subject.replace(/=\?utf-8\?(Q|B)\?([^?]*)\?=\s*/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Polls until the check passes or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 30_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
