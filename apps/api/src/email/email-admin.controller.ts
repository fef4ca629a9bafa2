import type { QueuedEmailResponse } from '@wkflow/contracts';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EmailQueueItem, EmailQueueStats, EmailServiceStatus } from '@wkflow/contracts';
import { AdminOnly } from '../platform/access/access.decorators';
import { IdParam } from '../platform/http/id-param';
import { TestDeadlineNotificationDto, TestEmailDto, TestTaskNotificationDto } from './dto/email.dto';
import { EmailAdmin } from './email-admin.service';
import { ApiResult } from '../platform/openapi/api-result';

export const QUEUED_MESSAGE = 'E-mail adicionado à fila de envio';
export const NOT_CONFIGURED_MESSAGE = 'O e-mail ficou na fila e não será enviado enquanto o SMTP estiver Não Configurado (SMTP_URL).';

/** The admin e-mail page: status, the queue monitor and test sends. Role admin or profile 1. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class EmailAdminController {
  constructor(private readonly email: EmailAdmin) {}

  private queued(id: number): QueuedEmailResponse {
    const smtpConfigured = this.email.smtpConfigured;
    return { success: true, id, message: smtpConfigured ? QUEUED_MESSAGE : NOT_CONFIGURED_MESSAGE, smtpConfigured };
  }

  @Get('email-status')
  @ApiResult('EmailServiceStatus')
  status(): Promise<EmailServiceStatus> {
    return this.email.status();
  }

  @Get('email-queue')
  @ApiResult('EmailQueueItem', { isArray: true })
  queue(): Promise<EmailQueueItem[]> {
    return this.email.list();
  }

  @Get('email-queue/stats')
  @ApiResult('EmailQueueStats')
  stats(): Promise<EmailQueueStats> {
    return this.email.stats();
  }

  @Post('email-queue/:id/retry')
  @HttpCode(200)
  @ApiResult('EmailQueueItem', { errors: [409] })
  retry(@IdParam() id: number): Promise<EmailQueueItem> {
    return this.email.retry(id);
  }

  @Post('test-email')
  @ApiResult('QueuedEmailResponse')
  async testEmail(@Body() dto: TestEmailDto): Promise<QueuedEmailResponse> {
    return this.queued(await this.email.sendTest('test_email', dto.to, dto.subject, dto.message));
  }

  @Post('test-task-notification')
  @ApiResult('QueuedEmailResponse')
  async testTask(@Body() dto: TestTaskNotificationDto): Promise<QueuedEmailResponse> {
    return this.queued(await this.email.sendTest('task_assigned', dto.to));
  }

  @Post('test-deadline-notification')
  @ApiResult('QueuedEmailResponse')
  async testDeadline(@Body() dto: TestDeadlineNotificationDto): Promise<QueuedEmailResponse> {
    return this.queued(await this.email.sendTest('task_due_soon', dto.to));
  }
}
