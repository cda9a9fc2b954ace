/**
 * Issue 16.5 (reliability M7): partial refunds of a capture, one voucher at a time, over real
 * HTTP to the three sandboxes, on PGlite and PostgreSQL:
 * - per provider: two partial refunds, then an over-refund refused by us (and by the provider
 *   when asked directly); a key's answer replayed; the key with another amount an error; a lost
 *   answer (the provider applied it) unknown, then the retry with the key finds it (ONE refund);
 *   concurrent refunds whose sum exceeds the capture: exactly the ones that fit are refunded;
 * - Braintree: a sale not settled yet is REFUND_NOT_SETTLED, refunded with the same key once
 *   settled; its refund API as Braintree's (rest when no amount, 91521, 91512, 91505, 81531);
 *   reverse (whole capture) still works and finds a refund whose answer was lost;
 * - the sandboxes keep their refunds across a restart (payment_sandbox.record).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import type { PaymentMethod, RefundRequest } from './contract.ts';
import { migratePayment } from './db/database.ts';
import { InvalidRefundError } from './payments.ts';
import type { ClearpayProvider } from './providers/clearpay.ts';
import type { KlarnaProvider } from './providers/klarna.ts';
import { decimalToPence } from './sandbox/common.ts';
import { createSandboxes } from './sandbox/index.ts';
import { migrateSandboxes } from './sandbox/store.ts';
import { chargeRequest, MERCHANT_KEY, paymentsFixture, type PaymentsFixture } from './test/harness.ts';

type ProviderName = 'braintree' | 'klarna' | 'clearpay';
const METHOD: Record<ProviderName, PaymentMethod> = { braintree: 'credit_card', klarna: 'klarna', clearpay: 'clearpay' };
const AUTH = { authorization: `Bearer ${MERCHANT_KEY}`, 'content-type': 'application/json' };
type Capture = { orderRef: string; transactionId: string };

let counter = 0;
const newKey = (label = 'rf') => `${label}-${Date.now().toString(36)}-${process.pid}-${++counter}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Braintree settles every sale `ms` after it (no webhook sent for an ordinary sale). */
const settleAfter = (f: PaymentsFixture, ms: number) =>
  f.sandboxes.braintree.webhooks.configure({ url: 'http://127.0.0.1:9/unused', secret: 'unused', settleAfterMs: ms, notifyAuthorized: false, notifySettled: false });

async function refundFixture(open: Parameters<typeof paymentsFixture>[0]): Promise<PaymentsFixture> {
  const f = await paymentsFixture(open);
  settleAfter(f, 20);
  return f;
}

/** Polls until `done` (at most 5 s). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5_000) throw new Error('timed out waiting');
    await sleep(10);
  }
}
const braintreeStatus = (f: PaymentsFixture, id: string) => f.sandboxes.braintree.transactions().find((t) => t.id === id)?.status;

/** A captured charge of `amount` pence by the provider's method (Braintree: settled unless `settled: false`). */
async function capture(f: PaymentsFixture, provider: ProviderName, amount: number, options: { settled?: boolean } = {}): Promise<Capture> {
  const req = chargeRequest({ amount, method: METHOD[provider] });
  let token = req.token;
  if (provider === 'klarna') {
    const session = await f.payments.provider<KlarnaProvider>('klarna')!.createSession({ amount, currency: 'GBP', orderRef: req.orderRef });
    const approval = f.sandboxes.klarna.approve(session!.sessionId, 'customer@email.co.uk', '123456');
    if (!('authorization_token' in approval)) throw new Error('klarna approval failed');
    token = approval.authorization_token;
  }
  if (provider === 'clearpay') {
    const checkout = await f.payments.provider<ClearpayProvider>('clearpay')!.createCheckout({ amount, currency: 'GBP', orderRef: req.orderRef, email: 'shopper@example.co.uk' });
    if (!checkout || checkout === 'amount') throw new Error('clearpay checkout failed');
    expect(f.sandboxes.clearpay.confirm(checkout.token, 'shopper@example.co.uk')).toEqual({ status: 'SUCCESS' });
    token = checkout.token;
  }
  const charged = await f.payments.charge({ ...req, token });
  if (charged.status !== 'succeeded') throw new Error(`charge ${charged.status}`);
  if (provider === 'braintree' && options.settled !== false) await until(() => braintreeStatus(f, charged.transactionId) === 'settled');
  return { orderRef: req.orderRef, transactionId: charged.transactionId };
}

const refundOf = (c: Capture, amount: number, idempotencyKey = newKey()): RefundRequest => ({
  transactionId: c.transactionId,
  orderRef: c.orderRef,
  amount,
  currency: 'GBP',
  idempotencyKey,
  reason: 'ON_DEMAND_REFUND voucher test',
});

/** The refunds the provider's own ledger holds for the capture: [id, pence]. */
function providerRefunds(f: PaymentsFixture, provider: ProviderName, transactionId: string): Array<[string, number]> {
  if (provider === 'braintree') return f.sandboxes.braintree.refunds(transactionId).map((t) => [t.id, t.amountPence]);
  if (provider === 'klarna') return f.sandboxes.klarna.refunds(transactionId).map((r) => [r.refund_id, r.refunded_amount]);
  return f.sandboxes.clearpay.refunds(transactionId).map((r) => [r.refundId, decimalToPence(r.amount.amount)!]);
}

/** Asks the sandbox itself for a refund of `pence`, as a merchant's own call would. */
function askSandbox(f: PaymentsFixture, provider: ProviderName, transactionId: string, pence: number): Promise<Response> {
  const decimal = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
  const at = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${f.sandboxes.origin}${path}`, { method: 'POST', headers: { ...AUTH, ...headers }, body: JSON.stringify(body) });
  if (provider === 'braintree') return at(`/sandbox/braintree/transactions/${transactionId}/refund`, { amount: decimal });
  if (provider === 'klarna') return at(`/sandbox/klarna/ordermanagement/v1/orders/${transactionId}/refunds`, { refunded_amount: pence }, { 'klarna-idempotency-key': newKey('direct') });
  const key = newKey('direct');
  return at(`/sandbox/clearpay/v2/payments/${transactionId}/refund`, { requestId: key, amount: { amount: decimal, currency: 'GBP' }, merchantReference: key });
}

/** The provider's own refusal of an over-refund, as its API words it. */
const OVER_REFUND: Record<ProviderName, { status: number; body: Record<string, unknown> }> = {
  braintree: { status: 422, body: { success: false, errors: [{ code: '91521', attribute: 'amount', message: 'Refund amount is too large.' }] } },
  klarna: { status: 403, body: { error_code: 'REFUND_NOT_ALLOWED' } },
  clearpay: { status: 422, body: { errorCode: 'invalid_amount', message: 'The amount requested exceeded the amount available.', httpStatusCode: 422 } },
};

const rowOf = async (f: PaymentsFixture, key: string) =>
  (await sql<{ state: string; code: string | null; reference: string | null; amount: string }>`select state, code, reference, amount::text from payment.refund where idempotency_key = ${key}`.execute(f.database.db)).rows[0];

describe.each(testDatabases())('refunds on %s', (_db, open) => {
  const f = suiteFixture(() => refundFixture(open), async (fixture) => {
    fixture.sandboxes.braintree.webhooks.stop();
    await fixture.close();
  });

  describe.each(['braintree', 'klarna', 'clearpay'] as const)('%s', (provider) => {
    const method = METHOD[provider];

    it('two partial refunds, then an over-refund refused by us and by the provider; the rest exactly', async () => {
      const c = await capture(f, provider, 3000);
      const first = await f.payments.refund(method, refundOf(c, 1000));
      const second = await f.payments.refund(method, refundOf(c, 1200));
      expect(first).toEqual({ status: 'refunded', reference: expect.any(String) });
      expect(second).toEqual({ status: 'refunded', reference: expect.any(String) });
      expect(providerRefunds(f, provider, c.transactionId)).toEqual([
        [(first as { reference: string }).reference, 1000],
        [(second as { reference: string }).reference, 1200],
      ]);

      // £8.00 left: £9.00 is refused by our own check, before the provider is asked.
      const over = refundOf(c, 900);
      expect(await f.payments.refund(method, over)).toEqual({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE', message: 'Refunds of this payment would exceed what it captured (£8.00 of £30.00 left).' });
      expect(await rowOf(f, over.idempotencyKey)).toMatchObject({ state: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(2);

      // The provider refuses it too: asked directly, and through the adapter.
      const direct = await askSandbox(f, provider, c.transactionId, 900);
      expect(direct.status).toBe(OVER_REFUND[provider].status);
      expect(await direct.json()).toMatchObject(OVER_REFUND[provider].body);
      const adapter = f.payments.provider(provider)!;
      expect(await adapter.refund!(refundOf(c, 900))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(2);

      expect(await f.payments.refund(method, refundOf(c, 800))).toEqual({ status: 'refunded', reference: expect.any(String) });
      expect(providerRefunds(f, provider, c.transactionId).reduce((sum, [, pence]) => sum + pence, 0)).toBe(3000);
      expect(await f.payments.refund(method, refundOf(c, 1))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
    });

    it('a key answers its first answer again; the key with another amount (or capture) is an error', async () => {
      const c = await capture(f, provider, 2000);
      const req = refundOf(c, 500);
      const first = await f.payments.refund(method, req);
      expect(first.status).toBe('refunded');
      expect(await f.payments.refund(method, req)).toEqual(first);
      expect(await f.payments.refund(method, { ...req, reason: 'asked again' })).toEqual(first);
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(1);
      await expect(f.payments.refund(method, { ...req, amount: 600 })).rejects.toThrow(InvalidRefundError);
      await expect(f.payments.refund(method, { ...req, transactionId: 'another-capture' })).rejects.toThrow('Idempotency key reused for another refund');
      // A refusal is a final answer too.
      const over = refundOf(c, 1600);
      const refused = await f.payments.refund(method, over);
      expect(refused).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
      expect(await f.payments.refund(method, over)).toEqual(refused);
      expect(await rowOf(f, req.idempotencyKey)).toMatchObject({ state: 'refunded', reference: (first as { reference: string }).reference, amount: '500' });
    });

    it.each(['drop-after-commit', 'reset-before-commit'] as const)('%s: unknown, then the retry with the key gives ONE refund', async (mode) => {
      const c = await capture(f, provider, 2500);
      const req = refundOf(c, 700);
      f.sandboxes[provider].faults.arm({ mode, route: 'refund' });
      expect(await f.payments.refund(method, req)).toEqual({ status: 'unknown' });
      expect(await rowOf(f, req.idempotencyKey)).toMatchObject({ state: 'unknown', code: null, reference: null });
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(mode === 'drop-after-commit' ? 1 : 0);
      // The unknown refund keeps its amount: nothing beyond the rest goes out meanwhile.
      expect(await f.payments.refund(method, refundOf(c, 1801))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
      // At once: still unknown, the provider not asked (a late request may still be at work there).
      expect(await f.payments.refund(method, req)).toEqual({ status: 'unknown' });
      await sleep(550);
      const retried = await f.payments.refund(method, req);
      expect(retried).toEqual({ status: 'refunded', reference: expect.any(String) });
      expect(providerRefunds(f, provider, c.transactionId)).toEqual([[(retried as { reference: string }).reference, 700]]);
      expect(await f.payments.refund(method, req)).toEqual(retried);
      expect(await rowOf(f, req.idempotencyKey)).toMatchObject({ state: 'refunded', reference: (retried as { reference: string }).reference });
    });

    it('concurrent refunds whose sum exceeds the capture: exactly the ones that fit go to the provider', async () => {
      const c = await capture(f, provider, 3000);
      const two = await Promise.all([f.payments.refund(method, refundOf(c, 2000)), f.payments.refund(method, refundOf(c, 2000))]);
      expect(two.filter((r) => r.status === 'refunded')).toHaveLength(1);
      // Refused by our own check: the provider was never asked for it.
      const ours = /^Refunds of this payment would exceed what it captured/;
      expect(two.filter((r) => r.status === 'refused' && r.code === 'REFUND_EXCEEDS_CAPTURE' && ours.test(r.message))).toHaveLength(1);
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(1);

      // £10.00 left: eight refunds of £1.00 at once all fit; then of twelve more at once, exactly two.
      const eight = await Promise.all(Array.from({ length: 8 }, () => f.payments.refund(method, refundOf(c, 100))));
      expect(eight.every((r) => r.status === 'refunded')).toBe(true);
      const twelve = await Promise.all(Array.from({ length: 12 }, () => f.payments.refund(method, refundOf(c, 100))));
      expect(twelve.filter((r) => r.status === 'refunded')).toHaveLength(2);
      expect(twelve.filter((r) => r.status === 'refused' && ours.test(r.message))).toHaveLength(10);
      const ledger = providerRefunds(f, provider, c.transactionId);
      expect(ledger).toHaveLength(11);
      expect(ledger.reduce((sum, [, pence]) => sum + pence, 0)).toBe(3000);
      const total = await sql<{ total: string }>`select sum(amount)::text as total from payment.refund where transaction_id = ${c.transactionId} and state = 'refunded'`.execute(f.database.db);
      expect(total.rows[0]!.total).toBe('3000');
    });

    it('the same key twice at once: one refund at the provider', async () => {
      const c = await capture(f, provider, 1500);
      const req = refundOf(c, 400);
      const both = await Promise.all([f.payments.refund(method, req), f.payments.refund(method, req)]);
      expect(both.some((r) => r.status === 'refunded')).toBe(true);
      for (const r of both) expect(['refunded', 'unknown']).toContain(r.status);
      expect(providerRefunds(f, provider, c.transactionId)).toHaveLength(1);
      expect(await f.payments.refund(method, req)).toEqual(both.find((r) => r.status === 'refunded'));
    });
  });

  it('refuses without asking a provider: no such capture (the key stays free), a voided capture, invalid requests', async () => {
    const c = await capture(f, 'braintree', 1000);
    const stranger = refundOf({ ...c, transactionId: 'no-such-capture' }, 100);
    expect(await f.payments.refund('credit_card', stranger)).toMatchObject({ status: 'refused', code: 'REFUND_REFUSED' });
    expect(await rowOf(f, stranger.idempotencyKey)).toBeUndefined();
    // Another order's capture is not this order's.
    expect(await f.payments.refund('credit_card', refundOf({ ...c, orderRef: 'another-order' }, 100))).toMatchObject({ status: 'refused', code: 'REFUND_REFUSED' });
    // The wrong provider's method: its provider has no such capture.
    expect(await f.payments.refund('klarna', refundOf(c, 100))).toMatchObject({ status: 'refused', code: 'REFUND_REFUSED' });

    const invalid: Array<[string, Partial<RefundRequest>]> = [
      ['amount', { amount: 0 }],
      ['amount', { amount: 12.5 }],
      ['amount', { amount: -100 }],
      ['idempotencyKey', { idempotencyKey: 'k'.repeat(65) }],
      ['idempotencyKey', { idempotencyKey: 'with space' }],
      ['idempotencyKey', { idempotencyKey: '' }],
      ['currency', { currency: 'EUR' as 'GBP' }],
      ['reason', { reason: '' }],
    ];
    for (const [field, change] of invalid) {
      await expect(f.payments.refund('credit_card', { ...refundOf(c, 100), ...change }), field).rejects.toThrow(new RegExp(`Invalid refund request: .*${field}`));
    }
    await expect(f.payments.refund('cash' as PaymentMethod, refundOf(c, 100))).rejects.toThrow(/method/);
    expect(await f.payments.refund('credit_card', refundOf(c, 1000, 'k'.repeat(64)))).toMatchObject({ status: 'refunded' });

    // A capture voided before settlement (reverse) has nothing left to refund.
    settleAfter(f, 60_000);
    const unsettled = await capture(f, 'braintree', 1000, { settled: false });
    settleAfter(f, 20);
    expect(await f.payments.reverse('credit_card', unsettled.orderRef, unsettled.transactionId, 'test')).toMatchObject({ status: 'reversed', kind: 'void' });
    expect(await f.payments.refund('credit_card', refundOf(unsettled, 100))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
    expect(f.sandboxes.braintree.refunds(unsettled.transactionId)).toHaveLength(0);
  });

  describe('Braintree', () => {
    it('a sale not settled yet: REFUND_NOT_SETTLED (its amount not kept), then refunded with the same key once settled', async () => {
      settleAfter(f, 400);
      const c = await capture(f, 'braintree', 2000, { settled: false });
      settleAfter(f, 20);
      const req = refundOf(c, 1500);
      expect(await f.payments.refund('credit_card', req)).toEqual({ status: 'refused', code: 'REFUND_NOT_SETTLED', message: 'Cannot refund a transaction unless it is settled.' });
      expect(await rowOf(f, req.idempotencyKey)).toMatchObject({ state: 'refused', code: 'REFUND_NOT_SETTLED' });
      // Not final: asked again (still not settled), and it holds back nothing of the capture.
      expect(await f.payments.refund('credit_card', req)).toMatchObject({ code: 'REFUND_NOT_SETTLED' });
      await until(() => braintreeStatus(f, c.transactionId) === 'settled');
      const done = await f.payments.refund('credit_card', req);
      expect(done).toEqual({ status: 'refunded', reference: expect.any(String) });
      expect(await rowOf(f, req.idempotencyKey)).toMatchObject({ state: 'refunded', code: null });
      expect(f.sandboxes.braintree.refunds(c.transactionId).map((t) => [t.id, t.amount, t.orderId, t.type])).toEqual([[(done as { reference: string }).reference, '15.00', req.idempotencyKey, 'credit']]);
      expect(await f.payments.refund('credit_card', refundOf(c, 501))).toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURE' });
    });

    it("the sandbox's refund API: the rest without an amount, then 91512; 81531, 81503, 91505; void stays whole; the sale lists its refunds", async () => {
      const c = await capture(f, 'braintree', 1000);
      const post = (path: string, body: unknown) => fetch(`${f.sandboxes.origin}/sandbox/braintree${path}`, { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
      const codeOf = async (res: Response) => ((await res.json()) as { errors: Array<{ code: string }> }).errors[0]!.code;
      expect(await codeOf(await post(`/transactions/${c.transactionId}/refund`, { amount: '0.00' }))).toBe('81531');
      expect(await codeOf(await post(`/transactions/${c.transactionId}/refund`, { amount: '2,50' }))).toBe('81503');
      const part = (await (await post(`/transactions/${c.transactionId}/refund`, { amount: '2.50' })).json()) as { transaction: { id: string; amount: string; orderId: string } };
      expect(part.transaction).toMatchObject({ amount: '2.50', orderId: c.orderRef });
      const rest = (await (await post(`/transactions/${c.transactionId}/refund`, {})).json()) as { success: boolean; transaction: { id: string; amount: string; type: string; refundedTransactionId: string } };
      expect(rest).toMatchObject({ success: true, transaction: { amount: '7.50', type: 'credit', refundedTransactionId: c.transactionId } });
      const again = await post(`/transactions/${c.transactionId}/refund`, {});
      expect(again.status).toBe(422);
      expect(await codeOf(again)).toBe('91512');
      expect(await codeOf(await post(`/transactions/${rest.transaction.id}/refund`, {}))).toBe('91505');
      expect(await codeOf(await post(`/transactions/${c.transactionId}/void`, {}))).toBe('91504');
      const found = (await (await fetch(`${f.sandboxes.origin}/sandbox/braintree/transactions/${c.transactionId}`, { headers: AUTH })).json()) as { transaction: { refundIds: string[]; status: string } };
      expect(found.transaction).toMatchObject({ status: 'settled', refundIds: [part.transaction.id, rest.transaction.id] });
      expect(f.sandboxes.braintree.reversals(c.orderRef).map((t) => t.id)).toEqual([c.transactionId]);
      // Our record knows nothing of these (made behind our back): the provider still refuses more.
      expect(await f.payments.refund('credit_card', refundOf(c, 100))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE', message: 'Transaction has already been fully refunded.' });
    });

    it('reverse refunds what is left of a settled capture; a lost answer is found by the retry, one credit', async () => {
      const c = await capture(f, 'braintree', 1200);
      expect(await f.payments.refund('credit_card', refundOf(c, 200))).toMatchObject({ status: 'refunded' });
      f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'refund' });
      expect(await f.payments.reverse('credit_card', c.orderRef, c.transactionId, 'settlement declined test')).toEqual({ status: 'unknown' });
      const reversed = await f.payments.reverse('credit_card', c.orderRef, c.transactionId, 'settlement declined test');
      expect(reversed).toEqual({ status: 'reversed', kind: 'refund', reference: expect.any(String) });
      expect(f.sandboxes.braintree.refunds(c.transactionId).map((t) => [t.amount, t.orderId])).toEqual([
        ['2.00', expect.any(String)],
        ['10.00', `reversal-${c.transactionId}`],
      ]);
      expect(await f.payments.reverse('credit_card', c.orderRef, c.transactionId, 'again')).toEqual(reversed);
      const recorded = await sql<{ kind: string; amount: string }>`select kind, amount::text from payment.reversal where transaction_id = ${c.transactionId}`.execute(f.database.db);
      expect(recorded.rows).toEqual([{ kind: 'refund', amount: '1000' }]);
      expect(await f.payments.refund('credit_card', refundOf(c, 100))).toMatchObject({ status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE' });
    });
  });
});

describe.each(testDatabases())('the sandboxes keep their refunds across a restart (%s)', (_db, open) => {
  it('a restarted sandbox has each refund, replays a key without a second one, and still refuses more than is left', async () => {
    const database = await open();
    try {
      await migratePayment(database.db);
      await migrateSandboxes(database.db);
      let sandboxes = createSandboxes({ db: database.db, merchantKey: MERCHANT_KEY });
      const call = (provider: ProviderName, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        sandboxes[provider].app.request(path, { method: body === undefined ? 'GET' : 'POST', headers: { ...AUTH, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const json = async (res: Response | Promise<Response>) => (await (await res).json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- provider answers

      // Braintree: a settled sale, a partial refund.
      const sale = await json(call('braintree', '/transactions', { amount: '20.00', orderId: 'restart-bt', paymentMethodNonce: 'fake-valid-nonce' }, { 'idempotency-key': 'restart-bt' }));
      const saleId = sale.transaction.id as string;
      expect(sandboxes.braintree.settle(saleId)).toMatchObject({ status: 'settled' });
      const btRefund = await json(call('braintree', `/transactions/${saleId}/refund`, { amount: '15.00', orderId: 'restart-bt-refund' }));
      // Klarna: an order captured at once, a refund with a key.
      const session = await json(call('klarna', '/payments/v1/sessions', { order_amount: 2000, purchase_currency: 'GBP', merchant_reference1: 'restart-kn' }));
      const approval = sandboxes.klarna.approve(session.session_id as string, 'customer@email.co.uk', '123456') as { authorization_token: string };
      const order = await json(call('klarna', `/payments/v1/authorizations/${approval.authorization_token}/order`, { order_amount: 2000, purchase_currency: 'GBP', merchant_reference1: 'restart-kn', auto_capture: true }, { 'klarna-idempotency-key': 'restart-kn' }));
      const orderId = order.order_id as string;
      const knRefund = await call('klarna', `/ordermanagement/v1/orders/${orderId}/refunds`, { refunded_amount: 1500 }, { 'klarna-idempotency-key': 'restart-kn-refund' });
      expect(knRefund.status).toBe(201);
      const knRefundId = knRefund.headers.get('refund-id');
      expect(knRefund.headers.get('location')).toMatch(new RegExp(`/ordermanagement/v1/orders/${orderId}/refunds/${knRefundId}$`));
      // Clearpay: an approved payment, a refund with requestId and merchantReference.
      const checkout = await json(call('clearpay', '/v2/checkouts', { amount: { amount: '20.00', currency: 'GBP' }, merchantReference: 'restart-cp', consumer: { email: 'shopper@example.co.uk' } }));
      sandboxes.clearpay.confirm(checkout.token as string, 'shopper@example.co.uk');
      const payment = await json(call('clearpay', '/v2/payments/capture', { token: checkout.token, merchantReference: 'restart-cp' }, { 'idempotency-key': 'restart-cp' }));
      const cpBody = { requestId: 'restart-cp-refund', amount: { amount: '15.00', currency: 'GBP' }, merchantReference: 'restart-cp-refund' };
      const cpRefund = await json(call('clearpay', `/v2/payments/${payment.id}/refund`, cpBody));
      expect(cpRefund).toMatchObject({ refundId: expect.any(String), amount: { amount: '15.00', currency: 'GBP' }, requestId: 'restart-cp-refund' });

      sandboxes = createSandboxes({ db: database.db, merchantKey: MERCHANT_KEY }); // the restart
      await Promise.all([sandboxes.braintree.ready, sandboxes.klarna.ready, sandboxes.clearpay.ready]);

      expect(sandboxes.braintree.refunds(saleId).map((t) => [t.id, t.amount])).toEqual([[btRefund.transaction.id, '15.00']]);
      const search = await json(call('braintree', '/transactions?orderId=restart-bt-refund'));
      expect(search.transactions.map((t: { id: string; refundedTransactionId: string }) => [t.id, t.refundedTransactionId])).toEqual([[btRefund.transaction.id, saleId]]);
      expect((await json(call('braintree', `/transactions/${saleId}/refund`, { amount: '5.01' }))).errors[0].code).toBe('91521');

      expect(sandboxes.klarna.refunds(orderId).map((r) => r.refund_id)).toEqual([knRefundId]);
      // The same key (whatever the body: only the key matters) answers the first refund again.
      const replay = await call('klarna', `/ordermanagement/v1/orders/${orderId}/refunds`, { refunded_amount: 100 }, { 'klarna-idempotency-key': 'restart-kn-refund' });
      expect([replay.status, replay.headers.get('refund-id')]).toEqual([201, knRefundId]);
      expect(await json(call('klarna', `/ordermanagement/v1/orders/${orderId}`))).toMatchObject({ status: 'CAPTURED', captured_amount: 2000, refunded_amount: 1500, refunds: [{ refund_id: knRefundId, refunded_amount: 1500 }] });
      expect(await json(call('klarna', `/ordermanagement/v1/orders/${orderId}/refunds`, { refunded_amount: 501 }, { 'klarna-idempotency-key': 'restart-kn-more' }))).toMatchObject({ error_code: 'REFUND_NOT_ALLOWED' });

      expect(await json(call('clearpay', `/v2/payments/${payment.id}/refund`, cpBody))).toEqual(cpRefund);
      expect(sandboxes.clearpay.refunds(payment.id as string).map((r) => r.refundId)).toEqual([cpRefund.refundId]);
      expect((await json(call('clearpay', `/v2/payments/${payment.id}`))).refunds).toEqual([cpRefund]);
      expect(await json(call('clearpay', `/v2/payments/${payment.id}/refund`, { ...cpBody, requestId: 'restart-cp-more', merchantReference: 'restart-cp-more', amount: { amount: '5.01', currency: 'GBP' } }))).toMatchObject({ errorCode: 'invalid_amount' });
    } finally {
      await database.close();
    }
  });
});
