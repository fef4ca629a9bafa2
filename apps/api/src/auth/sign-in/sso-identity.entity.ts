import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, Column, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../../users/user.entity';

/**
 * An account's identity at an OpenID provider: its issuer and subject (the `sub` claim, stable
 * for the provider's life of that person). Made on the first single sign-on (by a verified e-mail
 * or with a new account); every later one finds the account by it, whatever e-mail it then carries.
 */
@Entity('sso_identities')
export class SsoIdentityEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  issuer: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  subject: string;

  @Index('IDX_sso_identities_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  linkedAt: Date;
}
