/**
 * M5 "bank" test (reliability M5) on PostgreSQL: concurrent workers move money around 10 wallets
 * with credits, holds, captures and releases; afterwards every invariant of the ledger holds.
 * PGlite has one connection, so there is no concurrency to test there: skipped.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { captureWalletCredit, creditWallet, holdWalletCredit, ledgerViolations, releaseWalletCredit, walletBalances } from './index.ts';
import { walletFixture } from './test/wallet-fixture.ts';

const postgres = testDatabases().filter(([name]) => name === 'postgres');
const WALLETS = Array.from({ length: 10 }, (_, i) => `ct-bank-wallet-${String(i).padStart(2, '0')}`);

describe.skipIf(postgres.length === 0).each(postgres.length ? postgres : testDatabases())('M5 bank test on %s', (_name, open) => {
  it('8 workers × 200 random operations over 10 wallets: balanced, cached = Σ entries, never below 0, total conserved', async () => {
    const f = await walletFixture(open);
    const db = f.database.db;
    try {
      const holds: string[] = [];
      let refusals = 0;
      let stop = false;
      // A reader polls balances the whole time: they must never be negative.
      const reader = (async () => {
        let reads = 0;
        while (!stop) {
          for (const w of WALLETS) for (const b of await walletBalances(db, w)) expect(b.marketingBalance >= 0 && b.refundableBalance >= 0).toBe(true);
          reads++;
        }
        return reads;
      })();
      const worker = async (seed: number) => {
        const ops = fc.sample(
          fc.record({ op: fc.integer({ min: 0, max: 9 }), wallet: fc.constantFrom(...WALLETS), amount: fc.integer({ min: 1, max: 3000 }), marketingMax: fc.integer({ min: 0, max: 1500 }), pick: fc.nat() }),
          { numRuns: 200, seed },
        );
        for (const [i, o] of ops.entries()) {
          const ref = `w${seed}-${i}`;
          await db.transaction().execute(async (trx) => {
            if (o.op <= 2) {
              await creditWallet(trx, { customerToken: o.wallet, currency: 'GBP', amount: o.amount, bucket: o.op === 0 ? 'marketing' : 'refundable', reason: 'bank test', ref });
            } else if (o.op <= 6) {
              const r = await holdWalletCredit(trx, { customerToken: o.wallet, currency: 'GBP', amount: o.amount, marketingMax: o.marketingMax, ref });
              if (r.ok) holds.push(ref);
              else refusals++;
            } else if (holds.length) {
              // Any worker may settle any hold, even one another worker is settling: only one wins.
              const target = holds[o.pick % holds.length]!;
              if (o.op <= 8) await captureWalletCredit(trx, { ref: target }).catch(ignoreSettled);
              else await releaseWalletCredit(trx, { ref: target }).catch(ignoreSettled);
            }
          }).catch(ignoreSettled);
        }
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: 8 }, (_, i) => worker(i + 1)));
      stop = true;
      expect(await reader).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(60_000);

      expect(await ledgerViolations(db)).toEqual([]);
      expect(holds.length).toBeGreaterThan(50);
      expect(refusals).toBeGreaterThan(0);
      const counts = await sql<{ kind: string; n: string }>`select kind, count(*) as n from wallet.ledger_transaction group by kind order by kind`.execute(db);
      expect(counts.rows.map((r) => r.kind)).toEqual(['capture', 'credit', 'hold', 'release']);
      // Each wallet's balance is what its entries say, and the system side mirrors the customers'.
      const total = await sql<{ customers: string; system: string }>`select
          coalesce(sum(balance) filter (where owner_type = 'customer'), 0) as customers,
          coalesce(sum(balance) filter (where owner_type = 'system'), 0) as system from wallet.account`.execute(db);
      expect(BigInt(total.rows[0]!.customers) + BigInt(total.rows[0]!.system)).toBe(0n);
      await expect(sql`update wallet.entry set amount = 1`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from wallet.entry`.execute(db)).rejects.toThrow(/append-only/);
    } finally {
      await f.close();
    }
  });
});

/** A capture of a released hold (or the reverse) is refused by design; anything else is a failure. */
function ignoreSettled(err: unknown): void {
  if (err instanceof Error && /cannot be (captured|released)/.test(err.message)) return;
  throw err;
}
