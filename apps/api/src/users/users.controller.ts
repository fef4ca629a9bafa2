import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PendingUser, RejectUserResponse, SuccessResponse, User } from '@wkflow/contracts';
import { Authenticated, CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { CreateUserDto, ApproveUserDto, RejectUserDto, SetPasswordDto, UpdateUserDto, UserListQueryDto } from './dto/users.dto';
import { UsersService } from './users.service';
import { ApiResult } from '../platform/openapi/api-result';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The team (approved users) for assignees and names; everyone logged in needs it. */
  @Authenticated()
  @Get()
  @ApiResult('User', { isArray: true, errors: [403] })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: UserListQueryDto): Promise<User[]> {
    return this.users.list(user, query.includePending === 'true');
  }

  @RequirePermission('users', 'write')
  @Post()
  @ApiResult('User', { errors: [409] })
  create(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateUserDto): Promise<User> {
    return this.users.create(user, dto);
  }

  @RequirePermission('users', 'read')
  @Get('pending')
  @ApiResult('PendingUser', { isArray: true })
  pending(): Promise<PendingUser[]> {
    return this.users.pending();
  }

  /** users read, or one's own record. */
  @Authenticated()
  @Get(':id')
  @ApiResult('User', { errors: [403] })
  get(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<User> {
    return this.users.get(user, id);
  }

  @RequirePermission('users', 'write')
  @Put(':id')
  @ApiResult('User', { errors: [409] })
  update(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: UpdateUserDto): Promise<User> {
    return this.users.update(user, id, dto);
  }

  /** Ends the user's sessions (but not the caller's own current one). */
  @RequirePermission('users', 'write')
  @Put(':id/password')
  @ApiResult('SuccessResponse')
  async setPassword(
    @CurrentUser() user: AuthenticatedUser,
    @IdParam() id: number,
    @Body() dto: SetPasswordDto,
    @Req() request: Request,
  ): Promise<SuccessResponse> {
    await this.users.setPassword(user, id, dto, request.sessionID);
    return { success: true };
  }

  /** Ends every session of the user (but not the caller's own current one). */
  @RequirePermission('users', 'write')
  @Delete(':id/sessions')
  @ApiResult('SuccessResponse')
  async endSessions(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Req() request: Request): Promise<SuccessResponse> {
    await this.users.endSessions(user, id, request.sessionID);
    return { success: true };
  }

  @RequirePermission('users', 'write')
  @Post(':id/approve')
  @HttpCode(200)
  @ApiResult('User', { errors: [409] })
  approve(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: ApproveUserDto): Promise<User> {
    return this.users.approve(user, id, dto.accessProfileId);
  }

  @RequirePermission('users', 'write')
  @Post(':id/reject')
  @HttpCode(200)
  @ApiResult('RejectUserResponse', { errors: [409] })
  async reject(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number, @Body() dto: RejectUserDto): Promise<RejectUserResponse> {
    await this.users.reject(user, id, dto.reason);
    return { success: true, message: 'O cadastro foi removido do sistema.' };
  }
}
