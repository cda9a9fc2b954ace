/**
 * The VVE add-on for one voucher (issue 16 point 7): POST /order-addon with a voucherId charges
 * for that voucher only and extends only it, in the paying transaction; the price is the shared
 * rule (@shop/domain/voucher-extension); a voucher not of the order, or one with no room left,
 * is refused naming the field before any payment. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { londonExpiry } from '@shop/domain/london-time';
import { vvePrice } from '@shop/domain/voucher-extension';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';
import { ADDON_PENDING_MESSAGE } from './place-order.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe.each(testDatabases())('the VVE add-on for one voucher on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const newKey = () => randomUUID();
  const addon = (customer: string, body: Record<string, unknown>, key = newKey()) =>
    f.request('POST', `/order-addon?customerToken=${customer}`, {
      body: { addonType: 'VVE', payment: { method: 'credit_card', token: 'fake-valid-nonce', savedInstrumentId: null, saveInstrument: false }, ...body },
      headers: { 'idempotency-key': key },
    });
  const vouchers = async (orderNumber: string) =>
    (await sql<{ id: string; expires_at: Date; extended_months: number }>`select id, expires_at, extended_months from vouchers.voucher where order_number = ${orderNumber} order by code`.execute(f.db)).rows;

  it('extends only the voucher asked for, charged for one voucher; the others stay as they were', async () => {
    const customer = `ct-ext-${randomUUID()}`;
    const p = await f.product({ remaining: 5, pricePence: 1200 });
    const token = await f.basket([{ product: p, quantity: 2 }], customer);
    const placedRes = await f.request('POST', `/checkout/${token}/order?customerToken=${customer}`, { body: cardOrder(2400), headers: { 'idempotency-key': newKey() } });
    const placed = (await placedRes.json()) as Body;
    expect(placedRes.status, JSON.stringify(placed)).toBe(201);
    const orderNumber = placed.data.productOrder.id as string;
    const [first, second] = await vouchers(orderNumber);
    const captures = f.sandboxes.braintree.transactions().length;

    // The whole order's price (2 vouchers) for one voucher: PRICE_CHANGED with the right one.
    const wrongPrice = await addon(customer, { orderNumber, months: 2, voucherId: second!.id, expectedCashAmount: vvePrice(2, 2) });
    expect(wrongPrice.status).toBe(409);
    expect(((await wrongPrice.json()) as Body).code).toBe('PRICE_CHANGED');

    const res = await addon(customer, { orderNumber, months: 2, voucherId: second!.id, expectedCashAmount: vvePrice(1, 2) });
    expect(res.status).toBe(201);
    expect(f.sandboxes.braintree.transactions().length).toBe(captures + 1);
    const after = await vouchers(orderNumber);
    const now = after.find((v) => v.id === second!.id)!;
    expect(now.extended_months).toBe(2);
    expect(new Date(now.expires_at).toISOString()).toBe(londonExpiry(new Date(second!.expires_at), 2).toISOString());
    expect(after.find((v) => v.id === first!.id)).toEqual(first);
    const events = (await sql<{ event: string; reason: string }>`select event, reason from vouchers.voucher_event where voucher_id = ${second!.id} order by id`.execute(f.db)).rows;
    expect(events.map((e) => e.event)).toEqual(['issue', 'extend']);

    // One more month is all it has room for: 2 more is refused naming months, before any charge.
    const tooMany = await addon(customer, { orderNumber, months: 2, voucherId: second!.id, expectedCashAmount: vvePrice(1, 2) });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Body).errors[0].field).toBe('months');
    // A voucher that is not of this order: refused naming voucherId, nothing charged.
    const stranger = await addon(customer, { orderNumber, months: 1, voucherId: randomUUID(), expectedCashAmount: vvePrice(1, 1) });
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as Body).errors[0].field).toBe('voucherId');
    expect(f.sandboxes.braintree.transactions().length).toBe(captures + 1);
    // Bad input names the field.
    const bad = await addon(customer, { orderNumber, months: 1, voucherId: 'nope', expectedCashAmount: 100 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).errors[0].field).toBe('voucherId');
  });

  /** An order of `quantity` vouchers for a new customer: its number and vouchers. */
  async function paidOrder(quantity: number) {
    const customer = `ct-ext-${randomUUID()}`;
    const p = await f.product({ remaining: 10, pricePence: 1500 });
    const token = await f.basket([{ product: p, quantity }], customer);
    const res = await f.request('POST', `/checkout/${token}/order?customerToken=${customer}`, { body: cardOrder(1500 * quantity), headers: { 'idempotency-key': newKey() } });
    expect(res.status).toBe(201);
    const orderNumber = ((await res.json()) as Body).data.productOrder.id as string;
    return { customer, orderNumber, vouchers: await vouchers(orderNumber) };
  }

  it('an add-on still being paid holds its months: another for the same voucher (or the whole order) is refused before any charge', async () => {
    const { customer, orderNumber, vouchers: [voucher] } = await paidOrder(2);
    const captures = f.sandboxes.braintree.transactions().length;
    f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 1500, route: 'sale' });
    const first = addon(customer, { orderNumber, months: 3, voucherId: voucher!.id, expectedCashAmount: vvePrice(1, 3) });
    // The first add-on's order is written (PENDING) before its charge is sent.
    for (let i = 0; i < 100; i++) {
      const n = (await sql<{ n: number }>`select count(*)::int as n from orders.orders where kind = 'addon' and status = 'PENDING'`.execute(f.db)).rows[0]!.n;
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = await addon(customer, { orderNumber, months: 1, voucherId: voucher!.id, expectedCashAmount: vvePrice(1, 1) });
    expect(second.status).toBe(400);
    expect(((await second.json()) as Body).errors[0]).toMatchObject({ field: 'voucherId', message: ADDON_PENDING_MESSAGE });
    const whole = await addon(customer, { orderNumber, months: 1, expectedCashAmount: vvePrice(2, 1) });
    expect(whole.status).toBe(400);
    expect(((await whole.json()) as Body).errors[0]).toMatchObject({ field: 'months', message: ADDON_PENDING_MESSAGE });
    // The slow charge outlasts the request's wait (202, PENDING): the reconciliation completes it.
    expect((await first).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1000));
    await f.request('POST', '/checkout/reconcile');
    expect((await vouchers(orderNumber)).map((v) => v.extended_months).sort()).toEqual([0, 3]);
    expect(f.sandboxes.braintree.transactions().length).toBe(captures + 1);
  });

  it('8 add-ons for one voucher at once: the months granted are the months charged, never more than 3', async () => {
    const { customer, orderNumber, vouchers: [voucher] } = await paidOrder(1);
    const captures = f.sandboxes.braintree.transactions().length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => addon(customer, { orderNumber, months: 1, voucherId: voucher!.id, expectedCashAmount: vvePrice(1, 1) })));
    const paid = answers.filter((a) => a.status === 201).length;
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
    const [after] = await vouchers(orderNumber);
    expect(after!.extended_months).toBe(paid);
    expect(paid).toBeLessThanOrEqual(3);
    expect(f.sandboxes.braintree.transactions().length - captures).toBe(paid);
  });
});
