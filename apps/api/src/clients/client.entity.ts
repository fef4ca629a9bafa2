import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SocialMedia } from '@wkflow/contracts';

export { SOCIAL_NETWORKS, type SocialNetwork } from '@wkflow/contracts';

@Entity('clients')
@Check('CHK_clients_hourly_rate', `"hourlyRate" >= 0`)
@Index('IDX_clients_name', ['name'])
export class ClientEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  cnpj: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  address: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  website: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20, default: '#6b7280' })
  color: string;

  /** Network key → URL; only the six networks of extended.md §2.3. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  socialMedia: SocialMedia;

  /** File name of the uploaded logo under the upload directory. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  logoFile: string | null;

  /** R$ per hour for timesheets and exports (issue 20); numeric comes back from pg as text. */
  @Column({
    type: 'numeric',
    precision: 10,
    scale: 2,
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  hourlyRate: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
