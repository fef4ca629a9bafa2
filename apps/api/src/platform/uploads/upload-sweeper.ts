import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { fileExists, filesIn, moveIntoPlace, uploadTempDir } from './upload-files';

/** A file no row names, or a temp file, is removed once it is this old (an upload in flight is younger). */
export const ORPHAN_AGE_MS = 3600_000;
const SWEEP_EVERY_MS = 3600_000;
/** Names asked about in one query. */
const BATCH = 1000;

/** A folder of uploads under UPLOAD_DIR and the rows that name its files (the module that owns them answers). */
export interface UploadFolder {
  readonly label: string;
  readonly directory: string;
  /** Of these names of files in the folder, those a row names. */
  referenced(names: string[]): Promise<Set<string>>;
  /**
   * Of these temp file names, those a committed row names, with the name the file has in the folder:
   * the process stopped between the commit and the rename.
   */
  committed(tempNames: string[]): Promise<Map<string, string>>;
}

async function inBatches<T>(names: string[], ask: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < names.length; i += BATCH) found.push(...(await ask(names.slice(i, i + BATCH))));
  return found;
}

/**
 * Removes what crashes leave in UPLOAD_DIR, at start-up and every hour: temp files of uploads that
 * never finished, and files no row names (a delete whose unlink did not happen), once older than
 * ORPHAN_AGE_MS. A temp file whose row did commit is renamed into place instead.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UploadSweeper.name);
  private readonly folders: UploadFolder[] = [];
  private readonly tempDir: string;
  private running: Promise<void> | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.tempDir = uploadTempDir(config.uploadDir);
  }

  /** Called by the module owning a folder (in its onModuleInit, before the first sweep). */
  register(folder: UploadFolder): void {
    this.folders.push(folder);
  }

  onApplicationBootstrap(): void {
    void this.sweep();
  }

  @Interval('upload-sweep', SWEEP_EVERY_MS)
  async sweepOnSchedule(): Promise<void> {
    await this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    await this.running;
  }

  /** One pass (a pass already running is joined); never throws. */
  sweep(now = Date.now()): Promise<void> {
    this.running ??= this.pass(now)
      .catch((error: unknown) => this.logger.warn(`upload sweep: ${error instanceof Error ? error.message : error}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async pass(now: number): Promise<void> {
    const cutoff = now - ORPHAN_AGE_MS;
    let temps = (await filesIn(this.tempDir)).map((file) => file.name);
    for (const folder of this.folders) {
      const committed = await inBatches(temps, async (batch) => [...(await folder.committed(batch))]);
      for (const [tempName, name] of committed) {
        const target = join(folder.directory, name);
        if (await fileExists(target)) continue;
        await moveIntoPlace({ path: join(this.tempDir, tempName) }, folder.directory, name);
        this.logger.warn(`${folder.label}: ${name} was committed but still a temp file; moved into place`);
      }
      const moved = new Set(committed.map(([tempName]) => tempName));
      temps = temps.filter((name) => !moved.has(name));

      const old = (await filesIn(folder.directory)).filter((file) => file.modifiedAt < cutoff).map((file) => file.name);
      const referenced = new Set(await inBatches(old, async (batch) => [...(await folder.referenced(batch))]));
      const orphans = old.filter((name) => !referenced.has(name));
      for (const name of orphans) await rm(join(folder.directory, name), { force: true });
      if (orphans.length) this.logger.warn(`${folder.label}: removed ${orphans.length} file(s) no row names`);
    }
    const stale = (await filesIn(this.tempDir)).filter((file) => file.modifiedAt < cutoff);
    for (const file of stale) await rm(join(this.tempDir, file.name), { force: true });
    if (stale.length) this.logger.warn(`removed ${stale.length} temp file(s) of uploads that never finished`);
  }
}
