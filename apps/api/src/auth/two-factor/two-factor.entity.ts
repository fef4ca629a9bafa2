import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users/user.entity';

/**
 * A user's TOTP second factor (RFC 6238). The secret is kept encrypted with CREDENTIALS_KEY; until
 * `enabledAt` it is only being set up. `lastTimeStep` is the 30-second step of the last code
 * accepted: a code is accepted once, and never one of an earlier step.
 */
@Entity('two_factor')
export class TwoFactorEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'text' })
  secret: string;

  @Column({ type: 'timestamptz', nullable: true })
  enabledAt: Date | null;

  @Column({ type: 'bigint', nullable: true })
  lastTimeStep: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** A single-use recovery code of a user's second factor: only its SHA-256 (hex) is kept. */
@Entity('two_factor_recovery_codes')
@Index('UQ_two_factor_recovery_codes_user_hash', ['userId', 'codeHash'], { unique: true })
export class TwoFactorRecoveryCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
