/**
 * The Braintree adapter against the Braintree sandbox over real HTTP (reliability P1–P5):
 * every amount band and nonce with its exact spec §8 words and code, unknown outcomes on
 * timeouts and lost answers with lookup finding the single capture, one capture per key, and
 * the circuit breaker.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import type { ChargeResult } from './contract.ts';
import { braintreeProvider } from './providers/braintree.ts';
import { chargeRequest, MERCHANT_KEY, paymentsFixture, type PaymentsFixture } from './test/harness.ts';

const AUTH = { authorization: `Bearer ${MERCHANT_KEY}` };

type Expected = { status: 'succeeded' } | { status: 'declined'; code: string; message: string; retryable: boolean; processorCode?: string | null };
const ok: Expected = { status: 'succeeded' };
const dec = (code: string, message: string, retryable: boolean, processorCode: string | null = null): Expected => ({ status: 'declined', code, message, retryable, processorCode });
const M = BUYING_MESSAGES;

// D1 amount bands (pence) with a valid card nonce; PayPal where it differs.
const AMOUNT_CASES: Array<[string, number, 'credit_card' | 'paypal', Expected]> = [
  ['authorised below the bands', 199_999, 'credit_card', ok],
  ['2000 Do Not Honor', 200_000, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclinedByBank, true, '2000')],
  ['2001 Insufficient Funds', 200_100, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclinedByBank, true, '2001')],
  ['2004 Expired Card', 200_400, 'credit_card', dec('PAYMENT_DECLINED', M.cardExpired, false, '2004')],
  ['2005 Invalid Credit Card Number', 200_500, 'credit_card', dec('PAYMENT_DECLINED', M.cardCheckDetails, false, '2005')],
  ['2006 Invalid Expiration Date', 200_600, 'credit_card', dec('PAYMENT_DECLINED', M.cardExpiryDate, false, '2006')],
  ['2010 Card Issuer Declined CVV', 201_000, 'credit_card', dec('PAYMENT_DECLINED', M.cardCheckDetails, false, '2010')],
  ['2014 Fraud Suspected (said as a decline)', 201_400, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclined, false, '2014')],
  ['2015 Transaction Not Allowed (hard)', 201_599, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclinedByBank, false, '2015')],
  ['2046 Declined', 204_600, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclined, true, '2046')],
  ['2099 Cardholder Authentication Required', 209_900, 'credit_card', dec('PAYMENT_DECLINED', M.cannotAuthenticate, true, '2099')],
  ['top of the declined band', 299_999, 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclined, true, '2999')],
  ['3000 failed: no answer from the bank', 300_000, 'credit_card', dec('PAYMENT_FAILED', M.noBankResponse, true, '3000')],
  ['3000 band end', 300_099, 'credit_card', dec('PAYMENT_FAILED', M.noBankResponse, true, '3000')],
  ['authorised after the 3000 band', 300_100, 'credit_card', ok],
  ['5001.00 gateway rejected application_incomplete', 500_100, 'credit_card', dec('PAYMENT_FAILED', M.paymentProblem, false)],
  ['5001.01 authorised on a card', 500_101, 'credit_card', ok],
  ['5001.01 PayPal 2038', 500_101, 'paypal', dec('PAYMENT_DECLINED', M.paypalRejected, true, '2038')],
  ['PayPal processor decline', 200_000, 'paypal', dec('PAYMENT_DECLINED', M.paypalRejected, true, '2000')],
  ['PayPal 3000', 300_000, 'paypal', dec('PAYMENT_FAILED', M.noBankResponse, true, '3000')],
  ['PayPal authorised', 1_000, 'paypal', ok],
];

// A2.3 static nonces at an ordinary amount.
const NONCE_CASES: Array<[string, ChargeResult['status'] extends string ? string : never, Expected]> = [
  ['fake-valid-nonce', 'credit_card', ok],
  ['fake-valid-mastercard-nonce', 'credit_card', ok],
  ['fake-paypal-one-time-nonce', 'paypal', ok],
  ['fake-paypal-billing-agreement-nonce', 'paypal_credit', ok],
  ['fake-apple-pay-visa-nonce', 'apple_pay', ok],
  ['fake-android-pay-mastercard-nonce', 'google_pay', ok],
  ['fake-valid-amex-nonce', 'credit_card', dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
  ['fake-valid-dinersclub-nonce', 'credit_card', dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
  ['fake-apple-pay-amex-nonce', 'apple_pay', dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
  ['fake-android-pay-amex-nonce', 'google_pay', dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
  ['fake-processor-declined-amex-nonce', 'credit_card', dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
  ['fake-processor-declined-visa-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclinedByBank, true, '2000')],
  ['fake-processor-declined-mastercard-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.cardDeclinedByBank, true, '2000')],
  ['fake-processor-failure-jcb-nonce', 'credit_card', dec('PAYMENT_FAILED', M.noBankResponse, true, '3000')],
  ['fake-luhn-invalid-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.cardCheckDetails, false)],
  ['fake-consumed-nonce', 'credit_card', dec('PAYMENT_FAILED', M.paymentProblem, true)],
  ['no-such-nonce', 'credit_card', dec('PAYMENT_FAILED', M.paymentProblem, true)],
  ['fake-gateway-rejected-fraud-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.paymentNotThrough, false)],
  ['fake-gateway-rejected-risk-thresholds-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.paymentNotThrough, false)],
  ['fake-three-d-secure-visa-full-authentication-nonce', 'credit_card', ok],
  ['fake-three-d-secure-visa-attempts-non-participating-nonce', 'credit_card', ok],
  ['fake-three-d-secure-visa-not-enrolled-nonce', 'credit_card', ok],
  ['fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce', 'credit_card', ok],
  ['fake-three-d-secure-two-visa-successful-step-up-authentication-nonce', 'credit_card', ok],
  ['fake-three-d-secure-visa-failed-authentication-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.cannotAuthenticate, false)],
  ['fake-three-d-secure-visa-failed-signature-nonce', 'credit_card', dec('PAYMENT_DECLINED', M.cannotAuthenticate, false)],
  ['fake-three-d-secure-visa-lookup-timeout-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-visa-unavailable-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-visa-mpi-lookup-error-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-visa-mpi-authenticate-error-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-visa-authentication-unavailable-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-two-visa-error-on-lookup-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
  ['fake-three-d-secure-two-visa-timeout-on-lookup-nonce', 'credit_card', dec('PAYMENT_FAILED', M.providerUnreachable, true)],
];

function expectOutcome(result: ChargeResult, expected: Expected) {
  if (expected.status === 'succeeded') {
    expect(result).toMatchObject({ status: 'succeeded', provider: 'braintree' });
    return;
  }
  expect(result).toEqual({
    status: 'declined',
    provider: 'braintree',
    code: expected.code,
    message: expected.message,
    retryable: expected.retryable,
    processorCode: expected.processorCode ?? null,
  });
}

describe.each(testDatabases())('Braintree adapter and sandbox on %s', (_name, open) => {
  let f: PaymentsFixture;
  const base = () => `${f.sandboxes.origin}/sandbox/braintree`;
  beforeAll(async () => {
    f = await paymentsFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });
  beforeEach(() => f.sandboxes.braintree.faults.clear());

  async function tokenize(card: { number: string; expirationDate?: string; cvv?: string; postalCode?: string }) {
    const { clientToken } = (await (await fetch(`${base()}/client_token`, { method: 'POST', headers: AUTH })).json()) as { clientToken: string };
    const res = await fetch(`${base()}/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientToken, expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA', ...card }),
    });
    return { status: res.status, body: (await res.json()) as { nonce?: string; errors?: Array<{ field: string; message: string }> } };
  }

  describe('P1 decline matrix: amount bands', () => {
    it.each(AMOUNT_CASES)('%s (%i pence, %s)', async (_label, amount, method, expected) => {
      const req = chargeRequest({ amount, method, token: method === 'paypal' ? 'fake-paypal-one-time-nonce' : 'fake-valid-nonce' });
      const result = await f.payments.charge(req);
      expectOutcome(result, expected);
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(expected.status === 'succeeded' ? 1 : 0);
    });
  });

  describe('P1 decline matrix: static nonces', () => {
    it.each(NONCE_CASES)('%s (%s)', async (nonce, method, expected) => {
      const req = chargeRequest({ token: nonce, method: method as 'credit_card' });
      const result = await f.payments.charge(req);
      expectOutcome(result, expected);
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(expected.status === 'succeeded' ? 1 : 0);
      if (expected.status === 'declined' && expected.code === 'CARD_NOT_ACCEPTED') {
        // Refused before any money moved: the sandbox recorded nothing for the order.
        expect(f.sandboxes.braintree.transactions().filter((tx) => tx.orderId === req.orderRef)).toEqual([]);
      }
    });
  });

  describe('P1 test cards through the hosted fields tokeniser', () => {
    const CARD_CASES: Array<[string, Record<string, string>, Partial<Parameters<typeof chargeRequest>[0]>, Expected]> = [
      ['Visa 4111111111111111', { number: '4111 1111 1111 1111' }, {}, ok],
      ['Mastercard 5555555555554444', { number: '5555555555554444' }, {}, ok],
      ['Amex 378282246310005 tokenises but is refused', { number: '378282246310005', cvv: '1234' }, {}, dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
      ['Diners 36259600000004 tokenises but is refused', { number: '36259600000004' }, {}, dec('CARD_NOT_ACCEPTED', M.cardNotAccepted, false)],
      ['4000111111111115 fails verification when saved (2000)', { number: '4000111111111115' }, { saveInstrument: true, customerToken: 'cust-verify-0001' }, dec('PAYMENT_DECLINED', M.cardDeclinedByBank, true, '2000')],
      ['an expired card (2004)', { number: '4111111111111111', expirationDate: '01/20' }, {}, dec('PAYMENT_DECLINED', M.cardExpired, false, '2004')],
      ['CVV 200 does not match', { number: '4111111111111111', cvv: '200' }, {}, dec('PAYMENT_DECLINED', M.cardCheckDetails, false)],
      ['postcode 20000 does not match (AVS)', { number: '4111111111111111', postalCode: '20000' }, {}, dec('PAYMENT_DECLINED', M.billingAddress, false)],
      ['CVV and postcode both wrong', { number: '4111111111111111', cvv: '200', postalCode: '20000' }, {}, dec('PAYMENT_DECLINED', M.cardCheckDetails, false)],
      ['fraud card 4000111111111511', { number: '4000111111111511' }, {}, dec('PAYMENT_DECLINED', M.paymentNotThrough, false)],
    ];
    it.each(CARD_CASES)('%s', async (_label, card, overrides, expected) => {
      const { status, body } = await tokenize(card as { number: string });
      expect(status).toBe(201);
      const req = chargeRequest({ token: body.nonce!, ...overrides });
      expectOutcome(await f.payments.charge(req), expected);
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(expected.status === 'succeeded' ? 1 : 0);
    });

    it('refuses to tokenise a number that fails the check digit, a bad expiry or CVV, with the spec §5 card form words', async () => {
      const { status, body } = await tokenize({ number: '4111111111111112', expirationDate: '13/30', cvv: '12', postalCode: '' });
      expect(status).toBe(422);
      expect(body.errors).toEqual([
        { field: 'number', message: M.incorrectCardNumber },
        { field: 'expirationDate', message: M.incorrectExpiry },
        { field: 'cvv', message: M.incorrectCvv },
        { field: 'postalCode', message: M.incorrectBillingAddress },
      ]);
    });

    it('uses a tokenised nonce once: a second charge with it (another key) is refused and not captured', async () => {
      const { body } = await tokenize({ number: '4111111111111111' });
      const first = chargeRequest({ token: body.nonce! });
      expect((await f.payments.charge(first)).status).toBe('succeeded');
      const second = chargeRequest({ token: body.nonce! });
      expectOutcome(await f.payments.charge(second), dec('PAYMENT_FAILED', M.paymentProblem, true));
      expect(f.sandboxes.braintree.captures(second.orderRef)).toEqual([]);
    });

    it('refuses tokenising without a client token it issued', async () => {
      const res = await fetch(`${base()}/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientToken: 'forged', number: '4111111111111111', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' }) });
      expect(res.status).toBe(401);
    });
  });

  it('the server-side endpoints want the merchant key; the browser pages do not', async () => {
    for (const [method, path] of [['POST', '/sandbox/braintree/client_token'], ['POST', '/sandbox/braintree/transactions'], ['GET', '/sandbox/braintree/transactions?orderId=x'], ['GET', '/sandbox/braintree/payment_method_nonces/fake-valid-nonce'], ['POST', '/sandbox/klarna/payments/v1/sessions'], ['GET', '/sandbox/klarna/ordermanagement/v1/orders?merchant_reference1=x'], ['POST', '/sandbox/clearpay/v2/checkouts'], ['GET', '/sandbox/clearpay/v2/payments?merchantReference=x']] as const) {
      for (const headers of [{}, { authorization: 'Bearer wrong' }] as Array<Record<string, string>>) {
        const res = await fetch(`${f.sandboxes.origin}${path}`, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
    expect((await fetch(`${base()}/hosted-fields`)).status).toBe(200);
    expect((await fetch(`${base()}/hosted-fields.js`)).status).toBe(200);
  });

  describe('provider duplicate checking without a key, like Braintree', () => {
    it('rejects the same amount + order id + method within 30 s as duplicate when no idempotency key is sent', async () => {
      const body = JSON.stringify({ amount: '12.34', orderId: 'dup-order-1', paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } });
      const post = () => fetch(`${base()}/transactions`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body }).then((r) => r.json() as Promise<{ transaction: { status: string; gatewayRejectionReason: string | null } }>);
      expect((await post()).transaction.status).toBe('submitted_for_settlement');
      expect((await post()).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'duplicate' });
      expect(f.sandboxes.braintree.captures('dup-order-1')).toHaveLength(1);
    });
  });

  describe('P4 one capture per provider idempotency key', () => {
    it('charges twice with the same key (one after the other, then at once): one capture, the same transaction', async () => {
      const req = chargeRequest();
      const first = await f.payments.charge(req);
      const again = await f.payments.charge(req);
      expect(again).toEqual(first);
      // Bypassing our record: the provider itself replays the answer for the key.
      const fresh = f.make();
      await f.database.db.withSchema('payment').deleteFrom('charge').where('idempotency_key', '=', req.idempotencyKey).execute();
      const third = await fresh.charge(req);
      expect(third.status === 'succeeded' && first.status === 'succeeded' && third.transactionId === first.transactionId).toBe(true);
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);

      const parallel = chargeRequest();
      const results = await Promise.all(Array.from({ length: 5 }, () => f.make().charge(parallel)));
      expect(f.sandboxes.braintree.captures(parallel.orderRef)).toHaveLength(1);
      const ids = new Set(results.filter((r) => r.status === 'succeeded').map((r) => (r as { transactionId: string }).transactionId));
      expect(ids.size).toBe(1);
      // Whatever each caller saw, none was told "declined".
      expect(results.every((r) => r.status !== 'declined')).toBe(true);
    });

    it('refuses a key reused for another charge', async () => {
      const req = chargeRequest();
      await f.payments.charge(req);
      await expect(f.payments.charge({ ...req, amount: req.amount + 1 })).rejects.toThrow(/Idempotency key reused/);
    });
  });

  describe('P2 timeout is an unknown outcome', () => {
    it('answers unknown at the deadline, never declined, and lookup later finds the capture the sandbox made anyway', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 1500, route: 'sale' });
      const req = chargeRequest();
      const started = Date.now();
      const result = await f.payments.charge(req);
      const elapsed = Date.now() - started;
      expect(result).toEqual({ status: 'unknown', provider: 'braintree' });
      expect(elapsed).toBeGreaterThanOrEqual(480);
      // Our own database writes around the call add a little; the sandbox answers only at 1500 ms.
      expect(elapsed).toBeLessThan(1300);
      expect(await f.payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'none' });
      await new Promise((r) => setTimeout(r, 1200));
      const found = await f.payments.lookup('credit_card', req.orderRef);
      expect(found).toMatchObject({ status: 'succeeded', provider: 'braintree', cardType: 'Visa' });
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
      // The record follows the lookup: a retry with the key replays the success, no second call.
      expect(await f.payments.charge(req)).toEqual(found);
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
    });

    it('with the real 2500 ms deadline: 2300 ms is in time, 4000 ms is unknown at the deadline', async () => {
      const payments = f.make({ timeoutMs: undefined });
      expect(payments.timeoutMs).toBe(2500);
      f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 2300, route: 'sale' });
      expect((await payments.charge(chargeRequest())).status).toBe('succeeded');
      f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 4000, route: 'sale' });
      const req = chargeRequest();
      const started = Date.now();
      expect(await payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(2490);
      expect(elapsed).toBeLessThan(3500);
      await new Promise((r) => setTimeout(r, 4100 - elapsed));
      expect((await payments.lookup('credit_card', req.orderRef)).status).toBe('succeeded');
    }, 20_000);

    it('a hung provider is unknown at the deadline and made no charge', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'hang', route: 'sale' });
      const req = chargeRequest();
      expect(await f.payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
      expect(await f.payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'none' });
    });
  });

  describe('P3 lost answer after the provider committed', () => {
    it('drop-after-commit: unknown, then lookup finds exactly one capture; a retry with the key does not charge again', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
      const req = chargeRequest();
      expect(await f.payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
      // Retried before any lookup: the provider replays its answer for the key.
      const retried = await f.payments.charge(req);
      expect(retried).toMatchObject({ status: 'succeeded' });
      expect(await f.payments.lookup('credit_card', req.orderRef)).toMatchObject({ status: 'succeeded', transactionId: (retried as { transactionId: string }).transactionId });
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
    });

    it('malformed JSON after commit is unknown (never success), and lookup finds the capture', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'malformed-json', route: 'sale' });
      const req = chargeRequest();
      expect(await f.payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
      expect(await f.payments.lookup('credit_card', req.orderRef)).toMatchObject({ status: 'succeeded' });
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
    });

    it('reset before commit is unknown, and lookup finds no charge', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'reset-before-commit', route: 'sale', times: 3 });
      const req = chargeRequest();
      expect(await f.payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
      expect(await f.payments.lookup('credit_card', req.orderRef)).toEqual({ status: 'none' });
    });

    it('a 5xx is retried with the same key within the deadline and then succeeds once', async () => {
      f.sandboxes.braintree.faults.arm({ mode: '5xx', route: 'sale', times: 2 });
      const req = chargeRequest();
      expect(await f.payments.charge(req)).toMatchObject({ status: 'succeeded' });
      expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
    });

    it('lookup of a declined attempt reports the decline with its words', async () => {
      const req = chargeRequest({ amount: 200_100 });
      await f.payments.charge(req);
      expect(await f.payments.lookup('credit_card', req.orderRef)).toEqual({
        status: 'declined',
        provider: 'braintree',
        code: 'PAYMENT_DECLINED',
        message: M.cardDeclinedByBank,
        retryable: true,
        processorCode: '2001',
      });
    });
  });

  describe('P5 circuit breaker', () => {
    it('opens after 5 consecutive unknowns, fails fast with providerUnreachable, half-opens after 10 s and closes on success', async () => {
      let clock = Date.parse('2026-12-01T10:00:00Z');
      let hits = 0;
      const counting = (input: string, init: RequestInit) => {
        hits += 1;
        return fetch(input, init);
      };
      const payments = f.make({ now: () => new Date(clock), providers: [braintreeProvider({ baseUrl: base(), fetch: counting, merchantKey: MERCHANT_KEY, log: () => undefined })] });
      const paidBefore = chargeRequest();
      const paid = await payments.charge(paidBefore);
      expect(paid.status).toBe('succeeded');
      f.sandboxes.braintree.faults.arm({ mode: '5xx', times: Infinity });
      const unknowns = Array.from({ length: 5 }, () => chargeRequest());
      for (const req of unknowns) expect((await payments.charge(req)).status).toBe('unknown');
      expect(payments.breakerState('braintree')).toBe('open');
      // A key whose outcome is unknown (the money may have moved) stays unknown, never a failure.
      expect(await payments.charge(unknowns[0]!)).toEqual({ status: 'unknown', provider: 'braintree' });
      const before = hits;
      const started = Date.now();
      expectOutcome(await payments.charge(chargeRequest()), dec('PAYMENT_FAILED', M.providerUnreachable, true));
      expect(Date.now() - started).toBeLessThan(50);
      expect(hits).toBe(before);
      // A key whose charge already succeeded still answers its success while the circuit is open.
      expect(await payments.charge(paidBefore)).toEqual(paid);
      clock += 9_999;
      expect(payments.breakerState('braintree')).toBe('open');
      clock += 1;
      expect(payments.breakerState('braintree')).toBe('half-open');
      // The probe fails: open again for another 10 s.
      expect((await payments.charge(chargeRequest())).status).toBe('unknown');
      expect(payments.breakerState('braintree')).toBe('open');
      clock += 10_000;
      f.sandboxes.braintree.faults.clear();
      expect((await payments.charge(chargeRequest())).status).toBe('succeeded');
      expect(payments.breakerState('braintree')).toBe('closed');
    });

    it('declines do not count against the provider', async () => {
      const payments = f.make();
      for (let i = 0; i < 6; i++) await payments.charge(chargeRequest({ amount: 200_000 }));
      expect(payments.breakerState('braintree')).toBe('closed');
    });
  });

  describe('saved instruments', () => {
    it('saves the vault token (never a number) when asked, the first as default; charges it for its owner only', async () => {
      const owner = `cust-${Date.now()}-owner`;
      const { body } = await tokenize({ number: '5555555555554444' });
      const first = await f.payments.charge(chargeRequest({ token: body.nonce!, saveInstrument: true, customerToken: owner }));
      expect(first).toMatchObject({ status: 'succeeded', cardType: 'MasterCard' });
      const saved = await f.payments.instruments(owner);
      expect(saved).toEqual([
        expect.objectContaining({ id: (first as { instrumentId: string }).instrumentId, savedPaymentType: 'savedCard', type: 'card', gateway: 'braintree', cardType: 'MasterCard', last4: '4444', expiryMonth: 12, expiryYear: 2030, default: true }),
      ]);
      const second = await f.payments.charge(chargeRequest({ token: 'fake-paypal-one-time-nonce', method: 'paypal', saveInstrument: true, customerToken: owner }));
      const list = await f.payments.instruments(owner);
      expect(list.map((i) => [i.type, i.default])).toEqual([
        ['card', true],
        ['paypal', false],
      ]);
      // Paying with the saved card.
      const reuse = chargeRequest({ token: null, savedInstrumentId: saved[0]!.id, customerToken: owner });
      expect(await f.payments.charge(reuse)).toMatchObject({ status: 'succeeded', instrumentId: saved[0]!.id, cardType: 'MasterCard' });
      expect(f.sandboxes.braintree.captures(reuse.orderRef)).toHaveLength(1);
      // Someone else's id is as good as none.
      const stranger = chargeRequest({ token: null, savedInstrumentId: saved[0]!.id, customerToken: `cust-${Date.now()}-other` });
      expectOutcome(await f.payments.charge(stranger), dec('PAYMENT_FAILED', M.paymentProblem, true));
      expect(f.sandboxes.braintree.captures(stranger.orderRef)).toEqual([]);
      // Default is exclusive; deleting the default promotes the oldest remaining one.
      const paypalId = (second as { instrumentId: string }).instrumentId;
      expect(await f.payments.setDefaultInstrument(`cust-${Date.now()}-other`, paypalId)).toBeNull();
      expect((await f.payments.setDefaultInstrument(owner, paypalId))?.default).toBe(true);
      expect((await f.payments.instruments(owner)).map((i) => i.default)).toEqual([false, true]);
      expect(await f.payments.deleteInstrument(`cust-${Date.now()}-other`, paypalId)).toBe(false);
      expect(await f.payments.deleteInstrument(owner, paypalId)).toBe(true);
      expect((await f.payments.instruments(owner)).map((i) => [i.type, i.default])).toEqual([['card', true]]);
    });

    it('two first saves at once leave exactly one default', async () => {
      const owner = `cust-${Date.now()}-race`;
      await Promise.all(Array.from({ length: 4 }, () => f.make().charge(chargeRequest({ token: 'fake-valid-nonce', saveInstrument: true, customerToken: owner }))));
      const list = await f.payments.instruments(owner);
      expect(list).toHaveLength(4);
      expect(list.filter((i) => i.default)).toHaveLength(1);
    });
  });
});
