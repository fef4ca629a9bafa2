import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AccessProfile, ModulePermission, SuccessResponse } from '@wkflow/contracts';
import { Authenticated, CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { AccessProfilesService } from './access-profiles.service';
import { AccessProfileDto, SavePermissionsDto } from './dto/users.dto';
import { ApiResult } from '../platform/openapi/api-result';

@ApiTags('permissions')
@Controller('access-profiles')
export class AccessProfilesController {
  constructor(private readonly profiles: AccessProfilesService) {}

  /** Names for badges and selects: every logged-in user. */
  @Authenticated()
  @Get()
  @ApiResult('AccessProfile', { isArray: true })
  list(): Promise<AccessProfile[]> {
    return this.profiles.list();
  }

  @RequirePermission('user_management', 'write')
  @Post()
  @ApiResult('AccessProfile', { errors: [409] })
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: AccessProfileDto): Promise<AccessProfile> {
    return this.profiles.create(user, dto);
  }

  @RequirePermission('user_management', 'write')
  @Put(':id')
  @ApiResult('AccessProfile', { errors: [409] })
  update(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: AccessProfileDto): Promise<AccessProfile> {
    return this.profiles.update(user, id, dto);
  }

  /** Default profiles (1-3) and profiles still held by users cannot be deleted (409). */
  @RequirePermission('user_management', 'write')
  @Delete(':id')
  @ApiResult('SuccessResponse', { errors: [409] })
  async remove(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<SuccessResponse> {
    await this.profiles.remove(user, id);
    return { success: true };
  }

  @RequirePermission('user_management', 'read')
  @Get(':id/permissions')
  @ApiResult('ModulePermission', { isArray: true })
  permissions(@IdParam() id: number): Promise<ModulePermission[]> {
    return this.profiles.permissions(id);
  }

  /**
   * Replaces all of the profile's permissions atomically (what the web's editor uses). Saving
   * profile 1 is allowed and stored, but has no effect on rights: it has full access by rule.
   */
  @RequirePermission('user_management', 'write')
  @Put(':id/permissions')
  @ApiResult('ModulePermission', { isArray: true, errors: [409] })
  replace(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: SavePermissionsDto): Promise<ModulePermission[]> {
    return this.profiles.replace(user, id, dto.permissions);
  }
}
