/**
 * Reliability C1 on PGlite file storage: as crash.test.ts, but the checkout server process runs
 * on PGlite under a temporary DATA_DIR. PGlite allows one opener per data directory, so this
 * process prepares the data (product, basket), closes the directory, lets the doomed server
 * (FAULT_POINT, FAULT_KILL=1) SIGKILL itself mid-placing, starts it again without the fault,
 * retries with the same key and reconciles, stops it, then reopens the directory to check what
 * PGlite recovered (crash-harness.ts expectOneOutcome): one order, paid with its vouchers, one
 * capture at the sandboxes (served here, so they outlive the killed server) and its mail sent
 * once, or (where the charge may not have reached the provider) failed with no charge and the
 * stock back; the Part D invariants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_KEY } from '@shop/payment/test/harness';
import { openDatabase, type Database } from '@shop/platform';
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
  startCheckoutServer,
} from '../test/crash-harness.ts';
import { cardOrder, checkoutFixture, TEST_TOKEN, type CheckoutFixture } from '../test/fixture.ts';

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

  const start = (extra: Record<string, string>) =>
    startCheckoutServer(
      { DATA_DIR: dataDir, CHECKOUT_SERVICE_TOKEN: TEST_TOKEN, PORT: '0', PAYMENT_SANDBOX_ORIGIN: f.sandboxes.origin, PAYMENT_MERCHANT_KEY: MERCHANT_KEY, ...extra },
      { pglite: true },
    );

  it.each(C1_FAULT_POINTS)(
    `killed at %s: after a restart, the retry and one reconciliation, one order and at most one charge (×${RUNS})`,
    async (point) => {
      for (let run = 1; run <= RUNS; run++) {
        const p = await f.product({ remaining: 3, pricePence: 700 });
        const token = await f.basket([{ product: p, quantity: 2 }]);
        const sandboxBefore = f.sandboxes.braintree.transactions().length;
        await release();
        let final: Awaited<ReturnType<typeof killAndRecover>>;
        try {
          final = await killAndRecover(start, point, { token, key: `crash-pglite-${point}-${run}-${Date.now()}`, body: cardOrder(1400) });
        } finally {
          await reopen();
        }
        expect(final.stopped, 'the restarted server stops cleanly on SIGTERM').toBe(0);
        // What PGlite recovered after the kill and kept through the clean stop.
        await expectOneOutcome(db, f.sandboxes, { point, productId: p.productId, final, sandboxBefore });
      }
    },
    120_000 * RUNS,
  );

  // Issue 14.1: the shop's own sandboxes die with it and come back from the PGlite directory.
  const seed = Number(process.env.C1_SEED ?? Date.now() % 1_000_000);
  it(`${C1_RANDOM_ORDERS} concurrent orders, kill -9 at a random moment, restart, reconcile: every order as the provider's ledger says (×${C1_RANDOM_RUNS}, C1_SEED=${seed})`, async () => {
    const random = seededRandom(seed);
    for (let run = 1; run <= C1_RANDOM_RUNS; run++) {
      const initial = C1_RANDOM_ORDERS + 2;
      const p = await f.product({ remaining: initial, pricePence: 700 });
      const placings = [];
      for (let i = 0; i < C1_RANDOM_ORDERS; i++) placings.push({ token: await f.basket([{ product: p, quantity: 1 }]), key: `random-pglite-${seed}-${run}-${i}`, body: cardOrder(700) });
      const killAfterMs = Math.round(50 + random() * 1500);
      console.log(`[C1 random] PGlite seed ${seed} run ${run}: kill -9 after ${killAfterMs} ms`);
      const startOwn = (extra: Record<string, string>) => startCheckoutServer({ DATA_DIR: dataDir, CHECKOUT_SERVICE_TOKEN: TEST_TOKEN, PORT: '0', CLAIM_LEASE_MS: '500', ...extra }, { pglite: true });
      await release();
      let reconcile: Record<string, unknown>;
      try {
        ({ reconcile } = await placeAndKillAtRandom(startOwn, placings, killAfterMs));
      } finally {
        await reopen();
      }
      const outcome = await expectLedgerOutcomes(db, { productId: p.productId, initial, label: `seed ${seed} run ${run} (${killAfterMs} ms)` });
      console.log(`[C1 random] run ${run}: ${outcome.paid} paid, ${outcome.failed} failed, ${outcome.reversed} given back; reconcile ${JSON.stringify(reconcile)}`);
    }
  }, 180_000 * C1_RANDOM_RUNS);
});
