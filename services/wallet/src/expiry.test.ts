/**
 * Credit that expires (expiry.ts): what is unspent of a dated credit is taken by an 'expiry'
 * posting once its date has passed, never before, once only (also with two jobs at once or a job
 * that failed mid-run); spending takes the soonest-expiring credit first and never credit past its
 * date; wallet money an order gives back keeps the date it had; the ledger's invariants (with
 * "the lots' unspent part is within the balance") hold after every test.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import {
  captureWalletCredit, creditWallet, expireWalletCredit, holdWalletCredit, refundWalletCapture, releaseWalletCredit, reverseWalletCapture,
  walletBalances, walletCreditLots, walletTransactions,
} from './index.ts';
import { walletPerTest, type WalletFixture } from './test/wallet-fixture.ts';

const DORA = 'ct-dora-0123456789';
const DAY = 86_400_000;
const NOW = new Date('2026-12-01T12:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe.each(testDatabases())('wallet credit expiry on %s', (_name, open) => {
  const f = walletPerTest(open);
  const tx = <T>(work: (trx: WalletFixture['database']['db']) => Promise<T>) => f.database.db.transaction().execute(work);
  const balance = async () => (await walletBalances(f.database.db, DORA))[0];
  const credit = (amount: number, ref: string, expiresAt?: Date, bucket: 'marketing' | 'refundable' = 'refundable') =>
    tx((trx) => creditWallet(trx, { customerToken: DORA, currency: 'GBP', amount, bucket, reason: `credit ${ref}`, ref, ...(expiresAt ? { expiresAt } : {}) }));
  const hold = (amount: number, ref: string, now = NOW, marketingMax = 0) =>
    tx((trx) => holdWalletCredit(trx, { customerToken: DORA, currency: 'GBP', amount, marketingMax, ref, now }));
  const expiries = async () => Number((await sql<{ n: string }>`select count(*) as n from wallet.ledger_transaction where kind = 'expiry'`.execute(f.database.db)).rows[0]!.n);

  it('takes the unspent part of a dated credit once its date has passed, by a posting, once', async () => {
    await credit(1200, 'expired-voucher-1', at(14));
    await credit(300, 'undated-1');
    expect(await walletCreditLots(f.database.db, DORA)).toEqual([
      { currency: 'GBP', bucket: 'refundable', amount: 1200, remaining: 1200, expiresAt: at(14), reason: 'credit expired-voucher-1' },
    ]);
    // Not yet: the date is the last instant it can be spent.
    expect(await expireWalletCredit(f.database.db, { now: at(14) })).toEqual({ expired: 0 });
    expect(await balance()).toMatchObject({ balance: 1500 });

    expect(await expireWalletCredit(f.database.db, { now: at(15) })).toEqual({ expired: 1 });
    expect(await balance()).toMatchObject({ balance: 300, refundableBalance: 300 });
    expect(await walletCreditLots(f.database.db, DORA)).toEqual([]);
    expect((await walletTransactions(f.database.db, DORA))[0]).toMatchObject({ kind: 'expiry', amount: -1200, refundable: -1200, reason: 'Credit expired' });
    // Again, later: nothing more.
    expect(await expireWalletCredit(f.database.db, { now: at(400) })).toEqual({ expired: 0 });
    expect(await expiries()).toBe(1);
    expect(await balance()).toMatchObject({ balance: 300 });
  });

  it('spends the soonest-expiring credit first, then credit with a later date, then undated credit', async () => {
    await credit(500, 'undated', undefined);
    await credit(500, 'year', at(365));
    await credit(500, 'fortnight', at(14));
    expect(await hold(700, 'order-1')).toEqual({ ok: true, marketing: 0, refundable: 700 });
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-1' }));
    expect((await walletCreditLots(f.database.db, DORA)).map((l) => [l.reason, l.remaining])).toEqual([['credit year', 300]]);
    // The fortnight's credit was all spent: nothing to take at its date.
    await expireWalletCredit(f.database.db, { now: at(20) });
    expect(await balance()).toMatchObject({ balance: 800 });
    await expireWalletCredit(f.database.db, { now: at(366) });
    expect(await balance()).toMatchObject({ balance: 500 });
    expect(await expiries()).toBe(1);
  });

  it('credit past its date cannot be spent even before the job has taken it', async () => {
    await credit(500, 'short', at(1));
    expect(await hold(100, 'order-late', at(2))).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(await hold(100, 'order-in-time', at(1))).toEqual({ ok: true, marketing: 0, refundable: 100 });
    await credit(200, 'undated');
    // 400 of the dated credit is past its date: only the undated 200 can pay.
    expect(await hold(300, 'order-2', at(2))).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(await hold(200, 'order-3', at(2))).toEqual({ ok: true, marketing: 0, refundable: 200 });
    await expireWalletCredit(f.database.db, { now: at(2) });
    expect(await balance()).toMatchObject({ balance: 0 });
  });

  it('money an order gives back keeps its date: a release, a reversal and a refund go back to the credit spent', async () => {
    await credit(1000, 'dated', at(14));
    await credit(1000, 'undated');
    await hold(1500, 'released');
    await tx((trx) => releaseWalletCredit(trx, { ref: 'released' }));
    expect((await walletCreditLots(f.database.db, DORA))[0]!.remaining).toBe(1000);

    await hold(1500, 'reversed');
    await tx((trx) => captureWalletCredit(trx, { ref: 'reversed' }));
    await tx((trx) => reverseWalletCapture(trx, { ref: 'reversed' }));
    expect((await walletCreditLots(f.database.db, DORA))[0]!.remaining).toBe(1000);

    await hold(1500, 'refunded');
    await tx((trx) => captureWalletCredit(trx, { ref: 'refunded' }));
    expect(await walletCreditLots(f.database.db, DORA)).toEqual([]);
    // 600 back: at most what each dated credit gave (1000), so all 600 is dated again.
    await tx((trx) => refundWalletCapture(trx, { holdRef: 'refunded', ref: 'refund-1', amount: 600, reason: 'Voucher refunded' }));
    expect((await walletCreditLots(f.database.db, DORA))[0]!.remaining).toBe(600);
    await tx((trx) => refundWalletCapture(trx, { holdRef: 'refunded', ref: 'refund-2', amount: 900, reason: 'Voucher refunded' }));
    expect((await walletCreditLots(f.database.db, DORA))[0]!.remaining).toBe(1000);
    expect(await balance()).toMatchObject({ balance: 2000 });
    await expireWalletCredit(f.database.db, { now: at(15) });
    expect(await balance()).toMatchObject({ balance: 1000 });
  });

  it('a refund with its own date (an expired voucher’s value) is new credit that expires then', async () => {
    await credit(800, 'undated');
    await hold(800, 'order-1');
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-1' }));
    await tx((trx) => refundWalletCapture(trx, { holdRef: 'order-1', ref: 'expired-credit-1', amount: 800, reason: 'Expired voucher credit', expiresAt: at(14) }));
    expect(await walletCreditLots(f.database.db, DORA)).toEqual([
      { currency: 'GBP', bucket: 'refundable', amount: 800, remaining: 800, expiresAt: at(14), reason: 'Expired voucher credit' },
    ]);
    await expireWalletCredit(f.database.db, { now: at(15) });
    expect(await balance()).toMatchObject({ balance: 0 });
  });

  it('promotional and refundable credit expire each in its own bucket', async () => {
    await credit(400, 'promo', at(14), 'marketing');
    await credit(600, 'refund', at(30));
    await expireWalletCredit(f.database.db, { now: at(15) });
    expect(await balance()).toEqual({ currency: 'GBP', balance: 600, marketingBalance: 0, refundableBalance: 600 });
  });

  it('a job that fails mid-run changes nothing of that account; run again, each lot expires once', async () => {
    for (let i = 1; i <= 3; i++) {
      await tx((trx) => creditWallet(trx, { customerToken: `ct-expiry-${i}-0123456789`, currency: 'GBP', amount: 100 * i, bucket: 'refundable', reason: 'dated', ref: `d-${i}`, expiresAt: at(1) }));
    }
    const failing = expireWalletCredit(f.database.db, {
      now: at(2),
      batch: 1,
      fault: (point, done) => {
        if (point === 'before-commit' && done === 2) throw new Error('crash');
      },
    });
    await expect(failing).rejects.toThrow('crash');
    expect(await expiries()).toBe(1);
    expect(await expireWalletCredit(f.database.db, { now: at(2) })).toEqual({ expired: 2 });
    expect(await expiries()).toBe(3);
  });

  it('two jobs at once and a checkout between them: each lot expires once, nothing spent twice', async () => {
    await credit(1000, 'dated', at(1));
    await credit(500, 'undated');
    const [a, b, h] = await Promise.all([
      expireWalletCredit(f.database.db, { now: at(2) }),
      expireWalletCredit(f.database.db, { now: at(2) }),
      hold(500, 'order-x', at(2)),
    ]);
    expect(a.expired + b.expired).toBe(1);
    expect(h).toEqual({ ok: true, marketing: 0, refundable: 500 });
    expect(await expiries()).toBe(1);
    expect(await balance()).toMatchObject({ balance: 0 });
  });
});
