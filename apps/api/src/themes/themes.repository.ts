import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Theme } from '@wkflow/contracts';
import { type Db, ModuleRepository } from '../platform/database/repository';

/** A catalogue theme as the base seed writes it (by name), with its place in the list. */
export type CatalogueThemeRow = Omit<Theme, 'id'> & { position: number };

const THEME_COLUMNS = `t.id, t.name, t."displayName", t.description, t.category, t."isPremium", t.rating, t."ratingCount", t.downloads, t.colors`;

/** Every query of the themes module: the catalogue (themes) and each user's choice (user_themes). */
@Injectable()
export class ThemesRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  list(): Promise<Theme[]> {
    return this.dataSource.query(`SELECT ${THEME_COLUMNS} FROM themes t ORDER BY t.position, t.id`);
  }

  async byId(id: number, db: Db = this.dataSource): Promise<Theme | null> {
    const [theme] = await db.query(`SELECT ${THEME_COLUMNS} FROM themes t WHERE t.id = $1`, [id]);
    return theme ?? null;
  }

  async byName(name: string): Promise<Theme | null> {
    const [theme] = await this.dataSource.query(`SELECT ${THEME_COLUMNS} FROM themes t WHERE t.name = $1`, [name]);
    return theme ?? null;
  }

  /** The theme the user chose, or null while they never chose one. */
  async ofUser(userId: number): Promise<Theme | null> {
    const [theme] = await this.dataSource.query(
      `SELECT ${THEME_COLUMNS} FROM user_themes ut JOIN themes t ON t.id = ut."themeId" WHERE ut."userId" = $1`,
      [userId],
    );
    return theme ?? null;
  }

  /** Stores the user's choice; true when it changed (a repeat of the same theme is no change). */
  async choose(userId: number, themeId: number, db: EntityManager): Promise<boolean> {
    const changed: unknown[] = await db.query(
      `INSERT INTO user_themes ("userId", "themeId") VALUES ($1, $2)
       ON CONFLICT ("userId") DO UPDATE SET "themeId" = EXCLUDED."themeId", "activatedAt" = now()
         WHERE user_themes."themeId" IS DISTINCT FROM EXCLUDED."themeId"
       RETURNING "userId"`,
      [userId, themeId],
    );
    return changed.length > 0;
  }

  async countDownload(themeId: number, db: EntityManager): Promise<void> {
    await db.query(`UPDATE themes SET downloads = downloads + 1 WHERE id = $1`, [themeId]);
  }

  /** Writes a catalogue theme by name: texts, colours and position; the live counters of an existing one stay. */
  async upsertCatalogueTheme(theme: CatalogueThemeRow, db: EntityManager): Promise<void> {
    await db.query(
      `INSERT INTO themes (name, "displayName", description, category, "isPremium", rating, "ratingCount", downloads, colors, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (name) DO UPDATE SET "displayName" = EXCLUDED."displayName", description = EXCLUDED.description,
         category = EXCLUDED.category, "isPremium" = EXCLUDED."isPremium", colors = EXCLUDED.colors, position = EXCLUDED.position`,
      [
        theme.name,
        theme.displayName,
        theme.description,
        theme.category,
        theme.isPremium,
        theme.rating,
        theme.ratingCount,
        theme.downloads,
        JSON.stringify(theme.colors),
        theme.position,
      ],
    );
  }
}
