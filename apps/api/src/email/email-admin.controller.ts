import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EmailQueueItem, EmailQueueStats, EmailServiceStatus } from '@wkflow/contracts';
import { AdminOnly } from '../auth/access.decorators';
import { IdParam } from '../common/id-param';
import { TestDeadlineNotificationDto, TestEmailDto, TestTaskNotificationDto } from './dto/email.dto';
import { EmailService } from './email.service';

type Queued = { success: true; id: number; message: string };
const queued = (id: number): Queued => ({ success: true, id, message: 'E-mail adicionado à fila de envio' });

/** The admin e-mail page: status, the queue monitor and test sends. Role admin or profile 1. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class EmailAdminController {
  constructor(private readonly email: EmailService) {}

  @Get('email-status')
  status(): Promise<EmailServiceStatus> {
    return this.email.status();
  }

  @Get('email-queue')
  queue(): Promise<EmailQueueItem[]> {
    return this.email.list();
  }

  @Get('email-queue/stats')
  stats(): Promise<EmailQueueStats> {
    return this.email.stats();
  }

  @Post('email-queue/:id/retry')
  @HttpCode(200)
  retry(@IdParam() id: number): Promise<EmailQueueItem> {
    return this.email.retry(id);
  }

  @Post('test-email')
  async testEmail(@Body() dto: TestEmailDto): Promise<Queued> {
    return queued(await this.email.sendTest('test_email', dto.to, dto.subject, dto.message));
  }

  @Post('test-task-notification')
  async testTask(@Body() dto: TestTaskNotificationDto): Promise<Queued> {
    return queued(await this.email.sendTest('task_assigned', dto.to));
  }

  @Post('test-deadline-notification')
  async testDeadline(@Body() dto: TestDeadlineNotificationDto): Promise<Queued> {
    return queued(await this.email.sendTest('task_due_soon', dto.to));
  }
}
