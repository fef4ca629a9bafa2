import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ChatDirectory } from './chat-directory';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

@Module({
  imports: [UsersModule],
  controllers: [ChatController],
  providers: [ChatService, ChatDirectory],
  exports: [ChatDirectory],
})
export class ChatModule {}
