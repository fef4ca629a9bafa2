import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A periodic job whose period comes from config, so it cannot be a static `@Interval`: registered in
 * @nestjs/schedule's registry under its name (listed, and removable, like the decorated ones).
 * It never holds the process open; `removeConfiguredInterval` stops it on shutdown.
 */
export function addConfiguredInterval(schedules: SchedulerRegistry, name: string, periodMs: number, run: () => unknown): void {
  const timer = setInterval(() => void run(), periodMs);
  timer.unref();
  schedules.addInterval(name, timer);
}

export function removeConfiguredInterval(schedules: SchedulerRegistry, name: string): void {
  if (schedules.doesExist('interval', name)) schedules.deleteInterval(name);
}
