/**
 * Issue 18 point 6 through the order flow: a signed-in shopper's paid order records its loyalty
 * points pending in the paying transaction (10 per whole pound paid in cash); a guest's does not;
 * the rewards settle job, asking the checkout's orderStanding, makes them available after the
 * refund window, fewer after a part refund, none after a full one. Both databases.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ledgerViolations, memberPoints, settleOrderPoints } from '@shop/rewards';
import { cardOrder, checkoutFixture, type CheckoutFixture } from '../test/fixture.ts';
import { orderStanding } from './order-standing.ts';

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`.padEnd(14, '0');
const DAY = 24 * 60 * 60 * 1000;

async function buy(f: CheckoutFixture, customer: string | null, pricePence: number) {
  const p = await f.product({ pricePence });
  const basket = await f.basket([{ product: p, quantity: 1 }], customer ?? undefined);
  const query = customer ? `?customerToken=${customer}` : '';
  const res = await f.request('POST', `/checkout/${basket}/order${query}`, { body: cardOrder(pricePence, { email: `${customer ?? fresh('guest')}@example.com` }), headers: { 'idempotency-key': fresh('key') } });
  expect(res.status, await res.clone().text()).toBe(201);
  const orderNumber = ((await res.json()) as { data: { productOrder: { id: string } } }).data.productOrder.id;
  return (await sql<{ id: string }>`select id::text as id from orders.orders where order_number = ${orderNumber}`.execute(f.db)).rows[0]!.id;
}

const pointsRow = async (f: CheckoutFixture, orderId: string) =>
  (await sql<{ points: number; state: string; paid_pence: number }>`select points, state, paid_pence from rewards.order_points where order_id = ${orderId}`.execute(f.db)).rows[0];

describe.each(testDatabases())('loyalty points through the order flow on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const later = () => new Date(f.clock.now.getTime() + 15 * DAY);

  it('a paid order records its points pending with the payment; the settle job makes them available after the window', async () => {
    const customer = fresh('ct-pts');
    const orderId = await buy(f, customer, 1599);
    expect(await pointsRow(f, orderId)).toMatchObject({ points: 150, state: 'pending', paid_pence: 1599 });
    expect(await memberPoints(f.db as never, customer)).toMatchObject({ points: 0, pending: 150 });
    expect(await orderStanding(f.db, orderId)).toEqual({ paidPence: 1599, refundedPence: 0, stands: true });
    // Not yet: the refund window is open.
    expect(await settleOrderPoints(f.db as never, { now: f.clock.now, standing: orderStanding, customerToken: customer })).toEqual({ settled: 0, removed: 0 });
    expect(await settleOrderPoints(f.db as never, { now: later(), standing: orderStanding, customerToken: customer })).toEqual({ settled: 1, removed: 0 });
    expect(await memberPoints(f.db as never, customer)).toMatchObject({ points: 150, pending: 0, lifetime: 150 });
    expect(await ledgerViolations(f.db as never)).toEqual([]);
  });

  it('a guest order records no points', async () => {
    const orderId = await buy(f, null, 2000);
    expect(await pointsRow(f, orderId)).toBeUndefined();
  });

  it('settles against the refunds: a part refund gives fewer points, a full one none', async () => {
    const customer = fresh('ct-ref');
    const part = await buy(f, customer, 3000);
    const full = await buy(f, customer, 2000);
    // What the vouchers' refunds leave on the payment rows (refunds.store.ts drawOnPayment).
    await sql`update vouchers.order_payment set cash_refunded = 1000 where order_id = ${part}`.execute(f.db);
    await sql`update vouchers.order_payment set cash_refunded = 2000 where order_id = ${full}`.execute(f.db);
    expect(await orderStanding(f.db, part)).toEqual({ paidPence: 3000, refundedPence: 1000, stands: true });
    expect(await settleOrderPoints(f.db as never, { now: later(), standing: orderStanding, customerToken: customer })).toEqual({ settled: 1, removed: 1 });
    expect(await pointsRow(f, part)).toMatchObject({ points: 300, state: 'available' });
    expect(await pointsRow(f, full)).toMatchObject({ state: 'removed' });
    expect(await memberPoints(f.db as never, customer)).toMatchObject({ points: 200, pending: 0 });
    expect(await orderStanding(f.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
