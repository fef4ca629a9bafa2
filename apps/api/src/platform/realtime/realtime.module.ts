import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/**
 * The /ws gateway and its hub: per-user pushes across replicas (Redis), chat rooms in view,
 * presence and heartbeats. Modules send with RealtimeService; the board feed reads its sockets.
 */
/** SessionAccess comes from the auth module (global). */
@Module({
  providers: [RealtimeService, RealtimeGateway],
  exports: [RealtimeService],
})
export class RealtimeModule {}
