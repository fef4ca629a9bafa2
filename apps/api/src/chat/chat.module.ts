import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ChatDirectory } from './chat-directory';
import { ChatEvents } from './chat-events';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

@Module({
  imports: [UsersModule],
  controllers: [ChatController],
  providers: [ChatService, ChatEvents, ChatDirectory],
  exports: [ChatEvents, ChatDirectory],
})
export class ChatModule {}
