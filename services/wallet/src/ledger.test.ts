import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import {
  captureWalletCredit, creditWallet, holdWalletCredit, releaseWalletCredit, walletBalances, walletTransactions, WalletError,
} from './index.ts';
import { walletPerTest, type WalletFixture } from './test/wallet-fixture.ts';

const ALICE = 'ct-alice-0123456789';
const BOB = 'ct-bob-0123456789';

describe.each(testDatabases())('wallet ledger on %s', (_name, open) => {
  const f = walletPerTest(open);
  const tx = <T>(work: (trx: WalletFixture['database']['db']) => Promise<T>) => f.database.db.transaction().execute(work);
  const credit = (customerToken: string, amount: number, bucket: 'marketing' | 'refundable', ref: string) =>
    tx((trx) => creditWallet(trx, { customerToken, currency: 'GBP', amount, bucket, reason: 'Test credit', ref }));
  const balances = async (token: string) => (await walletBalances(f.database.db, token)).find((b) => b.currency === 'GBP');

  it('an unknown customer has no balances; credits land in their bucket, once per ref', async () => {
    expect(await walletBalances(f.database.db, ALICE)).toEqual([]);
    expect(await credit(ALICE, 1000, 'marketing', 'promo-1')).toEqual({ created: true });
    expect(await credit(ALICE, 1000, 'marketing', 'promo-1')).toEqual({ created: false });
    expect(await credit(ALICE, 250, 'refundable', 'refund-1')).toEqual({ created: true });
    expect(await walletBalances(f.database.db, ALICE)).toEqual([{ currency: 'GBP', balance: 1250, marketingBalance: 1000, refundableBalance: 250 }]);
    await expect(credit(ALICE, 999, 'marketing', 'promo-1')).rejects.toThrow(WalletError);
    await expect(credit(BOB, 1000, 'marketing', 'promo-1')).rejects.toThrow(WalletError);
    await tx((trx) => creditWallet(trx, { customerToken: ALICE, currency: 'EUR', amount: 300, bucket: 'refundable', reason: 'EUR refund', ref: 'refund-eur' }));
    expect(await walletBalances(f.database.db, ALICE)).toEqual([
      { currency: 'EUR', balance: 300, marketingBalance: 0, refundableBalance: 300 },
      { currency: 'GBP', balance: 1250, marketingBalance: 1000, refundableBalance: 250 },
    ]);
  });

  it('holds marketing credit first up to marketingMax, then refundable; idempotent per ref', async () => {
    await credit(ALICE, 1000, 'marketing', 'promo-1');
    await credit(ALICE, 500, 'refundable', 'refund-1');
    const hold = (amount: number, marketingMax: number, ref: string, token = ALICE) =>
      tx((trx) => holdWalletCredit(trx, { customerToken: token, currency: 'GBP', amount, marketingMax, ref }));
    expect(await hold(600, 200, 'order-1')).toEqual({ ok: true, marketing: 200, refundable: 400 });
    expect(await balances(ALICE)).toEqual({ currency: 'GBP', balance: 900, marketingBalance: 800, refundableBalance: 100 });
    // The same ref again answers the first hold and moves nothing.
    expect(await hold(600, 200, 'order-1')).toEqual({ ok: true, marketing: 200, refundable: 400 });
    await expect(hold(700, 200, 'order-1')).rejects.toThrow(WalletError);
    expect(await balances(ALICE)).toMatchObject({ balance: 900 });
    // More than the wallet can pay under the limit: refused, nothing written.
    expect(await hold(400, 200, 'order-2')).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(await hold(1, 0, 'order-3', BOB)).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(await hold(0, 0, 'order-4', BOB)).toEqual({ ok: true, marketing: 0, refundable: 0 });
    expect(await hold(300, 200, 'order-5')).toEqual({ ok: true, marketing: 200, refundable: 100 });
    expect(await balances(ALICE)).toEqual({ currency: 'GBP', balance: 600, marketingBalance: 600, refundableBalance: 0 });
    const refs = (await sql<{ ref: string }>`select ref from wallet.hold order by ref`.execute(f.database.db)).rows.map((r) => r.ref);
    expect(refs).toEqual(['order-1', 'order-5']);
  });

  it('M6: hold then release gives back exactly the credit, to the buckets it came from; capture spends it; both idempotent and only from held', async () => {
    await credit(ALICE, 1000, 'marketing', 'promo-1');
    await credit(ALICE, 2000, 'refundable', 'refund-1');
    const before = await balances(ALICE);
    await tx((trx) => holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount: 1000, marketingMax: 300, ref: 'order-decline' }));
    await tx((trx) => releaseWalletCredit(trx, { ref: 'order-decline' }));
    await tx((trx) => releaseWalletCredit(trx, { ref: 'order-decline' }));
    expect(await balances(ALICE)).toEqual(before);
    await expect(tx((trx) => captureWalletCredit(trx, { ref: 'order-decline' }))).rejects.toThrow(WalletError);

    await tx((trx) => holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount: 1000, marketingMax: 300, ref: 'order-paid' }));
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-paid' }));
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-paid' }));
    await expect(tx((trx) => releaseWalletCredit(trx, { ref: 'order-paid' }))).rejects.toThrow(WalletError);
    expect(await balances(ALICE)).toEqual({ currency: 'GBP', balance: 2000, marketingBalance: 700, refundableBalance: 1300 });
    // Unknown refs (no credit was held for the order): nothing to do.
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-unknown' }));
    await tx((trx) => releaseWalletCredit(trx, { ref: 'order-unknown' }));
    const sales = await sql<{ balance: string }>`select balance from wallet.account where owner = 'sales' and currency = 'GBP'`.execute(f.database.db);
    expect(Number(sales.rows[0]!.balance)).toBe(1000);
  });

  it('a hold rolled back with the caller’s transaction leaves nothing behind', async () => {
    await credit(ALICE, 1000, 'refundable', 'refund-1');
    await expect(
      tx(async (trx) => {
        await holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount: 500, marketingMax: 0, ref: 'order-rolled-back' });
        throw new Error('the order transaction failed');
      }),
    ).rejects.toThrow('the order transaction failed');
    expect(await balances(ALICE)).toMatchObject({ balance: 1000 });
    expect(await tx((trx) => holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount: 500, marketingMax: 0, ref: 'order-rolled-back' }))).toMatchObject({ ok: true });
  });

  it('lists the history newest first with the change per bucket', async () => {
    await credit(ALICE, 1000, 'marketing', 'promo-1');
    await credit(ALICE, 500, 'refundable', 'refund-1');
    await tx((trx) => holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount: 300, marketingMax: 100, ref: 'order-1' }));
    await tx((trx) => captureWalletCredit(trx, { ref: 'order-1' }));
    const history = await walletTransactions(f.database.db, ALICE);
    expect(history.map((t) => [t.kind, t.ref, t.amount, t.marketing, t.refundable])).toEqual([
      ['capture', 'order-1', 0, 0, 0],
      ['hold', 'order-1', -300, -100, -200],
      ['credit', 'refund-1', 500, 0, 500],
      ['credit', 'promo-1', 1000, 1000, 0],
    ]);
    expect(await walletTransactions(f.database.db, BOB)).toEqual([]);
  });

  it('entries are append-only, a customer account cannot go below 0, and an unbalanced transaction cannot commit', async () => {
    await credit(ALICE, 1000, 'marketing', 'promo-1');
    const db = f.database.db;
    await expect(sql`update wallet.entry set amount = amount + 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from wallet.entry`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate wallet.entry cascade`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update wallet.account set balance = -1 where owner_type = 'customer'`.execute(db)).rejects.toThrow(/customer_balance_not_negative/);
    await expect(
      db.transaction().execute(async (trx) => {
        const t = await sql<{ id: string }>`insert into wallet.ledger_transaction (kind, ref, customer_token, currency, reason)
          values ('credit', 'forged', ${ALICE}, 'GBP', 'forged') returning id`.execute(trx);
        const account = await sql<{ id: string }>`select id from wallet.account where owner = 'sales' and currency = 'GBP'`.execute(trx);
        await sql`insert into wallet.entry (transaction_id, account_id, amount, balance_after) values (${t.rows[0]!.id}, ${account.rows[0]!.id}, 5, 5)`.execute(trx);
      }),
    ).rejects.toThrow(/does not sum to 0/);
  });

  it('refuses bad figures with a WalletError before touching the database', async () => {
    for (const amount of [-1, 0, 1.5, 2 ** 53, Number.NaN, '100' as unknown as number]) {
      await expect(credit(ALICE, amount, 'marketing', `bad-${String(amount)}`), String(amount)).rejects.toThrow(WalletError);
    }
    for (const amount of [-1, 1.5, 2 ** 53]) {
      await expect(tx((trx) => holdWalletCredit(trx, { customerToken: ALICE, currency: 'GBP', amount, marketingMax: 0, ref: 'x' }))).rejects.toThrow(WalletError);
    }
    await expect(walletBalances(f.database.db, 'short')).rejects.toThrow(WalletError);
  });
});
