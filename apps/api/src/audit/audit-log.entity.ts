import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who did what, for actions that must be traceable (rejections, credential reveals, ...). */
@Entity('audit_log')
@Index('IDX_audit_log_entity', ['entity', 'entityId'])
// The screen reads the newest first, all of them or one person's.
@Index('IDX_audit_log_created', ['createdAt'])
@Index('IDX_audit_log_actor', ['actorId', 'createdAt'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ type: 'varchar', length: 60 })
  entity: string;

  @Column({ type: 'int', nullable: true })
  entityId: number | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
