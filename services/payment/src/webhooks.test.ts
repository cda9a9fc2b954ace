/**
 * P6 on the payment side: the Braintree sandbox settles captured sales a moment later and POSTs
 * signed notifications over real HTTP to our webhook route (outside the service token). Each
 * event applies once (×5 duplicates, 5 at once), reordered events end in the later state, a
 * stale or illegal one changes nothing, a forged signature or a replayed old event is 401 with
 * nothing written, and a £4001.00 sale ends settlement_declined (lookup reports it declined).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { serveOnLoopback, type LoopbackServer } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { createPaymentApp, type PaymentApp } from './app.ts';
import { encodeNotification, type WebhookNotification } from './sandbox/braintree/webhooks.ts';
import { chargeRequest, paymentsFixture, type PaymentsFixture } from './test/harness.ts';
import { declinedSettlements, settlementTransition } from './webhooks.ts';

const SECRET = 'test-webhook-secret';
const SERVICE_TOKEN = 'test-service-token';

describe('settlementTransition', () => {
  it('moves forward only; an earlier state is stale; one final state after the other is illegal', () => {
    expect(settlementTransition(null, 'settled')).toBe('applied');
    expect(settlementTransition('authorized', 'settled')).toBe('applied');
    expect(settlementTransition('authorized', 'settlement_declined')).toBe('applied');
    expect(settlementTransition('settled', 'authorized')).toBe('stale');
    expect(settlementTransition('settled', 'settled')).toBe('stale');
    expect(settlementTransition('settled', 'settlement_declined')).toBe('rejected');
    expect(settlementTransition('settlement_declined', 'settled')).toBe('rejected');
  });
});

describe.each(testDatabases())('Braintree webhooks on %s', (_name, open) => {
  let f: PaymentsFixture;
  let app: PaymentApp;
  let server: LoopbackServer;
  let url: string;
  const clock = { offsetMs: 0 };
  const settled: string[] = [];

  beforeAll(async () => {
    f = await paymentsFixture(open);
    app = createPaymentApp({
      db: f.database.db,
      serviceToken: SERVICE_TOKEN,
      payments: f.payments,
      now: () => new Date(Date.now() + clock.offsetMs),
      log: (message, fields) => void f.logged.push({ message, fields }),
      webhooks: { braintree: { secret: SECRET } },
      onSettlement: (s) => void settled.push(`${s.orderRef}:${s.status}`),
    });
    server = await serveOnLoopback(app.fetch, 0);
    url = `http://127.0.0.1:${server.port}/webhooks/braintree`;
    f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 30 });
  });
  afterAll(async () => {
    f?.sandboxes.braintree.webhooks.stop();
    await server?.close();
    await f?.close();
  });

  const db = () => f.database.db;
  const events = async (orderRef: string) =>
    (await sql<{ event_id: string; kind: string; outcome: string; from_status: string | null; to_status: string }>`select event_id, kind, outcome, from_status, to_status
      from payment.webhook_event where order_ref = ${orderRef} order by received_at, kind`.execute(db())).rows;
  const settlement = async (orderRef: string) =>
    (await sql<{ status: string; processor_code: string | null }>`select status, processor_code from payment.settlement where order_ref = ${orderRef}`.execute(db())).rows;
  const sentFor = (orderRef: string) => f.sandboxes.braintree.webhooks.sent().filter((d) => d.orderId === orderRef);
  /** A captured sale, and every notification it causes delivered. */
  async function sale(amount = 1999) {
    const req = chargeRequest({ amount });
    const result = await f.payments.charge(req);
    expect(result.status).toBe('succeeded');
    await f.sandboxes.braintree.webhooks.settled();
    return { orderRef: req.orderRef, transactionId: (result as { transactionId: string }).transactionId };
  }
  const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const forged = (n: Partial<WebhookNotification> & { subject: WebhookNotification['subject'] }, secret = SECRET): { bt_signature: string; bt_payload: string } =>
    encodeNotification({ kind: 'transaction_settled', id: `evt_test_${Math.random().toString(36).slice(2)}`, timestamp: new Date().toISOString(), ...n }, secret);

  it('a captured sale is authorised then settled, notified by signed POSTs without the service token', async () => {
    const { orderRef, transactionId } = await sale();
    // Deliveries are listed as they complete, and two may complete in either order (the
    // out-of-order case below): the set is what matters here.
    expect(sentFor(orderRef).map((d) => [d.kind, d.status]).sort()).toEqual([
      ['transaction_authorized', 200],
      ['transaction_settled', 200],
    ]);
    expect(await settlement(orderRef)).toEqual([{ status: 'settled', processor_code: '4000' }]);
    // The two deliveries can also be applied in either order: the settlement applies; the
    // authorisation applies when it came first, else it is a stale no-op (never a step back).
    const outcomes = Object.fromEntries((await events(orderRef)).map((e) => [e.kind, e.outcome]));
    expect(outcomes.transaction_settled).toBe('applied');
    expect(['applied', 'stale']).toContain(outcomes.transaction_authorized);
    expect(f.sandboxes.braintree.transactions().find((t) => t.id === transactionId)!.status).toBe('settled');
    expect(f.sandboxes.braintree.captures(orderRef)).toHaveLength(1);
    expect(settled).toContain(`${orderRef}:settled`);
  });

  it('£4001.00 is declined at settlement; duplicate delivery ×5 applies each event once', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'webhook-duplicate', count: 5 });
    const { orderRef } = await sale(400_100);
    const sent = sentFor(orderRef);
    expect(sent.filter((d) => d.kind === 'transaction_authorized')).toHaveLength(5);
    expect(sent.filter((d) => d.kind === 'transaction_settlement_declined')).toHaveLength(5);
    expect(new Set(sent.map((d) => d.eventId)).size).toBe(2);
    expect(sent.every((d) => d.status === 200)).toBe(true);
    expect((await events(orderRef)).map((e) => [e.kind, e.outcome])).toEqual([
      ['transaction_authorized', 'applied'],
      ['transaction_settlement_declined', 'applied'],
    ]);
    expect(await settlement(orderRef)).toEqual([{ status: 'settlement_declined', processor_code: '4001' }]);
    expect(settled.filter((s) => s === `${orderRef}:settlement_declined`)).toHaveLength(1);
    const declined = await declinedSettlements(db(), { since: new Date(Date.now() - 60_000) });
    expect(declined.filter((d) => d.orderRef === orderRef)).toHaveLength(1);
    // Reconciliation asking the provider sees the decline too (never a success).
    const found = await f.payments.lookup('credit_card', orderRef);
    expect(found).toMatchObject({ status: 'declined', code: 'PAYMENT_FAILED', processorCode: '4001' });
  });

  it("as the shop configures it (notifySettled and notifyAuthorized off): an ordinary sale settles with no notification; a decline is notified", async () => {
    f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 30, notifyAuthorized: false, notifySettled: false });
    try {
      const ordinary = await sale();
      expect(sentFor(ordinary.orderRef)).toEqual([]);
      expect(f.sandboxes.braintree.transactions().find((t) => t.id === ordinary.transactionId)!.status).toBe('settled');
      const declinedSale = await sale(400_100);
      expect(sentFor(declinedSale.orderRef).map((d) => [d.kind, d.status])).toEqual([['transaction_settlement_declined', 200]]);
      expect(await settlement(declinedSale.orderRef)).toEqual([{ status: 'settlement_declined', processor_code: '4001' }]);
    } finally {
      f.sandboxes.braintree.webhooks.configure({ url, secret: SECRET, settleAfterMs: 30 });
    }
  });

  it('the same event delivered 5 times at once applies once', async () => {
    const { orderRef, transactionId } = await sale();
    const body = forged({ kind: 'transaction_settlement_declined', subject: { transaction: { id: transactionId, orderId: orderRef, status: 'settlement_declined', amount: '19.99', currencyIsoCode: 'GBP', processorSettlementResponseCode: '4001', processorSettlementResponseText: 'Settlement Declined' } } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body).then(async (r) => ({ status: r.status, body: (await r.json()) as { outcome: string } }))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Settled already: the decline is illegal, recorded once as rejected; the others are duplicates.
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'rejected']);
    expect(await settlement(orderRef)).toEqual([{ status: 'settled', processor_code: '4000' }]);
    expect((await events(orderRef)).filter((e) => e.outcome === 'rejected')).toHaveLength(1);
    expect(f.logged.some((l) => l.message.includes('illegal settlement transition') && l.fields.orderRef === orderRef)).toBe(true);
  });

  it('out of order (settled before authorised): ends settled, the late authorisation is a stale no-op', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'webhook-reorder' });
    const { orderRef } = await sale();
    expect(sentFor(orderRef).map((d) => d.kind)).toEqual(['transaction_settled', 'transaction_authorized']);
    expect(await settlement(orderRef)).toEqual([{ status: 'settled', processor_code: '4000' }]);
    expect((await events(orderRef)).map((e) => [e.kind, e.outcome, e.from_status])).toEqual([
      ['transaction_settled', 'applied', null],
      ['transaction_authorized', 'stale', 'settled'],
    ]);
    expect(f.logged.some((l) => l.message.includes('stale event ignored') && l.fields.orderRef === orderRef)).toBe(true);
  });

  it('a bad signature is 401 and nothing is written', async () => {
    f.sandboxes.braintree.faults.arm({ mode: 'webhook-bad-signature' });
    const { orderRef } = await sale(400_100);
    const sent = sentFor(orderRef);
    expect(sent.length).toBe(2); // a 4xx is final: the sandbox does not retry it
    expect(sent.every((d) => d.status === 401)).toBe(true);
    expect(await events(orderRef)).toEqual([]);
    expect(await settlement(orderRef)).toEqual([]);
    // Signed by someone else, a missing signature, a signature for another payload.
    const other = forged({ subject: { transaction: { id: 'tx1', orderId: orderRef, status: 'settled', amount: '1.00', currencyIsoCode: 'GBP', processorSettlementResponseCode: '', processorSettlementResponseText: '' } } });
    expect((await post({ ...other, bt_signature: other.bt_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).status).toBe(401);
    expect((await post({ ...other, bt_signature: `someone_else|${other.bt_signature.split('|')[1]}` })).status).toBe(401);
    expect((await post({ bt_payload: other.bt_payload })).status).toBe(400);
    expect(await events(orderRef)).toEqual([]);
  });

  it('a replayed old signed event is 401 and changes nothing; within the tolerance it is a duplicate', async () => {
    const { orderRef } = await sale();
    const first = sentFor(orderRef).find((d) => d.kind === 'transaction_authorized')!;
    const before = await events(orderRef);
    // Within the tolerance: the same event again is a duplicate (nothing written).
    const again = await post(first.body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { outcome: string }).outcome).toBe('duplicate');
    // Ten minutes on: its signed timestamp is too old.
    clock.offsetMs = 10 * 60 * 1000;
    try {
      expect(await f.sandboxes.braintree.webhooks.replay(first.eventId)).toBe(401);
      // The same through the sandbox's loopback admin endpoints (e2e).
      const listed = (await (await fetch(`${f.sandboxes.origin}/sandbox/braintree/__webhooks`)).json()) as { deliveries: Array<{ eventId: string }> };
      expect(listed.deliveries.some((d) => d.eventId === first.eventId)).toBe(true);
      const replayed = await fetch(`${f.sandboxes.origin}/sandbox/braintree/__webhooks/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ eventId: first.eventId }) });
      expect(await replayed.json()).toEqual({ status: 401 });
      // A fresh event id on an old timestamp does not pass either: the timestamp is signed.
      const old = forged({ kind: 'transaction_settlement_declined', timestamp: new Date().toISOString(), subject: { transaction: { id: 'tx-old', orderId: orderRef, status: 'settlement_declined', amount: '19.99', currencyIsoCode: 'GBP', processorSettlementResponseCode: '4001', processorSettlementResponseText: '' } } });
      expect((await post(old)).status).toBe(401);
    } finally {
      clock.offsetMs = 0;
    }
    expect(await events(orderRef)).toEqual(before);
    expect(await settlement(orderRef)).toEqual([{ status: 'settled', processor_code: '4000' }]);
  });

  it('a signed but unreadable notification is 400 naming the field', async () => {
    const body = encodeNotification({ kind: 'transaction_settled', id: 'evt_bad', timestamp: 'yesterday', subject: { transaction: { id: 't', orderId: 'o' } } } as never, SECRET);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('bt_payload.timestamp');
  });

  it('is 404 where no webhook secret is configured, and is published in the OpenAPI without the service token', async () => {
    const bare = createPaymentApp({ db: f.database.db, serviceToken: SERVICE_TOKEN, payments: f.payments });
    const res = await bare.request('/webhooks/braintree', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bt_signature: 'a|b', bt_payload: 'e30=' }) });
    expect(res.status).toBe(404);
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, { post?: { security?: unknown[] } }> };
    expect(doc.paths['/webhooks/braintree']!.post!.security).toEqual([]);
  });
});
