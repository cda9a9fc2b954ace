/**
 * Job leases (README "Running on more than one machine"): a job runs in one process at a time, so
 * each item it handles is handled once, even with several shop processes on one database. On
 * PostgreSQL the "processes" are separate connection pools, as separate shop processes are.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.ts';
import { openFreshPostgres, testDatabases, withDatabase } from '../test-databases.ts';
import { migrateJobs, releaseLease, runLeased, takeLease } from './index.ts';

describe.each(testDatabases())('job leases on %s', (_name, open) => {
  it('one holder at a time; released or lapsed, another may take it; the holder may renew', async () => {
    await withDatabase(open, async (database) => {
      await migrateJobs(database.db);
      await migrateJobs(database.db); // idempotent
      const t0 = new Date('2026-12-01T10:00:00Z');
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await takeLease(database.db, 'job', 60_000, 'a', t0)).toBe(true);
      expect(await takeLease(database.db, 'job', 60_000, 'b', at(1_000))).toBe(false);
      expect(await takeLease(database.db, 'other job', 60_000, 'b', at(1_000))).toBe(true);
      expect(await takeLease(database.db, 'job', 60_000, 'a', at(2_000))).toBe(true);
      await releaseLease(database.db, 'job', 'b', at(3_000)); // not b's: nothing changes
      expect(await takeLease(database.db, 'job', 60_000, 'b', at(3_000))).toBe(false);
      await releaseLease(database.db, 'job', 'a', at(3_000));
      expect(await takeLease(database.db, 'job', 60_000, 'b', at(3_000))).toBe(true);
      // b dies holding it: a takes over once the lease has lapsed, not before.
      expect(await takeLease(database.db, 'job', 60_000, 'a', at(62_999))).toBe(false);
      expect(await takeLease(database.db, 'job', 60_000, 'a', at(63_000))).toBe(true);
    });
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('job leases across processes (PostgreSQL)', () => {
  it('two processes running the same job over and over handle each item exactly once; without the lease they would not', async () => {
    const first = await openFreshPostgres(postgresUrl!);
    // A second pool on the same database: another shop process.
    const url = await sql<{ db: string }>`select current_database() as db`.execute(first.db);
    const second: Database = await openDatabase({ url: Object.assign(new URL(postgresUrl!), { pathname: `/${url.rows[0]!.db}` }).toString(), poolSize: 5 });
    try {
      await migrateJobs(first.db);
      await sql`create table public.item (id int primary key, done boolean not null default false)`.execute(first.db);
      await sql`create table public.handled (item_id int not null, by_process text not null)`.execute(first.db);
      await sql`insert into public.item (id) select generate_series(1, 60)`.execute(first.db);
      // A job in the usual shape: read what is pending, do the slow outside work (a provider
      // lookup, a send), then record it. Run without a lease by two processes, items repeat.
      const job = (database: Database, me: string) => async () => {
        const { rows } = await sql<{ id: number }>`select id from public.item where not done order by id limit 10`.execute(database.db);
        for (const row of rows) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          await sql`insert into public.handled (item_id, by_process) values (${row.id}, ${me})`.execute(database.db);
          await sql`update public.item set done = true where id = ${row.id}`.execute(database.db);
        }
      };
      const loop = async (database: Database, me: string, leased: boolean) => {
        for (let i = 0; i < 40; i++) {
          let ran = true;
          if (leased) ran = await runLeased(database.db, 'handle items', job(database, me), { owner: me, leaseMs: 60_000 });
          else await job(database, me)();
          // As a job's interval does: after a run, wait; after finding the lease taken, look again
          // soon. (Both retrying at once let one process win every round on a busy machine.)
          await new Promise((resolve) => setTimeout(resolve, ran ? 10 + Math.random() * 5 : Math.random() * 3));
        }
      };
      const counts = async () =>
        (await sql<{ item_id: number; n: number; owners: number }>`select item_id, count(*)::int as n, count(distinct by_process)::int as owners from public.handled group by item_id`.execute(first.db)).rows;

      await Promise.all([loop(first, 'process A', true), loop(second, 'process B', true)]);
      const leased = await counts();
      expect(leased).toHaveLength(60);
      expect(leased.filter((r) => r.n !== 1)).toEqual([]);
      // Both processes did some of the work: the lease passes between them.
      const by = (await sql<{ by_process: string }>`select distinct by_process from public.handled`.execute(first.db)).rows.map((r) => r.by_process).sort();
      expect(by).toEqual(['process A', 'process B']);

      // The control: the same two loops without the lease handle some items twice.
      await sql`truncate public.handled`.execute(first.db);
      await sql`update public.item set done = false`.execute(first.db);
      await Promise.all([loop(first, 'process A', false), loop(second, 'process B', false)]);
      const unleased = await counts();
      expect(unleased.some((r) => r.n > 1)).toBe(true);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
