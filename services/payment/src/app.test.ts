/**
 * The payment service over REST: OpenAPI, the service token, charges with Idempotency-Key
 * (P4), decline words (P1 through REST), raw card data refused (P9), saved instruments for their
 * owner only (Z1/Z3), and after the suite no card number anywhere in the payment schema.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { cardDataIn, PAYMENT_BASE_PATH } from './app.ts';
import { luhnValid } from './sandbox/braintree/values.ts';
import { appFixture, chargeBody, fresh } from './test/app-fixture.ts';

const OWNER = 'customer-token-owner-0001';
const STRANGER = 'customer-token-stranger-02';

describe.each(testDatabases())('payment service on %s', (_name, open) => {
  const f = suiteFixture(() => appFixture(open), (fixture) => fixture.close());

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    const doc = (await res.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(PAYMENT_BASE_PATH);
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/bt/addon', '/charges/{orderRef}', '/cp/checkouts', '/cp/pay', '/customer', '/ghost-token', '/kn/pay', '/kn/sessions', '/nonce', '/pay', '/payment/addon/paymentInstruments', '/payment/addon/paymentInstruments/{id}', '/token', '/webhooks/braintree'].sort(),
    );
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
  });

  it('refuses callers without the service token', async () => {
    const res = await f.app.request('/token', { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('gives a client token the sandbox accepts for tokenising', async () => {
    const res = await f.call('POST', '/token');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { clientToken: string } };
    const tokenised = await fetch(`${f.sandboxes.origin}/sandbox/braintree/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientToken: data.clientToken, number: '4111111111111111', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' }),
    });
    expect(tokenised.status).toBe(201);
  });

  describe('POST /pay', () => {
    it('charges once per Idempotency-Key and replays the same answer', async () => {
      const body = chargeBody();
      const first = await f.call('POST', '/pay', { body, key: `k-${body.orderRef}` });
      expect(first.status).toBe(201);
      const firstBody = await first.json();
      expect(firstBody).toMatchObject({ data: { status: 'succeeded', provider: 'braintree', cardType: 'Visa', instrumentId: null } });
      const again = await f.call('POST', '/pay', { body, key: `k-${body.orderRef}` });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(firstBody);
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
      // The same key for another charge.
      const other = await f.call('POST', '/pay', { body: { ...body, amount: 2500 }, key: `k-${body.orderRef}` });
      expect(other.status).toBe(422);
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
    });

    it('requires a valid Idempotency-Key (400 naming it)', async () => {
      for (const key of [undefined, 'x'.repeat(256), 'clé']) {
        const res = await f.call('POST', '/pay', { body: chargeBody(), headers: key === undefined ? {} : { 'idempotency-key': key } });
        expect(res.status, String(key)).toBe(400);
        expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('idempotency-key');
      }
    });

    it('answers a decline with 402, the code, the spec §8 words and retryable', async () => {
      const res = await f.call('POST', '/pay', { body: chargeBody({ amount: 200_400 }), key: fresh('k') });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', detail: BUYING_MESSAGES.cardExpired, retryable: false, processorCode: '2004', provider: 'braintree' });
      const amex = await f.call('POST', '/pay', { body: chargeBody({ token: 'fake-valid-amex-nonce' }), key: fresh('k') });
      expect(amex.status).toBe(402);
      expect(await amex.json()).toMatchObject({ code: 'CARD_NOT_ACCEPTED', detail: BUYING_MESSAGES.cardNotAccepted });
    });

    it('answers 202 PAYMENT_PENDING when the provider does not answer in time, and GET /charges finds the capture later', async () => {
      f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
      const body = chargeBody();
      const res = await f.call('POST', '/pay', { body, key: fresh('k') });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ data: { status: 'unknown', provider: 'braintree' }, code: 'PAYMENT_PENDING', message: BUYING_MESSAGES.paymentPending });
      const lookup = await f.call('GET', `/charges/${body.orderRef}?method=credit_card`);
      expect(await lookup.json()).toMatchObject({ data: { status: 'succeeded' } });
      expect((await (await f.call('GET', `/charges/${fresh('never')}?method=credit_card`)).json()) as object).toEqual({ data: { status: 'none' } });
    });

    it('refuses floats, fractions, other currencies and unknown fields, naming the field', async () => {
      for (const [patch, field] of [
        [{ amount: 19.99 }, 'amount'],
        [{ amount: -1 }, 'amount'],
        [{ amount: '1999' }, 'amount'],
        [{ currency: 'EUR' }, 'currency'],
        [{ method: 'bitcoin' }, 'method'],
        [{ email: 'nope' }, 'email'],
        [{ surprise: true }, 'surprise'],
      ] as const) {
        const res = await f.call('POST', '/pay', { body: chargeBody(patch), key: fresh('k') });
        expect(res.status, JSON.stringify(patch)).toBe(400);
        const errors = ((await res.json()) as { errors: Array<{ field: string }> }).errors;
        expect(errors.map((e) => e.field), JSON.stringify(patch)).toContain(field);
      }
    });
  });

  describe('P9 raw card data never reaches the service', () => {
    const raw = { number: '4111111111111111', cvv: '123', expirationDate: '12/30' };
    it.each([
      ['/pay', () => chargeBody(raw)],
      ['/pay', () => chargeBody({ payment: { card: raw } })],
      ['/pay', () => chargeBody({ token: '4111 1111 1111 1111' })],
      ['/kn/sessions', () => ({ amount: 1000, currency: 'GBP', cvv: '123' })],
      ['/kn/pay', () => ({ orderRef: fresh('o'), amount: 1000, currency: 'GBP', authorizationToken: 'x', email: 'a@b.co.uk', expirationDate: '12/30' })],
      ['/cp/checkouts', () => ({ amount: 1000, currency: 'GBP', orderRef: fresh('o'), email: 'a@b.co.uk', number: '5555555555554444' })],
      ['/cp/pay', () => ({ orderRef: fresh('o'), amount: 1000, currency: 'GBP', token: 'x', email: 'a@b.co.uk', cardNumber: '4111111111111111' })],
      ['/token', () => ({ number: '4111111111111111' })],
    ])('POST %s with card fields → 400 naming them, nothing charged', async (path, make) => {
      const body = make();
      const res = await f.call('POST', path, { body, key: fresh('k') });
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { code: string; errors: Array<{ field: string; message: string }> };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(problem)).not.toMatch(/4111|5555|123/);
      if ('orderRef' in body) expect(f.sandboxes.braintree.transactions().filter((tx) => tx.orderId === body.orderRef)).toEqual([]);
    });

    it('the card-data scanner finds card fields at any depth and card numbers in strings, and nothing in ordinary bodies', () => {
      expect(cardDataIn({ a: { b: [{ CVV: 1 }] } })).toEqual(['a.b.0.CVV']);
      expect(cardDataIn({ note: 'card 4111-1111-1111-1111 please' })).toEqual(['note']);
      expect(cardDataIn(chargeBody({ orderRef: 'ord_1234567890123' }))).toEqual([]);
      expect(cardDataIn({ token: '4111111111111111' })).toEqual(['token']);
      expect(cardDataIn({ note: '(4111 1111 1111 1111)' })).toEqual(['note']);
      // Luhn-valid runs inside identifiers are not card numbers (a Klarna token once was refused so).
      expect(cardDataIn({ authorizationToken: 'kat_4111111111111111ab09' })).toEqual([]);
      expect(cardDataIn({ authorizationToken: 'kat_ab4111111111111111' })).toEqual([]);
      expect(cardDataIn({ token: 'tok-x4111-1111-1111-1111' })).toEqual([]);
    });
  });

  describe('saved instruments: owner only', () => {
    it('lists, sets the default and deletes only for the owner; anyone else gets 404 like an unknown id', async () => {
      const save = async (token: string, method = 'credit_card') => {
        const res = await f.call('POST', '/pay', { body: chargeBody({ token, method, saveInstrument: true, customerToken: OWNER }), key: fresh('k') });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { instrumentId: string } }).data.instrumentId;
      };
      const card = await save('fake-valid-mastercard-nonce');
      const paypal = await save('fake-paypal-billing-agreement-nonce', 'paypal');
      const list = await f.call('GET', `/payment/addon/paymentInstruments?customerToken=${OWNER}`);
      const { data } = (await list.json()) as { data: { paymentInstruments: Array<{ id: string; default: boolean; type: string; last4: string | null }> } };
      expect(data.paymentInstruments.map((i) => [i.id, i.type, i.default])).toEqual([
        [card, 'card', true],
        [paypal, 'paypal', false],
      ]);
      expect((await (await f.call('GET', `/payment/addon/paymentInstruments?customerToken=${STRANGER}`)).json()) as object).toEqual({ data: { paymentInstruments: [] } });

      expect((await f.call('PATCH', `/payment/addon/paymentInstruments/${paypal}`, { body: { customerToken: STRANGER, default: true } })).status).toBe(404);
      expect((await f.call('PATCH', `/payment/addon/paymentInstruments/no-such-id`, { body: { customerToken: OWNER, default: true } })).status).toBe(404);
      const patched = await f.call('PATCH', `/payment/addon/paymentInstruments/${paypal}`, { body: { customerToken: OWNER, default: true } });
      expect(patched.status).toBe(200);
      expect(await patched.json()).toMatchObject({ data: { id: paypal, default: true } });

      expect((await f.call('DELETE', `/payment/addon/paymentInstruments/${paypal}?customerToken=${STRANGER}`)).status).toBe(404);
      expect((await f.call('DELETE', `/payment/addon/paymentInstruments/${paypal}?customerToken=${OWNER}`)).status).toBe(204);
      expect((await f.call('DELETE', `/payment/addon/paymentInstruments/${paypal}?customerToken=${OWNER}`)).status).toBe(404);
      const after = (await (await f.call('GET', `/payment/addon/paymentInstruments?customerToken=${OWNER}`)).json()) as { data: { paymentInstruments: Array<{ id: string; default: boolean }> } };
      expect(after.data.paymentInstruments).toEqual([expect.objectContaining({ id: card, default: true })]);

      // A stranger cannot charge the owner's instrument either.
      const stolen = await f.call('POST', '/pay', { body: chargeBody({ token: null, savedInstrumentId: card, customerToken: STRANGER }), key: fresh('k') });
      expect(stolen.status).toBe(402);
      expect(await stolen.json()).toMatchObject({ code: 'PAYMENT_FAILED', detail: BUYING_MESSAGES.paymentProblem });
    });
  });

  it('P9 after the suite: no Luhn-valid 13–19 digit sequence anywhere in the payment schema', async () => {
    // Charge the documented test cards through the hosted-fields tokeniser first, so the check has something to find if we ever stored one.
    for (const number of ['4111111111111111', '5555555555554444', '4000111111111115']) {
      const nonce = f.sandboxes.braintree.tokenizeCard({ number, expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' });
      if ('nonce' in nonce) await f.call('POST', '/pay', { body: chargeBody({ token: nonce.nonce, saveInstrument: true, customerToken: OWNER }), key: fresh('k') });
    }
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'payment'`.execute(f.database.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['charge', 'instrument']));
    let rows = 0;
    for (const { table_name } of tables.rows) {
      const dump = await sql<Record<string, unknown>>`select * from ${sql.table(`payment.${table_name}`)}`.execute(f.database.db);
      rows += dump.rows.length;
      const text = JSON.stringify(dump.rows);
      const found = (text.match(/\d{13,19}/g) ?? []).filter((digits) => luhnValid(digits));
      expect(found, table_name).toEqual([]);
    }
    expect(rows).toBeGreaterThan(5);
    // Nor in what the service logged.
    expect((JSON.stringify(f.logged).match(/\d{13,19}/g) ?? []).filter((d) => luhnValid(d))).toEqual([]);
  });
});
