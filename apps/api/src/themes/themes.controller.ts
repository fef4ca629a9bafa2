import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Theme, UserThemeResponse } from '@wkflow/contracts';
import { Authenticated, CurrentUser } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { ThemesService } from './themes.service';
import { ApiResult } from '../platform/openapi/api-result';

/** /api/themes: every logged-in user (extended.md §6); a user's theme is theirs (or an admin's) to read. */
@ApiTags('themes')
@Authenticated()
@Controller('themes')
export class ThemesController {
  constructor(private readonly themes: ThemesService) {}

  @Get()
  @ApiResult('Theme', { isArray: true })
  list(): Promise<Theme[]> {
    return this.themes.list();
  }

  @Get('user/:userId')
  @ApiResult('UserThemeResponse', { errors: [403] })
  userTheme(@IdParam('userId') userId: number, @CurrentUser() user: AuthenticatedUser): Promise<UserThemeResponse> {
    return this.themes.userTheme(user, userId);
  }

  @HttpCode(200)
  @Post(':id/activate')
  @ApiResult('UserThemeResponse')
  activate(@IdParam('id') id: number, @CurrentUser() user: AuthenticatedUser): Promise<UserThemeResponse> {
    return this.themes.activate(user, id);
  }
}
