/**
 * refundWalletCapture (issue 16 point 5; reliability M7): part of an order's captured wallet
 * credit given back by a new 'refund' posting per refund, marketing and refundable in the
 * proportions the order took them (all of it back: exactly what each bucket gave), never more
 * than was captured (less a reversal), once per refund ref; the ledger invariants hold after.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { captureWalletCredit, creditWallet, holdWalletCredit, refundWalletCapture, reverseWalletCapture, walletBalances, walletTransactions, WalletError } from './index.ts';
import { walletPerTest, type WalletFixture } from './test/wallet-fixture.ts';

const DOUG = 'ct-doug-0123456789';

describe.each(testDatabases())('wallet refunds of captured credit on %s', (_name, open) => {
  const f = walletPerTest(open);
  const tx = <T>(work: (trx: WalletFixture['database']['db']) => Promise<T>) => f.database.db.transaction().execute(work);
  const refund = (ref: string, amount: number, holdRef = 'order-1') => tx((trx) => refundWalletCapture(trx, { holdRef, ref, amount, reason: `Voucher refund ${ref}` }));

  /** An order that took £3 of marketing and £7 of refundable credit. */
  async function paidOrder() {
    await tx((trx) => creditWallet(trx, { customerToken: DOUG, currency: 'GBP', amount: 300, bucket: 'marketing', reason: 'promo', ref: 'p-1' }));
    await tx((trx) => creditWallet(trx, { customerToken: DOUG, currency: 'GBP', amount: 700, bucket: 'refundable', reason: 'refund', ref: 'r-1' }));
    expect(await tx((trx) => holdWalletCredit(trx, { customerToken: DOUG, currency: 'GBP', amount: 1000, marketingMax: 300, ref: 'order-1' }))).toEqual({ ok: true, marketing: 300, refundable: 700 });
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-1' }));
  }

  it('gives back part by part in the order’s proportions; all of it returns exactly what each bucket gave', async () => {
    await paidOrder();
    expect(await refund('v-1', 333)).toEqual({ refunded: true, marketing: 100, refundable: 233 });
    expect(await refund('v-2', 333)).toEqual({ refunded: true, marketing: 100, refundable: 233 });
    expect(await refund('v-3', 334)).toEqual({ refunded: true, marketing: 100, refundable: 234 });
    expect((await walletBalances(f.database.db, DOUG))[0]).toEqual({ currency: 'GBP', balance: 1000, marketingBalance: 300, refundableBalance: 700 });
    expect((await walletTransactions(f.database.db, DOUG))[0]).toMatchObject({ kind: 'refund', ref: 'v-3', amount: 334, marketing: 100, refundable: 234 });
    await expect(refund('v-4', 1)).rejects.toThrow(WalletError);
  });

  it('never more than was captured; a ref replays its refund and refuses another amount; a reversal counts too', async () => {
    await paidOrder();
    await expect(refund('too-much', 1001)).rejects.toThrow(/more than the 1000/);
    expect(await refund('v-1', 400)).toMatchObject({ refunded: true });
    expect(await refund('v-1', 400)).toEqual({ refunded: false, marketing: 120, refundable: 280 });
    await expect(refund('v-1', 500)).rejects.toThrow(WalletError);
    await expect(refund('v-2', 700)).rejects.toThrow(WalletError);
    expect(await tx((trx) => reverseWalletCapture(trx, { ref: 'order-1' }))).toMatchObject({ reversed: true });
    await expect(refund('v-3', 1)).rejects.toThrow(WalletError);
    await expect(refund('x', 10, 'no-such-order')).rejects.toThrow(/No captured wallet credit/);
  });
});
