/**
 * The checkout view and the hold behind its countdown, promo codes, gifting config, express buy,
 * authorization (Z1/Z3), hostile input (V1/V2) and the OpenAPI document, on
 * PGlite and PostgreSQL with the real modules.
 */
import { describe, expect, it } from 'vitest';
import { BUYING_MESSAGES, CHECKOUT_COUNTDOWN_S, PROMO_OUTCOMES } from '@shop/domain/buying';
import { EMAIL_CASES } from '@shop/domain/email-cases';
import { releaseExpiredHolds } from '@shop/deals/stock/index';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { classifyPromoMessage, PROMO_MESSAGES } from './promo/promo.ts';
import { cardOrder, checkoutFixture, snapshot } from './test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `chk-${Date.now().toString(36)}-${++keySeq}`;

describe('promo words (pure)', () => {
  it('each refusal message carries its spec §5 outcome word, and classification reads it back', () => {
    for (const outcome of PROMO_OUTCOMES) expect(classifyPromoMessage(PROMO_MESSAGES[outcome])).toBe(outcome);
    expect(classifyPromoMessage('Promo code applied: 10% off your order.')).toBe('applied');
  });
});

describe.each(testDatabases())('checkout on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());
  const get = async (path: string) => {
    const res = await f.request('GET', path);
    return { status: res.status, body: (await res.json()) as Body };
  };
  const place = (token: string, body: unknown, query = '') => f.request('POST', `/checkout/${token}/order${query}`, { body, headers: { 'idempotency-key': newKey() } });

  it('POST /order-mail/deliver runs the order mail sender now; asOf (a later instant) only in test shops, else a 400 naming asOf', async () => {
    const now = await f.request('POST', '/order-mail/deliver', { body: {} });
    expect(now.status).toBe(200);
    expect(typeof ((await now.json()) as Body).sent).toBe('number');
    const ahead = await f.request('POST', '/order-mail/deliver', { body: { asOf: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(ahead.status).toBe(400);
    expect(((await ahead.json()) as Body).errors).toEqual([{ field: 'asOf', message: 'Sending the order mail as of another time is for test shops only.' }]);
  });

  it('prices lines from the catalogue, with gift wrap, postage once per line and the VIP option unticked', async () => {
    const p = await f.product({ remaining: 5, pricePence: 1000, postagePence: 299 });
    const token = await f.basket([{ product: p, quantity: 2, giftWrap: 1, gifting: { gift: true, giftPackProductId: null, giftProductId: 2_440_914, type: 'wrapped' } }]);
    const { status, body } = await get(`/checkout/${token}`);
    expect(status).toBe(200);
    expect(body.deals[0]).toMatchObject({ dealProductId: p.productId, quantity: 2, unitPrice: { amount: 1000 }, postage: { amount: 299 }, giftExtras: { amount: 299 }, total: { amount: 2598 }, soldOut: false });
    expect(body.orderSummary).toMatchObject({ subtotal: { amount: 2299 }, postage: { amount: 299 }, vip: { amount: 0 }, totalOrderAmount: { amount: 2598 }, cashAmount: { amount: 2598 } });
    expect(body.vipChecked).toBe(false);
    expect(body.needsDeliveryAddress).toBe(true);
    expect(body.userInfo.paymentOptions.methods.find((m: Body) => m.method === 'credit_card').available).toBe(true);
    expect(body.giftWrapPreset).toEqual({ dealId: 16_172_264, productId: 2_440_914 });

    // VIP needs an account: a guest is not offered it, and ticking it is refused (a signed-in
    // shopper's £4.99: orders/vip.test.ts).
    expect(body.vipOffer).toBeNull();
    const put = await f.request('PUT', `/checkout/${token}/options`, { body: { promoCode: null, wallet: false, vipChecked: true } });
    expect(put.status).toBe(400);

    // Goods need a delivery address with a valid postcode (the words of spec §5).
    await f.request('PUT', `/checkout/${token}/options`, { body: { promoCode: null, wallet: false, vipChecked: false } });
    const noAddress = await place(token, cardOrder(2598));
    expect(noAddress.status).toBe(400);
    expect(((await noAddress.json()) as Body).errors).toEqual([{ field: 'deliveryAddress', message: BUYING_MESSAGES.required }]);
    const badPostcode = await place(token, cardOrder(2598, { deliveryAddress: { name: 'Ann', line1: '1 Byres Road', town: 'Glasgow', postcode: 'NOT A CODE' } }));
    expect(((await badPostcode.json()) as Body).errors).toEqual([{ field: 'deliveryAddress.postcode', message: BUYING_MESSAGES.postcode }]);
    const ok = await place(token, cardOrder(2598, { deliveryAddress: { name: 'Ann', line1: '1 Byres Road', town: 'Glasgow', postcode: 'G12 8TD' } }));
    expect(ok.status).toBe(201);
  });

  it('the gifting config: gift wrap (the preset ids) and both gift packs', async () => {
    const { status, body } = await get('/checkout/config/gifting');
    expect(status).toBe(200);
    expect(body.giftWrap).toMatchObject({ dealId: 16_172_264, productId: 2_440_914, price: { amount: 299, currency: 'GBP' } });
    expect(body['ndd-gpk']).toMatchObject({ price: { amount: 699 } });
    expect(body['std-gpk']).toMatchObject({ price: { amount: 399 } });
  });

  it('the hold: 300 s on opening, kept when opened again, 0 once expired, a new 300 s on refresh; an expired hold lost to another shopper is HOLD_EXPIRED', async () => {
    const p = await f.product({ remaining: 1, pricePence: 700 });
    const a = await f.basket([{ product: p, quantity: 1 }]);
    const b = await f.basket([{ product: p, quantity: 1 }]);
    expect((await get(`/checkout/${a}`)).body.countdown).toBe(CHECKOUT_COUNTDOWN_S);
    f.clock.advance(100_000);
    const again = (await get(`/checkout/${a}?timerElapsed=0`)).body;
    expect(again.countdown).toBe(200);
    // B cannot hold the unit A holds: the line is sold out for B and B cannot pay.
    const other = (await get(`/checkout/${b}`)).body;
    expect(other.canPay).toBe(false);
    expect(other.deals[0]).toMatchObject({ soldOut: true, available: 0 });
    expect(other.countdown).toBe(0);
    f.clock.advance(201_000);
    expect((await get(`/checkout/${a}`)).body.countdown).toBe(0);
    const refreshed = (await get(`/checkout/${a}?refresh=true`)).body;
    expect(refreshed.countdown).toBe(CHECKOUT_COUNTDOWN_S);
    // A's new hold runs out, the sweeper releases it, B takes the unit: A's order is HOLD_EXPIRED.
    f.clock.advance(301_000);
    expect(await releaseExpiredHolds(f.db, f.clock.now)).toBeGreaterThanOrEqual(1);
    expect((await get(`/checkout/${b}?refresh=true`)).body.canPay).toBe(true);
    const lost = await place(a, cardOrder(700));
    expect(lost.status).toBe(409);
    expect(((await lost.json()) as Body).code).toBe('HOLD_EXPIRED');
    expect((await place(b, cardOrder(700))).status).toBe(201);
  });

  it('travel (spec §3 isTravel, isTravelValid): a stay whose check-in day has begun is DEAL_CLOSED and cannot be paid; an open-dated one can', async () => {
    const plain = (await get(`/checkout/${await f.basket([{ product: await f.product({ remaining: 5 }), quantity: 1 }])}`)).body;
    expect(plain).toMatchObject({ isTravel: false, isTravelValid: true, canPay: true });
    const travelLocation = (await sql<{ id: number }>`select id from deals.location where is_travel order by id limit 1`.execute(f.db)).rows[0]!.id;
    const stay = await f.product({ remaining: 5, pricePence: 9900 });
    await sql`update deals.deal set location_id = ${travelLocation} where id = ${stay.dealId}`.execute(f.db);
    const token = await f.basket([{ product: stay, quantity: 1 }]);
    // Open-dated (no fixed dates): travel, valid.
    expect((await get(`/checkout/${token}`)).body).toMatchObject({ isTravel: true, isTravelValid: true, canPay: true });
    // Fixed dates from tomorrow (London): still valid.
    await sql`update deals.product set check_in_date = '2026-11-23', check_out_date = '2026-11-25', number_of_nights = 2 where id = ${stay.productId}`.execute(f.db);
    expect((await get(`/checkout/${token}`)).body).toMatchObject({ isTravel: true, isTravelValid: true, canPay: true });
    // Check-in today: the stay has begun, the line is closed and the order is refused.
    await sql`update deals.product set check_in_date = '2026-11-22', check_out_date = '2026-11-24' where id = ${stay.productId}`.execute(f.db);
    const begun = (await get(`/checkout/${token}`)).body;
    expect(begun).toMatchObject({ isTravel: true, isTravelValid: false, canPay: false });
    expect(begun.deals[0].problem).toMatchObject({ code: 'DEAL_CLOSED' });
    const refused = await place(token, cardOrder(9900));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Body).code).toBe('DEAL_CLOSED');
  });

  it('promo codes: every spec §5 outcome, classified by its message; an applied code lowers the total', async () => {
    const p = await f.product({ remaining: 20, pricePence: 2000 });
    const guest = await f.basket([{ product: p, quantity: 1 }]);
    const used = await f.basket([{ product: p, quantity: 1 }], 'fixture-customer-0001');
    const promo = async (code: string, token = guest, extra = '') => (await get(`/promocode?code=${encodeURIComponent(code)}&basketToken=${token}${extra}`)).body;
    expect(await promo('welcome10')).toMatchObject({ applicable: true, outcome: 'applied', discount: { amount: 200 } });
    expect(await promo('EXPIRED5')).toMatchObject({ applicable: false, outcome: 'expired', message: PROMO_MESSAGES.expired });
    expect(await promo('NOSUCHCODE')).toMatchObject({ applicable: false, outcome: 'invalid' });
    expect(await promo('<script>')).toMatchObject({ applicable: false, outcome: 'invalid' });
    expect(await promo('ONCEONLY', used, '&customerToken=fixture-customer-0001')).toMatchObject({ applicable: false, outcome: 'already used' });
    expect(await promo('ONCEONLY')).toMatchObject({ applicable: true });
    expect(await promo('CRUISE15')).toMatchObject({ applicable: false, outcome: 'not applicable' });
    expect(await promo('VIPONLY20')).toMatchObject({ applicable: false, outcome: 'not eligible' });
    expect(await promo('VIPONLY20', guest, '&vipUser=true')).toMatchObject({ applicable: true });
    for (const r of [await promo('EXPIRED5'), await promo('CRUISE15'), await promo('VIPONLY20')]) expect(classifyPromoMessage(r.message)).toBe(r.outcome);

    const put = (await (await f.request('PUT', `/checkout/${guest}/options`, { body: { promoCode: 'WELCOME10', wallet: false, vipChecked: false } })).json()) as Body;
    expect(put.promoCode).toMatchObject({ code: 'WELCOME10', applicable: true, outcome: 'applied' });
    expect(put.orderSummary).toMatchObject({ promoDiscount: { amount: 200 }, totalOrderAmount: { amount: 1800 } });
    const res = await place(guest, cardOrder(1800, { email: 'promo@example.com' }));
    expect(res.status).toBe(201);

    // A customer with a paid order is not a new customer any more.
    const customer = `cust-new-${Date.now().toString(36)}`;
    const first = await f.basket([{ product: p, quantity: 1 }], customer);
    expect(await promo('NEWBIE15', first, `&customerToken=${customer}`)).toMatchObject({ applicable: true });
    expect((await place(first, cardOrder(2000, { email: 'new@example.com' }), `?customerToken=${customer}`)).status).toBe(201);
    const second = await f.basket([{ product: p, quantity: 1 }], customer);
    expect(await promo('NEWBIE15', second, `&customerToken=${customer}`)).toMatchObject({ applicable: false, outcome: 'not eligible' });
  });

  it('Z1/Z3: another customer\'s basket and order answer 404 exactly like unknown ones, and nothing changes', async () => {
    const p = await f.product({ remaining: 3, pricePence: 900 });
    const alice = `alice-${Date.now().toString(36)}`;
    const bob = `bob-${Date.now().toString(36)}`;
    const token = await f.basket([{ product: p, quantity: 1 }], alice);
    const unknownToken = 'U'.repeat(43);
    const asBob = await f.request('GET', `/checkout/${token}?customerToken=${bob}`);
    const unknown = await f.request('GET', `/checkout/${unknownToken}?customerToken=${bob}`);
    expect(asBob.status).toBe(404);
    expect(await asBob.text()).toBe(await unknown.text());
    const asGuest = await f.request('GET', `/checkout/${token}`);
    expect(asGuest.status).toBe(404);

    const before = await snapshot(f.db);
    const captures = f.sandboxes.braintree.transactions().length;
    const opt = await f.request('PUT', `/checkout/${token}/options?customerToken=${bob}`, { body: { promoCode: 'WELCOME10', wallet: true, vipChecked: true } });
    expect(opt.status).toBe(404);
    const order = await place(token, cardOrder(900), `?customerToken=${bob}`);
    const orderUnknown = await place(unknownToken, cardOrder(900), `?customerToken=${bob}`);
    expect(order.status).toBe(404);
    expect(await order.text()).toBe(await orderUnknown.text());
    expect(await snapshot(f.db)).toEqual(before);
    expect(f.sandboxes.braintree.transactions().length).toBe(captures);
    expect((await sql`select * from orders.checkout_options where basket_token = ${token}`.execute(f.db)).rows).toEqual([]);

    // Alice's paid order: Bob and a guest get the unknown-order answer; Bob's list does not show it.
    const paid = (await (await place(token, cardOrder(900, { email: 'alice@example.com' }), `?customerToken=${alice}`)).json()) as Body;
    const number = paid.data.productOrder.id;
    expect(paid.data.accessToken).toBeNull();
    const seen = await f.request('GET', `/order/${number}?customerToken=${bob}`);
    const none = await f.request('GET', `/order/TD1?customerToken=${bob}`);
    expect(seen.status).toBe(404);
    expect(await seen.text()).toBe(await none.text());
    expect((await f.request('GET', `/order/${number}`)).status).toBe(404);
    expect((await f.request('GET', `/order/${number}?customerToken=${alice}`)).status).toBe(200);
    expect(((await (await f.request('GET', `/orders?customerToken=${bob}`)).json()) as Body).data).toEqual([]);
    // Bob's add-on on Alice's order: 404, nothing charged.
    const addon = await f.request('POST', `/order-addon?customerToken=${bob}`, {
      body: { orderNumber: number, addonType: 'VVE', months: 1, expectedCashAmount: 100, payment: { method: 'credit_card', token: 'fake-valid-nonce', savedInstrumentId: null, saveInstrument: false } },
      headers: { 'idempotency-key': newKey() },
    });
    expect(addon.status).toBe(404);
  });

  it('V1/V2: hostile input is a 400 naming the field, never a 500, and places nothing', async () => {
    const p = await f.product({ remaining: 3, pricePence: 900 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const base = cardOrder(900) as Record<string, unknown>;
    const cases: Array<[unknown, string]> = [
      [{ ...base, expectedCashAmount: 1.5 }, 'expectedCashAmount'],
      [{ ...base, expectedCashAmount: -1 }, 'expectedCashAmount'],
      [{ ...base, expectedCashAmount: '900' }, 'expectedCashAmount'],
      [{ ...base, expectedCashAmount: 2 ** 53 + 1 }, 'expectedCashAmount'],
      [{ ...base, expectedCashAmount: null }, 'expectedCashAmount'],
      [{ ...base, walletUsed: 1e3 + 0.5 }, 'walletUsed'],
      [{ ...base, payment: { ...(base.payment as object), method: 'bitcoin' } }, 'payment.method'],
      [{ ...base, price: 1 }, 'price'],
      [{ ...base, orderLines: [{ dealProductId: p.productId, quantity: 0 }] }, 'orderLines.0.quantity'],
      [{ ...base, orderLines: [{ dealProductId: p.productId, quantity: 2 ** 31 }] }, 'orderLines.0.quantity'],
      [{ ...base, email: 'not an email' }, 'email'],
      [{ ...base, email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ ...base, email: null }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await place(token, body);
      const problem = (await res.json()) as Body;
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      const fields = problem.errors.map((e: Body) => e.field);
      expect(fields.some((x: string) => x === field || x.startsWith(field)), `${field} in ${fields.join(',')}`).toBe(true);
    }
    const guestEmail = (await (await place(token, { ...base, email: 'bad' })).json()) as Body;
    expect(guestEmail.errors).toEqual([{ field: 'email', message: BUYING_MESSAGES.email }]);
    // The one email rule (domain/src/email.ts): an address the mailer would refuse is refused here,
    // so a paid order never waits for a voucher email that cannot be sent.
    for (const { address } of EMAIL_CASES.filter((e) => !e.valid && e.address.trim() && e.address.length <= 254)) {
      const refused = (await (await place(token, { ...base, email: address })).json()) as Body;
      expect(refused.errors, address).toEqual([{ field: 'email', message: BUYING_MESSAGES.email }]);
    }
    const proto = await f.request('POST', `/checkout/${token}/order`, { body: '{"__proto__":{"isAdmin":true},"expectedCashAmount":900}', headers: { 'idempotency-key': newKey() } });
    expect(proto.status).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const notJson = await f.request('POST', `/checkout/${token}/order`, { body: '{"expectedCashAmount":', headers: { 'idempotency-key': newKey() } });
    expect(notJson.status).toBe(400);
    for (const path of ['/checkout/short', `/checkout/${'x'.repeat(200)}`, `/checkout/${token}?refresh=yes`, `/checkout/${token}?customerToken=abc`, '/orders', '/orders?customerToken=abcdefghijk&pageSize=1000', '/promocode?code=&basketToken=abc']) {
      const res = await f.request('GET', path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as Body).errors.length).toBeGreaterThan(0);
    }
    expect((await sql`select count(*)::int as n from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows).toEqual([{ n: 0 }]);
    expect(f.logged.filter((l) => l.message.includes('unhandled'))).toEqual([]);
  });

  it('express buy: a token for a simple deal; the spec §8 words and hint for an ineligible one', async () => {
    const simple = await f.product({ remaining: 5, pricePence: 1000 });
    const posted = await f.product({ remaining: 5, pricePence: 1000, postagePence: 199 });
    const ask = (product: { dealId: number; productId: number }, email = 'express@example.com') =>
      f.request('POST', '/express-buy-token', { body: { expressBuyTokenRequest: { email }, dealId: product.dealId, productId: product.productId } });
    const ok = await ask(simple);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as Body).data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const product of [posted, { dealId: simple.dealId, productId: posted.productId }, { dealId: 1, productId: 999_999_999 }]) {
      const res = await ask(product);
      const body = (await res.json()) as Body;
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ code: 'EXPRESS_BUY_INELIGIBLE', detail: BUYING_MESSAGES.expressBuyIneligible, hint: BUYING_MESSAGES.expressBuyHint });
    }
    for (const email of ['nope', 'buyer<b>x</b>@example.com']) {
      const badEmail = await ask(simple, email);
      expect(((await badEmail.json()) as Body).errors).toEqual([{ field: 'expressBuyTokenRequest.email', message: BUYING_MESSAGES.email }]);
    }
  });

  it('serves a lint-clean OpenAPI document and refuses calls without the service token', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as Body;
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/checkout/config/gifting', '/checkout/reconcile', '/checkout/vip/cancel', '/checkout/vip/cancellation', '/checkout/{basketToken}', '/checkout/{basketToken}/hold/trim', '/checkout/{basketToken}/options', '/checkout/{basketToken}/order', '/express-buy-token', '/express-buy/{expressBuyToken}/order', '/gift-card/redeem', '/gift-cards/posting', '/gift-cards/posting/{orderNumber}/sent', '/order-addon', '/order-mail/deliver', '/order/{orderId}', '/orders', '/promocode', '/referrals/settle'].sort(),
    );
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
    expect((await f.app.request('/checkout/config/gifting')).status).toBe(401);
  });
});
