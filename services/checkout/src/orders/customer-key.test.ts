/**
 * Issue 14 #11: a guest's customer key (per-customer purchase caps, one-per-customer promo codes)
 * is the canonical email (domain canonicalEmail), so case, a `+tag` or Gmail's dots do not make a
 * new customer; the order keeps the address as it was given.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { cardOrder, checkoutFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

describe.each(testDatabases())('the customer key of caps and promo codes on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const place = (token: string, body: unknown) => f.request('POST', `/checkout/${token}/order`, { body, headers: { 'idempotency-key': newKey() } });

  it('capper+2@example.com cannot buy past the cap of capper@example.com (nor Capper@Example.com)', async () => {
    const p = await f.product({ remaining: 20, pricePence: 500, purchaseCap: 2 });
    const first = await place(await f.basket([{ product: p, quantity: 2 }]), cardOrder(1000, { email: 'capper@example.com' }));
    expect(first.status).toBe(201);
    for (const email of ['capper+2@example.com', 'Capper@Example.com', 'capper+shop+x@example.com']) {
      const res = await place(await f.basket([{ product: p, quantity: 1 }]), cardOrder(500, { email }));
      expect(res.status, email).toBe(409);
      expect(((await res.json()) as Body).code).toBe('PURCHASE_LIMIT');
    }
    // Another person at the same domain is another customer.
    expect((await place(await f.basket([{ product: p, quantity: 2 }]), cardOrder(1000, { email: 'capper2@example.com' }))).status).toBe(201);
    const { rows } = await sql<{ customer_key: string; quantity: number }>`select customer_key, quantity from deals.purchase_count where product_id = ${p.productId} order by customer_key`.execute(f.db);
    expect(rows).toEqual([
      { customer_key: 'g:capper2@example.com', quantity: 2 },
      { customer_key: 'g:capper@example.com', quantity: 2 },
    ]);
  });

  it('the order keeps the email as given; only the key is canonical', async () => {
    const p = await f.product({ remaining: 5, pricePence: 500, purchaseCap: 1 });
    const res = await place(await f.basket([{ product: p, quantity: 1 }]), cardOrder(500, { email: 'Ann.Shopper+deals@Example.com' }));
    expect(res.status).toBe(201);
    const { rows } = await sql<{ email: string; customer_key: string }>`
      select o.email, o.customer_key from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db);
    expect(rows).toEqual([{ email: 'ann.shopper+deals@example.com', customer_key: 'g:ann.shopper@example.com' }]);
  });

  it('a one-per-customer promo code used by ab@gmail.com cannot be used again by A.b+x@googlemail.com', async () => {
    const p = await f.product({ remaining: 20, pricePence: 2000 });
    const first = await f.basket([{ product: p, quantity: 1 }]);
    const opened = (await (await f.request('PUT', `/checkout/${first}/options`, { body: { promoCode: 'ONCEONLY', wallet: false, vipChecked: false } })).json()) as Body;
    expect(opened.promoCode).toMatchObject({ code: 'ONCEONLY', applicable: true });
    expect((await place(first, cardOrder(1700, { email: 'ab@gmail.com' }))).status).toBe(201);

    const second = await f.basket([{ product: p, quantity: 1 }]);
    const again = (await (await f.request('GET', `/promocode?code=ONCEONLY&basketToken=${second}&email=${encodeURIComponent('A.b+x@googlemail.com')}`)).json()) as Body;
    expect(again).toMatchObject({ applicable: false, outcome: 'already used' });
    await f.request('PUT', `/checkout/${second}/options`, { body: { promoCode: 'ONCEONLY', wallet: false, vipChecked: false } });
    const view = (await (await f.request('GET', `/checkout/${second}?email=${encodeURIComponent('A.b+x@googlemail.com')}`)).json()) as Body;
    expect(view.promoCode).toMatchObject({ applicable: false, outcome: 'already used' });
    // Placing the order with the discounted amount is refused: the code is not applied for this customer.
    const res = await place(second, cardOrder(1700, { email: 'A.b+x@googlemail.com' }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).code).toBe('PRICE_CHANGED');
    const { rows } = await sql<{ customer_key: string }>`select customer_key from orders.promo_redemption where code = 'ONCEONLY' and customer_key like 'g:%'`.execute(f.db);
    expect(rows).toEqual([{ customer_key: 'g:ab@gmail.com' }]);
  });
});
