import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { effectiveLockDate, lockSettingsError, type TimeLock, type TimeLockMode, type TimeLockSettings } from '@wkflow/contracts';
import { UserDirectory } from '../users/user-directory';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

interface LockRow {
  mode: TimeLockMode;
  lockDate: string | null;
  lockDays: number | null;
  updatedAt: Date;
  updatedById: number | null;
}

/** The lockdown period (one settings row): read on every change of an entry, set by time_tracking write. */
@Injectable()
export class TimeLockService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserDirectory,
  ) {}

  private async row(db: EntityManager | DataSource): Promise<LockRow> {
    // lockDate as text: pg would turn a date into a Date at local midnight.
    const [row]: LockRow[] = await db.query(
      `SELECT s.mode, s."lockDate"::text AS "lockDate", s."lockDays", s."updatedAt", s."updatedById"
         FROM time_lock_settings s WHERE s.id = 1`,
    );
    return row ?? { mode: 'none', lockDate: null, lockDays: null, updatedAt: new Date(0), updatedById: null };
  }

  /** The last locked day ('yyyy-MM-dd' in APP_TIMEZONE) as of now, or null. */
  async lockDate(db: EntityManager | DataSource = this.dataSource, now = new Date()): Promise<string | null> {
    return effectiveLockDate(await this.row(db), now, this.config.appTimezone);
  }

  async get(): Promise<TimeLock> {
    const row = await this.row(this.dataSource);
    return {
      mode: row.mode,
      lockDate: row.lockDate,
      lockDays: row.lockDays,
      effectiveDate: effectiveLockDate(row, new Date(), this.config.appTimezone),
      updatedAt: row.updatedAt.getTime() > 0 ? row.updatedAt.toISOString() : null,
      updatedByName: row.updatedById === null ? null : await this.users.nameOf(row.updatedById),
    };
  }

  async set(userId: number, input: TimeLockSettings): Promise<TimeLock> {
    const settings: TimeLockSettings = {
      mode: input.mode,
      lockDate: input.mode === 'date' ? input.lockDate : null,
      lockDays: input.mode === 'days' ? input.lockDays : null,
    };
    const error = lockSettingsError(settings, new Date(), this.config.appTimezone);
    if (error) throw new BadRequestException(error);
    await this.dataSource.query(
      `INSERT INTO time_lock_settings (id, mode, "lockDate", "lockDays", "updatedById", "updatedAt") VALUES (1, $1, $2::date, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET mode = EXCLUDED.mode, "lockDate" = EXCLUDED."lockDate", "lockDays" = EXCLUDED."lockDays",
         "updatedById" = EXCLUDED."updatedById", "updatedAt" = now()`,
      [settings.mode, settings.lockDate, settings.lockDays, userId],
    );
    return this.get();
  }
}
