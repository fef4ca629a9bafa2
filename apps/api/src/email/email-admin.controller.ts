import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { EmailQueueItem, EmailQueueStats, EmailServiceStatus } from '@wkflow/contracts';
import { AdminOnly } from '../auth/access.decorators';
import { IdParam } from '../common/id-param';
import { TestEmailDto, TestNotificationDto } from './dto/email.dto';
import { EmailService } from './email.service';

type Queued = { success: true; id: number; message: string };
const QUEUED = 'E-mail adicionado à fila de envio';

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
    const id = await this.email.enqueue({
      type: 'test_email',
      to: dto.to,
      subject: dto.subject?.trim() || 'Teste de e-mail do WKFlow',
      message: dto.message?.trim() || 'Este é um e-mail de teste enviado pelo WKFlow.',
    });
    return { success: true, id, message: QUEUED };
  }

  @Post('test-task-notification')
  async testTask(@Body() dto: TestNotificationDto): Promise<Queued> {
    const id = await this.email.enqueue({
      type: 'task_assigned',
      to: dto.to,
      subject: 'Nova tarefa atribuída: Tarefa de exemplo',
      message: 'Você foi designado para a tarefa "Tarefa de exemplo".\n\nEste é um teste da notificação de tarefa atribuída.',
    });
    return { success: true, id, message: QUEUED };
  }

  @Post('test-deadline-notification')
  async testDeadline(@Body() dto: TestNotificationDto): Promise<Queued> {
    const id = await this.email.enqueue({
      type: 'task_due_reminder',
      to: dto.to,
      subject: 'Prazo próximo: Tarefa de exemplo',
      message: 'A tarefa "Tarefa de exemplo" vence em breve.\n\nEste é um teste do lembrete de prazo.',
    });
    return { success: true, id, message: QUEUED };
  }
}
