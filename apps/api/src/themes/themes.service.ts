import { ForbiddenException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { DEFAULT_THEME_NAME, isAdmin, type Theme, THEME_MESSAGES, USER_ERRORS, type UserThemeResponse } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { UserDirectory } from '../users/user-directory';
import { ThemesRepository } from './themes.repository';

/** The theme catalogue and each user's active theme (the default one until they choose). */
@Injectable()
export class ThemesService {
  constructor(
    private readonly themes: ThemesRepository,
    private readonly users: UserDirectory,
  ) {}

  list(): Promise<Theme[]> {
    return this.themes.list();
  }

  /** A user's theme: only the user themself or an admin (role admin or profile 1) may read it. */
  async userTheme(caller: AuthenticatedUser, userId: number): Promise<UserThemeResponse> {
    if (caller.id !== userId && !isAdmin(caller)) throw new ForbiddenException(THEME_MESSAGES.otherUser);
    if ((await this.users.nameOf(userId)) === null) throw new NotFoundException(USER_ERRORS.userNotFound);
    return { theme: (await this.themes.ofUser(userId)) ?? (await this.defaultTheme()) };
  }

  /** Stores the caller's choice; a real change counts as one more download of the theme. */
  async activate(user: AuthenticatedUser, themeId: number): Promise<UserThemeResponse> {
    return this.themes.transaction(async (db) => {
      if (!(await this.themes.byId(themeId, db))) throw new NotFoundException(THEME_MESSAGES.notFound);
      if (await this.themes.choose(user.id, themeId, db)) await this.themes.countDownload(themeId, db);
      const theme = await this.themes.byId(themeId, db);
      if (!theme) throw new NotFoundException(THEME_MESSAGES.notFound);
      return { theme };
    });
  }

  private async defaultTheme(): Promise<Theme> {
    const theme = await this.themes.byName(DEFAULT_THEME_NAME);
    // The base seed writes the catalogue; without it the install is broken, not the request.
    if (!theme) throw new InternalServerErrorException(THEME_MESSAGES.noDefault);
    return theme;
  }
}
