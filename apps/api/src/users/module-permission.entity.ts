import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TaskPermissionData } from '@wkflow/contracts';
import { AccessProfileEntity } from './access-profile.entity';

@Entity('module_permissions')
@Index('UQ_module_permissions_profile_module', ['profileId', 'module'], { unique: true })
export class ModulePermissionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  profileId: number;

  @ManyToOne(() => AccessProfileEntity, (profile) => profile.permissions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profileId' })
  profile?: AccessProfileEntity;

  @Column({ type: 'varchar', length: 40 })
  module: string;

  @Column({ type: 'varchar', length: 20 })
  permission: string;

  @Column({ type: 'jsonb', nullable: true })
  additionalData: TaskPermissionData | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
