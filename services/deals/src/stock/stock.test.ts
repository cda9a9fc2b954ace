import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { londonDate } from '@shop/domain/london-time';
import { createDealsApp } from '../app.ts';
import { TEST_TOKEN } from '../test/deals-fixture.ts';
import {
  countPurchase, getHold, holdUnits, pinCoveringHold, pinHold, releaseExpiredHolds, releaseHold, sellHeld, stockInvariantViolations, stockSnapshot, stockView,
  StockError, uncountPurchase, unpinHold,
} from './index.ts';
import { inMinutes, stockFixture, TEST_NOW, type StockFixture } from './stock-test-helpers.ts';

const DAY = londonDate(TEST_NOW);
const later = inMinutes(5);

describe.each(testDatabases())('stock on %s', (_name, open) => {
  let f: StockFixture | undefined;
  afterEach(async () => {
    await f?.database.close();
    f = undefined;
  });
  const hold = (holdKey: string, items: Array<[number, number]>, expiresAt = later, now = TEST_NOW) =>
    f!.database.db.transaction().execute((trx) =>
      holdUnits(trx, { holdKey, customerKey: `b:${holdKey}`, items: items.map(([productId, quantity]) => ({ productId, quantity })), expiresAt, now }),
    );

  it('takes units off remaining, replaces a hold giving the old units back, and an empty hold releases all', async () => {
    f = await stockFixture(open, [{ remaining: 10 }, { remaining: 4 }]);
    const [a, b] = f.ids as [number, number];
    const before = await stockSnapshot(f.database.db, f.ids);
    expect(await hold('basket-one-xx', [[a, 3]])).toEqual({ ok: true, expiresAt: later });
    expect(await f.remaining(a)).toBe(7);
    expect(await getHold(f.database.db, 'basket-one-xx')).toEqual({ items: [{ productId: a, quantity: 3 }], expiresAt: later, pinned: false, orderId: null });
    expect(await hold('basket-one-xx', [[a, 5], [b, 4]])).toMatchObject({ ok: true });
    expect([await f.remaining(a), await f.remaining(b)]).toEqual([5, 0]);
    expect(await hold('basket-one-xx', [[a, 1]])).toMatchObject({ ok: true });
    expect([await f.remaining(a), await f.remaining(b)]).toEqual([9, 4]);
    expect(await stockInvariantViolations(f.database.db, before)).toEqual([]);
    expect(await hold('basket-one-xx', [])).toMatchObject({ ok: true });
    expect(await getHold(f.database.db, 'basket-one-xx')).toBeNull();
    expect([await f.remaining(a), await f.remaining(b)]).toEqual([10, 4]);
  });

  it('M3: the same product on two lines is checked on the summed demand', async () => {
    f = await stockFixture(open, [{ remaining: 5 }]);
    const [a] = f.ids as [number];
    expect(await hold('basket-sum-xx', [[a, 3], [a, 3]])).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', productId: a, available: 5 });
    expect(await f.remaining(a)).toBe(5);
    expect(await getHold(f.database.db, 'basket-sum-xx')).toBeNull();
    expect(await hold('basket-sum-xx', [[a, 2], [a, 3]])).toMatchObject({ ok: true });
    expect(await f.remaining(a)).toBe(0);
    expect((await getHold(f.database.db, 'basket-sum-xx'))?.items).toEqual([{ productId: a, quantity: 5 }]);
  });

  it('refuses sold out, too few, closed and unknown products, and a refusal writes nothing', async () => {
    f = await stockFixture(open, [{ remaining: 10 }, { remaining: 0 }, { remaining: 3, closingDate: TEST_NOW }]);
    const [a, gone, closed] = f.ids as [number, number, number];
    expect(await hold('basket-aaa-xx', [[a, 8]])).toMatchObject({ ok: true });
    // Another shopper: 2 left, and what a key already holds counts as available to it.
    expect(await hold('basket-bbb-xx', [[a, 3]])).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', productId: a, available: 2 });
    expect(await hold('basket-aaa-xx', [[a, 11]])).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', productId: a, available: 10 });
    expect(await hold('basket-bbb-xx', [[gone, 1]])).toEqual({ ok: false, code: 'DEAL_SOLD_OUT', productId: gone, available: 0 });
    expect(await hold('basket-bbb-xx', [[closed, 1]])).toEqual({ ok: false, code: 'DEAL_CLOSED', productId: closed, available: 0 });
    expect(await hold('basket-bbb-xx', [[a, 1], [99_999_999, 1]])).toEqual({ ok: false, code: 'NOT_FOUND', productId: 99_999_999, available: 0 });
    // The first line could be held, the second not: nothing is taken.
    expect(await hold('basket-bbb-xx', [[a, 2], [gone, 1]])).toMatchObject({ ok: false, code: 'DEAL_SOLD_OUT' });
    expect(await f.remaining(a)).toBe(2);
    expect(await getHold(f.database.db, 'basket-bbb-xx')).toBeNull();
    // A refused replacement leaves the old hold as it was.
    expect((await getHold(f.database.db, 'basket-aaa-xx'))?.items).toEqual([{ productId: a, quantity: 8 }]);
  });

  it('unlimited products write the hold row and stay unlimited', async () => {
    f = await stockFixture(open, [{ remaining: null }]);
    const [a] = f.ids as [number];
    expect(await hold('basket-unl-xx', [[a, 50]])).toMatchObject({ ok: true });
    expect(await f.remaining(a)).toBeNull();
    expect((await getHold(f.database.db, 'basket-unl-xx'))?.items).toEqual([{ productId: a, quantity: 50 }]);
    await f.database.db.transaction().execute((trx) => sellHeld(trx, { holdKey: 'basket-unl-xx', items: [{ productId: a, quantity: 50 }] }));
    expect(await f.soldCount(a)).toBe(50);
  });

  it('sellHeld turns held units into sold ones, gives back the rest, and refuses what is not held', async () => {
    f = await stockFixture(open, [{ remaining: 10 }, { remaining: 5 }]);
    const [a, b] = f.ids as [number, number];
    const db = f.database.db;
    const before = await stockSnapshot(db, f.ids);
    expect(await hold('basket-sell-x', [[a, 3], [b, 2]])).toMatchObject({ ok: true });
    await expect(db.transaction().execute((trx) => sellHeld(trx, { holdKey: 'basket-sell-x', items: [{ productId: a, quantity: 4 }] }))).rejects.toThrow(StockError);
    await expect(db.transaction().execute((trx) => sellHeld(trx, { holdKey: 'nobody-holds', items: [{ productId: a, quantity: 1 }] }))).rejects.toThrow(StockError);
    await db.transaction().execute((trx) => sellHeld(trx, { holdKey: 'basket-sell-x', items: [{ productId: a, quantity: 2 }] }));
    expect([await f.remaining(a), await f.remaining(b)]).toEqual([8, 5]);
    expect([await f.soldCount(a), await f.soldCount(b)]).toEqual([2, 0]);
    expect(await getHold(db, 'basket-sell-x')).toBeNull();
    const after = await stockSnapshot(db, f.ids);
    expect(after.get(a)).toEqual({ remaining: 8, held: 0, sold: 2 });
    expect(await stockInvariantViolations(db, before)).toEqual([]);
  });

  it('releaseHold gives the units back; releaseExpiredHolds releases expired unpinned holds once', async () => {
    f = await stockFixture(open, [{ remaining: 10 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    await hold('basket-rel-xx', [[a, 2]]);
    await db.transaction().execute((trx) => releaseHold(trx, 'basket-rel-xx'));
    expect(await f.remaining(a)).toBe(10);
    await db.transaction().execute((trx) => releaseHold(trx, 'basket-rel-xx'));
    expect(await f.remaining(a)).toBe(10);

    await hold('basket-exp-1x', [[a, 1]], inMinutes(1));
    await hold('basket-exp-2x', [[a, 2]], inMinutes(10));
    await hold('basket-pin-xx', [[a, 3]], inMinutes(1));
    await db.transaction().execute((trx) => pinHold(trx, { holdKey: 'basket-pin-xx', orderId: 'order-1' }));
    expect(await f.remaining(a)).toBe(4);
    expect(await releaseExpiredHolds(db, inMinutes(1))).toBe(1);
    expect(await releaseExpiredHolds(db, inMinutes(1))).toBe(0);
    expect(await f.remaining(a)).toBe(5);
    expect(await getHold(db, 'basket-pin-xx')).toMatchObject({ pinned: true });
    // A pinned hold keeps its pin when re-taken, and expires once unpinned.
    expect(await hold('basket-pin-xx', [[a, 3]], inMinutes(2))).toMatchObject({ ok: true });
    expect(await releaseExpiredHolds(db, inMinutes(5))).toBe(0);
    await db.transaction().execute((trx) => unpinHold(trx, { holdKey: 'basket-pin-xx' }));
    expect(await releaseExpiredHolds(db, inMinutes(30))).toBe(2);
    expect(await f.remaining(a)).toBe(10);
  });

  it('pinCoveringHold pins only a hold of exactly the items, unexpired and unpinned, in one statement', async () => {
    f = await stockFixture(open, [{ remaining: 10 }, { remaining: 10 }]);
    const [a, b] = f.ids as [number, number];
    const db = f.database.db;
    const pin = (holdKey: string, orderId: string, items: Array<[number, number]>, now = TEST_NOW) =>
      db.transaction().execute((trx) => pinCoveringHold(trx, { holdKey, orderId, items: items.map(([productId, quantity]) => ({ productId, quantity })), now }));
    await hold('basket-pcv-xx', [[a, 2], [b, 1]]);
    // Other items, more units, an expired hold: nothing pinned.
    expect(await pin('basket-pcv-xx', 'order-x', [[a, 2]])).toBe(false);
    expect(await pin('basket-pcv-xx', 'order-x', [[a, 3], [b, 1]])).toBe(false);
    expect(await pin('basket-pcv-xx', 'order-x', [[a, 2], [b, 1]], later)).toBe(false);
    expect(await getHold(db, 'basket-pcv-xx')).toMatchObject({ pinned: false, orderId: null });
    // Exactly the hold (split lines are summed): pinned to the order; then pinned, it pins no other.
    expect(await pin('basket-pcv-xx', 'order-1', [[b, 1], [a, 1], [a, 1]])).toBe(true);
    expect(await getHold(db, 'basket-pcv-xx')).toMatchObject({ pinned: true, orderId: 'order-1' });
    expect(await pin('basket-pcv-xx', 'order-2', [[a, 2], [b, 1]])).toBe(false);
    expect(await getHold(db, 'basket-pcv-xx')).toMatchObject({ orderId: 'order-1' });
    // A pinned hold does not expire; the units stay taken.
    expect(await releaseExpiredHolds(db, inMinutes(30))).toBe(0);
    expect([await f.remaining(a), await f.remaining(b)]).toEqual([8, 9]);
    expect(await pin('basket-none-x', 'order-3', [[a, 1]])).toBe(false);
  });

  it('countPurchase enforces the cap per customer, product and London day; uncountPurchase gives it back', async () => {
    f = await stockFixture(open, [{ remaining: null, purchaseCap: 2 }, { remaining: null, purchaseCap: null }]);
    const [capped, free] = f.ids as [number, number];
    const count = (customerKey: string, productId: number, quantity: number, day = DAY) =>
      f!.database.db.transaction().execute((trx) => countPurchase(trx, { customerKey, productId, quantity, day }));
    expect(await count('c:customer-one', capped, 3)).toEqual({ ok: false, code: 'PURCHASE_LIMIT', productId: capped, available: 2 });
    expect(await count('c:customer-one', capped, 1)).toEqual({ ok: true });
    expect(await count('c:customer-one', capped, 2)).toEqual({ ok: false, code: 'PURCHASE_LIMIT', productId: capped, available: 1 });
    expect(await count('c:customer-one', capped, 1)).toEqual({ ok: true });
    expect(await count('c:customer-one', capped, 1)).toEqual({ ok: false, code: 'PURCHASE_LIMIT', productId: capped, available: 0 });
    expect(await count('c:customer-two', capped, 2)).toEqual({ ok: true });
    expect(await count('c:customer-one', capped, 2, '2026-11-23')).toEqual({ ok: true });
    expect(await count('c:customer-one', free, 500)).toEqual({ ok: true });
    expect(await count('c:customer-one', 99_999_999, 1)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    await f.database.db.transaction().execute((trx) => uncountPurchase(trx, { customerKey: 'c:customer-one', productId: capped, quantity: 1, day: DAY }));
    expect(await count('c:customer-one', capped, 1)).toEqual({ ok: true });
    await f.database.db.transaction().execute((trx) => uncountPurchase(trx, { customerKey: 'c:customer-one', productId: capped, quantity: 5, day: DAY }));
    const view = await stockView(f.database.db, { productIds: [capped, free], customerKey: 'c:customer-one', day: DAY, now: TEST_NOW });
    expect(view.get(capped)?.boughtToday).toBe(0);
    expect(view.get(free)?.boughtToday).toBe(500);
  });

  it('stockView reports stock, caps, holds, disabled, closed and VIP-exclusive from the database', async () => {
    f = await stockFixture(open, [
      { remaining: 7, purchaseCap: 5 },
      { remaining: null, disabled: true, vipExclusive: true, closingDate: TEST_NOW },
    ]);
    const [a, b] = f.ids as [number, number];
    await hold('basket-view-x', [[a, 2]]);
    // deal.vip_exclusive says the deal HAS a VIP option; a public option of it stays public.
    await sql`update deals.deal set vip_exclusive = true where id = (select deal_id from deals.product where id = ${a})`.execute(f.database.db);
    const view = await stockView(f.database.db, { productIds: [a, b, 99_999_999], customerKey: null, day: DAY, now: TEST_NOW });
    expect(view.size).toBe(2);
    expect(view.get(a)).toMatchObject({ remaining: 5, held: 2, purchaseCap: 5, boughtToday: 0, disabled: false, closed: false, vipExclusive: false });
    expect(view.get(b)).toMatchObject({ remaining: null, held: 0, disabled: true, closed: true, vipExclusive: true });
    expect(Number.isInteger(view.get(a)?.pricePence)).toBe(true);
    expect(view.get(a)?.dealId).toBeGreaterThan(0);
  });

  it('the remaining a shopper sees through the deals REST answer is the column the holds change', async () => {
    f = await stockFixture(open, [{ remaining: 10 }]);
    const [a] = f.ids as [number];
    await hold('basket-rest-x', [[a, 10]]);
    const app = createDealsApp({ db: f.database.db, serviceToken: TEST_TOKEN, now: () => TEST_NOW });
    const dealId = (await sql<{ deal_id: number }>`select deal_id from deals.product where id = ${a}`.execute(f.database.db)).rows[0]!.deal_id;
    const res = await app.request(`/deal/${dealId}`, { headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN } });
    expect(res.status).toBe(200);
    const deal = (await res.json()) as { products: Array<{ id: number; remaining: number | null; soldOut: boolean }> };
    expect(deal.products.find((p) => p.id === a)).toMatchObject({ remaining: 0, soldOut: true });
  });

  it('M4: one holder (a client address) holds at most its limit at once over all its baskets; paid, expired and shrinking holds do not count against it', async () => {
    f = await stockFixture(open, [{ remaining: 50 }, { remaining: 50 }]);
    const [a, b] = f.ids as [number, number];
    const db = f.database.db;
    const by = (holdKey: string, items: Array<[number, number]>, holder = 'a:203.0.113.7', now = TEST_NOW, expiresAt = later) =>
      db.transaction().execute((trx) =>
        holdUnits(trx, { holdKey, customerKey: `b:${holdKey}`, items: items.map(([productId, quantity]) => ({ productId, quantity })), expiresAt, now, holder, holderLimit: 6 }),
      );
    expect(await by('bot-basket-1', [[a, 4]])).toMatchObject({ ok: true });
    expect(await by('bot-basket-2', [[b, 2]])).toMatchObject({ ok: true });
    // A third basket from the same address: 6 held already.
    expect(await by('bot-basket-3', [[a, 1]])).toEqual({ ok: false, code: 'HOLD_LIMIT', productId: a, available: 0 });
    expect(await getHold(db, 'bot-basket-3')).toBeNull();
    expect(await f.remaining(a)).toBe(46);
    // Growing a basket past the limit is refused too; keeping or shrinking it is not.
    expect(await by('bot-basket-1', [[a, 5]])).toEqual({ ok: false, code: 'HOLD_LIMIT', productId: a, available: 4 });
    expect(await by('bot-basket-1', [[a, 4]])).toMatchObject({ ok: true });
    expect(await by('bot-basket-1', [[a, 1]])).toMatchObject({ ok: true });
    expect(await by('bot-basket-3', [[a, 3]])).toMatchObject({ ok: true });
    // Another address is not limited by this one's holds.
    expect(await by('other-basket-1', [[a, 6]], 'a:198.51.100.2')).toMatchObject({ ok: true });
    // Units being paid for (pinned) and expired holds free the allowance.
    await db.transaction().execute((trx) => pinHold(trx, { holdKey: 'bot-basket-3', orderId: 'order-bot-3' }));
    expect(await by('bot-basket-4', [[b, 3]])).toMatchObject({ ok: true });
    expect(await by('bot-basket-5', [[b, 1]])).toMatchObject({ ok: false, code: 'HOLD_LIMIT' });
    expect(await by('bot-basket-5', [[b, 6]], 'a:203.0.113.7', inMinutes(6), inMinutes(11))).toMatchObject({ ok: true });
    // Without a holder (a service call), no limit applies.
    expect(await hold('service-basket-1', [[a, 20]])).toMatchObject({ ok: true });
  });

  it('bad input throws a StockError, never a database error', async () => {
    f = await stockFixture(open, [{ remaining: 10 }]);
    const [a] = f.ids as [number];
    for (const items of [[[a, 0]], [[a, -1]], [[a, 1.5]], [[0, 1]], [[a, 2 ** 31]]] as Array<Array<[number, number]>>) {
      await expect(hold('basket-bad-xx', items)).rejects.toThrow(StockError);
    }
    await expect(f.database.db.transaction().execute((trx) => countPurchase(trx, { customerKey: 'c:x', productId: a, quantity: 1, day: '2026-13-01' }))).rejects.toThrow(
      StockError,
    );
    expect(await f.remaining(a)).toBe(10);
  });
});

/** Concurrency needs real connections: PostgreSQL only (PGlite is one connection). */
const postgres = testDatabases().filter(([name]) => name === 'postgres');
describe.skipIf(postgres.length === 0).each(postgres.length ? postgres : testDatabases())('stock under concurrency on %s', (_name, open) => {
  let f: StockFixture | undefined;
  afterEach(async () => {
    await f?.database.close();
    f = undefined;
  });

  it('M1: 50 concurrent hold-and-sell of a product with 10 left sell exactly 10, never below 0', async () => {
    f = await stockFixture(open, [{ remaining: 10 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    const before = await stockSnapshot(db, f.ids);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          const held = await holdUnits(trx, { holdKey: `basket-m1-${i}`, customerKey: `c:m1-${i}`, items: [{ productId: a, quantity: 1 }], expiresAt: later, now: TEST_NOW });
          if (!held.ok) return held.code;
          await sellHeld(trx, { holdKey: `basket-m1-${i}`, items: [{ productId: a, quantity: 1 }] });
          return 'sold';
        }),
      ),
    );
    expect(results.filter((r) => r === 'sold')).toHaveLength(10);
    expect(results.filter((r) => r === 'DEAL_SOLD_OUT')).toHaveLength(40);
    expect(await f.remaining(a)).toBe(0);
    expect(await f.soldCount(a)).toBe(10);
    expect(await stockInvariantViolations(db, before)).toEqual([]);
  });

  it('M2: one customer, cap 2, 10 concurrent counts: exactly 2 units counted', async () => {
    f = await stockFixture(open, [{ remaining: null, purchaseCap: 2 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction().execute((trx) => countPurchase(trx, { customerKey: 'c:m2-customer', productId: a, quantity: 1, day: DAY }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    const view = await stockView(db, { productIds: [a], customerKey: 'c:m2-customer', day: DAY, now: TEST_NOW });
    expect(view.get(a)?.boughtToday).toBe(2);
  });

  it('M2: the race above catches write skew: a naive count-then-write cap (SELECT the count, then upsert) lets 10 concurrent counts through a cap of 2', async () => {
    f = await stockFixture(open, [{ remaining: null, purchaseCap: 2 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    type Trx = Parameters<Parameters<ReturnType<typeof db.transaction>['execute']>[0]>[0];
    // The implementation the real one must not be: read, decide, then write (G2 at READ COMMITTED).
    const naiveCount = async (trx: Trx, customerKey: string) => {
      const { rows } = await sql<{ n: number; cap: number }>`select
          coalesce((select quantity from deals.purchase_count where customer_key = ${customerKey} and product_id = ${a} and day = ${DAY}::date), 0)::int as n,
          (select purchase_cap from deals.product where id = ${a}) as cap`.execute(trx);
      if (rows[0]!.n + 1 > rows[0]!.cap) return false;
      await sql`insert into deals.purchase_count (customer_key, product_id, day, quantity) values (${customerKey}, ${a}, ${DAY}::date, 1)
        on conflict (customer_key, product_id, day) do update set quantity = purchase_count.quantity + 1`.execute(trx);
      return true;
    };
    // Bounded: the first round almost always overcounts; up to 20 are tried.
    let counted = 0;
    for (let round = 0; round < 20 && counted <= 2; round++) {
      const key = `c:m2-naive-${round}`;
      await Promise.all(Array.from({ length: 10 }, () => db.transaction().execute((trx) => naiveCount(trx, key))));
      counted = (await sql<{ quantity: number }>`select quantity from deals.purchase_count where customer_key = ${key} and product_id = ${a}`.execute(db)).rows[0]?.quantity ?? 0;
    }
    // What the test above asserts (at most 2) fails for the naive cap.
    expect(counted).toBeGreaterThan(2);
  });

  it('M2: purchases 200 ms apart across London midnight count on different days, clock changes included', async () => {
    f = await stockFixture(open, [{ remaining: null, purchaseCap: 2 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    // London midnights as UTC instants: an ordinary day, both ends of the last Sunday of March
    // (clocks go forward at 01:00 GMT) and of October (back at 01:00 GMT).
    const midnights = [
      ['2026-11-23T00:00:00Z', '2026-11-22', '2026-11-23'],
      ['2026-03-29T00:00:00Z', '2026-03-28', '2026-03-29'],
      ['2026-03-29T23:00:00Z', '2026-03-29', '2026-03-30'],
      ['2026-10-24T23:00:00Z', '2026-10-24', '2026-10-25'],
      ['2026-10-26T00:00:00Z', '2026-10-25', '2026-10-26'],
    ] as const;
    for (const [iso, dayBefore, dayAfter] of midnights) {
      const midnight = new Date(iso).getTime();
      const justBefore = londonDate(new Date(midnight - 100));
      const justAfter = londonDate(new Date(midnight + 100));
      expect([justBefore, justAfter], iso).toEqual([dayBefore, dayAfter]);
      const customerKey = `c:m2-${iso}`;
      const both = await Promise.all(
        [justBefore, justAfter].map((day) => db.transaction().execute((trx) => countPurchase(trx, { customerKey, productId: a, quantity: 2, day }))),
      );
      expect(both, iso).toEqual([{ ok: true }, { ok: true }]);
      expect(await db.transaction().execute((trx) => countPurchase(trx, { customerKey, productId: a, quantity: 1, day: justAfter })), iso).toMatchObject({
        ok: false,
        code: 'PURCHASE_LIMIT',
      });
    }
  });

  it('M3: concurrent baskets with the same product on two lines never hold more than is left', async () => {
    f = await stockFixture(open, [{ remaining: 9 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    const before = await stockSnapshot(db, f.ids);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute((trx) =>
          holdUnits(trx, { holdKey: `basket-m3-${i}`, customerKey: `b:m3-${i}`, items: [{ productId: a, quantity: 1 }, { productId: a, quantity: 2 }], expiresAt: later, now: TEST_NOW }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await f.remaining(a)).toBe(0);
    expect(await stockInvariantViolations(db, before)).toEqual([]);
  });

  it('M4: 30 baskets of one address asking at once hold exactly its limit, never more', async () => {
    f = await stockFixture(open, [{ remaining: 100 }, { remaining: 100 }]);
    const [a, b] = f.ids as [number, number];
    const db = f.database.db;
    const before = await stockSnapshot(db, f.ids);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        db.transaction().execute((trx) =>
          holdUnits(trx, { holdKey: `basket-bot-${i}`, customerKey: `b:bot-${i}`, items: [{ productId: i % 2 ? a : b, quantity: 1 }], expiresAt: later, now: TEST_NOW, holder: 'a:203.0.113.9', holderLimit: 8 }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    expect(results.filter((r) => !r.ok && r.code === 'HOLD_LIMIT')).toHaveLength(22);
    expect((await sql<{ n: number }>`select sum(quantity)::int as n from deals.stock_hold where holder = 'a:203.0.113.9'`.execute(db)).rows[0]!.n).toBe(8);
    expect(Number(await f!.remaining(a)) + Number(await f!.remaining(b))).toBe(192);
    expect(await stockInvariantViolations(db, before)).toEqual([]);
  });

  it('M4: two concurrent sweeps give an expired hold back exactly once, and leave a pinned one', async () => {
    f = await stockFixture(open, [{ remaining: 10 }]);
    const [a] = f.ids as [number];
    const db = f.database.db;
    const before = await stockSnapshot(db, f.ids);
    for (let i = 0; i < 6; i++) {
      await db.transaction().execute((trx) => holdUnits(trx, { holdKey: `basket-m4-${i}`, customerKey: `b:m4-${i}`, items: [{ productId: a, quantity: 1 }], expiresAt: inMinutes(1), now: TEST_NOW }));
    }
    await db.transaction().execute((trx) => pinHold(trx, { holdKey: 'basket-m4-0', orderId: 'order-m4' }));
    expect(await f.remaining(a)).toBe(4);
    const [one, two] = await Promise.all([releaseExpiredHolds(db, inMinutes(2)), releaseExpiredHolds(db, inMinutes(2))]);
    expect(one + two).toBe(5);
    expect(await f.remaining(a)).toBe(9);
    expect(await getHold(db, 'basket-m4-0')).toMatchObject({ pinned: true, items: [{ productId: a, quantity: 1 }] });
    expect(await stockInvariantViolations(db, before)).toEqual([]);
  });
});
