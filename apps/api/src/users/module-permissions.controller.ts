import { Body, Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ModulePermission, SuccessResponse } from '@wkflow/contracts';
import { Authenticated, CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { AccessProfilesService } from './access-profiles.service';
import { CreateModulePermissionDto } from './dto/users.dto';
import { ApiResult } from '../platform/openapi/api-result';

@ApiTags('permissions')
@Controller('module-permissions')
export class ModulePermissionsController {
  constructor(private readonly profiles: AccessProfilesService) {}

  /** The current user's permissions (their profile's). */
  @Authenticated()
  @Get()
  @ApiResult('ModulePermission', { isArray: true })
  mine(@CurrentUser() user: AuthenticatedUser): Promise<ModulePermission[]> {
    return this.profiles.mine(user);
  }

  /**
   * The documented save: delete every permission, then create one per module (409 when the
   * profile already has one for the module). Not atomic: the web uses PUT /api/access-profiles/{id}/permissions.
   */
  @RequirePermission('user_management', 'write')
  @Post()
  @ApiResult('ModulePermission', { errors: [404, 409] })
  create(@Body() dto: CreateModulePermissionDto): Promise<ModulePermission> {
    return this.profiles.addPermission(dto);
  }

  @RequirePermission('user_management', 'write')
  @Delete(':id')
  @ApiResult('SuccessResponse', { errors: [409] })
  async remove(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<SuccessResponse> {
    await this.profiles.removePermission(user, id);
    return { success: true };
  }
}
