import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { BOARD_VERSION_HEADER } from '@wkflow/contracts';

/** The whole board as TaskBoard serves it from its cache (task-board.service.ts). */
export interface SerialisedBoard {
  /** The Task[] JSON (a 5,000-card board: ~2 MB; ~100 KB gzipped, ~75 KB with brotli). */
  body: Buffer;
  /** A hash of the content: the same board always has the same one (on every replica), another board another. */
  contentHash: string;
  /** The board version it was read at (the X-Board-Version header). */
  version: number;
}

export type BoardEncoding = 'br' | 'gzip' | 'identity';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Quality 5: within a few % of the best size for JSON, at a fraction of the time (~15-25 ms for 2.4 MB). */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
/** Level 1: ~4 ms for 2.4 MB (level 6: ~9 ms, 15% smaller); mostly the stand-in while brotli compresses. */
const GZIP_OPTIONS = { level: zlibConstants.Z_BEST_SPEED };

/** A body's compressed copies, each made on the first request that asks for it (once per body). */
class BodyEncodings {
  private readonly pending = new Map<BoardEncoding, Promise<Buffer>>();
  private readonly ready = new Set<BoardEncoding>();

  constructor(private readonly body: Buffer) {}

  encoded(encoding: BoardEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.body);
    let pending = this.pending.get(encoding);
    if (!pending) {
      // One output chunk for the whole body: with the default 16 KB chunks, each one goes back to the
      // event loop before the next is compressed, and a busy loop stretched a 4 ms gzip to 40-90 ms.
      const chunkSize = Math.max(64 * 1024, this.body.length);
      pending =
        encoding === 'br' ? brotliAsync(this.body, { ...BROTLI_OPTIONS, chunkSize }) : gzipAsync(this.body, { ...GZIP_OPTIONS, chunkSize });
      pending.then(
        () => this.ready.add(encoding),
        () => this.pending.delete(encoding),
      );
      this.pending.set(encoding, pending);
    }
    return pending;
  }

  /**
   * The encoding to answer in: brotli when accepted and ready, else gzip while brotli is still
   * compressing (it is started), so a reader right after a write waits a few ms, not brotli's tens.
   */
  encodingFor(acceptsBrotli: boolean, acceptsGzip: boolean): BoardEncoding {
    if (acceptsBrotli && (this.ready.has('br') || !acceptsGzip)) return 'br';
    if (acceptsBrotli) void this.encoded('br').catch(() => undefined);
    return acceptsGzip ? 'gzip' : 'identity';
  }
}

/**
 * The compressed copies of each body, for as long as the body is kept: a board whose content did
 * not change keeps its body (at a new version), so its copies too.
 */
const encodingsByBody = new WeakMap<Buffer, BodyEncodings>();

function encodingsOf(body: Buffer): BodyEncodings {
  let encodings = encodingsByBody.get(body);
  if (!encodings) encodingsByBody.set(body, (encodings = new BodyEncodings(body)));
  return encodings;
}

/** Compresses the board ahead of its readers with brotli (what browsers ask). */
export function prepareBoardBody(board: SerialisedBoard): Promise<Buffer> {
  return encodingsOf(board.body).encoded('br');
}

/**
 * Answers GET /api/tasks with the whole board: its ETag (Express answers 304 when If-None-Match
 * matches, before anything is compressed) and version, brotli when accepted (browsers list it after
 * gzip, and it is ~35% smaller), else gzip.
 */
export async function sendBoard(request: Request, response: Response, board: SerialisedBoard): Promise<void> {
  const encodings = encodingsOf(board.body);
  const encoding = encodings.encodingFor(!!request.acceptsEncodings('br'), !!request.acceptsEncodings('gzip'));
  response
    .vary('Accept-Encoding')
    .type('json')
    .setHeader('ETag', `W/"tasks-${board.contentHash}"`)
    .setHeader(BOARD_VERSION_HEADER, String(board.version));
  // Unlike other API answers (no-store), the browser keeps the board to send If-None-Match next time.
  response.setHeader('Cache-Control', 'private, no-cache');
  if (request.fresh) {
    response.status(304).end();
    return;
  }
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.send(await encodings.encoded(encoding));
}
