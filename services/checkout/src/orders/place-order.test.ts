/**
 * Placing orders through the REST route with the real basket, stock, wallet and payment modules
 * and the Braintree sandbox over HTTP, on PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sql } from 'kysely';
import { walletBalances } from '@shop/wallet';
import { cardOrder, checkoutFixture, invariantViolations } from '../test/fixture.ts';
import { VOUCHER_CODE_PATTERN } from '@shop/vouchers/issue/voucher-codes';
import { orderMailMessageId } from './orders.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let keySeq = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

describe.each(testDatabases())('place order on %s', (_name, open) => {
  const f = suiteFixture(() => checkoutFixture(open), (fixture) => fixture.close());

  const place = (token: string, body: unknown, key = newKey(), query = '') =>
    f.request('POST', `/checkout/${token}/order${query}`, { body, headers: { 'idempotency-key': key } });
  const view = async (token: string, query = '') => {
    const res = await f.request('GET', `/checkout/${token}${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Body;
  };

  /** After a fault: past the claim lease, one reconciliation, then the client's retry with the same key pays (201, two vouchers). */
  async function reconcileAndRetry(token: string, key: string): Promise<void> {
    f.clock.advance(61_000);
    await f.request('POST', '/checkout/reconcile');
    const retried = await place(token, cardOrder(900), key);
    const body = (await retried.json()) as Body;
    expect(retried.status, JSON.stringify(body)).toBe(201);
    expect(body.data.order.vouchers).toHaveLength(2);
  }

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
    // The sandbox's card behind fake-valid-nonce is a Visa (services/payment README, static nonces).
    expect(body.data.cardType).toBe('Visa');
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
    // A guest holds no account: the email and the order page are where their vouchers are.
    expect(mail[0]!.text).not.toContain('/myaccount/vouchers');

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

  it('M6 mixed tender: wallet + card pays, the wallet is debited by exactly the credit used, the card by the rest', async () => {
    const customer = `cust-m6-${Date.now().toString(36)}`;
    await f.credit(customer, 700, 'refundable');
    const p = await f.product({ remaining: 5, pricePence: 2000 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const put = await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: true, vipChecked: false } });
    const v = (await put.json()) as Body;
    expect(v.orderSummary).toMatchObject({ walletCredit: { amount: 700 }, cashAmount: { amount: 1300 }, totalOrderAmount: { amount: 2000 } });
    const res = await place(token, cardOrder(1300, { email: 'm6@example.com', walletUsed: 700, cashAmount: 1300 }), newKey(), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.walletAmountUsed).toBe(700);
    expect(body.data.order.cashAmount.amount).toBe(1300);
    const balances = (await walletBalances(f.db, customer)).find((b) => b.currency === 'GBP')!;
    expect(balances.balance).toBe(0);
    const payment = (await sql<{ amount: number }>`select p.amount from orders.payment p join orders.orders o on o.id = p.order_id where o.order_number = ${body.data.productOrder.id}`.execute(f.db)).rows;
    expect(payment).toEqual([{ amount: 1300 }]);
    // The signed-in customer sees it in their orders, newest first.
    const list = (await (await f.request('GET', `/orders?customerToken=${customer}`)).json()) as Body;
    expect(list.data.map((o: Body) => o.orderNumber)).toEqual([body.data.productOrder.id]);
    // Issue 16 point 10: the confirmation links to the vouchers in My Vouchers.
    await f.app.settled();
    expect((await f.outbox('m6@example.com'))[0]!.text).toContain('See them and keep track of them in My Vouchers: https://shop.example/myaccount/vouchers');
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('M4: one client address holds at most its limit over all its baskets; the next basket cannot be held or paid, with the words; another address can', async () => {
    f.remake({ holdLimitPerAddress: 3 });
    const p = await f.product({ remaining: 20, pricePence: 500 });
    const from = (ip: string) => ({ 'x-client-ip': ip });
    const tokens = await Promise.all([2, 1, 1].map((quantity) => f.basket([{ product: p, quantity }])));
    const views: Body[] = [];
    for (const t of tokens) views.push((await (await f.request('GET', `/checkout/${t}`, { headers: from('203.0.113.5') })).json()) as Body);
    expect(views.map((v) => v.countdown > 0)).toEqual([true, true, false]);
    expect(views[2]!.deals[0].problem).toEqual({ code: 'HOLD_LIMIT', message: ERROR_MESSAGES.HOLD_LIMIT });
    const refused = await f.request('POST', `/checkout/${tokens[2]}/order`, { body: cardOrder(500), headers: { ...from('203.0.113.5'), 'idempotency-key': newKey() } });
    expect(refused.status).toBe(409);
    expect((await refused.json()) as Body).toMatchObject({ code: 'HOLD_LIMIT', errors: [{ message: ERROR_MESSAGES.HOLD_LIMIT }] });
    // Another address, and the first once its baskets are paid for (the held units are sold, not held).
    const other = await f.basket([{ product: p, quantity: 3 }]);
    expect(((await (await f.request('GET', `/checkout/${other}`, { headers: from('198.51.100.9') })).json()) as Body).countdown).toBeGreaterThan(0);
    for (const t of tokens.slice(0, 2)) {
      const res = await f.request('POST', `/checkout/${t}/order`, { body: cardOrder(t === tokens[0] ? 1000 : 500), headers: { ...from('203.0.113.5'), 'idempotency-key': newKey() } });
      expect(res.status).toBe(201);
    }
    const paid = await f.request('POST', `/checkout/${tokens[2]}/order`, { body: cardOrder(500), headers: { ...from('203.0.113.5'), 'idempotency-key': newKey() } });
    expect(paid.status).toBe(201);
    expect(await invariantViolations(f.db)).toEqual({});
    f.remake({});
  });

  it('promotional (marketing) credit pays at most 10% of each item, £5 at most per item; refundable credit the rest', async () => {
    const customer = `cust-promo-${Date.now().toString(36)}`;
    await f.credit(customer, 5000, 'marketing');
    // Two items at £30 (10% = £3 each) and one at £80 (10% = £8, capped at £5): £11 of promotional credit at most.
    const cheap = await f.product({ remaining: 5, pricePence: 3000 });
    const dear = await f.product({ remaining: 5, pricePence: 8000 });
    const token = await f.basket([{ product: cheap, quantity: 2 }, { product: dear, quantity: 1 }], customer);
    const options = (wallet: boolean) => f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet, vipChecked: false } });
    const v = (await (await options(true)).json()) as Body;
    expect(v.orderSummary).toMatchObject({ totalOrderAmount: { amount: 14_000 }, walletCredit: { amount: 1100 }, cashAmount: { amount: 12_900 } });
    // With refundable credit too, that is used without the limit.
    await f.credit(customer, 2000, 'refundable');
    const both = (await (await options(true)).json()) as Body;
    expect(both.orderSummary).toMatchObject({ walletCredit: { amount: 3100 }, cashAmount: { amount: 10_900 } });
    const res = await place(token, cardOrder(10_900, { email: 'promo-credit@example.com' }), newKey(), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.walletAmountUsed).toBe(3100);
    const balances = (await walletBalances(f.db, customer)).find((b) => b.currency === 'GBP')!;
    expect(balances).toMatchObject({ marketingBalance: 5000 - 1100, refundableBalance: 0 });
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('M6: wallet credit paying everything skips the provider', async () => {
    const customer = `cust-wallet-${Date.now().toString(36)}`;
    await f.credit(customer, 5000, 'refundable');
    const p = await f.product({ remaining: 5, pricePence: 1200 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: true, vipChecked: false } });
    const before = f.sandboxes.braintree.transactions().length;
    const res = await place(token, { expectedCashAmount: 0, payment: { method: 'credit_card', token: null, savedInstrumentId: null, saveInstrument: false }, email: 'w@example.com' }, newKey(), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.walletAmountUsed).toBe(1200);
    expect(f.sandboxes.braintree.transactions().length).toBe(before);
    expect((await walletBalances(f.db, customer))[0]!.balance).toBe(3800);
  });

  it('M6 timeout: the order stays PENDING with the wallet held; reconciliation completes it; a decline gives the wallet back and issues nothing', async () => {
    const customer = `cust-m6t-${Date.now().toString(36)}`;
    await f.credit(customer, 500, 'refundable');
    const p = await f.product({ remaining: 5, pricePence: 1500 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: true, vipChecked: false } });
    f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 1800, route: 'sale' });
    const res = await place(token, cardOrder(1000, { email: 't@example.com' }), newKey(), `?customerToken=${customer}`);
    expect(res.status).toBe(202);
    // The checkout names the pending order and takes no second payment meanwhile.
    const during = (await (await f.request('GET', `/checkout/${token}?customerToken=${customer}`)).json()) as { pendingOrderNumber: string | null; canPay: boolean };
    expect(during.pendingOrderNumber).toMatch(/^TD\d+$/);
    expect(during.canPay).toBe(false);
    expect((await walletBalances(f.db, customer))[0]!.balance).toBe(0);
    expect((await sql`select count(*)::int as n from vouchers.voucher v join orders.orders o on o.id = v.order_id where o.customer_token = ${customer}`.execute(f.db)).rows).toEqual([{ n: 0 }]);
    await new Promise((r) => setTimeout(r, 1500));
    await f.request('POST', '/checkout/reconcile');
    const orders = (await sql<{ status: string }>`select status from orders.orders where customer_token = ${customer}`.execute(f.db)).rows;
    expect(orders).toEqual([{ status: 'PAID' }]);
    expect((await walletBalances(f.db, customer))[0]!.balance).toBe(0);

    // Decline with wallet: everything back.
    const customer2 = `${customer}-2`;
    await f.credit(customer2, 500, 'refundable');
    const token2 = await f.basket([{ product: p, quantity: 1 }], customer2);
    await f.request('PUT', `/checkout/${token2}/options?customerToken=${customer2}`, { body: { promoCode: null, wallet: true, vipChecked: false } });
    const declined = await place(token2, cardOrder(1000, { email: 't2@example.com', payment: { method: 'credit_card', token: 'fake-processor-declined-visa-nonce', savedInstrumentId: null, saveInstrument: false } }), newKey(), `?customerToken=${customer2}`);
    expect(declined.status).toBe(402);
    expect((await walletBalances(f.db, customer2))[0]!.balance).toBe(500);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('P4: a replay gives the identical status and body (success and refusal); another body 422; no or bad key 400; the same key of another shopper is independent', async () => {
    const p = await f.product({ remaining: 10, pricePence: 800 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const key = newKey();
    const first = await place(token, cardOrder(800), key);
    const firstText = await first.text();
    expect(first.status).toBe(201);
    const replay = await place(token, cardOrder(800), key);
    expect(replay.status).toBe(201);
    expect(await replay.text()).toBe(firstText);
    const other = await place(token, cardOrder(801), key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as Body).errors[0].field).toBe('Idempotency-Key');

    // A deterministic refusal is replayed too (PRICE_CHANGED), even after the price would match.
    const token2 = await f.basket([{ product: p, quantity: 1 }]);
    const key2 = newKey();
    const refused = await place(token2, cardOrder(799), key2);
    expect(refused.status).toBe(409);
    const refusedText = await refused.text();
    expect(JSON.parse(refusedText).code).toBe('PRICE_CHANGED');
    const again = await place(token2, cardOrder(799), key2);
    expect(again.status).toBe(409);
    expect(await again.text()).toBe(refusedText);

    const missing = await f.request('POST', `/checkout/${token2}/order`, { body: cardOrder(800) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Body).errors).toEqual([{ field: 'Idempotency-Key', message: BUYING_MESSAGES.required }]);
    for (const bad of ['k'.repeat(256), 'clé-é', 'has space', '']) {
      const res = await f.request('POST', `/checkout/${token2}/order`, { body: cardOrder(800), headers: { 'idempotency-key': bad } });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Body).errors[0].field).toBe('Idempotency-Key');
    }

    // Another guest (another basket) with the very same key: its own order, no leak of the first answer.
    const token3 = await f.basket([{ product: p, quantity: 1 }]);
    const third = await place(token3, cardOrder(800), key);
    expect(third.status).toBe(201);
    expect(((await third.json()) as Body).data.productOrder.id).not.toBe(JSON.parse(firstText).data.productOrder.id);
  });

  it('P4: a kept answer is forgotten after the retention time (the key is new again)', async () => {
    const p = await f.product({ remaining: 10, pricePence: 800 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const key = newKey();
    expect((await place(token, cardOrder(799), key)).status).toBe(409);
    f.clock.advance(25 * 60 * 60 * 1000);
    const res = await place(token, cardOrder(800), key);
    expect(res.status).toBe(201);
  });

  it('C1-lite: a fault after the key claim blocks retries for the lease, then the retry places one order', async () => {
    const p = await f.product({ remaining: 3, pricePence: 600 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const key = newKey();
    f.remake({ faultPoint: 'after-idem-claim' });
    const crashed = await place(token, cardOrder(600), key);
    expect(crashed.status).toBe(500);
    f.remake({ faultPoint: null });
    expect((await place(token, cardOrder(600), key)).status).toBe(409);
    f.clock.advance(61_000);
    const retried = await place(token, cardOrder(600), key);
    expect(retried.status).toBe(201);
    expect((await sql`select count(*)::int as n from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows).toEqual([{ n: 1 }]);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('C1-lite: a fault after the provider took the money, before the commit: PENDING, then reconciliation pays it; retries answer 409 then the final answer; one capture', async () => {
    const p = await f.product({ remaining: 3, pricePence: 650 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const key = newKey();
    f.remake({ faultPoint: 'after-provider-success-before-commit' });
    const crashed = await place(token, cardOrder(1300), key);
    expect(crashed.status).toBe(500);
    f.remake({ faultPoint: null });
    const order = (await sql<{ id: string; status: string }>`select o.id, o.status from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows;
    expect(order).toHaveLength(1);
    expect(order[0]!.status).toBe('PENDING');
    expect(f.sandboxes.braintree.captures(order[0]!.id)).toHaveLength(1);
    expect(await invariantViolations(f.db)).toEqual({});
    expect((await place(token, cardOrder(1300), key)).status).toBe(409);
    await f.request('POST', '/checkout/reconcile');
    const final = await place(token, cardOrder(1300), key);
    const body = (await final.json()) as Body;
    expect(final.status).toBe(201);
    expect(body.data.order.vouchers).toHaveLength(2);
    expect(f.sandboxes.braintree.captures(order[0]!.id)).toHaveLength(1);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it.each([
    ['after-reserve', 'nothing was written: the retry after the lease places the order'],
    ['mid-voucher-issue', 'the charge was taken, the paying transaction rolled back: reconciliation pays it with every voucher'],
    ['after-commit-before-response', 'the order is PAID: the retry replays the stored answer'],
  ] as const)('C1-lite: a fault at %s (%s); one order, at most one capture, invariants hold', async (point, _why) => {
    const p = await f.product({ remaining: 4, pricePence: 450 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const key = newKey();
    f.remake({ faultPoint: point });
    expect((await place(token, cardOrder(900), key)).status).toBe(500);
    f.remake({ faultPoint: null });
    expect(await invariantViolations(f.db)).toEqual({});
    await reconcileAndRetry(token, key);
    const orders = (await sql<{ id: string }>`select o.id from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows;
    expect(orders).toHaveLength(1);
    expect(f.sandboxes.braintree.captures(orders[0]!.id)).toHaveLength(1);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('C1-lite: a fault at after-provider-request-sent (the provider has the charge, its answer was never read): reconciliation pays it once', async () => {
    const p = await f.product({ remaining: 4, pricePence: 450 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const key = newKey();
    const before = f.sandboxes.braintree.transactions().length;
    f.remake({ faultPoint: 'after-provider-request-sent' });
    expect((await place(token, cardOrder(900), key)).status).toBe(500);
    f.remake({ faultPoint: null });
    // The charge's request had gone: the provider finishes it without us.
    await expect.poll(() => f.sandboxes.braintree.transactions().length).toBe(before + 1);
    const [order] = (await sql<{ id: string; status: string }>`select o.id, o.status from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows;
    expect(order!.status).toBe('PENDING');
    await reconcileAndRetry(token, key);
    expect(f.sandboxes.braintree.captures(order!.id)).toHaveLength(1);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('C1-lite: a fault at after-outbox-insert (the Mailer took the confirmation, it was not marked sent): it is handed over again after the lease, and kept once', async () => {
    const p = await f.product({ remaining: 4, pricePence: 450 });
    const token = await f.basket([{ product: p, quantity: 1 }]);
    const app = f.remake({ faultPoint: 'after-outbox-insert' });
    const email = `outbox-${newKey()}@example.com`.toLowerCase();
    const res = await place(token, cardOrder(450, { email }));
    // The mail goes out after the answer: the order is paid whatever happens to its mail.
    expect(res.status).toBe(201);
    await app.settled();
    const [row] = (await sql<{ order_id: string; kind: string; sent: boolean; claimed: boolean }>`
      select m.order_id, m.kind, m.sent_at is not null as sent, m.claimed_until is not null as claimed
      from orders.mail_outbox m join orders.order_line l on l.order_id = m.order_id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows;
    expect(row).toMatchObject({ sent: false, claimed: true });
    expect(await f.outbox(email)).toHaveLength(1);
    f.remake({ faultPoint: null });
    // Within the dead sender's lease nobody sends it; after it, the next run does, under the same Message-ID.
    await f.request('POST', '/checkout/reconcile');
    expect((await sql<{ sent: boolean }>`select sent_at is not null as sent from orders.mail_outbox where order_id = ${row!.order_id}`.execute(f.db)).rows).toEqual([{ sent: false }]);
    f.clock.advance(5 * 60_000);
    await f.request('POST', '/checkout/reconcile');
    expect((await sql<{ sent: boolean }>`select sent_at is not null as sent from orders.mail_outbox where order_id = ${row!.order_id}`.execute(f.db)).rows).toEqual([{ sent: true }]);
    const mail = await f.outbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.messageId).toBe(orderMailMessageId(row!));
  });

  it('a VVE add-on in the basket is priced at checkout and extends that many of the line\'s vouchers by 3 months', async () => {
    const p = await f.product({ remaining: 5, pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 2 }], null, [{ addonType: 'VVE', productId: p.productId, quantity: 1 }]);
    const v = await view(token);
    expect(v.addons).toEqual([expect.objectContaining({ addonType: 'VVE', productId: p.productId, quantity: 1, total: { amount: 300, currency: 'GBP' } })]);
    expect(v.orderSummary.totalOrderAmount.amount).toBe(2300);
    const res = await place(token, cardOrder(2300));
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.quantity).toBe(2);
    expect(body.data.order.lines.map((l: Body) => l.addonType)).toEqual([null, 'VVE']);
    const expiries = body.data.order.vouchers.map((x: Body) => Date.parse(x.expiresAt)).sort();
    expect(expiries).toHaveLength(2);
    const gained = expiries[1] - expiries[0];
    expect(gained).toBeGreaterThan(88 * 86_400_000);
    expect(gained).toBeLessThan(93 * 86_400_000);
    expect(await invariantViolations(f.db)).toEqual({});
  });

  it('the VVE add-on extends a paid order\'s vouchers, paid like an order, 3 months at most in all', async () => {
    const p = await f.product({ remaining: 5, pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const paid = (await (await place(token, cardOrder(2000))).json()) as Body;
    const orderNumber = paid.data.productOrder.id;
    const accessToken = paid.data.accessToken;
    const before = paid.data.order.vouchers.map((v: Body) => Date.parse(v.expiresAt));
    const addon = (months: number, expected: number, key = newKey(), access = accessToken) =>
      f.request('POST', `/order-addon?accessToken=${access}`, {
        body: { orderNumber, addonType: 'VVE', months, expectedCashAmount: expected, payment: { method: 'credit_card', token: 'fake-valid-nonce', savedInstrumentId: null, saveInstrument: false } },
        headers: { 'idempotency-key': key },
      });
    const res = await addon(2, 2 * 2 * 100);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.order.lines[0].addonType).toBe('VVE');
    // The add-on's charge names what it paid for and its parent order (as POST /bt/addon records it).
    const parentId = (await sql<{ id: string }>`select id from orders.orders where order_number = ${orderNumber}`.execute(f.db)).rows[0]!.id;
    expect((await sql`select addon_type, parent_order_ref, amount::int as amount from payment.charge where parent_order_ref = ${parentId}`.execute(f.db)).rows).toEqual([{ addon_type: 'VVE', parent_order_ref: parentId, amount: 400 }]);
    const after = (await (await f.request('GET', `/order/${orderNumber}?accessToken=${accessToken}`)).json()) as Body;
    after.data.vouchers.forEach((v: Body, i: number) => {
      const gained = Date.parse(v.expiresAt) - before[i];
      expect(gained).toBeGreaterThan(58 * 86_400_000);
      expect(gained).toBeLessThan(63 * 86_400_000);
    });
    expect((await addon(2, 400)).status).toBe(400); // 2 + 2 > 3
    expect((await addon(1, 200)).status).toBe(201);
    expect((await addon(1, 200, newKey(), 'y'.repeat(43))).status).toBe(404); // not the owner
  });
});
