import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Notification, NotificationPage, NotificationPreference } from '@wkflow/contracts';
import { Authenticated, CurrentUser } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { NotificationHistoryQueryDto, SavePreferencesDto } from './dto/notifications.dto';
import { NotificationsService } from './notifications.service';
import { ApiResult } from '../platform/openapi/api-result';

/** Each user reads and changes only their own notifications. */
@ApiTags('notifications')
@Authenticated()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiResult('Notification', { isArray: true })
  list(@CurrentUser() user: AuthenticatedUser): Promise<Notification[]> {
    return this.notifications.list(user.id);
  }

  /** The whole history a page at a time, with the true total and unread counts (the bell and 'Ver todas'). */
  @Get('history')
  @ApiResult('NotificationPage')
  history(@CurrentUser() user: AuthenticatedUser, @Query() query: NotificationHistoryQueryDto): Promise<NotificationPage> {
    return this.notifications.history(user.id, query.limit, query.cursor);
  }

  @Put('mark-all-read')
  @ApiResult('MarkAllReadResponse')
  markAll(@CurrentUser() user: AuthenticatedUser): Promise<{ updated: number }> {
    return this.notifications.markAllRead(user.id);
  }

  @Get('preferences')
  @ApiResult('NotificationPreference', { isArray: true })
  preferences(@CurrentUser() user: AuthenticatedUser): Promise<NotificationPreference[]> {
    return this.notifications.preferences(user.id);
  }

  @Put('preferences')
  @ApiResult('NotificationPreference', { isArray: true })
  savePreferences(@CurrentUser() user: AuthenticatedUser, @Body() dto: SavePreferencesDto): Promise<NotificationPreference[]> {
    return this.notifications.savePreferences(user.id, dto.preferences);
  }

  /** The dropdown's 'Teste' button, shown only to access profile 1. */
  @Post('test')
  @HttpCode(201)
  @ApiResult('Notification', { errors: [403] })
  test(@CurrentUser() user: AuthenticatedUser): Promise<Notification> {
    return this.notifications.sendTest(user);
  }

  @Put(':id/read')
  @ApiResult('SuccessResponse')
  async read(@CurrentUser() user: AuthenticatedUser, @IdParam() id: number): Promise<{ success: true }> {
    await this.notifications.markRead(user.id, id);
    return { success: true };
  }
}
