import { Module } from '@nestjs/common';
import { AttachmentsService } from './attachments.service';
import { ColumnsService } from './columns.service';
import { TaskEvents } from './task-events';
import { ColumnsController, TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

@Module({
  controllers: [ColumnsController, TasksController],
  providers: [TasksService, ColumnsService, AttachmentsService, TaskEvents],
  exports: [TasksService, TaskEvents],
})
export class TasksModule {}
