/**
 * Issue 14 point 2 (reliability M4 extended): a basket holds its units for at most
 * HOLD_TOTAL_LIMIT_S from its first hold however often it refreshes, then the units go back on
 * sale and the same basket may hold again only after HOLD_COOL_DOWN_S without a hold; a line
 * removed or lowered gives its held units back at once. The clock is the app's injected one.
 * PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { HOLD_COOL_DOWN_S, HOLD_TOTAL_LIMIT_S } from '@shop/domain/buying';
import { releaseExpiredHolds, stockInvariantViolations, stockSnapshot } from '@shop/deals/stock/index';
import { saveBasket } from '@shop/basket';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture } from './test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const MIN = 60_000;
let keySeq = 0;

describe.each(testDatabases())('the hold window and line trims on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const view = async (token: string, refresh = false) => {
    const res = await f.request('GET', `/checkout/${token}${refresh ? '?refresh=true' : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Body;
  };
  const remaining = async (productId: number) =>
    (await sql<{ remaining: number }>`select remaining from deals.product where id = ${productId}`.execute(f.db)).rows[0]!.remaining;
  const held = async (token: string) =>
    Number((await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from deals.stock_hold where hold_key = ${token}`.execute(f.db)).rows[0]!.n);

  it('refreshing every 4 minutes keeps the last units at most 15 minutes; then they go back on sale and the basket waits 5 minutes', async () => {
    expect(HOLD_TOTAL_LIMIT_S).toBe(900);
    expect(HOLD_COOL_DOWN_S).toBe(300);
    const p = await f.product({ remaining: 2, pricePence: 1500 });
    const bot = await f.basket([{ product: p, quantity: 2 }]);
    const before = await stockSnapshot(f.db, [p.productId]);
    const start = f.clock.now.getTime();
    const first = await view(bot);
    expect(first).toMatchObject({ countdown: 300, holdLimitReached: false, holdAgainAt: null });
    expect(await remaining(p.productId)).toBe(0);

    // Minutes 4 and 8: a full new countdown each time.
    for (const minute of [4, 8]) {
      f.clock.now = new Date(start + minute * MIN);
      expect(await view(bot, true)).toMatchObject({ countdown: 300, holdLimitReached: false });
    }
    // Minute 12: the hold runs only to minute 15, and the shopper is told it is the last.
    f.clock.now = new Date(start + 12 * MIN);
    const last = await view(bot, true);
    expect(last).toMatchObject({ countdown: 180, holdLimitReached: true, holdExpiresAt: new Date(start + 15 * MIN).toISOString() });
    // Minute 14: refreshing again changes nothing.
    f.clock.now = new Date(start + 14 * MIN);
    expect(await view(bot, true)).toMatchObject({ countdown: 60, holdExpiresAt: new Date(start + 15 * MIN).toISOString() });

    // Minute 16: the refresh is refused and the units are released at once (no sweep needed).
    f.clock.now = new Date(start + 16 * MIN);
    const lapsed = await view(bot, true);
    expect(lapsed).toMatchObject({ countdown: 0, holdLimitReached: true, holdAgainAt: new Date(start + 20 * MIN).toISOString(), canPay: true });
    expect(await held(bot)).toBe(0);
    expect(await remaining(p.productId)).toBe(2);

    // Somebody else can hold them now.
    const other = await f.basket([{ product: p, quantity: 2 }]);
    expect(await view(other)).toMatchObject({ countdown: 300 });
    expect(await remaining(p.productId)).toBe(0);

    // Minute 19 (still cooling down): the bot gets nothing, whatever it asks.
    f.clock.now = new Date(start + 19 * MIN);
    expect(await view(bot, true)).toMatchObject({ countdown: 0, holdAgainAt: new Date(start + 20 * MIN).toISOString() });
    expect(await held(bot)).toBe(0);

    // Minute 22: the other hold has run out and been swept; the bot's basket may hold again, a fresh window.
    f.clock.now = new Date(start + 22 * MIN);
    await releaseExpiredHolds(f.db, f.clock.now);
    expect(await view(bot, true)).toMatchObject({ countdown: 300, holdLimitReached: false, holdAgainAt: null });
    expect(await held(bot)).toBe(2);
    expect(await stockInvariantViolations(f.db, before)).toEqual([]);
  });

  it('a basket that lets its hold lapse for 5 minutes starts a fresh 15 minutes (an honest shopper coming back)', async () => {
    const p = await f.product({ remaining: 3 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const start = f.clock.now.getTime();
    await view(token);
    // The hold ends at minute 5; the shopper comes back at minute 12 (7 minutes without a hold).
    f.clock.now = new Date(start + 12 * MIN);
    await releaseExpiredHolds(f.db, f.clock.now);
    expect(await view(token, true)).toMatchObject({ countdown: 300, holdLimitReached: false });
  });

  /** One unit (700p) held through the 15-minute window by refreshes every 4 minutes; the clock then at minute 16, in the cool-down. */
  const inCoolDown = async () => {
    const p = await f.product({ remaining: 1, pricePence: 700 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const start = f.clock.now.getTime();
    await view(token);
    for (const minute of [4, 8, 12]) {
      f.clock.now = new Date(start + minute * MIN);
      await view(token, true);
    }
    f.clock.now = new Date(start + 16 * MIN);
    return { p, token };
  };

  it('the cool-down does not stop a shopper paying for units that are still there: they are held only while paying', async () => {
    const { p, token } = await inCoolDown();
    expect(await view(token, true)).toMatchObject({ countdown: 0, canPay: true });
    const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(700), headers: { 'idempotency-key': `hw-${++keySeq}` } });
    expect(res.status).toBe(201);
    expect(await remaining(p.productId)).toBe(0);
    expect(await held(token)).toBe(0);
  });

  it('a declined payment in the cool-down gives the units back at the next sweep, never a new hold', async () => {
    const { p, token } = await inCoolDown();
    await view(token, true);
    // CVV 200 declines in the sandbox.
    const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(700, { payment: { method: 'credit_card', token: 'fake-processor-declined-visa-nonce', savedInstrumentId: null, saveInstrument: false } }), headers: { 'idempotency-key': `hw-${++keySeq}` } });
    expect(res.status).toBe(402);
    await releaseExpiredHolds(f.db, f.clock.now);
    expect(await held(token)).toBe(0);
    expect(await remaining(p.productId)).toBe(1);
    expect(await view(token)).toMatchObject({ countdown: 0 });
  });

  it('lowering or removing a line gives its held units back at once; the countdown keeps its time', async () => {
    const p = await f.product({ remaining: 5 });
    const q = await f.product({ remaining: 5 });
    const token = await f.basket([
      { product: p, quantity: 3 },
      { product: q, quantity: 2 },
    ]);
    const before = await stockSnapshot(f.db, [p.productId, q.productId]);
    const opened = await view(token);
    expect(opened.countdown).toBe(300);
    expect([await remaining(p.productId), await remaining(q.productId)]).toEqual([2, 3]);
    f.clock.advance(MIN);

    const stored = (await f.getBasket(f.db, token))!;
    await f.db.transaction().execute((trx) => saveBasket(trx, { ...stored, products: stored.products.map((l) => (l.dealProductId === p.productId ? { ...l, quantity: 1 } : l)) }, f.clock.now));
    const trim = await f.request('POST', `/checkout/${token}/hold/trim`);
    expect(trim.status).toBe(200);
    expect(await trim.json()).toEqual({ released: 2 });
    expect(await remaining(p.productId)).toBe(4);
    expect(await view(token)).toMatchObject({ countdown: 240 });

    const now = (await f.getBasket(f.db, token))!;
    await f.db.transaction().execute((trx) => saveBasket(trx, { ...now, products: now.products.filter((l) => l.dealProductId !== q.productId) }, f.clock.now));
    expect(await (await f.request('POST', `/checkout/${token}/hold/trim`)).json()).toEqual({ released: 2 });
    expect(await remaining(q.productId)).toBe(5);
    expect(await held(token)).toBe(1);
    // Nothing more to give back: nothing happens.
    expect(await (await f.request('POST', `/checkout/${token}/hold/trim`)).json()).toEqual({ released: 0 });
    expect(await stockInvariantViolations(f.db, before)).toEqual([]);

    // Another customer's basket: 404 like an unknown one, nothing released.
    const mine = await f.basket([{ product: q, quantity: 1 }], 'trim-owner-0001');
    expect((await f.request('POST', `/checkout/${mine}/hold/trim?customerToken=trim-other-0001`)).status).toBe(404);
  });

  it('race: many refreshes and sweeps at once across the window end never hold past it, nor in the cool-down', async () => {
    const rounds = process.env.CI === 'true' ? 3 : 8;
    const ids: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const p = await f.product({ remaining: 2 });
      ids.push(p.productId);
      const token = await f.basket([{ product: p, quantity: 2 }]);
      const start = f.clock.now.getTime();
      await view(token);
      const windowEnd = start + 15 * MIN;
      // Held without a break up to the window's end (refreshed every 4 minutes, as a bot would).
      for (const minute of [4, 8, 12]) {
        f.clock.now = new Date(start + minute * MIN);
        await view(token, true);
      }
      // Refreshes from just before to just after the window's end, with the sweeper running too.
      const moments = [-2000, -1000, -1, 0, 1, 1000, 60_000];
      const results = await Promise.all(
        moments.flatMap((offset) => {
          const app = f.remake({ clock: () => new Date(windowEnd + offset) });
          return [
            Promise.resolve(app.request(`/checkout/${token}?refresh=true`, { headers: { 'x-service-token': 'checkout-test-token' } })).then(async (r) => ({ offset, body: (await r.json()) as Body })),
            releaseExpiredHolds(f.db, new Date(windowEnd + offset)).then(() => null),
          ];
        }),
      );
      f.remake({});
      for (const r of results) {
        if (!r) continue;
        if (r.offset >= 0) expect(r.body.countdown).toBe(0);
        else expect(r.body.countdown).toBeLessThanOrEqual(Math.ceil(-r.offset / 1000));
      }
      const rows = (await sql<{ expires_at: Date }>`select expires_at from deals.stock_hold where hold_key = ${token}`.execute(f.db)).rows;
      for (const row of rows) expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(windowEnd);
      // After the end, one sweep leaves nothing held and every unit on sale.
      await releaseExpiredHolds(f.db, new Date(windowEnd + 1));
      expect(await held(token)).toBe(0);
      expect(await remaining(p.productId)).toBe(2);
      f.clock.now = new Date(windowEnd + 2 * MIN);
    }
  });
});
