import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Authenticated, CurrentUser } from '../auth/access.decorators';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ModulePermissionEntity } from './module-permission.entity';

@ApiTags('permissions')
@Controller('module-permissions')
export class ModulePermissionsController {
  constructor(@InjectRepository(ModulePermissionEntity) private readonly permissions: Repository<ModulePermissionEntity>) {}

  /** The current user's permissions (their profile's). */
  @Authenticated()
  @Get()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<ModulePermissionEntity[]> {
    return this.permissions.find({ where: { profileId: user.accessProfileId }, order: { module: 'ASC' } });
  }
}
