/**
 * P7: malformed or hostile provider answers, from the Braintree sandbox over real HTTP. Invalid
 * JSON, a missing status, an unknown status string, a 10 MB body and a body that stalls past the
 * deadline are all `unknown` (never a success, never a decline: the money may have moved); the
 * 10 MB body is cut at the size limit with RSS growth under 50 MB. An amount or currency other
 * than the one asked for is held for review with an alert logged, and stays held through retries
 * and lookups.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import type { FaultMode } from './sandbox/common.ts';
import { callProvider } from './providers/http.ts';
import { chargeRequest, MERCHANT_KEY, paymentsFixture, type PaymentsFixture } from './test/harness.ts';

describe.each(testDatabases())('hostile provider answers on %s', (_name, open) => {
  let f: PaymentsFixture;
  beforeAll(async () => {
    f = await paymentsFixture(open); // deadline 500 ms
  });
  afterAll(async () => {
    await f?.close();
  });

  // Each test its own createPayments: these unknowns would otherwise open the shared circuit breaker (P5).
  let payments: PaymentsFixture['payments'];
  beforeEach(() => {
    payments = f.make();
  });
  const statusOf = async (key: string) => (await sql<{ status: string }>`select status from payment.charge where idempotency_key = ${key}`.execute(f.database.db)).rows[0]?.status;

  it.each<[string, FaultMode]>([
    ['invalid JSON', 'malformed-json'],
    ['a transaction without a status', 'missing-status'],
    ['an unknown status string', 'unknown-status'],
  ])('%s is unknown, never a success', async (_label, mode) => {
    f.sandboxes.braintree.faults.arm({ mode, route: 'sale' });
    const req = chargeRequest();
    expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
    expect(await statusOf(req.idempotencyKey)).toBe('unknown');
    // The provider's search answering the same way is unknown too.
    f.sandboxes.braintree.faults.arm({ mode, route: 'search' });
    expect(await payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'unknown', provider: 'braintree' });
    // Asked again without the fault: the one capture.
    expect(await payments.lookup('credit_card', req.orderRef)).toMatchObject({ status: 'succeeded' });
    expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
  });

  it('a 10 MB body is cut at the size limit: unknown, no crash, RSS growth under 50 MB', async () => {
    const huge = async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'huge-body', route: 'sale' });
      return payments.charge(chargeRequest());
    };
    expect(await huge()).toEqual({ status: 'unknown', provider: 'braintree' }); // warm-up
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 3; i++) expect(await huge()).toEqual({ status: 'unknown', provider: 'braintree' });
    const grown = process.memoryUsage().rss - before;
    expect(grown).toBeLessThan(50 * 1024 * 1024);
    // Why: the client stopped reading at its limit.
    const raw = await callProvider({
      method: 'POST',
      url: `${f.sandboxes.origin}/sandbox/braintree/transactions`,
      headers: { authorization: `Bearer ${MERCHANT_KEY}`, 'x-sandbox-fault': 'huge-body', 'idempotency-key': `huge-${Date.now()}` },
      body: { amount: '10.00', orderId: `huge-${Date.now()}`, paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } },
    });
    expect(raw).toEqual({ kind: 'unknown', reason: 'too-large' });
  });

  it('headers then a stall past the deadline is unknown at the deadline', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'slow-body', route: 'sale', delayMs: 60_000 });
    const req = chargeRequest();
    const started = Date.now();
    expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(2000);
    const raw = await callProvider({
      method: 'GET',
      url: `${f.sandboxes.origin}/sandbox/braintree/transactions?orderId=${encodeURIComponent(req.orderRef)}`,
      headers: { authorization: `Bearer ${MERCHANT_KEY}`, 'x-sandbox-fault': 'slow-body=60000' },
      signal: AbortSignal.timeout(300),
    });
    expect(raw).toEqual({ kind: 'unknown', reason: 'timeout' });
  });

  it.each<[string, FaultMode]>([
    ['an amount we did not ask for', 'amount-mismatch'],
    ['a currency we did not ask for', 'currency-mismatch'],
  ])('%s is held for review with an alert, through retries and lookups', async (_label, mode) => {
    f.sandboxes.braintree.faults.arm({ mode, route: 'sale' });
    const req = chargeRequest({ amount: 2_345 });
    const alertsBefore = f.logged.filter((l) => l.message.includes('ALERT')).length;
    expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree', review: true });
    expect(await statusOf(req.idempotencyKey)).toBe('review');
    const alert = f.logged.filter((l) => l.message.includes('ALERT')).slice(alertsBefore);
    expect(alert).toHaveLength(1);
    expect(alert[0]!.fields).toMatchObject({ orderRef: req.orderRef, expected: '23.45 GBP' });
    // Neither a retry with the key nor a lookup (even one that would read fine now) settles it.
    expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree', review: true });
    expect(await payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'unknown', provider: 'braintree', review: true });
    expect(await statusOf(req.idempotencyKey)).toBe('review');
  });

  describe('Klarna and Clearpay', () => {
    const auth = { authorization: `Bearer ${MERCHANT_KEY}`, 'content-type': 'application/json' };
    /** A Klarna authorization token approved for `amount`. */
    async function klarnaToken(amount: number): Promise<string> {
      const res = await fetch(`${f.sandboxes.origin}/sandbox/klarna/payments/v1/sessions`, { method: 'POST', headers: auth, body: JSON.stringify({ purchase_country: 'GB', purchase_currency: 'GBP', locale: 'en-GB', order_amount: amount }) });
      const approved = f.sandboxes.klarna.approve(((await res.json()) as { session_id: string }).session_id, 'customer@email.co.uk', '123456');
      if (!('authorization_token' in approved)) throw new Error('not approved');
      return approved.authorization_token;
    }
    /** A confirmed Clearpay checkout token for `amount`. */
    async function clearpayToken(amount: number, orderRef: string): Promise<string> {
      const res = await fetch(`${f.sandboxes.origin}/sandbox/clearpay/v2/checkouts`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: { amount: (amount / 100).toFixed(2), currency: 'GBP' }, merchantReference: orderRef, consumer: { email: 'shopper@example.co.uk' } }) });
      const { token } = (await res.json()) as { token: string };
      expect(f.sandboxes.clearpay.confirm(token, 'shopper@example.co.uk')).toEqual({ status: 'SUCCESS' });
      return token;
    }

    it.each<[FaultMode, boolean]>([
      ['missing-status', false],
      ['unknown-status', false],
      ['malformed-json', false],
      ['amount-mismatch', true],
    ])('Klarna order answer with %s is unknown (review: %s), never a success', async (mode, review) => {
      const req = chargeRequest({ method: 'klarna', amount: 4_999, token: await klarnaToken(4_999) });
      f.sandboxes.klarna.faults.arm({ mode, route: 'order' });
      expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'klarna', ...(review ? { review: true } : {}) });
      expect(await statusOf(req.idempotencyKey)).toBe(review ? 'review' : 'unknown');
    });

    it.each<[FaultMode, boolean]>([
      ['missing-status', false],
      ['unknown-status', false],
      ['amount-mismatch', true],
      ['currency-mismatch', true],
    ])('Clearpay capture answer with %s is unknown (review: %s), never a success', async (mode, review) => {
      const orderRef = `cp-${Date.now()}-${mode}`;
      const req = chargeRequest({ method: 'clearpay', amount: 2_500, orderRef, token: await clearpayToken(2_500, orderRef) });
      f.sandboxes.clearpay.faults.arm({ mode, route: 'capture' });
      expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'clearpay', ...(review ? { review: true } : {}) });
      expect(await statusOf(req.idempotencyKey)).toBe(review ? 'review' : 'unknown');
    });

    it('a Klarna or Clearpay lookup answering another amount puts the charge on review', async () => {
      const kn = chargeRequest({ method: 'klarna', amount: 3_000, token: await klarnaToken(3_000) });
      f.sandboxes.klarna.faults.arm({ mode: 'drop-after-commit', route: 'order' });
      expect(await payments.charge(kn)).toEqual({ status: 'unknown', provider: 'klarna' });
      f.sandboxes.klarna.faults.arm({ mode: 'amount-mismatch', route: 'search' });
      expect(await payments.lookup('klarna', kn.orderRef)).toEqual({ status: 'unknown', provider: 'klarna', review: true });
      const cpRef = `cp-${Date.now()}-lookup`;
      const cp = chargeRequest({ method: 'clearpay', amount: 2_000, orderRef: cpRef, token: await clearpayToken(2_000, cpRef) });
      f.sandboxes.clearpay.faults.arm({ mode: 'drop-after-commit', route: 'capture' });
      expect(await payments.charge(cp)).toEqual({ status: 'unknown', provider: 'clearpay' });
      f.sandboxes.clearpay.faults.arm({ mode: 'currency-mismatch', route: 'search' });
      expect(await payments.lookup('clearpay', cp.orderRef)).toEqual({ status: 'unknown', provider: 'clearpay', review: true });
      expect(f.logged.filter((l) => l.message.includes('ALERT') && [kn.orderRef, cp.orderRef].includes(l.fields.orderRef as string))).toHaveLength(2);
    });
  });

  it('a lookup answering another amount than the charge asked for puts the charge on review', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
    const req = chargeRequest({ amount: 1_111 });
    expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
    f.sandboxes.braintree.faults.arm({ mode: 'amount-mismatch', route: 'search' });
    expect(await payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'unknown', provider: 'braintree', review: true });
    expect(await statusOf(req.idempotencyKey)).toBe('review');
    expect(await payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'unknown', provider: 'braintree', review: true });
  });
});
