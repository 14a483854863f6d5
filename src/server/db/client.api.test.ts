import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmptyDatabase } from '../testing/instances';
import '../testing/provided';
import { createPglite, openDatabase } from './client';

/**
 * PGlite runs in this thread: a burst of statements must leave the event loop turns, or every
 * socket and timer waits for the whole burst (an outgoing call then times out with its answer
 * unread: the 502s of notifications.api.test.ts under load).
 */
describe.skipIf(inject('testDatabaseKind') !== 'pglite')('statements on PGlite', () => {
  it('let a timer set before a burst of 200 statements run before the burst ends', async () => {
    const database = await openDatabase({ kind: 'pglite', client: await createPglite() });
    try {
      let doneWhenTimerRan: number | null = null;
      let done = 0;
      const timer = new Promise<void>((resolve) =>
        setTimeout(() => {
          doneWhenTimerRan = done;
          resolve();
        }, 0),
      );
      await Promise.all(
        Array.from({ length: 200 }, async () => {
          await database.db.execute(sql`select 1`);
          done += 1;
        }),
      );
      await timer;
      expect(doneWhenTimerRan).not.toBeNull();
      expect(doneWhenTimerRan).toBeLessThan(200);
    } finally {
      await database.close();
    }
  });
});

/**
 * Closing a PostgreSQL database ends its connections before it resolves: what runs next may
 * drop or stop the database (each test file's copy is dropped `with (force)`; an operator stops
 * PostgreSQL after a shutdown), and a backend still saying goodbye would be terminated under a
 * client that then reports "terminating connection due to administrator command".
 */
describe.skipIf(inject('testDatabaseKind') !== 'postgres')('closing on PostgreSQL', () => {
  const name = `${inject('postgresTemplate')}_close_${process.pid}`;
  let target: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let admin: pg.Client;

  beforeAll(async () => {
    target = await createEmptyDatabase(inject('postgresUrl'), name);
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await target?.drop();
  });

  async function backendsOn(database: string): Promise<number> {
    const { rows } = await admin.query<{ count: number }>(
      'select count(*)::int as count from pg_stat_activity where datname = $1',
      [database],
    );
    return rows[0]?.count ?? -1;
  }

  it('leaves no backend on the database once close() resolves', async () => {
    const database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 5 });
    // Five at once, so the pool holds five connections when it is closed.
    await Promise.all(
      Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)),
    );
    expect(database.poolCounts()?.total).toBe(5);
    expect(await backendsOn(name)).toBe(5);

    await database.close();

    expect(await backendsOn(name)).toBe(0);
  });
});
