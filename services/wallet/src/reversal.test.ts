/**
 * reverseWalletCapture (reliability P6): a captured order payment given back by a new
 * 'reversal' posting, to the buckets it came from, once per ref (also when two run at once);
 * entries are only ever added; the ledger invariants hold afterwards.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { captureWalletCredit, creditWallet, holdWalletCredit, refundWalletCapture, releaseWalletCredit, reverseWalletCapture, walletBalances, walletTransactions, WalletError } from './index.ts';
import { walletPerTest, type WalletFixture } from './test/wallet-fixture.ts';

const CAROL = 'ct-carol-0123456789';

describe.each(testDatabases())('wallet reversal on %s', (_name, open) => {
  const f = walletPerTest(open);
  const tx = <T>(work: (trx: WalletFixture['database']['db']) => Promise<T>) => f.database.db.transaction().execute(work);
  const entries = async () => Number((await sql<{ n: string }>`select count(*) as n from wallet.entry`.execute(f.database.db)).rows[0]!.n);

  it('after a refund of part of the order, gives back only what is still captured (the M10 model test’s shrunk counterexample)', async () => {
    await tx((trx) => creditWallet(trx, { customerToken: CAROL, currency: 'GBP', amount: 1000, bucket: 'refundable', reason: 'refund', ref: 'r-9' }));
    await tx((trx) => holdWalletCredit(trx, { customerToken: CAROL, currency: 'GBP', amount: 1000, marketingMax: 0, ref: 'order-9' }));
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-9' }));
    await tx((trx) => refundWalletCapture(trx, { holdRef: 'order-9', ref: 'voucher-refund-9', amount: 400, reason: 'Voucher refunded' }));
    expect(await tx((trx) => reverseWalletCapture(trx, { ref: 'order-9' }))).toEqual({ reversed: true, marketing: 0, refundable: 600 });
    // 1,000 in, 1,000 back in all: never more than the order took.
    expect((await walletBalances(f.database.db, CAROL))[0]).toMatchObject({ balance: 1000 });
    await expect(tx((trx) => refundWalletCapture(trx, { holdRef: 'order-9', ref: 'voucher-refund-10', amount: 1, reason: 'Voucher refunded' }))).rejects.toBeInstanceOf(WalletError);
  });

  it('gives a captured hold back to its buckets by a new posting, once; refuses a hold not captured', async () => {
    await tx((trx) => creditWallet(trx, { customerToken: CAROL, currency: 'GBP', amount: 300, bucket: 'marketing', reason: 'promo', ref: 'p-1' }));
    await tx((trx) => creditWallet(trx, { customerToken: CAROL, currency: 'GBP', amount: 900, bucket: 'refundable', reason: 'refund', ref: 'r-1' }));
    expect(await tx((trx) => holdWalletCredit(trx, { customerToken: CAROL, currency: 'GBP', amount: 1000, marketingMax: 200, ref: 'order-1' }))).toEqual({ ok: true, marketing: 200, refundable: 800 });
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-1' }));
    expect((await walletBalances(f.database.db, CAROL))[0]).toMatchObject({ marketingBalance: 100, refundableBalance: 100 });
    const before = await entries();

    expect(await tx((trx) => reverseWalletCapture(trx, { ref: 'order-1' }))).toEqual({ reversed: true, marketing: 200, refundable: 800 });
    expect((await walletBalances(f.database.db, CAROL))[0]).toEqual({ currency: 'GBP', balance: 1200, marketingBalance: 300, refundableBalance: 900 });
    expect(await entries()).toBe(before + 3);
    expect((await walletTransactions(f.database.db, CAROL))[0]).toMatchObject({ kind: 'reversal', ref: 'order-1', amount: 1000, marketing: 200, refundable: 800 });
    // Again: nothing more.
    expect(await tx((trx) => reverseWalletCapture(trx, { ref: 'order-1' }))).toEqual({ reversed: false, marketing: 200, refundable: 800 });
    expect(await entries()).toBe(before + 3);
    // No wallet credit was used for this order: nothing to do.
    expect(await tx((trx) => reverseWalletCapture(trx, { ref: 'order-none' }))).toEqual({ reversed: false, marketing: 0, refundable: 0 });
    // Held or released, never captured: not a reversal.
    await tx((trx) => holdWalletCredit(trx, { customerToken: CAROL, currency: 'GBP', amount: 100, marketingMax: 0, ref: 'order-2' }));
    await expect(tx((trx) => reverseWalletCapture(trx, { ref: 'order-2' }))).rejects.toThrow(WalletError);
    await tx((trx) => releaseWalletCredit(trx, { ref: 'order-2' }));
    await expect(tx((trx) => reverseWalletCapture(trx, { ref: 'order-2' }))).rejects.toThrow(WalletError);
  });

  it('two reversals of one order at once reverse it once', async () => {
    await tx((trx) => creditWallet(trx, { customerToken: CAROL, currency: 'GBP', amount: 500, bucket: 'refundable', reason: 'refund', ref: 'r-2' }));
    await tx((trx) => holdWalletCredit(trx, { customerToken: CAROL, currency: 'GBP', amount: 500, marketingMax: 0, ref: 'order-3' }));
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-3' }));
    const results = await Promise.all([tx((trx) => reverseWalletCapture(trx, { ref: 'order-3' })), tx((trx) => reverseWalletCapture(trx, { ref: 'order-3' }))]);
    expect(results.filter((r) => r.reversed)).toHaveLength(1);
    expect((await walletBalances(f.database.db, CAROL))[0]!.balance).toBe(500);
  });
});
