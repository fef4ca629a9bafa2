import type { DataSource } from 'typeorm';
import { NotificationPreferenceEntity } from '../../src/notifications/notification.entities';
import { eventually } from './smtp';

/** Stores one notification preference row of a user, as the preferences screen would. */
export function savePreference(
  db: DataSource,
  userId: number,
  type: string,
  emailEnabled: boolean,
  browserEnabled: boolean,
  soundEnabled: boolean,
): Promise<unknown> {
  return db.getRepository(NotificationPreferenceEntity).insert({ userId, type, emailEnabled, browserEnabled, soundEnabled });
}

/** Producers run after the response: waits until `read` gives the same state twice, 300 ms apart. */
export async function settledState(read: () => Promise<unknown>): Promise<void> {
  let last = '';
  await eventually(async () => {
    const now = JSON.stringify(await read());
    const same = now === last;
    last = now;
    if (!same) await new Promise((r) => setTimeout(r, 300));
    return same;
  });
}
