import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** The e-mail outbox: every e-mail is a row first, then a queue job. */
@Entity('email_queue')
@Index('IDX_email_queue_status', ['status', 'createdAt'])
export class EmailQueueEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** pending, scheduled, sent or failed */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'varchar', length: 40 })
  emailType: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  recipientName: string | null;

  @Column({ type: 'varchar', length: 254 })
  recipientEmail: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text', nullable: true })
  htmlBody: string | null;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  /** Values put into the message only when it is sent (a reset link), AES-256-GCM encrypted; cleared once sent. */
  @Column({ type: 'text', nullable: true })
  secrets: string | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When the next automatic attempt is due (status scheduled: waiting out a retry backoff). */
  @Column({ type: 'timestamptz', nullable: true })
  scheduledFor: Date | null;

  /** When the row was last handed to the queue (null: not yet, e.g. Redis was down). */
  @Column({ type: 'timestamptz', nullable: true })
  queuedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
