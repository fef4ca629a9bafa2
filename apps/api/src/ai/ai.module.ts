import { ClientsModule } from '../clients/clients.module';
import { UsersModule } from '../users/users.module';
import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { OpenAiTaskParser } from './openai-task-parser';

/** Free text → task suggestion (OpenAI or the offline pt-BR parser) → a task through the board's service. */
@Module({
  imports: [TasksModule, UsersModule, ClientsModule],
  controllers: [AiController],
  providers: [AiService, OpenAiTaskParser],
})
export class AiModule {}
