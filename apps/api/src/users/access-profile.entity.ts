import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { ModulePermissionEntity } from './module-permission.entity';

@Entity('access_profiles')
// Names are unique case-insensitively: an expression index written by the migration.
@Index('UQ_access_profiles_name_lower', { synchronize: false })
export class AccessProfileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** Profiles 1-3 are seeded defaults and cannot be deleted. */
  @Column({ type: 'boolean', default: false })
  isDefault: boolean;

  /** 'Exigir verificação em duas etapas': its users set up a second factor at their next sign-in. */
  @Column({ type: 'boolean', default: false })
  requireTwoFactor: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @OneToMany(() => ModulePermissionEntity, (permission) => permission.profile)
  permissions?: ModulePermissionEntity[];
}
