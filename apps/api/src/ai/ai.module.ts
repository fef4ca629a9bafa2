import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { OpenAiTaskParser } from './openai-task-parser';

/** Free text → task suggestion (OpenAI or the offline pt-BR parser) → a task through the board's service. */
@Module({
  imports: [TasksModule],
  controllers: [AiController],
  providers: [AiService, OpenAiTaskParser],
})
export class AiModule {}
