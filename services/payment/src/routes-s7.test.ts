/**
 * Spec §7's remaining payment routes over REST against the Braintree sandbox (real HTTP):
 * POST /customer (find or create, idempotent, per shopper), /ghost-token (a guest's client token:
 * no vaulted instrument listed or usable), /nonce (a single-use nonce for the shopper's own saved
 * instrument, Z1 for anyone else's, chargeable once by /pay) and /bt/addon (the VVE add-on charge,
 * Idempotency-Key as /pay, the parent order recorded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import { inPayment, type PaymentDb } from './db/database.ts';
import { appFixture, chargeBody, fresh, type AppFixture } from './test/app-fixture.ts';
import { MERCHANT_KEY } from './test/harness.ts';

const OWNER = 'customer-token-s7-owner-01';
const STRANGER = 'customer-token-s7-stranger-2';
const addonBody = (overrides: Record<string, unknown> = {}) => ({
  orderRef: fresh('addon'),
  parentOrderRef: fresh('ord'),
  addonType: 'VVE',
  method: 'credit_card',
  amount: 300,
  currency: 'GBP',
  token: 'fake-valid-nonce',
  email: 'shopper@example.co.uk',
  ...overrides,
});
type Problem = { status: number; code: string; errors?: Array<{ field: string; message: string }> };
const fields = async (res: Response) => ((await res.json()) as Problem).errors?.map((e) => e.field) ?? [];

describe.each(testDatabases())('spec §7 payment routes on %s', (_name, open) => {
  let f: AppFixture;
  const sandbox = (path: string, init: RequestInit = {}) =>
    fetch(`${f.sandboxes.origin}/sandbox/braintree${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const serverSide = (path: string, init: RequestInit = {}) => sandbox(path, { ...init, headers: { authorization: `Bearer ${MERCHANT_KEY}` } });
  /** A card saved for the shopper through POST /pay, and its id. */
  async function saveCard(customerToken: string): Promise<string> {
    const tokenised = f.sandboxes.braintree.tokenizeCard({ number: '4111111111111111', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' });
    if (!('nonce' in tokenised)) throw new Error('not tokenised');
    const res = await f.call('POST', '/pay', { body: chargeBody({ token: tokenised.nonce, saveInstrument: true, customerToken }), key: fresh('k') });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { instrumentId: string } };
    expect(data.instrumentId).toEqual(expect.any(String));
    return data.instrumentId;
  }
  const vaultTokenOf = async (id: string) =>
    (await inPayment(f.database.db as unknown as PaymentDb).selectFrom('instrument').select('vault_token').where('id', '=', id).executeTakeFirstOrThrow()).vault_token;

  beforeAll(async () => {
    f = await appFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });

  describe('POST /customer', () => {
    it("creates the shopper's Braintree customer once: the same customerToken gives the same provider id", async () => {
      const first = await f.call('POST', '/customer', { body: { customerToken: OWNER } });
      expect(first.status).toBe(201);
      const created = ((await first.json()) as { data: { customerId: string; created: boolean; provider: string } }).data;
      expect(created).toMatchObject({ provider: 'braintree', created: true });
      const again = await f.call('POST', '/customer', { body: { customerToken: OWNER } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: unknown }).data).toEqual({ provider: 'braintree', customerId: created.customerId, created: false });
      // It exists at the provider.
      const found = await serverSide(`/customers/${created.customerId}`);
      expect(found.status).toBe(200);
      expect(((await found.json()) as { customer: { id: string } }).customer.id).toBe(created.customerId);
    });

    it('concurrent first calls for one shopper make one customer (the unique customer token decides)', async () => {
      const token = 'customer-token-s7-racing-03';
      const answers = await Promise.all(Array.from({ length: 6 }, () => f.call('POST', '/customer', { body: { customerToken: token } })));
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ data: { customerId: string; created: boolean } }>;
      expect(new Set(bodies.map((b) => b.data.customerId)).size).toBe(1);
      expect(bodies.filter((b) => b.data.created)).toHaveLength(1);
      const rows = await sql<{ n: string }>`select count(*)::text as n from payment.customer where customer_token = ${token}`.execute(f.database.db);
      expect(rows.rows[0]!.n).toBe('1');
    });

    it("another shopper gets their own customer, never this one's (Z1)", async () => {
      const mine = ((await (await f.call('POST', '/customer', { body: { customerToken: OWNER } })).json()) as { data: { customerId: string } }).data.customerId;
      const res = await f.call('POST', '/customer', { body: { customerToken: STRANGER } });
      expect([200, 201]).toContain(res.status);
      const text = await res.text();
      expect(text).not.toContain(mine);
      expect((JSON.parse(text) as { data: { customerId: string } }).data.customerId).not.toBe(mine);
    });

    it('names the field on bad input; bodies are strict', async () => {
      let res = await f.call('POST', '/customer', { body: {} });
      expect(res.status).toBe(400);
      expect(await fields(res)).toEqual(['customerToken']);
      res = await f.call('POST', '/customer', { body: { customerToken: 'short' } });
      expect(res.status).toBe(400);
      expect(await fields(res)).toEqual(['customerToken']);
      res = await f.call('POST', '/customer', { body: { customerToken: OWNER, email: 'x@example.co.uk' } });
      expect(res.status).toBe(400);
      expect(await fields(res)).toEqual(['email']);
    });

    it('is 503 PAYMENT_FAILED when the provider does not answer, and the retry finds the same customer', async () => {
      const token = 'customer-token-s7-retry-04';
      await f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'customer', times: 1 });
      const lost = await f.call('POST', '/customer', { body: { customerToken: token } });
      expect(lost.status).toBe(503);
      expect(((await lost.json()) as Problem).code).toBe('PAYMENT_FAILED');
      const retry = await f.call('POST', '/customer', { body: { customerToken: token } });
      expect(retry.status).toBe(200); // created by the lost attempt: found (91609), not made twice
      const { data } = (await retry.json()) as { data: { customerId: string } };
      const stored = await sql<{ id: string }>`select provider_customer_id as id from payment.customer where customer_token = ${token}`.execute(f.database.db);
      expect(stored.rows.map((r) => r.id)).toEqual([data.customerId]);
    });
  });

  describe('POST /ghost-token', () => {
    it('gives a client token the sandbox accepts for tokenising a new card', async () => {
      const res = await f.call('POST', '/ghost-token');
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { clientToken: string; guest: boolean } };
      expect(data.guest).toBe(true);
      const tokenised = await sandbox('/tokenize', { method: 'POST', body: JSON.stringify({ clientToken: data.clientToken, number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' }) });
      expect(tokenised.status).toBe(201);
    });

    it("lists no vaulted instrument and can use none, while the customer's own client token can", async () => {
      // A card vaulted for a Braintree customer (as a sale with customerId and storeInVaultOnSuccess does).
      const customerId = ((await (await f.call('POST', '/customer', { body: { customerToken: OWNER } })).json()) as { data: { customerId: string } }).data.customerId;
      const sale = await serverSide('/transactions', {
        method: 'POST',
        body: JSON.stringify({ amount: '10.00', orderId: fresh('ord'), paymentMethodNonce: 'fake-valid-visa-nonce', customerId, options: { submitForSettlement: true, storeInVaultOnSuccess: true } }),
      });
      const vaultToken = ((await sale.json()) as { transaction: { paymentMethodToken: string } }).transaction.paymentMethodToken;
      expect(vaultToken).toEqual(expect.any(String));
      const ownToken = ((await (await serverSide('/client_token', { method: 'POST', body: JSON.stringify({ customerId }) })).json()) as { clientToken: string }).clientToken;
      const own = (await (await sandbox('/client_api/v1/payment_methods', { method: 'POST', body: JSON.stringify({ clientToken: ownToken }) })).json()) as { paymentMethods: Array<{ token: string }> };
      expect(own.paymentMethods.map((m) => m.token)).toContain(vaultToken);
      expect((await sandbox(`/client_api/v1/payment_methods/${vaultToken}/nonces`, { method: 'POST', body: JSON.stringify({ clientToken: ownToken }) })).status).toBe(201);

      const ghost = ((await (await f.call('POST', '/ghost-token')).json()) as { data: { clientToken: string } }).data.clientToken;
      const listed = await sandbox('/client_api/v1/payment_methods', { method: 'POST', body: JSON.stringify({ clientToken: ghost }) });
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual({ paymentMethods: [] });
      const used = await sandbox(`/client_api/v1/payment_methods/${vaultToken}/nonces`, { method: 'POST', body: JSON.stringify({ clientToken: ghost }) });
      expect(used.status).toBe(404);
      const unknown = await sandbox('/client_api/v1/payment_methods/vt_nosuchtoken/nonces', { method: 'POST', body: JSON.stringify({ clientToken: ghost }) });
      expect(unknown.status).toBe(404);
    });

    it('refuses callers without the service token', async () => {
      expect((await f.app.request('/ghost-token', { method: 'POST' })).status).toBe(401);
    });
  });

  describe('POST /nonce', () => {
    it("gives a single-use nonce for the shopper's own saved card, which /pay charges once", async () => {
      const id = await saveCard(OWNER);
      const res = await f.call('POST', '/nonce', { body: { customerToken: OWNER, instrumentId: id } });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { nonce: string; type: string; cardType: string; last4: string } };
      expect(data).toMatchObject({ type: 'credit_card', cardType: 'Visa', last4: '1111' });
      expect(data.nonce).not.toBe(await vaultTokenOf(id));

      const orderRef = fresh('ord');
      const paid = await f.call('POST', '/pay', { body: chargeBody({ orderRef, token: data.nonce }), key: fresh('k') });
      expect(paid.status).toBe(201);
      expect(f.sandboxes.braintree.captures(orderRef)).toHaveLength(1);

      const again = await f.call('POST', '/pay', { body: chargeBody({ token: data.nonce }), key: fresh('k') });
      expect(again.status).toBe(402);
      expect(await again.json()).toMatchObject({ code: 'PAYMENT_FAILED', detail: BUYING_MESSAGES.paymentProblem });
    });

    it("is the same 404 for another shopper's instrument as for an unknown id (Z1), and makes no nonce", async () => {
      const id = await saveCard(OWNER);
      const theirs = await f.call('POST', '/nonce', { body: { customerToken: STRANGER, instrumentId: id } });
      const unknown = await f.call('POST', '/nonce', { body: { customerToken: STRANGER, instrumentId: 'no-such-instrument' } });
      expect(theirs.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(await theirs.json()).toEqual(await unknown.json());
    });

    it('names the field on bad input; bodies are strict', async () => {
      let res = await f.call('POST', '/nonce', { body: { customerToken: OWNER } });
      expect(res.status).toBe(400);
      expect(await fields(res)).toEqual(['instrumentId']);
      res = await f.call('POST', '/nonce', { body: { instrumentId: 'x' } });
      expect(res.status).toBe(400);
      expect(await fields(res)).toEqual(['customerToken']);
      res = await f.call('POST', '/nonce', { body: { customerToken: OWNER, instrumentId: '', vaultToken: 'vt_x' } });
      expect(res.status).toBe(400);
      expect((await fields(res)).sort()).toEqual(['instrumentId', 'vaultToken']);
    });
  });

  describe('POST /bt/addon', () => {
    it('charges the VVE add-on by Braintree and records the add-on and its parent order on the charge', async () => {
      const body = addonBody();
      const res = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { data: { status: string; provider: string } }).data).toMatchObject({ status: 'succeeded', provider: 'braintree' });
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
      const row = await inPayment(f.database.db as unknown as PaymentDb).selectFrom('charge').select(['addon_type', 'parent_order_ref', 'amount', 'status']).where('idempotency_key', '=', body.orderRef).executeTakeFirstOrThrow();
      expect({ ...row, amount: Number(row.amount) }).toEqual({ addon_type: 'VVE', parent_order_ref: body.parentOrderRef, amount: 300, status: 'succeeded' });
    });

    it('replays the first answer for the same key and body without charging again', async () => {
      const body = addonBody();
      const first = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      const second = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(await second.json()).toEqual(await first.json());
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
    });

    it('replays a decline too (a final answer), with the §8 words', async () => {
      const body = addonBody({ token: 'fake-processor-declined-visa-nonce' });
      const first = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      expect(first.status).toBe(402);
      const again = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      expect(again.status).toBe(402);
      expect(await again.json()).toMatchObject({ code: 'PAYMENT_DECLINED', detail: BUYING_MESSAGES.cardDeclinedByBank });
      expect(f.sandboxes.braintree.transactions().filter((t) => t.orderId === body.orderRef)).toHaveLength(1);
    });

    it('is 422 naming idempotency-key for the key with another body (another parent, amount or order)', async () => {
      const body = addonBody();
      expect((await f.call('POST', '/bt/addon', { body, key: body.orderRef })).status).toBe(201);
      for (const other of [{ parentOrderRef: fresh('ord') }, { amount: 600 }, { orderRef: fresh('addon') }]) {
        const res = await f.call('POST', '/bt/addon', { body: { ...body, ...other }, key: body.orderRef });
        expect(res.status).toBe(422);
        expect(await fields(res)).toEqual(['idempotency-key']);
      }
      // A /pay charge with the add-on's key is another charge too.
      const pay = await f.call('POST', '/pay', { body: chargeBody({ orderRef: body.orderRef, amount: body.amount }), key: body.orderRef });
      expect(pay.status).toBe(422);
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
    });

    it('is 409 while a request with the key is still in flight, and one capture in all', async () => {
      const body = addonBody();
      await f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', route: 'sale', delayMs: 200, times: 1 });
      const slow = f.call('POST', '/bt/addon', { body, key: body.orderRef });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = await f.call('POST', '/bt/addon', { body, key: body.orderRef });
      expect(during.status).toBe(409);
      expect(await fields(during)).toEqual(['idempotency-key']);
      expect((await slow).status).toBe(201);
      expect((await f.call('POST', '/bt/addon', { body, key: body.orderRef })).status).toBe(201);
      expect(f.sandboxes.braintree.captures(body.orderRef)).toHaveLength(1);
    });

    it('charges a saved instrument of its owner only', async () => {
      const id = await saveCard(OWNER);
      const mine = addonBody({ token: null, savedInstrumentId: id, customerToken: OWNER });
      expect((await f.call('POST', '/bt/addon', { body: mine, key: mine.orderRef })).status).toBe(201);
      const theirs = addonBody({ token: null, savedInstrumentId: id, customerToken: STRANGER });
      const res = await f.call('POST', '/bt/addon', { body: theirs, key: theirs.orderRef });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'PAYMENT_FAILED' });
      expect(f.sandboxes.braintree.captures(theirs.orderRef)).toHaveLength(0);
    });

    it('names the field on bad input: Braintree methods only, VVE only, integer pence, required key', async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ method: 'klarna' }, ['method']],
        [{ addonType: 'GIFT' }, ['addonType']],
        [{ amount: 3.5 }, ['amount']],
        [{ amount: '300' }, ['amount']],
        [{ currency: 'EUR' }, ['currency']],
        [{ parentOrderRef: undefined }, ['parentOrderRef']],
        [{ surprise: true }, ['surprise']],
      ];
      for (const [overrides, expected] of cases) {
        const body = addonBody(overrides);
        const res = await f.call('POST', '/bt/addon', { body, key: fresh('k') });
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(await fields(res)).toEqual(expected);
      }
      const missingKey = await f.call('POST', '/bt/addon', { body: addonBody() });
      expect(missingKey.status).toBe(400);
      expect(await fields(missingKey)).toEqual(['idempotency-key']);
    });
  });
});
