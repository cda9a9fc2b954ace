/**
 * Reliability C1 with a real kill -9: the checkout server (src/server.ts) runs as its own process
 * on the PostgreSQL database, with FAULT_POINT and FAULT_KILL=1 it SIGKILLs itself at that point
 * of a placing; it is started again without the fault, the client retries with the same key and
 * reconciliation runs. The sandboxes live in this (test) process, so the provider remembers what
 * it captured across the crash. After each: one order, at most one capture, exactly one of
 * {no charge and stock back, charge and PAID with vouchers}, the Part D invariants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_KEY } from '@shop/payment/test/harness';
import { sql } from 'kysely';
import { C1_FAULT_POINTS, C1_RUNS as RUNS, postToServer as post, startCheckoutServer as startServer } from '../test/crash-harness.ts';
import { cardOrder, checkoutFixture, invariantViolations, postgres16, TEST_TOKEN, type CheckoutFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('C1: kill -9 at checkout fault points (PostgreSQL, a real process)', () => {
  let f: CheckoutFixture;
  let dbUrl: string;
  beforeAll(async () => {
    const open = postgres16(adminUrl!);
    f = await checkoutFixture(async () => {
      const database = await open();
      dbUrl = (database as typeof database & { url: string }).url;
      return database;
    });
  });
  afterAll(async () => {
    await f?.close();
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: dbUrl,
    CHECKOUT_SERVICE_TOKEN: TEST_TOKEN,
    PORT: '0',
    PAYMENT_SANDBOX_ORIGIN: f.sandboxes.origin,
    PAYMENT_MERCHANT_KEY: MERCHANT_KEY,
    CLAIM_LEASE_MS: '500',
    DB_POOL_SIZE: '4',
    ...extra,
  });
  it.each(C1_FAULT_POINTS)(
    `killed at %s: after a restart, the retry and one reconciliation, one order and at most one charge (×${RUNS})`,
    async (point) => {
      for (let run = 1; run <= RUNS; run++) await killedAt(point, run);
    },
    120_000 * RUNS,
  );

  async function killedAt(point: string, run: number): Promise<void> {
    {
      const p = await f.product({ remaining: 3, pricePence: 700 });
      const token = await f.basket([{ product: p, quantity: 2 }]);
      const key = `crash-${point}-${run}-${Date.now()}`;
      const body = cardOrder(1400);

      const doomed = await startServer(env({ FAULT_POINT: point, FAULT_KILL: '1' }));
      await expect(post(doomed.origin, `/checkout/${token}/order`, body, key)).rejects.toThrow();
      expect(await doomed.exited).toBe('SIGKILL');

      const server = await startServer(env());
      try {
        await new Promise((r) => setTimeout(r, 600)); // past the claim lease
        const first = await post(server.origin, `/checkout/${token}/order`, body, key);
        expect([201, 409]).toContain(first.status);
        await post(server.origin, '/checkout/reconcile', {});
        const final = await post(server.origin, `/checkout/${token}/order`, body, key);
        const answer = (await final.json()) as Body;
        expect(final.status, JSON.stringify(answer)).toBe(201);
        expect(answer.data.order.status).toBe('PAID');
        expect(answer.data.order.vouchers).toHaveLength(2);

        const orders = (await sql<{ id: string; status: string }>`select o.id, o.status from orders.orders o join orders.order_line l on l.order_id = o.id where l.deal_product_id = ${p.productId}`.execute(f.db)).rows;
        expect(orders).toHaveLength(1);
        expect(f.sandboxes.braintree.captures(orders[0]!.id)).toHaveLength(1);
        expect((await sql`select remaining from deals.product where id = ${p.productId}`.execute(f.db)).rows).toEqual([{ remaining: 1 }]);
        expect(await invariantViolations(f.db)).toEqual({});
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
  }
});
