import { ForbiddenException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_THEME_NAME, isAdmin, type Theme, THEME_MESSAGES, USER_ERRORS, type UserThemeResponse } from '@wkflow/contracts';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { UserDirectory } from '../users/user-directory';

const THEME_COLUMNS = `t.id, t.name, t."displayName", t.description, t.category, t."isPremium", t.rating, t."ratingCount", t.downloads, t.colors`;

/** The theme catalogue and each user's active theme (the default one until they choose). */
@Injectable()
export class ThemesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  list(): Promise<Theme[]> {
    return this.dataSource.query(`SELECT ${THEME_COLUMNS} FROM themes t ORDER BY t.position, t.id`);
  }

  /** A user's theme: only the user themself or an admin (role admin or profile 1) may read it. */
  async userTheme(caller: AuthenticatedUser, userId: number): Promise<UserThemeResponse> {
    if (caller.id !== userId && !isAdmin(caller)) throw new ForbiddenException(THEME_MESSAGES.otherUser);
    if ((await this.users.nameOf(userId)) === null) throw new NotFoundException(USER_ERRORS.userNotFound);
    const [theme] = await this.dataSource.query(
      `SELECT ${THEME_COLUMNS} FROM user_themes ut JOIN themes t ON t.id = ut."themeId" WHERE ut."userId" = $1`,
      [userId],
    );
    return { theme: theme ?? (await this.defaultTheme()) };
  }

  /** Stores the caller's choice; a real change counts as one more download of the theme. */
  async activate(user: AuthenticatedUser, themeId: number): Promise<UserThemeResponse> {
    return this.dataSource.transaction(async (db) => {
      const [exists] = await db.query(`SELECT id FROM themes WHERE id = $1`, [themeId]);
      if (!exists) throw new NotFoundException(THEME_MESSAGES.notFound);
      const changed: unknown[] = await db.query(
        `INSERT INTO user_themes ("userId", "themeId") VALUES ($1, $2)
         ON CONFLICT ("userId") DO UPDATE SET "themeId" = EXCLUDED."themeId", "activatedAt" = now()
           WHERE user_themes."themeId" IS DISTINCT FROM EXCLUDED."themeId"
         RETURNING "userId"`,
        [user.id, themeId],
      );
      if (changed.length) await db.query(`UPDATE themes SET downloads = downloads + 1 WHERE id = $1`, [themeId]);
      return { theme: await this.theme(themeId, db) };
    });
  }

  private async theme(id: number, db: EntityManager): Promise<Theme> {
    const [theme] = await db.query(`SELECT ${THEME_COLUMNS} FROM themes t WHERE t.id = $1`, [id]);
    if (!theme) throw new NotFoundException(THEME_MESSAGES.notFound);
    return theme;
  }

  private async defaultTheme(): Promise<Theme> {
    const [theme] = await this.dataSource.query(`SELECT ${THEME_COLUMNS} FROM themes t WHERE t.name = $1`, [DEFAULT_THEME_NAME]);
    // The base seed writes the catalogue; without it the install is broken, not the request.
    if (!theme) throw new InternalServerErrorException(THEME_MESSAGES.noDefault);
    return theme;
  }
}
