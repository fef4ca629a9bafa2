import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AppEvents } from './app-events';

/** The in-process event bus every module emits to and listens on (see AppEventMap). */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false, maxListeners: 50 })],
  providers: [AppEvents],
  exports: [AppEvents],
})
export class EventsModule {}
