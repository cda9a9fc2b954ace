/**
 * Wish list alerts (issue 19 point 2) on PGlite and PostgreSQL, with the real deals module (a
 * small seeded catalogue whose prices and stock the tests move by SQL, as staff would), the real
 * users module (accounts, preferences, signed unsubscribe links) and the real outbox mailer: one
 * email per deal, customer and change; none under 5%, none for a guest's list, none for a kind
 * turned off, none to an unconfirmed address; back on sale after sold out or closed. Crash safety
 * (reliability C5) in process: a run that fails at each fault point, then runs again, and two runs
 * at once, send each alert exactly once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOutboxMailer, listOutbox, migrateMail, openDatabase, SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { dealWatchStates, migrateDeals, seedDeals } from '@shop/deals';
import { migrateUsers, setAlertPreferences, wishlistAlertRecipients } from '@shop/users';
import { insertAccount } from '@shop/users/store/accounts';
import { createWishlistApp } from '../app.ts';
import { migrateWishlist } from '../db/database.ts';
import { addDeal, createWithDeal } from '../wishlist.ts';
import { alertMessageId, alertWishlists, type AlertFaultPoint, type WishlistAlertDeps } from './alerts.ts';

const BASE = 'https://shop.example';
const START = new Date('2027-01-20T09:00:00Z');

interface Fixture {
  database: Database;
  clock: { now: Date };
  /** Deal ids not used by a test yet. */
  free: number[];
}

async function start(open: () => Promise<Database>): Promise<Fixture> {
  const database = await open();
  await migrateDeals(database.db);
  await seedDeals(database.db, { deals: 40, seed: 7, now: START });
  await migrateUsers(database.db);
  await migrateMail(database.db);
  await migrateWishlist(database.db);
  const free = (await sql<{ id: number }>`select id from deals.deal where product_count > 0 order by id`.execute(database.db)).rows.map((r) => Number(r.id));
  return { database, clock: { now: START }, free };
}

describe.each(testDatabases())('wish list alerts on %s', (_name, open) => {
  const f = suiteFixture(() => start(open), (fixture) => fixture.database.close());
  const db = () => f.database.db;
  const tick = () => (f.clock.now = new Date(f.clock.now.getTime() + 60_000));
  const deps = (over: Partial<WishlistAlertDeps> = {}): WishlistAlertDeps => ({
    db: db(),
    mailer: createOutboxMailer(db()),
    now: () => f.clock.now,
    publicBaseUrl: BASE,
    dealStates: (within, ids, now) => dealWatchStates(within, ids, now),
    recipients: (within, customerTokens, kind) => wishlistAlertRecipients(within, { customerTokens, kind, publicBaseUrl: BASE }),
    ...over,
  });
  const run = (over: Partial<WishlistAlertDeps> = {}) => {
    tick();
    return alertWishlists(deps(over));
  };

  /** A deal of the seeded catalogue, open, in stock, every option at `pence` with no postage. */
  async function deal(pence: number): Promise<number> {
    const id = f.free.shift()!;
    await sql`update deals.deal set closing_date = ${new Date(START.getTime() + 90 * 86_400_000)} where id = ${id}`.execute(db());
    await price(id, pence);
    await sql`update deals.product set remaining = 50, disabled = false where deal_id = ${id}`.execute(db());
    return id;
  }
  /** Every option of the deal at `pence` (the headline trigger makes the deal's headline that price). */
  async function price(id: number, pence: number) {
    await sql`update deals.product set price_pence = ${pence}, original_price_pence = greatest(original_price_pence, ${pence + 1000}), postage_pence = null where deal_id = ${id}`.execute(db());
    const headline = (await sql<{ p: number }>`select headline_price_pence as p from deals.deal where id = ${id}`.execute(db())).rows[0]!.p;
    expect(Number(headline)).toBe(pence);
  }
  async function customer(name: string, options: { verified?: boolean } = {}) {
    const email = `${name}.${randomUUID().slice(0, 8)}@example.com`;
    const made = await insertAccount(db() as never, { email, firstName: name, lastName: 'Shopper', passwordHash: null, emailVerified: options.verified ?? true }, f.clock.now);
    return { email, token: made!.customerToken };
  }
  /** The customer's (or a guest's) list holding the deals, added now. */
  async function hold(token: string | null, dealIds: number[]) {
    tick();
    const made = await createWithDeal(db(), { dealId: dealIds[0]!, now: f.clock.now, ...(token ? { customerToken: token } : {}) });
    for (const id of dealIds.slice(1)) await addDeal(db(), made.wishlist.id, id, f.clock.now);
    return made.wishlist.id;
  }
  const inbox = (email: string) => listOutbox(db(), { to: email, limit: 100 });

  it('a fall of 5% or more: one email to each customer who held the deal, none under 5%, none to a guest, none before the first look, none twice', async () => {
    const a = await deal(2000);
    const b = await deal(2000);
    const alice = await customer('alice');
    const bob = await customer('bob');
    await hold(alice.token, [a, b]);
    await hold(bob.token, [a]);
    const guest = await hold(null, [a, b]);
    // The first look is the baseline, even of a deal already cheaper than when it was added.
    await price(a, 1500);
    expect(await run()).toMatchObject({ changes: 0, sent: 0 });

    await price(a, 1425); // exactly 5% below 15.00
    await price(b, 1901); // 4.95%: no email
    const late = await customer('carol');
    await hold(late.token, [a]); // added after the last look: this change is not theirs
    expect(await run()).toEqual({ changes: 1, alerts: 2, sent: 2 });
    const [toAlice] = await inbox(alice.email);
    expect(await inbox(alice.email)).toHaveLength(1);
    expect(await inbox(bob.email)).toHaveLength(1);
    expect(await inbox(late.email)).toEqual([]);
    const title = (await dealWatchStates(db(), [a], f.clock.now)).get(a)!;
    expect(toAlice).toMatchObject({ kind: 'wishlist_price_drop', subject: `Price drop: ${title.title.replace(/\s+/g, ' ').trim()} is now £14.25` });
    expect(toAlice!.text).toContain('Now £14.25, was £15 (5% less).');
    expect(toAlice!.text).toContain(`See the deal: ${BASE}${title.path}`);
    expect(toAlice!.text).toMatch(new RegExp(`Stop price drop emails: ${BASE}/email/alerts\\?token=a1\\.p\\.\\d+\\.[A-Za-z0-9_-]{43}`));
    expect(toAlice!.text).toContain(`${BASE}/myaccount/subscriptions`);
    // The same link is the List-Unsubscribe header a mail app's own button POSTs to (RFC 8058).
    expect(toAlice!.text).toContain(`Stop price drop emails: ${toAlice!.listUnsubscribe}\n`);
    expect(toAlice!.messageId).toMatch(/^<wishlist-alert\.\d+@wishlist\.thistledeals\.example>$/);
    // A guest's list is never watched for anyone; the records name customers only.
    const tokens = (await sql<{ customer_token: string }>`select customer_token from wishlist.alert`.execute(db())).rows.map((r) => r.customer_token);
    expect(tokens).toEqual(expect.arrayContaining([alice.token, bob.token]));
    expect(tokens).not.toContain(guest);

    // Nothing changed: nothing more.
    expect(await run()).toEqual({ changes: 0, alerts: 0, sent: 0 });
    // Small falls add up: 20.00 → 19.01 → 18.99 is 5.05% below the price watched.
    await price(b, 1899);
    expect(await run()).toMatchObject({ changes: 1, sent: 1 });
    expect((await inbox(alice.email)).map((m) => m.text.split('\n')[3])).toEqual(['Now £18.99, was £20 (5% less).', 'Now £14.25, was £15 (5% less).']);
    // A rise, then a fall back to where it was: the rise is the new reference, so the fall is an email.
    await price(b, 2400);
    expect(await run()).toMatchObject({ changes: 0 });
    await price(b, 1899);
    expect(await run()).toMatchObject({ changes: 1, sent: 1 });
    expect(await inbox(alice.email)).toHaveLength(3);
    expect(await inbox(bob.email)).toHaveLength(1);
    // Carol's deal has been looked at since she added it: the next drop is hers too.
    await price(a, 1000);
    expect(await run()).toMatchObject({ changes: 1, alerts: 3, sent: 3 });
    expect((await inbox(late.email)).map((m) => m.text.split('\n')[3])).toEqual(['Now £10, was £14.25 (29% less).']);
  });

  it('back on sale: a sold-out deal and a closed deal each make one email when they can be bought again; selling out or closing makes none, nor a drop while sold out', async () => {
    const soldOut = await deal(3000);
    const closed = await deal(4000);
    const dan = await customer('dan');
    await hold(dan.token, [soldOut, closed]);
    await run();
    await sql`update deals.product set remaining = 0 where deal_id = ${soldOut}`.execute(db());
    await sql`update deals.deal set closing_date = ${new Date(f.clock.now.getTime() - 1000)} where id = ${closed}`.execute(db());
    await price(soldOut, 1000); // cheaper, but nobody can buy it: no email
    expect(await run()).toMatchObject({ changes: 0, sent: 0 });
    await sql`update deals.product set remaining = 5 where deal_id = ${soldOut}`.execute(db());
    expect(await run()).toMatchObject({ changes: 1, sent: 1 });
    await sql`update deals.deal set closing_date = ${new Date(f.clock.now.getTime() + 7 * 86_400_000)} where id = ${closed}`.execute(db());
    expect(await run()).toMatchObject({ changes: 1, sent: 1 });
    expect(await run()).toMatchObject({ changes: 0, sent: 0 });
    const mail = await inbox(dan.email);
    expect(mail.map((m) => m.kind)).toEqual(['wishlist_back_in_stock', 'wishlist_back_in_stock']);
    expect(mail[1]!.subject).toMatch(/^Back on sale: /);
    expect(mail[1]!.text).toContain('From £10.');
    expect(mail[1]!.text).toMatch(/Stop back on sale emails: https:\/\/shop\.example\/email\/alerts\?token=a1\.b\./);
    expect(mail[0]!.text).toContain('From £40.');
  });

  it('a kind turned off gets none (the other still comes); an unconfirmed address gets none; turned off between record and send, none and the alert is skipped', async () => {
    const a = await deal(5000);
    const off = await customer('erin');
    const unconfirmed = await customer('fred', { verified: false });
    const late = await customer('gill');
    await hold(off.token, [a]);
    await hold(unconfirmed.token, [a]);
    await hold(late.token, [a]);
    await run();
    const erin = (await sql<{ id: number }>`select id from users.account where customer_token = ${off.token}`.execute(db())).rows[0]!.id;
    await setAlertPreferences(db(), Number(erin), { price_drop: false }, f.clock.now);
    await price(a, 4000);
    // Recorded, then the job stops before sending; gill turns price drops off meanwhile.
    await expect(run({ fault: (point) => { if (point === 'after-watch') throw new Error('stopped'); } })).rejects.toThrow('stopped');
    const gill = (await sql<{ id: number }>`select id from users.account where customer_token = ${late.token}`.execute(db())).rows[0]!.id;
    await setAlertPreferences(db(), Number(gill), { price_drop: false }, f.clock.now);
    expect(await run()).toMatchObject({ changes: 0, sent: 0 });
    for (const who of [off, unconfirmed, late]) expect(await inbox(who.email)).toEqual([]);
    const states = (await sql<{ skipped: string | null; sent_at: Date | null }>`select a.skipped, a.sent_at from wishlist.alert a join wishlist.alert_change c on c.id = a.change_id where c.deal_id = ${a}`.execute(db())).rows;
    expect(states).toEqual([{ skipped: 'no_recipient', sent_at: null }, { skipped: 'no_recipient', sent_at: null }, { skipped: 'no_recipient', sent_at: null }]);
    // Back on sale is its own kind: still on for erin.
    await sql`update deals.product set remaining = 0 where deal_id = ${a}`.execute(db());
    await run();
    await sql`update deals.product set remaining = 3 where deal_id = ${a}`.execute(db());
    await run();
    expect((await inbox(off.email)).map((m) => m.kind)).toEqual(['wishlist_back_in_stock']);
  });

  it.each<AlertFaultPoint>(['before-commit', 'after-watch', 'after-send'])('crash safe: a run failing at %s, then running again, sends each alert once', async (point) => {
    const a = await deal(6000);
    const b = await deal(6000);
    const hana = await customer('hana');
    await hold(hana.token, [a, b]);
    await run();
    await price(a, 3000);
    await price(b, 3000);
    let failed = false;
    const fault = (at: AlertFaultPoint) => {
      if (at === point && !failed) {
        failed = true;
        throw new Error(`killed at ${at}`);
      }
    };
    await expect(run({ fault })).rejects.toThrow(`killed at ${point}`);
    // Before commit: nothing recorded and the watch not moved, so the next run finds the changes again.
    const recorded = Number((await sql<{ n: number }>`select count(*) as n from wishlist.alert_change where deal_id in (${a}, ${b})`.execute(db())).rows[0]!.n);
    expect(recorded).toBe(point === 'before-commit' ? 0 : 2);
    await run();
    await run();
    const mail = await inbox(hana.email);
    expect(mail).toHaveLength(2);
    expect(new Set(mail.map((m) => m.messageId)).size).toBe(2);
    const rows = (await sql<{ id: number; sent_at: Date | null }>`select a.id, a.sent_at from wishlist.alert a join wishlist.alert_change c on c.id = a.change_id where c.deal_id in (${a}, ${b}) order by a.id`.execute(db())).rows;
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    expect(mail.map((m) => m.messageId).sort()).toEqual(rows.map((r) => alertMessageId(Number(r.id))).sort());
  });

  it('two runs at once find a change once and send it once', async () => {
    const a = await deal(7000);
    const ian = await customer('ian');
    await hold(ian.token, [a]);
    await run();
    await price(a, 5000);
    tick();
    const [one, two] = await Promise.all([alertWishlists(deps()), alertWishlists(deps())]);
    expect(one.changes + two.changes).toBe(1);
    await run();
    expect(await inbox(ian.email)).toHaveLength(1);
  });
});

describe('POST /alerts/run', () => {
  it('answers 503 ALERTS_UNAVAILABLE in a wishlist service running without the shop (no deals, users or mail to run with)', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateWishlist(database.db);
      const app = createWishlistApp({ db: database.db, serviceToken: 'run-token' });
      const res = await app.request('/alerts/run', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: 'run-token' } });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('ALERTS_UNAVAILABLE');
      expect((await app.request('/alerts/run', { method: 'POST' })).status).toBe(401);
    } finally {
      await database.close();
    }
  });
});
