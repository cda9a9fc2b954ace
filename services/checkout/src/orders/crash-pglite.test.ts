/**
 * Reliability C1 on PGlite file storage: as crash.test.ts, but the checkout server process runs
 * on PGlite under a temporary DATA_DIR. PGlite allows one opener per data directory, so this
 * process prepares the data (product, basket), closes the directory, lets the doomed server
 * (FAULT_POINT, FAULT_KILL=1) SIGKILL itself mid-placing, starts it again without the fault,
 * retries with the same key and reconciles, stops it, then reopens the directory to check what
 * PGlite recovered: one PAID order with its vouchers, one capture at the sandboxes (served here,
 * so they outlive the killed server), stock down by the quantity, the Part D invariants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_KEY } from '@shop/payment/test/harness';
import { openDatabase, type Database } from '@shop/platform';
import { sql } from 'kysely';
import { C1_FAULT_POINTS, C1_RUNS as RUNS, postToServer as post, startCheckoutServer, type RunningServer as Running } from '../test/crash-harness.ts';
import { cardOrder, checkoutFixture, invariantViolations, TEST_TOKEN, type CheckoutFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe('C1: kill -9 at checkout fault points (PGlite file storage, a real process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-c1-pglite-'));
  // The fixture keeps one handle on the database; this process opens and closes the data
  // directory around each server run, so the handle forwards to whichever opening is current.
  let current: Database | null = null;
  const live = () => {
    if (!current) throw new Error('the PGlite data directory is closed in the test process (a server holds it)');
    return current.db;
  };
  const db = new Proxy({} as Database['db'], {
    get(_target, prop) {
      const target = live();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const reopen = async () => {
    current = await openDatabase({ dataDir });
  };
  const release = async () => {
    const open = current;
    current = null;
    await open?.close();
  };

  let f: CheckoutFixture;
  beforeAll(async () => {
    f = await checkoutFixture(async () => {
      await reopen();
      return { db, dialect: 'pglite', close: release };
    });
  });
  afterAll(async () => {
    await f?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    CHECKOUT_SERVICE_TOKEN: TEST_TOKEN,
    PORT: '0',
    PAYMENT_SANDBOX_ORIGIN: f.sandboxes.origin,
    PAYMENT_MERCHANT_KEY: MERCHANT_KEY,
    CLAIM_LEASE_MS: '500',
    ...extra,
  });
  const startServer = (serverEnv: Record<string, string>) => startCheckoutServer(serverEnv, { pglite: true });

  it.each(C1_FAULT_POINTS)(
    `killed at %s: after a restart, the retry and one reconciliation, one order and at most one charge (×${RUNS})`,
    async (point) => {
      for (let run = 1; run <= RUNS; run++) await killedAt(point, run);
    },
    120_000 * RUNS,
  );

  async function killedAt(point: string, run: number): Promise<void> {
    const p = await f.product({ remaining: 3, pricePence: 700 });
    const token = await f.basket([{ product: p, quantity: 2 }]);
    const key = `crash-pglite-${point}-${run}-${Date.now()}`;
    const body = cardOrder(1400);
    const sandboxBefore = f.sandboxes.braintree.transactions().length;
    await release();

    let doomed: Running | undefined;
    let stopped: Awaited<Running['exited']> | undefined;
    try {
      doomed = await startServer(env({ FAULT_POINT: point, FAULT_KILL: '1' }));
      await expect(post(doomed.origin, `/checkout/${token}/order`, body, key)).rejects.toThrow();
      expect(await doomed.exited).toBe('SIGKILL');

      const server = await startServer(env());
      try {
        await new Promise((r) => setTimeout(r, 600)); // past the claim lease
        const first = await post(server.origin, `/checkout/${token}/order`, body, key);
        expect([201, 409]).toContain(first.status);
        expect((await post(server.origin, '/checkout/reconcile', {})).ok).toBe(true);
        const final = await post(server.origin, `/checkout/${token}/order`, body, key);
        const answer = (await final.json()) as Body;
        expect(final.status, JSON.stringify(answer)).toBe(201);
        expect(answer.data.order.status).toBe('PAID');
        expect(answer.data.order.vouchers).toHaveLength(2);
      } finally {
        server.child.kill('SIGTERM');
        stopped = await server.exited;
      }
    } finally {
      // A doomed server that did not kill itself would still hold the data directory.
      if (doomed && doomed.child.exitCode === null && doomed.child.signalCode === null) {
        doomed.child.kill('SIGKILL');
        await doomed.exited;
      }
      await reopen();
    }
    expect(stopped, 'the restarted server stops cleanly on SIGTERM').toBe(0);

    // What PGlite recovered after the kill and kept through the clean stop.
    const orders = (await sql<{ id: string; status: string }>`select o.id, o.status from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(db)).rows;
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('PAID');
    expect((await sql`select count(*)::int as n from orders.voucher where order_id = ${orders[0]!.id}`.execute(db)).rows).toEqual([{ n: 2 }]);
    expect(f.sandboxes.braintree.captures(orders[0]!.id)).toHaveLength(1);
    // Nothing the sandbox saw in this run belongs to an order PGlite lost (a charge with no order).
    expect(new Set(f.sandboxes.braintree.transactions().slice(sandboxBefore).map((tx) => tx.orderId))).toEqual(new Set([orders[0]!.id]));
    expect((await sql`select remaining from deals.product where id = ${p.productId}`.execute(db)).rows).toEqual([{ remaining: 1 }]);
    expect(await invariantViolations(db)).toEqual({});
  }
});
