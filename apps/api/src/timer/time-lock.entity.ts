import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The lockdown period of time tracking (issue 20): one row (id 1), owned by the timer module.
 * mode 'date' locks entries starting on or before lockDate, 'days' those older than lockDays days.
 */
@Entity('time_lock_settings')
@Check('CHK_time_lock_settings_single', `"id" = 1`)
@Check('CHK_time_lock_settings_mode', `"mode" IN ('none', 'date', 'days')`)
export class TimeLockSettingsEntity {
  @PrimaryColumn({ type: 'int', default: 1 })
  id: number;

  @Column({ type: 'varchar', length: 10, default: 'none' })
  mode: string;

  @Column({ type: 'date', nullable: true })
  lockDate: string | null;

  @Column({ type: 'int', nullable: true })
  lockDays: number | null;

  /** Who set it last (no foreign key: a removed user leaves the name unknown, not the lock). */
  @Column({ type: 'int', nullable: true })
  updatedById: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
