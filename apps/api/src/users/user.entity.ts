import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from '@wkflow/contracts';
import { AccessProfileEntity } from './access-profile.entity';

@Entity('users')
// Case-insensitive uniqueness lives in expression indexes written by the migration.
@Index('UQ_users_username_lower', { synchronize: false })
@Index('UQ_users_email_lower', { synchronize: false })
// An account waiting for approval never holds the Administrador profile: that takes an approval naming it.
@Check('CHK_users_pending_not_admin', `"isApproved" OR ("accessProfileId" <> 1 AND role <> 'admin')`)
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 60 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 20, default: 'collaborator' })
  role: UserRole;

  @Column({ type: 'int' })
  accessProfileId: number;

  @ManyToOne(() => AccessProfileEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'accessProfileId' })
  accessProfile?: AccessProfileEntity;

  /** The profile asked for at registration: a hint for the approver ('Perfil Solicitado'), never a grant. */
  @Column({ type: 'int', nullable: true })
  requestedProfileId: number | null;

  @ManyToOne(() => AccessProfileEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'requestedProfileId', foreignKeyConstraintName: 'FK_users_requested_profile' })
  requestedProfile?: AccessProfileEntity;

  @Column({ type: 'boolean', default: false })
  isApproved: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  approvedById: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
