/**
 * Issue 14 G: Express Buy pays for one option with a saved instrument, without the basket. The
 * token is bound to a one-line basket of its own and placed like any order: one charge per key,
 * never a second order for a paid token, the shopper's own basket untouched, and an unknown,
 * another shopper's or expired token refused in the spec §8 words with the hint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture, type CheckoutFixture, type TestProduct } from '../test/fixture.ts';
import { EXPRESS_BUY_TOKEN_TTL_MS } from '../promo/express-buy.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let seq = 0;
const newKey = () => `express-${Date.now().toString(36)}-${++seq}`;

describe.each(testDatabases())('express orders on %s', (_db, open) => {
  let f: CheckoutFixture;
  const customer = `c_express${Date.now().toString(36)}`;
  const email = 'express.buyer@example.com';
  let instrumentId: string;
  let ownBasket: string;
  let keep: TestProduct;

  beforeAll(async () => {
    f = await checkoutFixture(open);
    // A first, ordinary order that saves the card; then something left in the shopper's basket.
    const first = await f.product({ pricePence: 500 });
    const token = await f.basket([{ product: first, quantity: 1 }], customer);
    const res = await f.request('POST', `/checkout/${token}/order?customerToken=${customer}`, {
      body: cardOrder(500, { email, payment: { method: 'credit_card', token: 'fake-valid-visa-nonce', savedInstrumentId: null, saveInstrument: true } }),
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await f.app.settled();
    const saved = await f.payments.instruments(customer);
    expect(saved).toHaveLength(1);
    instrumentId = saved[0]!.id;
    keep = await f.product({ pricePence: 800 });
    ownBasket = await f.basket([{ product: keep, quantity: 2 }], customer);
  });
  afterAll(async () => {
    await f?.close();
  });

  const tokenFor = async (product: TestProduct, forEmail = email) => {
    const res = await f.request('POST', '/express-buy-token', { body: { expressBuyTokenRequest: { email: forEmail }, dealId: product.dealId, productId: product.productId } });
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data as { token: string; price: number };
  };
  const express = (token: string, body: Record<string, unknown>, key = newKey(), who: string | null = customer) =>
    f.request('POST', `/express-buy/${token}/order${who ? `?customerToken=${who}` : ''}`, { body, headers: { 'idempotency-key': key } });
  const payWithSaved = (price: number, extra: Record<string, unknown> = {}) => ({ expectedCashAmount: price, payment: { method: 'credit_card', savedInstrumentId: instrumentId }, email, ...extra });

  it('pays for one unit with the saved card, once per key, and leaves the basket as it was', async () => {
    const p = await f.product({ remaining: 4, pricePence: 1299 });
    const { token, price } = await tokenFor(p);
    expect(price).toBe(1299);
    const charges = f.sandboxes.braintree.transactions().length;
    const key = newKey();
    const res = await express(token, payWithSaved(price), key);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.order).toMatchObject({ status: 'PAID', cashAmount: { amount: 1299, currency: 'GBP' } });
    expect(body.data.order.vouchers).toHaveLength(1);
    // The same key again: the same answer, no second charge.
    const again = await express(token, payWithSaved(price), key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as Body).data.order.orderNumber).toBe(body.data.order.orderNumber);
    expect(f.sandboxes.braintree.transactions().length).toBe(charges + 1);
    // A new key on a paid token buys nothing more.
    const twice = await express(token, payWithSaved(price));
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as Body).code).toBe('BASKET_EMPTY');
    expect(f.sandboxes.braintree.transactions().length).toBe(charges + 1);
    const { rows } = await sql<{ remaining: number }>`select remaining from deals.product where id = ${p.productId}`.execute(f.db);
    expect(rows[0]!.remaining).toBe(3);
    // The shopper's own basket still holds what it held.
    const basket = await f.getBasket(f.db, ownBasket);
    expect(basket?.products.map((l) => [l.dealProductId, l.quantity])).toEqual([[keep.productId, 2]]);
  });

  it('refuses what Express Buy cannot do, in words a shopper can act on', async () => {
    const p = await f.product({ remaining: 3, pricePence: 900 });
    const { token, price } = await tokenFor(p);
    // Guests: no saved instruments, so no Express Buy.
    const guest = await express(token, payWithSaved(price), newKey(), null);
    expect(guest.status).toBe(400);
    expect(((await guest.json()) as Body).errors).toEqual([{ field: 'customerToken', message: 'Sign in to use Express Buy.' }]);
    // Another shopper's token, a made-up one: the same refusal, with the hint.
    const other = await tokenFor(p, 'someone.else@example.com');
    for (const t of [other.token, 'x'.repeat(43)]) {
      const res = await express(t, payWithSaved(price));
      const body = (await res.json()) as Body;
      expect(res.status).toBe(409);
      expect(body).toMatchObject({ code: 'EXPRESS_BUY_INELIGIBLE', detail: BUYING_MESSAGES.expressBuyIneligible, hint: BUYING_MESSAGES.expressBuyHint });
    }
    // A price that changed since the token: PRICE_CHANGED, nothing charged.
    const changed = await express(token, payWithSaved(price - 1));
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as Body).code).toBe('PRICE_CHANGED');
    // No instrument: the field is named.
    const none = await express(token, { expectedCashAmount: price, payment: { method: 'credit_card', savedInstrumentId: '' }, email });
    expect(none.status).toBe(400);
    // Expired before its first attempt.
    const late = await tokenFor(p);
    f.clock.advance(EXPRESS_BUY_TOKEN_TTL_MS + 1000);
    const expired = await express(late.token, payWithSaved(price));
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as Body).code).toBe('EXPRESS_BUY_INELIGIBLE');
  });

  it('two attempts at once with one token and two keys: one order paid, one unit sold', async () => {
    const p = await f.product({ remaining: 5, pricePence: 650 });
    const { token, price } = await tokenFor(p);
    const answers = await Promise.all([express(token, payWithSaved(price)), express(token, payWithSaved(price))]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    await f.app.settled();
    const { rows } = await sql<{ remaining: number }>`select remaining from deals.product where id = ${p.productId}`.execute(f.db);
    expect(rows[0]!.remaining).toBe(4);
    const { rows: orders } = await sql<{ n: number }>`select count(*)::int as n from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId} and o.status = 'PAID'`.execute(f.db);
    expect(orders[0]!.n).toBe(1);
  });
});
