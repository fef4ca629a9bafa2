import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { ThemeCategory, ThemeColors } from '@wkflow/contracts';

/** The seeded theme catalogue. */
@Entity('themes')
@Unique('UQ_themes_name', ['name'])
@Check('CHK_themes_category', `"category" IN ('default', 'dark', 'colorful', 'custom')`)
export class ThemeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Slug. */
  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 80 })
  displayName: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20 })
  category: ThemeCategory;

  @Column({ type: 'boolean', default: false })
  isPremium: boolean;

  @Column({ type: 'real', default: 0 })
  rating: number;

  @Column({ type: 'int', default: 0 })
  ratingCount: number;

  @Column({ type: 'int', default: 0 })
  downloads: number;

  @Column({ type: 'jsonb' })
  colors: ThemeColors;

  @Column({ type: 'int', default: 0 })
  position: number;
}
