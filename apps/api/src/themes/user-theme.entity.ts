import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { ThemeEntity } from './theme.entity';

/** The theme a user chose; no row means the default theme. */
@Entity('user_themes')
export class UserThemeEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'int' })
  themeId: number;

  @ManyToOne(() => ThemeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'themeId' })
  theme?: ThemeEntity;

  @UpdateDateColumn({ type: 'timestamptz' })
  activatedAt: Date;
}
