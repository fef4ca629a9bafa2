import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit trail's screen; every module writes its own rows through audit-trail.ts. */
@Module({ imports: [UsersModule], controllers: [AuditController], providers: [AuditRepository, AuditService] })
export class AuditModule {}
