import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { IncomingMessage } from 'node:http';
import { parseClientMessage, WS_MAX_CLIENT_MESSAGE } from '@wkflow/contracts';
import { RealtimeService, type SocketOwner } from './realtime.service';

/** Where the handshake leaves the socket's owner for RealtimeGateway.handleConnection. */
const OWNER = Symbol('socket owner');
type HandshakeRequest = IncomingMessage & { [OWNER]?: SocketOwner };

export function socketOwner(request: IncomingMessage): SocketOwner | undefined {
  return (request as HandshakeRequest)[OWNER];
}

type VerifyCallback = (verified: boolean, code?: number) => void;

/**
 * Nest's `ws` adapter with WKFlow's handshake: the upgrade is answered 401, 403 or 503 before any
 * socket exists (RealtimeService.handshake), client frames larger than the contract allows are
 * refused by `ws` itself, and a client frame is read with the contract's parser (anything else is
 * dropped without an answer: the socket stays open).
 */
export class RealtimeAdapter extends WsAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app, {
      messageParser: (data) => {
        const message = parseClientMessage(String(data));
        return message ? { event: message.type, data: message } : undefined;
      },
    });
  }

  override create(port: number, options: Record<string, unknown> = {}): unknown {
    const hub = this.app.get(RealtimeService);
    return super.create(port, {
      ...options,
      maxPayload: WS_MAX_CLIENT_MESSAGE,
      verifyClient: (info: { req: IncomingMessage }, verified: VerifyCallback) => {
        void hub.handshake(info.req).then((answer) => {
          if ('refuse' in answer) return verified(false, answer.refuse);
          (info.req as HandshakeRequest)[OWNER] = answer.owner;
          verified(true);
        });
      },
    });
  }
}
