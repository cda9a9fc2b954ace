/**
 * Reliability C1 with a real kill -9: the checkout server (src/server.ts) runs as its own process
 * on the PostgreSQL database, with FAULT_POINT and FAULT_KILL=1 it SIGKILLs itself at that point
 * of a placing; it is started again without the fault, the client retries with the same key and
 * reconciliation runs. The sandboxes live in this (test) process, so the provider remembers what
 * it captured across the crash. After each: one order, at most one capture, exactly one of
 * {no charge and stock back, charge and PAID with vouchers and its mail sent once}, the Part D
 * invariants (crash-harness.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MERCHANT_KEY } from '@shop/payment/test/harness';
import { C1_FAULT_POINTS, C1_RUNS as RUNS, expectOneOutcome, killAndRecover, startCheckoutServer as startServer } from '../test/crash-harness.ts';
import { cardOrder, checkoutFixture, postgres16, TEST_TOKEN, type CheckoutFixture } from '../test/fixture.ts';

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

  const start = (extra: Record<string, string>) =>
    startServer({
      DATABASE_URL: dbUrl,
      CHECKOUT_SERVICE_TOKEN: TEST_TOKEN,
      PORT: '0',
      PAYMENT_SANDBOX_ORIGIN: f.sandboxes.origin,
      PAYMENT_MERCHANT_KEY: MERCHANT_KEY,
      DB_POOL_SIZE: '4',
      ...extra,
    });

  it.each(C1_FAULT_POINTS)(
    `killed at %s: after a restart, the retry and one reconciliation, one order and at most one charge (×${RUNS})`,
    async (point) => {
      for (let run = 1; run <= RUNS; run++) {
        const p = await f.product({ remaining: 3, pricePence: 700 });
        const token = await f.basket([{ product: p, quantity: 2 }]);
        const sandboxBefore = f.sandboxes.braintree.transactions().length;
        const final = await killAndRecover(start, point, { token, key: `crash-${point}-${run}-${Date.now()}`, body: cardOrder(1400) });
        await expectOneOutcome(f.db, f.sandboxes, { point, productId: p.productId, final, sandboxBefore });
      }
    },
    120_000 * RUNS,
  );
});
