/**
 * Issue 17 point 4 through the checkout: a bookable deal with a capacity set stops selling in the
 * placing transaction (before any charge) once its vouchers sold and not yet used would outnumber
 * the places before a voucher bought now expires, with DEAL_SOLD_OUT naming the line and the words
 * of the deal page; it sells again once the merchant adds capacity. A deal without capacity sells
 * as before. PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { setCapacity } from '@shop/vouchers/bookings/bookings.store';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';
import { BOOKINGS_FULL } from './place-order.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `cap-${Date.now().toString(36)}-${++keySeq}`;

describe.each(testDatabases())('sales pause of a bookable deal on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const buy = async (product: { productId: number; dealId: number; pricePence: number }, quantity: number) => {
    const token = await f.basket([{ product, quantity }]);
    return f.request('POST', `/checkout/${token}/order`, { body: cardOrder(product.pricePence * quantity), headers: { 'idempotency-key': newKey() } });
  };
  const places = (dealId: number, exceptions: Array<{ date: string; places: number }>) =>
    f.db.transaction().execute((trx) => setCapacity(trx, { dealId, merchantRef: 'business:1', actorRef: null, weekly: [0, 0, 0, 0, 0, 0, 0], changeHours: 24, exceptions, at: f.clock.now }));

  it('pauses exactly when the sold-and-unused vouchers reach the places left, refusing before any charge, and resumes once capacity is added', async () => {
    const p = await f.product({ remaining: 20, pricePence: 1000 });
    const today = londonDate(f.clock.now);
    // Two places in the window (tomorrow on), none today's counted.
    await places(p.dealId, [{ date: today, places: 9 }, { date: addDaysToDate(today, 3), places: 2 }]);

    const first = await buy(p, 1);
    expect(first.status, await first.clone().text()).toBe(201);
    // One left: two more are refused, naming the line, with the words of the deal page and what is left.
    const tooMany = await buy(p, 2);
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ code: 'DEAL_SOLD_OUT', detail: BOOKINGS_FULL, productId: p.productId, available: 1, errors: [{ field: `lines.${p.productId}`, message: BOOKINGS_FULL }] });
    const orders = async () => Number((await sql<{ n: string }>`select count(*) as n from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_id = ${p.dealId}`.execute(f.db)).rows[0]!.n);
    const before = await orders();
    expect((await buy(p, 1)).status).toBe(201);
    // Two sold and unused, two places: paused.
    const paused = await buy(p, 1);
    expect(paused.status).toBe(409);
    expect(await paused.json()).toMatchObject({ code: 'DEAL_SOLD_OUT', available: 0 });
    // Nothing of the refused orders was kept (the placing transaction rolled back, nothing charged).
    expect(await orders()).toBe(before + 1);

    await places(p.dealId, [{ date: addDaysToDate(today, 3), places: 2 }, { date: addDaysToDate(today, 4), places: 1 }]);
    const resumed = await buy(p, 1);
    expect(resumed.status, await resumed.clone().text()).toBe(201);
    expect((await buy(p, 1)).status).toBe(409);
  });

  it('a deal without capacity set is never paused', async () => {
    const p = await f.product({ remaining: 5, pricePence: 800 });
    const res = await buy(p, 3);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Body;
    expect(body.data.order.vouchers).toHaveLength(3);
  });
});
