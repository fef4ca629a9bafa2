import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ModulePermission, SuccessResponse } from '@wkflow/contracts';
import { Authenticated, CurrentUser, RequirePermission } from '../auth/access.decorators';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { IdParam } from '../common/id-param';
import { AccessProfilesService } from './access-profiles.service';
import { CreateModulePermissionDto } from './dto/users.dto';

@ApiTags('permissions')
@Controller('module-permissions')
export class ModulePermissionsController {
  constructor(private readonly profiles: AccessProfilesService) {}

  /** The current user's permissions (their profile's). */
  @Authenticated()
  @Get()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<ModulePermission[]> {
    return this.profiles.mine(user);
  }

  /**
   * The documented save: delete every permission, then create one per module (409 when the
   * profile already has one for the module). Not atomic: the web uses PUT /api/access-profiles/{id}/permissions.
   */
  @RequirePermission('user_management', 'write')
  @Post()
  create(@Body() dto: CreateModulePermissionDto): Promise<ModulePermission> {
    return this.profiles.addPermission(dto);
  }

  @RequirePermission('user_management', 'write')
  @Delete(':id')
  async remove(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<SuccessResponse> {
    await this.profiles.removePermission(user, id);
    return { success: true };
  }
}
