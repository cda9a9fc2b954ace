/**
 * Reliability C1 (kill -9 at checkout fault points), shared by crash.test.ts (PostgreSQL) and
 * crash-pglite.test.ts (PGlite file storage): the fault points, the runs per point, the checkout
 * server (src/server.ts) as its own process, and calls to it with the service token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { releaseExpiredHolds } from '@shop/deals/stock/index';
import type { Database } from '@shop/platform';
import { mulberry32 } from '@shop/platform/random';
import type { Sandboxes } from '@shop/payment/test/harness';
import { FAULT_POINTS } from '../lib/deps.ts';
import { orderMailMessageId } from '../orders/orders.ts';
import { invariantViolations, TEST_TOKEN } from './fixture.ts';

/** The fault points each C1 test kills the server at (README "Fault points"): every checkout one. */
export const C1_FAULT_POINTS = [...FAULT_POINTS];

/**
 * Killed here, the provider may or may not have the charge (the request was written, its answer
 * not read): either outcome is right, as long as it is exactly one. Everywhere else the order
 * ends paid (the charge was made, or the retry makes it).
 */
const EITHER_OUTCOME: readonly string[] = ['after-provider-request-sent'];
/** Killed here, the answer may already be on its way: the order mail goes out after the response. */
const ANSWER_MAY_ARRIVE: readonly string[] = ['after-outbox-insert'];

/** Runs per fault point: 1 in the fast tier (reliability D5), C1_RUNS=5 for the catalogue's full count. */
export const C1_RUNS = Math.max(1, Math.min(20, Number(process.env.C1_RUNS ?? 1) || 1));

const serverPath = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts the checkout server with `env` over this process's environment (without DATABASE_URL
 * when `pglite`: then it runs on PGlite under the env's DATA_DIR); resolves once it listens.
 * A server that does not start within a minute is killed, so it never holds a data directory.
 */
export function startCheckoutServer(env: Record<string, string>, options: { pglite?: boolean } = {}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    if (options.pglite) delete base.DATABASE_URL;
    const child = spawn(process.execPath, [serverPath], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | number | null>((done) => child.on('exit', (code, signal) => done(signal ?? code)));
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${out}`));
    }, 60_000);
    const listening = options.pglite ? /Checkout service on (http:\/\/127\.0\.0\.1:\d+) \(pglite\)/ : /Checkout service on (http:\/\/127\.0\.0\.1:\d+)/;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = listening.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, origin: m[1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server exited: ${out}`));
    });
  });
}

/** POST to a running checkout server with the service token (and an Idempotency-Key when given). */
export const postToServer = (origin: string, path: string, body: unknown, key?: string) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

export interface Placing {
  token: string;
  key: string;
  body: unknown;
}

/**
 * One C1 run against servers started by `start` (env over the test's own): the doomed server
 * (FAULT_POINT, FAULT_KILL=1) kills itself mid-placing; a new one (short leases, so the dead
 * server's claims on the key and on the mail run out) takes the client's retry with the same key,
 * one reconciliation, and the final retry, whose answer this returns. Both servers are gone after.
 */
export async function killAndRecover(
  start: (env: Record<string, string>) => Promise<RunningServer>,
  point: string,
  placing: Placing,
): Promise<{ status: number; answer: Body; stopped: Awaited<RunningServer['exited']> }> {
  // Short leases on the key and on order mail (the claimer writes the mail lease: the doomed server too).
  const leases = { CLAIM_LEASE_MS: '500', MAIL_LEASE_MS: '300' };
  const doomed = await start({ ...leases, FAULT_POINT: point, FAULT_KILL: '1' });
  try {
    const first = postToServer(doomed.origin, `/checkout/${placing.token}/order`, placing.body, placing.key).then(
      (r) => r.status,
      () => 'cut off' as const,
    );
    const [seen, exit] = await Promise.all([first, doomed.exited]);
    expect(exit).toBe('SIGKILL');
    if (!ANSWER_MAY_ARRIVE.includes(point)) expect(seen).toBe('cut off');
  } finally {
    // A doomed server that did not kill itself would still hold the database (PGlite's directory).
    if (doomed.child.exitCode === null && doomed.child.signalCode === null) {
      doomed.child.kill('SIGKILL');
      await doomed.exited;
    }
  }

  const server = await start({
    ...leases,
    // Nothing is in flight any more: an order the provider never saw can be failed at once.
    ...(EITHER_OUTCOME.includes(point) ? { RECONCILE_ABANDON_AFTER_MS: '0' } : {}),
  });
  let result: { status: number; answer: Body };
  try {
    await new Promise((r) => setTimeout(r, 600)); // past both leases
    const retry = await postToServer(server.origin, `/checkout/${placing.token}/order`, placing.body, placing.key);
    expect([201, 402, 409]).toContain(retry.status);
    expect((await postToServer(server.origin, '/checkout/reconcile', {})).ok).toBe(true);
    const final = await postToServer(server.origin, `/checkout/${placing.token}/order`, placing.body, placing.key);
    result = { status: final.status, answer: (await final.json()) as Body };
  } finally {
    server.child.kill('SIGTERM');
  }
  return { ...result, stopped: await server.exited };
}

/**
 * What must hold after a C1 run for the product (3 in stock, 2 bought by card): one order, and
 * exactly one of {no charge, order failed, stock back at 3; one capture, order PAID with two
 * vouchers, stock 1, its confirmation mail handed to the Mailer exactly once}; the client's final
 * retry tells the same; nothing the sandbox saw in the run belongs to another order; Part D's
 * invariants.
 */
export async function expectOneOutcome(
  db: Database['db'],
  sandboxes: Sandboxes,
  run: { point: string; productId: number; final: { status: number; answer: Body }; sandboxBefore: number },
): Promise<void> {
  const orders = (await sql<{ id: string; status: string }>`select o.id, o.status from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${run.productId}`.execute(db)).rows;
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  const captures = sandboxes.braintree.captures(order.id);
  const remaining = (await sql<{ remaining: number }>`select remaining from deals.product where id = ${run.productId}`.execute(db)).rows[0]!.remaining;
  const vouchers = (await sql<{ n: number }>`select count(*)::int as n from vouchers.voucher where order_id = ${order.id}`.execute(db)).rows[0]!.n;
  if (captures.length === 0 && EITHER_OUTCOME.includes(run.point)) {
    expect({ status: order.status, remaining, vouchers, answer: run.final.status }).toEqual({ status: 'FAILED', remaining: 3, vouchers: 0, answer: 402 });
  } else {
    expect(captures).toHaveLength(1);
    expect(run.final.status, JSON.stringify(run.final.answer)).toBe(201);
    expect(run.final.answer.data.order.status).toBe('PAID');
    expect(run.final.answer.data.order.vouchers).toHaveLength(2);
    expect({ status: order.status, remaining, vouchers }).toEqual({ status: 'PAID', remaining: 1, vouchers: 2 });
    // The confirmation mail: marked sent, and in the Mailer's outbox once, however often it was handed over.
    const mail = (await sql<{ kind: string; sent: boolean }>`select kind, sent_at is not null as sent from orders.mail_outbox where order_id = ${order.id}`.execute(db)).rows;
    expect(mail).toEqual([{ kind: mail[0]?.kind, sent: true }]);
    const delivered = (await sql<{ n: number }>`select count(*)::int as n from mail.outbox where message_id = ${orderMailMessageId({ order_id: order.id, kind: mail[0]!.kind })}`.execute(db)).rows[0]!.n;
    expect(delivered).toBe(1);
  }
  expect(new Set(sandboxes.braintree.transactions().slice(run.sandboxBefore).map((tx) => tx.orderId))).toEqual(new Set([order.id]));
  expect(await invariantViolations(db)).toEqual({});
}

// ---------------------------------------------------------------------------------------------
// Issue 14.1: many concurrent orders, kill -9 at a random moment, the shop's OWN sandboxes (in the
// killed process, their state in the database), restart, one reconciliation, and every order's
// outcome checked against the provider's ledger (payment_sandbox.record).

/** Runs of the random-kill scenario: 2 in the fast tier, C1_RANDOM_RUNS for more (at most 50). */
export const C1_RANDOM_RUNS = Math.max(1, Math.min(50, Number(process.env.C1_RANDOM_RUNS ?? 2) || 2));
/** Concurrent orders per run (C1_RANDOM_ORDERS, default 10). */
export const C1_RANDOM_ORDERS = Math.max(2, Math.min(40, Number(process.env.C1_RANDOM_ORDERS ?? 10) || 10));

/** mulberry32: a small seeded generator, so a failing run can be replayed with C1_SEED. */
export const seededRandom = mulberry32;

/**
 * Starts a server (its own sandboxes, no faults), places every order at once, SIGKILLs it
 * `killAfterMs` later, starts it again on the same database, runs one reconciliation (orders the
 * provider never saw fail at once: nothing is in flight any more) and stops it.
 */
export async function placeAndKillAtRandom(start: (env: Record<string, string>) => Promise<RunningServer>, placings: Placing[], killAfterMs: number): Promise<{ answered: number; reconcile: Body }> {
  const doomed = await start({});
  let answered = 0;
  try {
    const sent = placings.map((p) =>
      postToServer(doomed.origin, `/checkout/${p.token}/order`, p.body, p.key).then(
        () => void answered++,
        () => undefined,
      ),
    );
    await new Promise((r) => setTimeout(r, killAfterMs));
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBe('SIGKILL');
    await Promise.all(sent);
  } finally {
    if (doomed.child.exitCode === null && doomed.child.signalCode === null) {
      doomed.child.kill('SIGKILL');
      await doomed.exited;
    }
  }
  const server = await start({ RECONCILE_ABANDON_AFTER_MS: '0' });
  let reconcile: Body;
  try {
    const res = await postToServer(server.origin, '/checkout/reconcile', {});
    expect(res.ok).toBe(true);
    reconcile = (await res.json()) as Body;
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toBe(0);
  return { answered, reconcile };
}

/**
 * Every order of the product against the Braintree sandbox's stored ledger: PAID iff exactly one
 * capture not given back (and its vouchers); FAILED iff none (a capture given back is recorded in
 * payment.reversal); nothing PENDING; no capture for an order we do not have; stock = initial −
 * the PAID quantities once expired holds are swept; Part D's invariants.
 */
export async function expectLedgerOutcomes(db: Database['db'], run: { productId: number; initial: number; label: string }): Promise<{ paid: number; failed: number; reversed: number }> {
  const orders = (
    await sql<{ id: string; status: string; quantity: number; vouchers: number }>`select o.id, o.status, l.quantity,
      (select count(*)::int from vouchers.voucher v where v.order_id = o.id) as vouchers
      from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${run.productId}`.execute(db)
  ).rows;
  const ledger = (
    await sql<{ order_id: string; id: string; status: string; refunded: boolean }>`select data->>'orderId' as order_id, data->>'id' as id, data->>'status' as status, (data->>'refundId') is not null as refunded
      from payment_sandbox.record where provider = 'braintree' and kind = 'tx' and coalesce(data->>'type', 'sale') = 'sale'
      and data->>'orderId' in (select o.id::text from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${run.productId})`.execute(db)
  ).rows;
  const reversals = (await sql<{ transaction_id: string }>`select transaction_id from payment.reversal where order_ref in (select o.id::text from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${run.productId})`.execute(db)).rows;
  const reversedIds = new Set(reversals.map((r) => r.transaction_id));
  const kept = (orderId: string) => ledger.filter((t) => t.order_id === orderId && ['submitted_for_settlement', 'settling', 'settled'].includes(t.status) && !t.refunded);
  const givenBack = (orderId: string) => ledger.filter((t) => t.order_id === orderId && (t.status === 'voided' || t.refunded));
  let paid = 0;
  let failed = 0;
  for (const o of orders) {
    const where = `${run.label}: order ${o.id}`;
    if (o.status === 'PAID') {
      paid += o.quantity;
      expect(kept(o.id), where).toHaveLength(1);
      expect(o.vouchers, where).toBe(o.quantity);
    } else {
      expect(o.status, where).toBe('FAILED');
      expect(kept(o.id), where).toHaveLength(0);
      expect(o.vouchers, where).toBe(0);
      failed++;
    }
    // Every capture given back has its record.
    for (const t of givenBack(o.id)) expect(reversedIds.has(t.id), `${where}: reversal recorded`).toBe(true);
  }
  // No capture in the ledger belongs to an order that does not exist.
  expect(ledger.every((t) => orders.some((o) => o.id === t.order_id))).toBe(true);
  // A basket killed before its order was written still holds its units until the hold expires
  // (at most the hold's 5 minutes): let that time pass for the hold sweeper, then count.
  await releaseExpiredHolds(db, new Date(Date.now() + 60 * 60_000));
  const remaining = (await sql<{ remaining: number }>`select remaining from deals.product where id = ${run.productId}`.execute(db)).rows[0]!.remaining;
  expect(remaining, `${run.label}: stock`).toBe(run.initial - paid);
  expect(await invariantViolations(db)).toEqual({});
  return { paid: orders.filter((o) => o.status === 'PAID').length, failed, reversed: reversals.length };
}
