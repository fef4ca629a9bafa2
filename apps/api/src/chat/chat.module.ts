import { Module } from '@nestjs/common';
import { ChatEvents } from './chat-events';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

@Module({
  controllers: [ChatController],
  providers: [ChatService, ChatEvents],
  exports: [ChatEvents],
})
export class ChatModule {}
