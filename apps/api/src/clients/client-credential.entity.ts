import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ClientEntity } from './client.entity';

/** A tool login kept for a client; the password only ever at rest as AES-256-GCM ciphertext. */
@Entity('client_credentials')
@Index('IDX_client_credentials_client', ['clientId'])
export class ClientCredentialEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  clientId: number;

  @ManyToOne(() => ClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: ClientEntity;

  @Column({ type: 'varchar', length: 120 })
  toolName: string;

  @Column({ type: 'varchar', length: 500 })
  url: string;

  @Column({ type: 'varchar', length: 200 })
  username: string;

  /** 'v1:<iv b64>:<tag b64>:<ciphertext b64>' (see credentials-cipher.ts). */
  @Column({ type: 'text' })
  passwordEncrypted: string;

  @Column({ type: 'text', nullable: true })
  observations: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
