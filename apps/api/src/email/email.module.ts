import { TasksModule } from '../tasks/tasks.module';
import { Module } from '@nestjs/common';
import { AfterCommit } from './after-commit';
import { EmailAdminController } from './email-admin.controller';
import { EmailService } from './email.service';

@Module({
  imports: [TasksModule],
  controllers: [EmailAdminController],
  providers: [EmailService, AfterCommit],
  exports: [EmailService, AfterCommit],
})
export class EmailModule {}
