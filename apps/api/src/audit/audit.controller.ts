import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuditPage } from '@wkflow/contracts';
import { AdminOnly, CurrentUser } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { sendAsAttachment } from '../platform/files/download-name';
import { ApiFile, ApiResult } from '../platform/openapi/api-result';
import { AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

/** 'Auditoria' under 'Configurações de admin': who did what to which object, and when. */
@ApiTags('audit')
@AdminOnly()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiResult('AuditPage')
  list(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.audit.page(query);
  }

  /** The actions recorded so far (the screen's filter). */
  @Get('actions')
  @ApiResult('AuditActions')
  actions(): Promise<string[]> {
    return this.audit.actions();
  }

  @Get('export')
  @ApiFile(['text/csv'])
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: AuditQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const csv = await this.audit.exportCsv(user, query);
    sendAsAttachment(response, 'auditoria.csv');
    return new StreamableFile(Buffer.from(csv, 'utf8'), { type: 'text/csv; charset=utf-8' });
  }
}
