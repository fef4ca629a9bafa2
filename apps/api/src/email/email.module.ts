import { TasksModule } from '../tasks/tasks.module';
import { Module } from '@nestjs/common';
import { AfterCommit } from './after-commit';
import { EmailAdmin } from './email-admin.service';
import { EmailAdminController } from './email-admin.controller';
import { EmailDelivery } from './email-delivery';
import { EmailRepository } from './email.repository';
import { EmailService } from './email.service';
import { EmailSweep } from './email-sweep';
import { SmtpSender } from './smtp-sender';

/**
 * E-mail by job: the outbox other modules call (EmailService), its delivery over BullMQ or in
 * process (EmailDelivery, SMTP in SmtpSender), the periodic sweep (EmailSweep), the admin page
 * (EmailAdmin); every statement on `email_queue` in EmailRepository.
 */
@Module({
  imports: [TasksModule],
  controllers: [EmailAdminController],
  providers: [EmailRepository, SmtpSender, EmailDelivery, EmailSweep, EmailService, EmailAdmin, AfterCommit],
  exports: [EmailService, AfterCommit],
})
export class EmailModule {}
