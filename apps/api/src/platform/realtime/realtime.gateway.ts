import { ConnectedSocket, MessageBody, type OnGatewayConnection, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { type ClientMessage, WS_PATH } from '@wkflow/contracts';
import { socketOwner } from './realtime.adapter';
import { RealtimeService } from './realtime.service';

/**
 * /ws on the API's own HTTP server (RealtimeAdapter: the handshake checks the Origin and the
 * session first). What travels is libs/contracts realtime.ts: the hub sends ServerMessage, a
 * client sends ClientMessage.
 */
@WebSocketGateway({ path: WS_PATH })
export class RealtimeGateway implements OnGatewayConnection {
  constructor(private readonly hub: RealtimeService) {}

  handleConnection(ws: WebSocket, request: IncomingMessage): void {
    const owner = socketOwner(request);
    // Only a socket the handshake let through gets here; anything else is closed at once.
    if (!owner) return ws.terminate();
    this.hub.connect(ws, owner);
  }

  /** Which chat room the client's page shows (null: none, or its tab is hidden). */
  @SubscribeMessage('viewing')
  async onViewing(@ConnectedSocket() ws: WebSocket, @MessageBody() message: ClientMessage): Promise<void> {
    await this.hub.viewing(ws, message.roomId);
  }
}
