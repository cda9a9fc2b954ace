/**
 * P6 end to end: an order paid by card (and wallet credit) whose charge the Braintree sandbox
 * declines at settlement (the £4001.00 band) after the vouchers were issued. The sandbox POSTs
 * signed notifications over real HTTP to the payment service's webhook; the settlement job (and
 * the immediate call after the webhook) fails the order once: PAYMENT_FAILED, vouchers cancelled,
 * the wallet capture reversed by new ledger entries, the customer's email in the outbox. On
 * PGlite and PostgreSQL, with the wallet's and the orders' invariant SQL afterwards. Also through
 * the order flow: P7 (a capture of another amount is held for review: the order stays PENDING)
 * and P3 (a card to save whose answer was lost is saved when reconciliation pays the order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPaymentApp, encodeNotification, type PaymentApp } from '@shop/payment';
import { serveOnLoopback, type LoopbackServer } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { ledgerViolations, walletBalances } from '@shop/wallet';
import { cardOrder, checkoutFixture, type CheckoutFixture } from '../test/fixture.ts';
import { deliverOrderMail } from '../orders/orders.ts';
import { failDeclinedSettlement, PAYMENT_FAILED_MAIL, processDeclinedSettlements, VOUCHER_CANCELLED } from './settlement.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const SECRET = 'checkout-test-webhook-secret';
/** Card amount in Braintree's settlement-declined band (A2.1): £4001.00. */
const DECLINED_AT_SETTLEMENT = 400_100;
let seq = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

describe.each(testDatabases())('settlement declined after payment on %s', (_name, open) => {
  let f: CheckoutFixture;
  let paymentApp: PaymentApp;
  let server: LoopbackServer;
  let url: string;
  const paymentClock = { offsetMs: 0 };
  const immediate = { on: false };

  beforeAll(async () => {
    f = await checkoutFixture(open);
    paymentApp = createPaymentApp({
      db: f.db,
      serviceToken: 'payment-test-token',
      payments: f.payments,
      now: () => new Date(Date.now() + paymentClock.offsetMs),
      log: (message, fields) => void f.logged.push({ message, fields }),
      webhooks: { braintree: { secret: SECRET } },
      // As the shop wires it: a stored settlement_declined fails its order at once.
      onSettlement: (s) => {
        if (immediate.on && s.status === 'settlement_declined') f.app.deps.background.run('settlement', () => processDeclinedSettlements(f.app.deps));
      },
    });
    server = await serveOnLoopback(paymentApp.fetch, 0);
    url = `http://127.0.0.1:${server.port}/webhooks/braintree`;
    f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 20 });
  });
  afterAll(async () => {
    if (f) {
      const violations = await ledgerViolations(f.db);
      expect(violations).toEqual([]);
      expect(await ordersViolations()).toEqual({});
      f.sandboxes.braintree.webhooks.stop();
    }
    await server?.close();
    await f?.close();
  });

  const place = (token: string, body: unknown, query = '') => f.request('POST', `/checkout/${token}/order${query}`, { body, headers: { 'idempotency-key': fresh('key') } });
  const orderOf = async (orderNumber: string) =>
    (await sql<{ id: string; status: string; failure_code: string | null; transaction_id: string }>`select id, status, failure_code, transaction_id from orders.orders where order_number = ${orderNumber}`.execute(f.db)).rows[0]!;
  const vouchers = async (orderId: string) => (await sql<{ status: string; code: string }>`select status, code from vouchers.voucher where order_id = ${orderId} order by code`.execute(f.db)).rows;
  const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const count = async (query: ReturnType<typeof sql>) => Number(((await query.execute(f.db)).rows[0] as { n: number | string }).n);

  /** A signed-in shopper pays £4001.00 by card plus `wallet` of refundable credit; the order is PAID with its vouchers. */
  async function paidOrder(o: { wallet?: number; quantity?: number } = {}) {
    const customer = fresh('cust-p6');
    const wallet = o.wallet ?? 0;
    const quantity = o.quantity ?? 1;
    if (wallet) await f.credit(customer, wallet, 'refundable');
    const unit = (DECLINED_AT_SETTLEMENT + wallet) / quantity;
    expect(Number.isInteger(unit)).toBe(true);
    const p = await f.product({ remaining: 5, pricePence: unit });
    const token = await f.basket([{ product: p, quantity }], customer);
    const v = (await (await f.request('PUT', `/checkout/${token}/options?customerToken=${customer}`, { body: { promoCode: null, wallet: wallet > 0, vipChecked: false } })).json()) as Body;
    expect(v.orderSummary.cashAmount.amount).toBe(DECLINED_AT_SETTLEMENT);
    const res = await place(token, cardOrder(DECLINED_AT_SETTLEMENT, { email: `${customer}@example.co.uk` }), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.order.vouchers).toHaveLength(quantity);
    const order = await orderOf(body.data.productOrder.id);
    expect(order.status).toBe('PAID');
    return { customer, product: p, order, orderNumber: body.data.productOrder.id as string, email: `${customer}@example.co.uk` };
  }
  const settlementOf = async (orderId: string) => (await sql<{ status: string }>`select status from payment.settlement where order_ref = ${orderId}`.execute(f.db)).rows.map((r) => r.status);

  it('declined at settlement after the vouchers were issued (duplicate ×5): PAYMENT_FAILED once, vouchers cancelled, wallet reversed, email in the outbox; two runs at once fail it once', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'webhook-duplicate', count: 5 });
    const paid = await paidOrder({ wallet: 700, quantity: 1 });
    expect((await walletBalances(f.db, paid.customer))[0]!.balance).toBe(0);
    const entriesBefore = await count(sql`select count(*) as n from wallet.entry`);
    await f.sandboxes.braintree.webhooks.settled();
    const sent = f.sandboxes.braintree.webhooks.sent().filter((d) => d.orderId === paid.order.id);
    expect(sent.filter((d) => d.kind === 'transaction_settlement_declined' && d.status === 200)).toHaveLength(5);
    expect(await settlementOf(paid.order.id)).toEqual(['settlement_declined']);
    expect(await count(sql`select count(*) as n from payment.webhook_event where order_ref = ${paid.order.id}`)).toBe(2);
    // Nothing happens to the order until the job (or the immediate call) runs.
    expect((await orderOf(paid.orderNumber)).status).toBe('PAID');

    const reports = await Promise.all([processDeclinedSettlements(f.app.deps), processDeclinedSettlements(f.app.deps)]);
    expect(reports.reduce((s, r) => s + r.failed, 0)).toBe(1);

    const order = await orderOf(paid.orderNumber);
    expect(order).toMatchObject({ status: 'PAYMENT_FAILED', failure_code: 'PAYMENT_FAILED' });
    const codes = await vouchers(order.id);
    expect(codes.length).toBe(1);
    expect(codes.every((v) => v.status === VOUCHER_CANCELLED)).toBe(true);
    expect((await sql`select status from orders.payment where order_id = ${order.id}`.execute(f.db)).rows).toEqual([{ status: 'settlement_declined' }]);
    // The wallet: the captured 700 is back, by a new reversing posting (entries only added).
    expect((await walletBalances(f.db, paid.customer))[0]).toMatchObject({ balance: 700, refundableBalance: 700 });
    const reversal = (await sql<{ kind: string; total: string; n: string }>`select t.kind, sum(e.amount) as total, count(e.id) as n from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id
      where t.ref = ${order.id} group by t.kind order by t.kind`.execute(f.db)).rows;
    expect(reversal.map((r) => [r.kind, Number(r.total)])).toEqual([['capture', 0], ['hold', 0], ['reversal', 0]]);
    expect(await count(sql`select count(*) as n from wallet.entry`)).toBe(entriesBefore + 2);
    // The customer is told, once; the daily count is given back; the units stay sold (no stock function returns sold units).
    await f.app.settled();
    const mail = (await f.outbox(paid.email)).filter((m) => m.kind === PAYMENT_FAILED_MAIL);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(codes[0]!.code);
    expect(mail[0]!.text).toContain('£7 of wallet credit');
    expect(await count(sql`select coalesce(sum(quantity), 0) as n from deals.purchase_count where product_id = ${paid.product.productId}`)).toBe(0);
    expect(await count(sql`select coalesce(sum(quantity), 0) as n from deals.stock_sale where product_id = ${paid.product.productId}`)).toBe(1);
    expect(await count(sql`select count(*) as n from orders.order_event where order_id = ${order.id} and type = 'settlement_declined'`)).toBe(1);

    // Again: nothing more.
    expect((await processDeclinedSettlements(f.app.deps)).failed).toBe(0);
    expect(await count(sql`select count(*) as n from wallet.entry`)).toBe(entriesBefore + 2);
    expect((await f.outbox(paid.email)).filter((m) => m.kind === PAYMENT_FAILED_MAIL)).toHaveLength(1);

    // A stale event for the already-failed order (its authorisation, a settled one) is ignored.
    const tx = { id: order.transaction_id, orderId: order.id, amount: '4001.00', currencyIsoCode: 'GBP', processorSettlementResponseCode: '4000', processorSettlementResponseText: 'Settled' };
    const stale = await post(encodeNotification({ kind: 'transaction_authorized', id: fresh('evt'), timestamp: new Date().toISOString(), subject: { transaction: { ...tx, status: 'authorized' } } }, SECRET));
    expect(((await stale.json()) as Body).outcome).toBe('stale');
    const flipped = await post(encodeNotification({ kind: 'transaction_settled', id: fresh('evt'), timestamp: new Date().toISOString(), subject: { transaction: { ...tx, status: 'settled' } } }, SECRET));
    expect(((await flipped.json()) as Body).outcome).toBe('rejected');
    expect(await settlementOf(order.id)).toEqual(['settlement_declined']);
    expect((await processDeclinedSettlements(f.app.deps)).failed).toBe(0);
    expect((await orderOf(paid.orderNumber)).status).toBe('PAYMENT_FAILED');
    expect((await walletBalances(f.db, paid.customer))[0]!.balance).toBe(700);
  });

  it('out of order (declined before authorised): the decline stands and the order fails once, at once after the webhook', async () => {
    immediate.on = true;
    // Settling well after the order is PAID (as in the shop, 1 s): a decline that comes while the
    // order is still PENDING is left to reconciliation and the 30 s job instead.
    f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 1000 });
    try {
      f.sandboxes.braintree.faults.arm({ mode: 'webhook-reorder' });
      const paid = await paidOrder({ quantity: 2 });
      await f.sandboxes.braintree.webhooks.settled();
      expect(f.sandboxes.braintree.webhooks.sent().filter((d) => d.orderId === paid.order.id).map((d) => d.kind)).toEqual(['transaction_settlement_declined', 'transaction_authorized']);
      expect(await settlementOf(paid.order.id)).toEqual(['settlement_declined']);
      await f.app.deps.background.settled();
      const order = await orderOf(paid.orderNumber);
      expect(order.status).toBe('PAYMENT_FAILED');
      expect((await vouchers(order.id)).map((v) => v.status)).toEqual([VOUCHER_CANCELLED, VOUCHER_CANCELLED]);
      expect((await processDeclinedSettlements(f.app.deps)).failed).toBe(0);
    } finally {
      immediate.on = false;
      f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 20 });
    }
  });

  it('a bad signature, and a replayed old signed decline, are 401 and change nothing', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'webhook-bad-signature' });
    const paid = await paidOrder();
    await f.sandboxes.braintree.webhooks.settled();
    const sent = f.sandboxes.braintree.webhooks.sent().filter((d) => d.orderId === paid.order.id);
    expect(sent.map((d) => d.status)).toEqual([401, 401]);
    expect(await settlementOf(paid.order.id)).toEqual([]);

    // A correctly signed decline for this order, sent more than 5 minutes after it was signed.
    const decline = encodeNotification(
      {
        kind: 'transaction_settlement_declined',
        id: fresh('evt'),
        timestamp: new Date().toISOString(),
        subject: { transaction: { id: paid.order.transaction_id, orderId: paid.order.id, status: 'settlement_declined', amount: '4001.00', currencyIsoCode: 'GBP', processorSettlementResponseCode: '4001', processorSettlementResponseText: 'Settlement Declined' } },
      },
      SECRET,
    );
    paymentClock.offsetMs = 6 * 60 * 1000;
    try {
      expect((await post(decline)).status).toBe(401);
    } finally {
      paymentClock.offsetMs = 0;
    }
    expect(await settlementOf(paid.order.id)).toEqual([]);
    expect(await count(sql`select count(*) as n from payment.webhook_event where order_ref = ${paid.order.id}`)).toBe(0);
    expect((await processDeclinedSettlements(f.app.deps)).failed).toBe(0);
    const order = await orderOf(paid.orderNumber);
    expect(order.status).toBe('PAID');
    expect((await vouchers(order.id)).map((v) => v.status)).toEqual(['Ready to Redeem']);
  });

  it('a VVE add-on declined at settlement takes back exactly the months it added, and only those; the parent order and its vouchers stay', async () => {
    const p = await f.product({ remaining: 5, pricePence: 1000 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const email = `${fresh('vve-p6')}@example.co.uk`;
    const paid = (await (await place(token, cardOrder(2000, { email }))).json()) as Body;
    const orderNumber = paid.data.productOrder.id as string;
    const parent = await orderOf(orderNumber);
    const expiries = async () =>
      (await sql<{ code: string; expires_at: Date; extended_months: number; status: string }>`select code, expires_at, extended_months, status from vouchers.voucher where order_id = ${parent.id} order by code`.execute(f.db)).rows.map((v) => ({
        ...v,
        expires_at: new Date(v.expires_at).getTime(),
      }));
    const addon = async (months: number) => {
      const res = await f.request('POST', `/order-addon?accessToken=${paid.data.accessToken}`, {
        body: { orderNumber, addonType: 'VVE', months, expectedCashAmount: 2 * months * 100, payment: { method: 'credit_card', token: 'fake-valid-nonce', savedInstrumentId: null, saveInstrument: false } },
        headers: { 'idempotency-key': fresh('vve-key') },
      });
      const body = (await res.json()) as Body;
      expect(res.status, JSON.stringify(body)).toBe(201);
      const row = (await sql<{ id: string; transaction_id: string; parent_order_id: string }>`select id, transaction_id, parent_order_id from orders.orders where order_number = ${body.data.productOrder.id}`.execute(f.db)).rows[0]!;
      expect(row.parent_order_id).toBe(parent.id);
      return row;
    };
    const original = await expiries();
    const first = await addon(1);
    const afterFirst = await expiries();
    const second = await addon(2);
    const afterSecond = await expiries();
    expect(afterSecond.map((v) => v.extended_months)).toEqual([3, 3]);

    // The first add-on's payment is declined at settlement (as the provider's signed notification reports it).
    expect(await failDeclinedSettlement(f.app.deps, { orderRef: first.id, transactionId: first.transaction_id, processorCode: '4001' })).toBe(true);
    expect(await failDeclinedSettlement(f.app.deps, { orderRef: first.id, transactionId: first.transaction_id, processorCode: '4001' })).toBe(false);
    const now = await expiries();
    now.forEach((v, i) => {
      expect(v.status).toBe('Ready to Redeem');
      expect(v.extended_months).toBe(2);
      // Exactly what the first add-on added is gone; the second's months stay.
      expect(v.expires_at).toBe(afterSecond[i]!.expires_at - (afterFirst[i]!.expires_at - original[i]!.expires_at));
    });
    expect((await orderOf(orderNumber)).status).toBe('PAID');
    expect((await sql<{ status: string }>`select status from orders.orders where id = ${first.id}`.execute(f.db)).rows[0]!.status).toBe('PAYMENT_FAILED');
    expect((await sql<{ data: Record<string, unknown> }>`select data from orders.order_event where order_id = ${first.id} and type = 'settlement_declined'`.execute(f.db)).rows[0]!.data).toMatchObject({ extensionsTakenBack: 2 });
    await f.app.settled();
    await deliverOrderMail(f.app.deps);
    const mail = (await f.outbox(email)).filter((m) => m.kind === PAYMENT_FAILED_MAIL);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('The extension it added has been taken back');
    for (const v of now) expect(mail[0]!.text).toContain(`${v.code} (1 month)`);

    // The second declined too: back to the original expiry; the month allowance is whole again.
    expect(await failDeclinedSettlement(f.app.deps, { orderRef: second.id, transactionId: second.transaction_id, processorCode: '4001' })).toBe(true);
    expect((await expiries()).map((v) => [v.expires_at, v.extended_months])).toEqual(original.map((v) => [v.expires_at, 0]));
    await addon(3);
    expect((await expiries()).map((v) => v.extended_months)).toEqual([3, 3]);
  });

  it('a card sale that settles leaves its order PAID', async () => {
    const customer = fresh('cust-ok');
    const p = await f.product({ remaining: 5, pricePence: 2500 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const res = await place(token, cardOrder(2500, { email: 'ok@example.co.uk' }), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status).toBe(201);
    await f.sandboxes.braintree.webhooks.settled();
    const order = await orderOf(body.data.productOrder.id);
    expect(await settlementOf(order.id)).toEqual(['settled']);
    expect((await processDeclinedSettlements(f.app.deps)).failed).toBe(0);
    expect((await orderOf(body.data.productOrder.id)).status).toBe('PAID');
  });

  it('P7: a capture answered with another amount is held for review: the order stays PENDING through reconciliation, an alert logged', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'amount-mismatch', route: 'sale' });
    const customer = fresh('cust-review');
    const p = await f.product({ remaining: 5, pricePence: 1800 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const res = await place(token, cardOrder(1800, { email: 'review@example.co.uk' }), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(202);
    expect(body.code).toBe('PAYMENT_PENDING');
    const order = await orderOf(body.data.productOrder.id);
    expect(f.logged.some((l) => l.message.includes('ALERT') && l.fields.orderRef === order.id)).toBe(true);
    const report = (await (await f.request('POST', '/checkout/reconcile')).json()) as Body;
    expect(report.stillPending).toBeGreaterThanOrEqual(1);
    expect((await orderOf(body.data.productOrder.id)).status).toBe('PENDING');
    expect(await count(sql`select count(*) as n from vouchers.voucher where order_id = ${order.id}`)).toBe(0);
    expect((await sql`select status from payment.charge where order_ref = ${order.id}`.execute(f.db)).rows).toEqual([{ status: 'review' }]);
  });

  it('P3: a card to save whose answer was lost is saved when reconciliation pays the order', async () => {
    const customer = fresh('cust-save');
    const p = await f.product({ remaining: 5, pricePence: 1700 });
    const token = await f.basket([{ product: p, quantity: 1 }], customer);
    const nonce = f.sandboxes.braintree.tokenizeCard({ number: '5555555555554444', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' });
    if (!('nonce' in nonce)) throw new Error('not tokenised');
    f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
    const res = await place(token, cardOrder(1700, { email: 'save@example.co.uk', payment: { method: 'credit_card', token: nonce.nonce, savedInstrumentId: null, saveInstrument: true } }), `?customerToken=${customer}`);
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(202);
    expect(await f.payments.instruments(customer)).toEqual([]);
    await f.request('POST', '/checkout/reconcile');
    const order = await orderOf(body.data.productOrder.id);
    expect(order.status).toBe('PAID');
    const saved = await f.payments.instruments(customer);
    expect(saved).toEqual([expect.objectContaining({ type: 'card', cardType: 'MasterCard', last4: '4444', default: true })]);
    expect((await sql`select instrument_id from orders.payment where order_id = ${order.id}`.execute(f.db)).rows).toEqual([{ instrument_id: saved[0]!.id }]);
  });

  /** Part D's order invariants with PAYMENT_FAILED: its vouchers cancelled, its payment declined, its units still sold. */
  async function ordersViolations(): Promise<Record<string, unknown[]>> {
    const checks = {
      'vouchers match paid quantities': sql`select ol.id from orders.order_line ol join orders.orders o on o.id = ol.order_id
        where o.status in ('PAID', 'PAYMENT_FAILED') and o.kind = 'order' and ol.addon_type is null and ol.quantity <> (select count(*) from vouchers.voucher v where v.order_line_id = ol.id)`,
      'no redeemable vouchers for unpaid orders': sql`select v.id from vouchers.voucher v join orders.orders o on o.id = v.order_id where o.status <> 'PAID' and v.status = 'Ready to Redeem'`,
      'payment rows follow the order': sql`select p.id from orders.payment p join orders.orders o on o.id = p.order_id
        where not ((o.status = 'PAID' and p.status = 'captured') or (o.status = 'PAYMENT_FAILED' and p.status = 'settlement_declined'))`,
      'a failed order with wallet credit has its reversal': sql`select o.id from orders.orders o where o.status = 'PAYMENT_FAILED' and o.wallet_used > 0
        and not exists (select 1 from wallet.ledger_transaction t where t.kind = 'reversal' and t.ref = o.id::text)`,
      'reversals only for failed orders': sql`select t.ref from wallet.ledger_transaction t where t.kind = 'reversal'
        and not exists (select 1 from orders.orders o where o.id::text = t.ref and o.status = 'PAYMENT_FAILED')`,
      'sold units match paid and payment-failed order lines': sql`select s.product_id from deals.stock_sale s
        where s.quantity <> (select coalesce(sum(ol.quantity), 0) from orders.order_line ol join orders.orders o on o.id = ol.order_id where o.status in ('PAID', 'PAYMENT_FAILED') and ol.addon_type is null and ol.deal_product_id = s.product_id)`,
      'one payment-failed mail per failed order': sql`select o.id from orders.orders o where o.status = 'PAYMENT_FAILED'
        and (select count(*) from orders.mail_outbox m where m.order_id = o.id and m.kind = ${PAYMENT_FAILED_MAIL}) <> 1`,
      'never oversold': sql`select id from deals.product where remaining < 0`,
    };
    const out: Record<string, unknown[]> = {};
    for (const [name, query] of Object.entries(checks)) {
      const rows = (await query.execute(f.db)).rows;
      if (rows.length) out[name] = rows;
    }
    return out;
  }
});
