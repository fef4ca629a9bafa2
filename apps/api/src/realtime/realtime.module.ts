import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/**
 * The /ws gateway and its hub: per-user pushes across replicas (Redis), chat rooms in view,
 * presence and heartbeats. Modules send with RealtimeService; the board feed reads its sockets.
 */
@Module({
  imports: [AuthModule],
  providers: [RealtimeService, RealtimeGateway],
  exports: [RealtimeService],
})
export class RealtimeModule {}
