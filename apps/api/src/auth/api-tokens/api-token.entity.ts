import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users/user.entity';

/**
 * A personal API token. Only the SHA-256 (hex) of its secret is kept (256 random bits: no slow
 * hash needed); revoking deletes the row (the audit trail keeps that it existed).
 */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_api_tokens_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Index('UQ_api_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  /** `module:level` (ApiTokenScope). */
  @Column({ type: 'varchar', array: true })
  scopes: string[];

  @Index('IDX_api_tokens_expires')
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** When the owner was told it expires within a week (once). */
  @Column({ type: 'timestamptz', nullable: true })
  expiryNoticeAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
