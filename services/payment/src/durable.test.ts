/**
 * Issue 14.1, on both databases:
 * - the sandboxes keep their state in the database (payment_sandbox.record): a sandbox made
 *   again on the same database (the process restarted) still has every capture, replays the
 *   answer for an idempotency key and refuses a nonce already used;
 * - lookup: our own durable record of a capture wins over a provider that has no record of it
 *   (the table: our record × what the provider has → what lookup says);
 * - reverse: a capture given back (void before settlement) is recorded once in payment.reversal
 *   and the sandbox's ledger shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { Hono } from 'hono';
import { serveOnLoopback, type Database, type LoopbackServer } from '@shop/platform';
import { migratePayment } from './db/database.ts';
import { createPayments, type Payments } from './payments.ts';
import { createSandboxes, sandboxProviders, SANDBOX_PATHS, type Sandboxes } from './sandbox/index.ts';
import { migrateSandboxes } from './sandbox/store.ts';
import { chargeRequest, MERCHANT_KEY } from './test/harness.ts';

const AUTH = { authorization: `Bearer ${MERCHANT_KEY}`, 'content-type': 'application/json' };

describe.each(testDatabases())('durable sandboxes and our record first (%s)', (_name, open) => {
  let database: Database;
  let server: LoopbackServer;
  let sandboxes: Sandboxes;
  let payments: Payments;
  // The shop "restarts": new sandboxes on the same database behind the same origin.
  const boot = () => {
    sandboxes = createSandboxes({ db: database.db, merchantKey: MERCHANT_KEY });
  };
  beforeAll(async () => {
    database = await open();
    await migratePayment(database.db);
    await migrateSandboxes(database.db);
    boot();
    const shop = new Hono();
    shop.route(SANDBOX_PATHS.braintree, new Hono().all('*', (c) => sandboxes.braintree.app.fetch(new Request(c.req.url.replace(/^.*?\/sandbox\/braintree/, 'http://sandbox'), c.req.raw), c.env)));
    server = await serveOnLoopback(shop.fetch, 0);
    payments = createPayments({ db: database.db, providers: sandboxProviders(`http://127.0.0.1:${server.port}`, { merchantKey: MERCHANT_KEY }), timeoutMs: 2000, log: () => {} });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const sale = (orderId: string, key: string, nonce = 'fake-valid-nonce') =>
    sandboxes.braintree.app.request('/transactions', { method: 'POST', headers: { ...AUTH, 'idempotency-key': key }, body: JSON.stringify({ amount: '10.00', orderId, paymentMethodNonce: nonce }) });

  it('a restarted sandbox still has its captures, replays a key and refuses a used nonce', async () => {
    const card = sandboxes.braintree.tokenizeCard({ number: '4111111111111111', expirationDate: '12/40', cvv: '123', postalCode: 'G1 1AA' });
    if (!('nonce' in card)) throw new Error('tokenize failed');
    const first = await sale('order-restart-1', 'key-restart-1', card.nonce);
    const answer = (await first.json()) as { transaction: { id: string; status: string } };
    expect(answer.transaction.status).toBe('submitted_for_settlement');

    boot(); // forgets everything it held in memory
    await sandboxes.braintree.ready;
    expect(sandboxes.braintree.captures('order-restart-1').map((t) => t.id)).toEqual([answer.transaction.id]);
    const search = await sandboxes.braintree.app.request('/transactions?orderId=order-restart-1', { headers: AUTH });
    expect(((await search.json()) as { transactions: Array<{ id: string }> }).transactions.map((t) => t.id)).toEqual([answer.transaction.id]);
    // The same key: the same answer, no second capture.
    const replay = await sale('order-restart-1', 'key-restart-1', card.nonce);
    expect(((await replay.json()) as { transaction: { id: string } }).transaction.id).toBe(answer.transaction.id);
    // The nonce with a new key: used already.
    const again = await sale('order-restart-1b', 'key-restart-1b', card.nonce);
    expect(((await again.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('93107');
    expect(sandboxes.braintree.captures('order-restart-1')).toHaveLength(1);
  });

  // Our record × the provider's ledger → lookup. "forgot": the provider has no record at all.
  const TABLE: Array<[string, 'succeeded' | 'pending' | 'unknown', 'captured' | 'forgot', 'succeeded' | 'none']> = [
    ['recorded capture, provider has it', 'succeeded', 'captured', 'succeeded'],
    ['recorded capture, provider forgot it (the issue)', 'succeeded', 'forgot', 'succeeded'],
    ['answer lost, provider has it', 'unknown', 'captured', 'succeeded'],
    ['answer lost, provider never saw it', 'unknown', 'forgot', 'none'],
    ['killed while pending, provider has it', 'pending', 'captured', 'succeeded'],
    ['killed while pending, provider never saw it', 'pending', 'forgot', 'none'],
  ];
  it.each(TABLE)('%s', async (label, ours, provider, expected) => {
    const orderRef = `rule-${label.replace(/\W+/g, '-')}-${Date.now()}`;
    let transactionId = 'tx-we-recorded';
    if (provider === 'captured') {
      const res = await sale(orderRef, `${orderRef}-key`);
      transactionId = ((await res.json()) as { transaction: { id: string } }).transaction.id;
    }
    const req = chargeRequest({ orderRef, idempotencyKey: `${orderRef}-ours` });
    const result = ours === 'succeeded' ? { status: 'succeeded', provider: 'braintree', transactionId, cardType: 'Visa', instrumentId: null } : null;
    await sql`insert into payment.charge (idempotency_key, order_ref, provider, method, amount, currency, customer_token, status, transaction_id, result, created_at, updated_at)
      values (${req.idempotencyKey}, ${orderRef}, 'braintree', 'credit_card', 1000, 'GBP', null, ${ours}, ${result ? transactionId : null}, ${result ? JSON.stringify(result) : null}, now(), now())`.execute(database.db);
    const found = await payments.lookup('credit_card', orderRef);
    expect(found.status).toBe(expected);
    if (found.status === 'succeeded') expect(found.transactionId).toBe(transactionId);
  });

  it('reverse voids an unsettled capture once, records it, and the sandbox shows it given back', async () => {
    const orderRef = `reverse-${Date.now()}`;
    const charged = await payments.charge(chargeRequest({ orderRef, idempotencyKey: `${orderRef}-key`, amount: 1000 }));
    if (charged.status !== 'succeeded') throw new Error(`charge ${charged.status}`);
    const first = await payments.reverse('credit_card', orderRef, charged.transactionId, 'test');
    const second = await payments.reverse('credit_card', orderRef, charged.transactionId, 'test');
    expect(first).toEqual({ status: 'reversed', kind: 'void', reference: charged.transactionId });
    expect(second).toEqual(first);
    const rows = (await sql<{ kind: string; amount: string }>`select kind, amount::text from payment.reversal where order_ref = ${orderRef}`.execute(database.db)).rows;
    expect(rows).toEqual([{ kind: 'void', amount: '1000' }]);
    expect(sandboxes.braintree.captures(orderRef)).toHaveLength(0);
    expect(sandboxes.braintree.reversals(orderRef).map((t) => t.id)).toEqual([charged.transactionId]);
  });
});
