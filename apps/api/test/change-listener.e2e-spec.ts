import { Client } from 'pg';
import { ChangeListener, LISTEN_APPLICATION_NAME } from '../src/platform/database/change-listener';
import { isolatedDatabase } from './utils/isolated-app';

/** Waits until `check` holds (polling), failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every channel a process listens to shares one connection, which comes back after it is lost. */
describe('change listener (e2e)', () => {
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let admin: Client;

  beforeAll(async () => {
    database = await isolatedDatabase('listen');
    admin = new Client({ connectionString: database.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  const listeningBackends = async () =>
    (
      await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [
        LISTEN_APPLICATION_NAME,
      ])
    ).rows.map((r) => r.pid);

  it('hands each channel its own notifications over one connection, syncs, and listens again after the connection is lost', async () => {
    const heard: Record<string, string[]> = { wk_test_a: [], wk_test_b: [] };
    const states: Record<string, boolean[]> = { wk_test_a: [], wk_test_b: [] };
    const listeners = Object.keys(heard).map(
      (channel) =>
        new ChangeListener(
          database.databaseUrl,
          channel,
          (payload) => heard[channel].push(payload),
          (listening) => states[channel].push(listening),
        ),
    );
    await Promise.all(listeners.map((l) => l.listen()));
    expect(states).toEqual({ wk_test_a: [true], wk_test_b: [true] });
    expect(await listeningBackends()).toHaveLength(1);

    await admin.query(`SELECT pg_notify('wk_test_a', '1'), pg_notify('wk_test_b', '2')`);
    expect(await listeners[0].sync()).toBe(true);
    expect(heard).toEqual({ wk_test_a: ['1'], wk_test_b: ['2'] });

    // The connection is cut: both are told, and both listen again on a new one.
    const [pid] = await listeningBackends();
    await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
    await until(() => states.wk_test_a.length === 3 && states.wk_test_b.length === 3);
    expect(states).toEqual({ wk_test_a: [true, false, true], wk_test_b: [true, false, true] });
    await admin.query(`SELECT pg_notify('wk_test_b', '3')`);
    expect(await listeners[1].sync()).toBe(true);
    expect(heard.wk_test_b).toEqual(['2', '3']);

    // Closing one leaves the other listening; closing both ends the connection.
    await listeners[0].close();
    await admin.query(`SELECT pg_notify('wk_test_a', '4'), pg_notify('wk_test_b', '5')`);
    expect(await listeners[1].sync()).toBe(true);
    expect(heard).toEqual({ wk_test_a: ['1'], wk_test_b: ['2', '3', '5'] });
    await listeners[1].close();
    await until(async () => (await listeningBackends()).length === 0);
  });
});
