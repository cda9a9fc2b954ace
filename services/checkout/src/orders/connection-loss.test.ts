/**
 * Reliability C2 (issue 14 point 14): PostgreSQL connections cut, and the server restarted, while
 * a load of orders runs. Guests place orders at once (the sandbox answering each sale in 100–400
 * ms, so the faults land in every step: claiming keys, the paying transactions, the hand-over to
 * the provider), each trying again after a 503 as the checkout page does while the faults go on.
 * Two faults, each three times: every backend of the shop's database terminated
 * (pg_terminate_backend, on the shared server), and the whole server restarted with `pg_ctl
 * restart -m fast` and `-m immediate` (a cluster of the test's own). Then:
 * every answer was a final one or a retryable 503 (never a 500); the pool serves again within
 * 5 s; each shopper's retry with the same key ends in one final answer; after reconciliation no
 * order is left pending or half-written (the Part D invariants), each paid order kept exactly one
 * capture and each failed one none, the units sold are the units paid for, and new orders after
 * the recovery all succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ledgerViolations } from '@shop/wallet';
import { releaseExpiredHolds } from '@shop/deals/stock/index';
import { openDatabase, type Database } from '@shop/platform';
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '@shop/platform/test-fixtures/throwaway-postgres';
import { cardOrder, checkoutFixture, invariantViolations, postgres16, type CheckoutFixture } from '../test/fixture.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ORDERS = process.env.CI === 'true' ? 24 : 40;
const FAULTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Fault {
  count: number;
  what: string;
}

/**
 * The scenario of the header, with `injure` making the faults while the orders run; each shopper
 * starts paying at a random moment within `spreadMs` (0: all at once).
 */
async function ordersThroughFaults(f: CheckoutFixture, injure: () => Promise<Fault>, spreadMs = 0): Promise<void> {
  const initial = ORDERS + 10;
  const p = await f.product({ remaining: initial, pricePence: 700 });
  const placings: Array<{ token: string; key: string; email: string; last: number }> = [];
  for (let i = 0; i < ORDERS; i++) placings.push({ token: await f.basket([{ product: p, quantity: 1 }]), key: `c2-${Date.now().toString(36)}-${i}`, email: `c2.${i}@example.com`, last: 0 });
  for (let i = 0; i < ORDERS; i++) f.sandboxes.braintree.faults.arm({ mode: 'delay-ms', delayMs: 100 + Math.floor(Math.random() * 300), route: 'sale' });
  const place = async (pl: (typeof placings)[number]) => {
    const res = await f.request('POST', `/checkout/${pl.token}/order`, { body: cardOrder(700, { email: pl.email }), headers: { 'idempotency-key': pl.key } });
    pl.last = res.status;
    if (res.status === 503) expect(res.headers.get('retry-after')).toBe('1');
    return res.status;
  };

  // Everyone pays at once; an answer of 503 is tried again (same key) while the faults go on.
  let faulting = true;
  const answers: number[] = [];
  const faulted = (async () => {
    try {
      return await injure();
    } finally {
      faulting = false;
    }
  })();
  await Promise.all(
    placings.map(async (pl) => {
      if (spreadMs > 0) await sleep(Math.floor(Math.random() * spreadMs));
      for (;;) {
        const status = await place(pl);
        answers.push(status);
        if (status !== 503 || !faulting) return;
        await sleep(200);
      }
    }),
  );
  const faults = await faulted;
  expect(faults.count, faults.what).toBeGreaterThan(0);
  const tally = answers.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
  console.log(`[C2] ${faults.count} ${faults.what}; answers under the faults ${JSON.stringify(tally)}`);
  // A final answer or a retryable one; never an unexplained 500.
  const unhandled = f.logged.filter((l) => l.message === '[http] unhandled error').map((l) => JSON.stringify(l.fields.error).slice(0, 300));
  for (const status of answers) expect([201, 202, 402, 409, 503], unhandled.join('\n')).toContain(status);

  // The pool serves again within 5 s of the last fault.
  const recovering = Date.now();
  for (;;) {
    const res = await f.request('GET', '/checkout/config/gifting').catch(() => null);
    if (res?.status === 200) break;
    expect(Date.now() - recovering, 'the pool recovers within 5 s').toBeLessThan(5000);
    await sleep(100);
  }

  // Each shopper whose answer was not final tries again with the same key, as the checkout page does.
  for (let round = 0; round < 20 && placings.some((pl) => ![201, 402].includes(pl.last)); round++) {
    await Promise.all(placings.filter((pl) => ![201, 402].includes(pl.last)).map(place));
    if (placings.some((pl) => ![201, 402].includes(pl.last))) {
      // An order still with the provider or abandoned mid-way: reconciliation settles it.
      await f.app.settled();
      f.clock.advance(11 * 60_000);
      await f.request('POST', '/checkout/reconcile');
      await sleep(200);
    }
  }
  // Paid or declined, every one (the stock covers them all). A claim whose request died with the
  // server before writing its order answers "still working" until its lease (60 s) passes; then
  // the same key takes it over (idempotency.ts), which the clock above stands in for.
  for (const pl of placings) expect([201, 402], `${pl.key}: a final answer`).toContain(pl.last);
  await f.app.settled();
  f.clock.advance(11 * 60_000);
  await f.request('POST', '/checkout/reconcile');

  // Nothing half-written: every order paid with its vouchers or failed with nothing kept.
  const orders = (
    await sql<{ id: string; status: string; basket_token: string }>`select o.id, o.status, o.basket_token from orders.orders o
      join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)
  ).rows;
  expect(orders.filter((o) => o.status === 'PENDING')).toEqual([]);
  const paid = orders.filter((o) => o.status === 'PAID');
  for (const o of orders) {
    const kept = f.sandboxes.braintree.captures(o.id).length - f.sandboxes.braintree.reversals(o.id).length;
    expect(kept, `order ${o.id} (${o.status}): captures kept`).toBe(o.status === 'PAID' ? 1 : 0);
  }
  // At most one paid order per shopper (basket), and every shopper told 201 has one.
  expect(new Set(paid.map((o) => o.basket_token)).size).toBe(paid.length);
  for (const pl of placings.filter((x) => x.last === 201)) expect(paid.some((o) => o.basket_token === pl.token), pl.key).toBe(true);
  await releaseExpiredHolds(f.db, new Date(f.clock.now.getTime() + 60 * 60_000));
  const { rows: [stock] } = await sql<{ remaining: number }>`select remaining from deals.product where id = ${p.productId}`.execute(f.db);
  expect(stock!.remaining).toBe(initial - paid.length);
  expect(await invariantViolations(f.db)).toEqual({});
  expect(await ledgerViolations(f.db as never)).toEqual([]);
  // No key left in flight without an order (a shopper's retry would wait on it for ever).
  const { rows: stuck } = await sql<{ idem_key: string }>`select idem_key from orders.idempotency_key where state = 'in_flight' and idem_key like 'c2-%'`.execute(f.db);
  expect(stuck).toEqual([]);

  // After the recovery: new orders simply succeed.
  const q = await f.product({ remaining: 10, pricePence: 700 });
  const after = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const token = await f.basket([{ product: q, quantity: 1 }]);
      const res = await f.request('POST', `/checkout/${token}/order`, { body: cardOrder(700, { email: `c2.after.${i}@example.com` }), headers: { 'idempotency-key': `c2-after-${Date.now()}-${i}` } });
      return res.status;
    }),
  );
  expect(after).toEqual(Array(6).fill(201));
}

describe.skipIf(!adminUrl)('C2: database connections cut under a load of orders (PostgreSQL)', () => {
  let f: CheckoutFixture;
  let dbName: string;
  let admin: Database;
  beforeAll(async () => {
    const open = postgres16(adminUrl!);
    f = await checkoutFixture(async () => {
      const database = await open();
      dbName = new URL((database as typeof database & { url: string }).url).pathname.slice(1);
      return database;
    }, { paymentTimeoutMs: 3000 });
    admin = await openDatabase({ url: adminUrl!, poolSize: 1 });
  });
  afterAll(async () => {
    await admin?.close();
    await f?.close();
  });

  it(`${ORDERS} orders at once, every connection cut ${FAULTS} times: retryable answers only, recovery within 5 s, nothing half-written, one capture per paid order`, async () => {
    await ordersThroughFaults(f, async () => {
      let count = 0;
      for (let c = 0; c < FAULTS; c++) {
        await sleep(150 + c * 350);
        const { rows } = await sql<{ n: number }>`select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`.execute(admin.db);
        count += rows[0]!.n;
      }
      return { count, what: 'backends terminated' };
    });
  }, 120_000);
});

// A cluster of the test's own: restarting the shared server would stop every other suite's database.
describe.skipIf(!postgresBinaries())('C2: PostgreSQL restarted under a load of orders (pg_ctl restart -m fast and -m immediate)', () => {
  let f: CheckoutFixture;
  let cluster: ThrowawayPostgres;
  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    f = await checkoutFixture(postgres16(cluster.url), { paymentTimeoutMs: 3000 });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await cluster?.close();
  });

  it(`${ORDERS} orders at once, the server restarted ${FAULTS} times (fast, immediate, fast): retryable answers only, recovery within 5 s, nothing half-written, one capture per paid order`, async () => {
    await ordersThroughFaults(f, async () => {
      const modes = ['fast', 'immediate', 'fast'] as const;
      for (const [i, mode] of modes.slice(0, FAULTS).entries()) {
        await sleep(i === 0 ? 150 : 300);
        await cluster.restart(mode);
      }
      return { count: FAULTS, what: 'server restarts' };
      // The shoppers arrive over the restarts, so each lands in another step of paying.
    }, 1200);
  }, 120_000);
});
