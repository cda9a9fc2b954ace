/**
 * Placing orders through the REST route with the real basket, stock, wallet and payment modules
 * and the Braintree sandbox over HTTP, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture, invariantViolations, type CheckoutFixture } from '../test/fixture.ts';
import { VOUCHER_CODE_PATTERN } from '../lib/voucher-codes.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

describe.each(testDatabases())('place order on %s', (_name, open) => {
  let f: CheckoutFixture;
  beforeAll(async () => {
    f = await checkoutFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });

  const place = (token: string, body: unknown, key = newKey(), query = '') =>
    f.request('POST', `/checkout/${token}/order${query}`, { body, headers: { 'idempotency-key': key } });
  const view = async (token: string, query = '') => {
    const res = await f.request('GET', `/checkout/${token}${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Body;
  };

  it('a guest buys by card: PAID, one voucher per unit (Ready to Redeem), stock sold, basket emptied, the confirmation email lists the vouchers', async () => {
    const p = await f.product({ remaining: 5, pricePence: 1250 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const v = await view(token);
    expect(v.orderSummary.cashAmount).toEqual({ amount: 2500, currency: 'GBP' });
    expect(v.countdown).toBe(300);
    expect(v.canPay).toBe(true);
    expect(v.vipChecked).toBe(false);

    const res = await place(token, cardOrder(2500, { email: 'Ann.Guest@Example.co.uk' }));
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe(BUYING_MESSAGES.purchaseSuccessful);
    expect(body.data).toMatchObject({ quantity: 2, walletAmountUsed: 0, currency: 'GBP', productOrder: { id: expect.stringMatching(/^TD\d+$/) } });
    expect(body.data.cardType).toBeTruthy();
    expect(typeof body.data.accessToken).toBe('string');
    const order = body.data.order;
    expect(order.status).toBe('PAID');
    expect(order.vouchers).toHaveLength(2);
    for (const voucher of order.vouchers) {
      expect(voucher.status).toBe('Ready to Redeem');
      expect(voucher.code).toMatch(VOUCHER_CODE_PATTERN);
    }
    expect(new Set(order.vouchers.map((x: Body) => x.code)).size).toBe(2);

    const stock = (await sql<{ remaining: number }>`select remaining from deals.product where id = ${p.productId}`.execute(f.db)).rows[0]!;
    expect(stock.remaining).toBe(3);
    expect((await sql`select quantity from deals.stock_sale where product_id = ${p.productId}`.execute(f.db)).rows).toEqual([{ quantity: 2 }]);
    expect((await sql`select * from deals.stock_hold where hold_key = ${token}`.execute(f.db)).rows).toEqual([]);
    expect((await f.getBasket(f.db, token))!.products).toEqual([]);
    expect(f.sandboxes.braintree.captures((await sql<{ id: string }>`select id from orders.orders where order_number = ${order.orderNumber}`.execute(f.db)).rows[0]!.id)).toHaveLength(1);

    await f.app.settled();
    const mail = await f.outbox('ann.guest@example.co.uk');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(order.orderNumber);
    for (const voucher of order.vouchers) expect(mail[0]!.text).toContain(voucher.code);

    // The guest reads the order with the access token; nobody else can.
    const own = await f.request('GET', `/order/${order.orderNumber}?accessToken=${body.data.accessToken}`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as Body).data.vouchers).toHaveLength(2);
    const other = await f.request('GET', `/order/${order.orderNumber}?accessToken=${'x'.repeat(43)}`);
    const unknown = await f.request('GET', `/order/TD999999999?accessToken=${'x'.repeat(43)}`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(await unknown.text());
    expect(await invariantViolations(f.db)).toEqual({});
  });
});
