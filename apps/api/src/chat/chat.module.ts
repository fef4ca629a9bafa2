import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ChatDirectory } from './chat-directory';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';

@Module({
  imports: [UsersModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatDirectory],
  exports: [ChatDirectory],
})
export class ChatModule {}
