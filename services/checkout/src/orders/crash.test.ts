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
import {
  C1_FAULT_POINTS,
  C1_RANDOM_ORDERS,
  C1_RANDOM_RUNS,
  C1_RUNS as RUNS,
  expectLedgerOutcomes,
  expectOneOutcome,
  killAndRecover,
  placeAndKillAtRandom,
  seededRandom,
  startCheckoutServer as startServer,
} from '../test/crash-harness.ts';
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

  // Issue 14.1: the shop's own sandboxes die with it and come back from the database.
  const seed = Number(process.env.C1_SEED ?? Date.now() % 1_000_000);
  it(`${C1_RANDOM_ORDERS} concurrent orders, kill -9 at a random moment, restart, reconcile: every order as the provider's ledger says (×${C1_RANDOM_RUNS}, C1_SEED=${seed})`, async () => {
    const random = seededRandom(seed);
    for (let run = 1; run <= C1_RANDOM_RUNS; run++) {
      const initial = C1_RANDOM_ORDERS + 2;
      const p = await f.product({ remaining: initial, pricePence: 700 });
      const placings = [];
      for (let i = 0; i < C1_RANDOM_ORDERS; i++) placings.push({ token: await f.basket([{ product: p, quantity: 1 }]), key: `random-${seed}-${run}-${i}`, body: cardOrder(700) });
      const killAfterMs = Math.round(50 + random() * 1500);
      console.log(`[C1 random] PostgreSQL seed ${seed} run ${run}: kill -9 after ${killAfterMs} ms`);
      const startOwn = (extra: Record<string, string>) => startServer({ DATABASE_URL: dbUrl, CHECKOUT_SERVICE_TOKEN: TEST_TOKEN, PORT: '0', DB_POOL_SIZE: '4', CLAIM_LEASE_MS: '500', ...extra });
      const { reconcile } = await placeAndKillAtRandom(startOwn, placings, killAfterMs);
      const outcome = await expectLedgerOutcomes(f.db, { productId: p.productId, initial, label: `seed ${seed} run ${run} (${killAfterMs} ms)` });
      console.log(`[C1 random] run ${run}: ${outcome.paid} paid, ${outcome.failed} failed, ${outcome.reversed} given back; reconcile ${JSON.stringify(reconcile)}`);
    }
  }, 180_000 * C1_RANDOM_RUNS);
});
