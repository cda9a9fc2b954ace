/**
 * Reliability C5 with a real kill -9 (PostgreSQL): the wish list alerts job runs as its own
 * process (test/alerts-child.ts) and SIGKILLs itself at a seeded random point — inside a watch
 * batch's transaction, after the watch step, or after handing an email to the mailer — then runs
 * again without the fault. Each time: one email per deal that fell, exactly once in the outbox
 * (its Message-ID), no alert left unsent, and a third run changes nothing (same state hash).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { listOutbox, migrateMail, type Database } from '@shop/platform';
import { mulberry32 } from '@shop/platform/random';
import { openFreshPostgres } from '@shop/platform/test-databases';
import { runChild } from '@shop/platform/test-child';
import { migrateDeals, seedDeals } from '@shop/deals';
import { migrateUsers } from '@shop/users';
import { insertAccount } from '@shop/users/store/accounts';
import { migrateWishlist } from '../db/database.ts';
import { addDeal, createWithDeal } from '../wishlist.ts';
import { alertMessageId, type AlertFaultPoint } from './alerts.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const child = fileURLToPath(new URL('./test/alerts-child.ts', import.meta.url));
// Three kill points in turn; CI runs the fast tier (each run starts three processes).
const RUNS = process.env.CI === 'true' ? 6 : 12;
const POINTS: AlertFaultPoint[] = ['before-commit', 'after-watch', 'after-send'];
const DEALS_PER_RUN = 3;

describe.skipIf(!adminUrl)('C5: the wish list alerts job killed -9 mid-run (PostgreSQL, a real process)', () => {
  let database: Database & { url: string };
  let free: number[] = [];
  let clock = new Date('2027-01-20T09:00:00Z');
  beforeAll(async () => {
    database = await openFreshPostgres(adminUrl!, { prefix: 'wishlist_alerts_c5' });
    await migrateDeals(database.db);
    await seedDeals(database.db, { deals: RUNS * DEALS_PER_RUN + 10, seed: 11, now: clock });
    await migrateUsers(database.db);
    await migrateMail(database.db);
    await migrateWishlist(database.db);
    free = (await sql<{ id: number }>`select id from deals.deal where product_count > 0 order by id`.execute(database.db)).rows.map((r) => Number(r.id));
  });
  afterAll(async () => {
    await database?.close();
  });

  const runJob = (env: Record<string, string>) => {
    clock = new Date(clock.getTime() + 60_000);
    return runChild(child, { DATABASE_URL: database.url, NOW: clock.toISOString(), BATCH: '2', ...env });
  };

  it(`after a kill at a random point and a restart, each alert is sent exactly once (×${RUNS})`, async () => {
    const random = mulberry32(19_02);
    for (let run = 1; run <= RUNS; run++) {
      const deals = free.splice(0, DEALS_PER_RUN);
      await sql`update deals.deal set closing_date = null where id in (${sql.join(deals)})`.execute(database.db);
      await sql`update deals.product set price_pence = 4000, original_price_pence = greatest(original_price_pence, 5000), postage_pence = null, remaining = null, disabled = false where deal_id in (${sql.join(deals)})`.execute(database.db);
      const email = `c5.${run}.${randomUUID().slice(0, 8)}@example.com`;
      const account = await insertAccount(database.db as never, { email, firstName: 'Kim', lastName: 'Crash', passwordHash: null, emailVerified: true }, clock);
      const list = await createWithDeal(database.db, { dealId: deals[0]!, customerToken: account!.customerToken, now: clock });
      for (const id of deals.slice(1)) await addDeal(database.db, list.wishlist.id, id, clock);
      expect((await runJob({})).code).toBe(0); // the baseline look

      await sql`update deals.product set price_pence = 2000 where deal_id in (${sql.join(deals)})`.execute(database.db);
      const point = POINTS[run % POINTS.length]!;
      // after-watch comes once a run; before-commit once a watch batch (2 deals), after-send once a message (3).
      const at = point === 'after-watch' ? 1 : 1 + Math.floor(random() * 2);
      const killed = await runJob({ KILL_AT: `${point}:${at}` });
      expect(killed.signal, killed.out).toBe('SIGKILL');
      const recovered = await runJob({});
      expect(recovered.code, recovered.out).toBe(0);

      const ids = (
        await sql<{ id: number }>`select a.id from wishlist.alert a join wishlist.alert_change c on c.id = a.change_id where c.deal_id in (${sql.join(deals)}) and a.customer_token = ${account!.customerToken} and a.sent_at is not null order by a.id`.execute(database.db)
      ).rows.map((r) => Number(r.id));
      expect(ids, `${point}:${at}`).toHaveLength(DEALS_PER_RUN);
      const mails = await listOutbox(database.db, { to: email, limit: 50 });
      expect(mails.map((m) => m.messageId).sort(), `${point}:${at}`).toEqual(ids.map(alertMessageId).sort());
      expect((await sql`select 1 from wishlist.alert where sent_at is null and skipped is null`.execute(database.db)).rows).toEqual([]);

      // A third run: no further effect.
      const state = async () =>
        createHash('sha256')
          .update(JSON.stringify((await sql`select id, change_id, customer_token, sent_at, skipped, attempts from wishlist.alert order by id`.execute(database.db)).rows))
          .update(JSON.stringify((await sql`select id, deal_id, kind, from_price_pence, to_price_pence from wishlist.alert_change order by id`.execute(database.db)).rows))
          .update(JSON.stringify((await sql`select deal_id, watched_price_pence, available from wishlist.alert_watch order by deal_id`.execute(database.db)).rows))
          .update(JSON.stringify((await sql`select message_id, to_address, subject, text_body from mail.outbox order by id`.execute(database.db)).rows))
          .digest('hex');
      const before = await state();
      const again = await runJob({});
      expect(again.out.trim()).toBe('{"changes":0,"alerts":0,"sent":0}');
      expect(await state()).toBe(before);
    }
  }, 300_000);
});
