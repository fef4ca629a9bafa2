import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { effectiveLockDate, lockSettingsError, type TimeLock, type TimeLockSettings } from '@wkflow/contracts';
import type { Db } from '../platform/database/repository';
import { UserDirectory } from '../users/user-directory';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { TimerRepository } from './timer.repository';

/** The lockdown period (one settings row): read on every change of an entry, set by time_tracking write. */
@Injectable()
export class TimeLockService {
  constructor(
    private readonly timer: TimerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserDirectory,
  ) {}

  /** The last locked day ('yyyy-MM-dd' in APP_TIMEZONE) as of now, or null. */
  async lockDate(db?: Db, now = new Date()): Promise<string | null> {
    return effectiveLockDate(await this.timer.lockSettings(db), now, this.config.appTimezone);
  }

  async get(): Promise<TimeLock> {
    const row = await this.timer.lockSettings();
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
    await this.timer.saveLockSettings(settings, userId);
    return this.get();
  }
}
