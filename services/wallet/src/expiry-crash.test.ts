/**
 * Reliability C5 for the wallet credit expiry job (expireWalletCredit) with a real kill -9
 * (PostgreSQL): the job runs as its own process (test/expiry-child.ts) and SIGKILLs itself at a
 * seeded random point (inside an account's transaction with its expiry posting written, or just
 * after a commit), then runs again without the fault; and two runs go at once. Each time: every
 * lot past its date is taken once (one 'expiry' posting, expiries = 1), lots still valid and
 * undated credit are untouched, the ledger's invariants hold, and a further run adds nothing (the
 * same ledger state hash).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mulberry32 } from '@shop/platform/random';
import { openFreshPostgres } from '@shop/platform/test-databases';
import { captureWalletCredit, creditWallet, holdWalletCredit, ledgerViolations, walletBalances, type CreditExpiryFaultPoint } from './index.ts';
import { walletFixture, type WalletFixture } from './test/wallet-fixture.ts';
import { runChild } from '@shop/platform/test-child';

const adminUrl = process.env.TEST_DATABASE_URL;
const child = fileURLToPath(new URL('./test/expiry-child.ts', import.meta.url));
// Reliability C5 asks 20 seeded kills; CI runs the fast tier (each run starts three processes).
const RUNS = process.env.CI === 'true' ? 6 : 20;
const POINTS: CreditExpiryFaultPoint[] = ['before-commit', 'after-commit'];
const DAY = 86_400_000;
const NOW = new Date('2031-03-01T12:00:00Z');

const runJob = (env: Record<string, string>) => runChild(child, env);

describe.skipIf(!adminUrl)('C5: the wallet credit expiry job killed -9 mid-run, and two runs at once (PostgreSQL, real processes)', () => {
  let f: WalletFixture;
  let url = '';
  beforeAll(async () => {
    f = await walletFixture(async () => {
      const database = await openFreshPostgres(adminUrl!, { prefix: 'wallet_c5' });
      url = database.url;
      return database;
    });
  });
  afterAll(async () => {
    await f?.close();
  });

  const db = () => f.database.db;
  /** The whole ledger: balances, postings, entries and lots. */
  const state = async () =>
    createHash('sha256')
      .update(JSON.stringify((await sql`select id, balance from wallet.account order by id`.execute(db())).rows))
      .update(JSON.stringify((await sql`select id, kind, ref from wallet.ledger_transaction order by id`.execute(db())).rows))
      .update(JSON.stringify((await sql`select id, transaction_id, account_id, amount, balance_after from wallet.entry order by id`.execute(db())).rows))
      .update(JSON.stringify((await sql`select id, remaining, expiries from wallet.credit_lot order by id`.execute(db())).rows))
      .digest('hex');

  /** Four shoppers, each with 2 lots past their date (one partly spent), 1 still valid and undated credit. */
  async function dueAndValid() {
    const shoppers = Array.from({ length: 4 }, () => `ct-c5-${randomUUID()}`);
    const expected = new Map<string, number>();
    for (const token of shoppers) {
      await db()
        .transaction()
        .execute(async (trx) => {
          const credit = (amount: number, ref: string, expiresAt?: Date, bucket: 'marketing' | 'refundable' = 'refundable') =>
            creditWallet(trx, { customerToken: token, currency: 'GBP', amount, bucket, reason: 'C5 credit', ref: `${ref}-${token}`, ...(expiresAt ? { expiresAt } : {}) });
          await credit(700, 'due-a', new Date(NOW.getTime() - 2 * DAY));
          await credit(300, 'due-b', new Date(NOW.getTime() - DAY), 'marketing');
          await credit(500, 'valid', new Date(NOW.getTime() + 10 * DAY));
          await credit(250, 'undated');
          // Spent before its date: 200 of the first lot (the soonest) goes to an order.
          expect(await holdWalletCredit(trx, { customerToken: token, currency: 'GBP', amount: 200, marketingMax: 0, ref: `order-${token}`, now: new Date(NOW.getTime() - 3 * DAY) })).toMatchObject({ ok: true });
          await captureWalletCredit(trx, { ref: `order-${token}` });
        });
      // 1,750 credited, 200 spent; 500 + 300 past their date are taken: 250 undated + 500 valid left.
      expected.set(token, 750);
    }
    return { shoppers, expected, due: shoppers.length * 2 };
  }

  async function checkExpiredOnce(shoppers: string[], expected: Map<string, number>) {
    for (const token of shoppers) expect((await walletBalances(db(), token))[0]?.balance, token).toBe(expected.get(token));
    const lots = (
      await sql<{ expired: boolean; remaining: number; expiries: number; postings: number }>`select l.expires_at < ${NOW} as expired, l.remaining::int as remaining, l.expiries,
          (select count(*)::int from wallet.ledger_transaction t where t.kind = 'expiry' and t.ref like 'lot:' || l.id || ':%') as postings
        from wallet.credit_lot l join wallet.account a on a.id = l.account_id where a.owner in (${sql.join(shoppers)})`.execute(db())
    ).rows;
    expect(lots).toHaveLength(shoppers.length * 3);
    for (const lot of lots) {
      if (lot.expired) expect(lot).toMatchObject({ remaining: 0, expiries: 1, postings: 1 });
      else expect(lot).toMatchObject({ remaining: 500, expiries: 0, postings: 0 });
    }
    expect(await ledgerViolations(db())).toEqual([]);
  }

  it(`after a kill at a random point and a restart, each lot past its date is expired exactly once (×${RUNS})`, async () => {
    const random = mulberry32(18_01);
    const kills: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const { shoppers, expected } = await dueAndValid();
      // Each kill point in turn (so even the fast tier covers both); the account it hits is seeded.
      const point = POINTS[run % POINTS.length]!;
      const at = 1 + Math.floor(random() * 4);
      const env = { DATABASE_URL: url, NOW: NOW.toISOString(), BATCH: '2' };
      const killed = await runJob({ ...env, KILL_AT: `${point}:${at}` });
      expect(killed.signal, killed.out).toBe('SIGKILL');
      kills.push(`${point}:${at}`);
      const recovered = await runJob(env);
      expect(recovered.code, recovered.out).toBe(0);
      await checkExpiredOnce(shoppers, expected);
      const before = await state();
      const again = await runJob(env);
      expect(again.out.trim()).toBe('{"expired":0}');
      expect(await state()).toBe(before);
    }
    expect(new Set(kills.map((k) => k.split(':')[0]))).toEqual(new Set(POINTS));
  }, 600_000);

  it('two runs at once expire each lot once between them; a third adds nothing', async () => {
    const { shoppers, expected, due } = await dueAndValid();
    const env = { DATABASE_URL: url, NOW: NOW.toISOString(), BATCH: '1' };
    const [a, b] = await Promise.all([runJob(env), runJob(env)]);
    expect([a.code, b.code], a.out + b.out).toEqual([0, 0]);
    const total = [a, b].reduce((n, r) => n + (JSON.parse(r.out.trim()) as { expired: number }).expired, 0);
    expect(total).toBe(due);
    await checkExpiredOnce(shoppers, expected);
    const before = await state();
    expect((await runJob(env)).out.trim()).toBe('{"expired":0}');
    expect(await state()).toBe(before);
  }, 120_000);
});
