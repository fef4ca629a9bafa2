import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/**
 * A login-unlock link: sent when an unknown source gave the right password while the account's
 * ceiling of failures held. Using it makes that source known to the account. Only the SHA-256
 * (hex) of the token is kept; single use (usedAt), one hour.
 */
@Entity('login_unlock_tokens')
export class LoginUnlockTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_login_unlock_tokens_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @Index('UQ_login_unlock_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  /** The source (IPv4 /24 or IPv6 /64, see client-source.ts) the right password came from. */
  @Column({ type: 'varchar', length: 64 })
  source: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
