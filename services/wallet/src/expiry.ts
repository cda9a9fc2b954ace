/**
 * Credit that expires (spec §9: wallet credit expires 12 months after redemption; expired voucher
 * credit is valid 14 days). The balance stays Σ entries; each credit given an expiry is a lot
 * (migration 2026_12_27_1000_credit_expiry) whose unspent part a job takes away by an 'expiry'
 * posting once its date has passed: never a silent change of a balance.
 *
 * Spending takes the soonest-expiring lots first (what a shopper would want), then credit that
 * never expires; money an order gives back goes back to the lots it came from, so it keeps its
 * date (and if that date has passed, the job takes it). Lots are only touched by a caller that
 * holds their account's lock (locks: accounts in id order, then lots), so the job and a checkout
 * never deadlock and never both spend one lot.
 */
import { sql } from 'kysely';
import type { WalletDb } from './db/database.ts';
import { WalletError } from './errors.ts';
import type { WalletBucket, WalletCurrency } from './ledger.ts';

const num = (v: unknown): number => Number(v);

/** Records that `amount` of the posting `transactionId` in `accountId` expires at `expiresAt`. */
export async function addCreditLot(trx: WalletDb, input: { transactionId: number; accountId: number; amount: number; expiresAt: Date }): Promise<void> {
  if (!(input.expiresAt instanceof Date) || Number.isNaN(input.expiresAt.getTime())) throw new WalletError('expiresAt must be a valid instant.');
  if (input.amount <= 0) return;
  await sql`insert into wallet.credit_lot (transaction_id, account_id, amount, remaining, expires_at)
    values (${input.transactionId}, ${input.accountId}, ${input.amount}, ${input.amount}, ${input.expiresAt})`.execute(trx);
}

/** What of each (locked) account's balance has passed its date but not been taken by the job yet: it cannot be spent. One grouped query for all of them. */
export async function expiredUnspent(trx: WalletDb, accountIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const byAccount = new Map<number, number>(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) return byAccount;
  const { rows } = await sql<{ account_id: string; total: string }>`select account_id, sum(remaining) as total from wallet.credit_lot
    where account_id in (${sql.join(accountIds)}) and remaining > 0 and expires_at < ${now}
    group by account_id`.execute(trx);
  for (const r of rows) byAccount.set(Number(r.account_id), num(r.total));
  return byAccount;
}

/** A hold took `amount` from the (locked) account: the live lots pay first, soonest-expiring first. */
export async function spendLots(trx: WalletDb, input: { holdRef: string; accountId: number; amount: number; now: Date }): Promise<void> {
  let left = input.amount;
  if (left <= 0) return;
  const { rows } = await sql<{ id: string; remaining: string }>`select id, remaining from wallet.credit_lot
    where account_id = ${input.accountId} and remaining > 0 and expires_at >= ${input.now}
    order by expires_at, id for update`.execute(trx);
  for (const lot of rows) {
    if (left === 0) break;
    const take = Math.min(left, num(lot.remaining));
    await sql`update wallet.credit_lot set remaining = remaining - ${take} where id = ${lot.id}`.execute(trx);
    await sql`insert into wallet.lot_use (hold_ref, lot_id, taken) values (${input.holdRef}, ${lot.id}, ${take})
      on conflict (hold_ref, lot_id) do update set taken = wallet.lot_use.taken + excluded.taken`.execute(trx);
    left -= take;
  }
}

/**
 * `amount` of what the hold `holdRef` took from the (locked) account came back: it goes back to
 * the lots it was taken from, latest-expiring first, at most what each gave; the rest had no date.
 */
export async function giveBackLots(trx: WalletDb, input: { holdRef: string; accountId: number; amount: number }): Promise<void> {
  let left = input.amount;
  if (left <= 0) return;
  const { rows } = await sql<{ lot_id: string; open: string }>`select u.lot_id, u.taken - u.given_back as open
    from wallet.lot_use u join wallet.credit_lot l on l.id = u.lot_id
    where u.hold_ref = ${input.holdRef} and l.account_id = ${input.accountId} and u.taken > u.given_back
    order by l.expires_at desc, l.id desc for update of u, l`.execute(trx);
  for (const use of rows) {
    if (left === 0) break;
    const back = Math.min(left, num(use.open));
    await sql`update wallet.lot_use set given_back = given_back + ${back} where hold_ref = ${input.holdRef} and lot_id = ${use.lot_id}`.execute(trx);
    await sql`update wallet.credit_lot set remaining = remaining + ${back} where id = ${use.lot_id}`.execute(trx);
    left -= back;
  }
}

export interface WalletCreditLot {
  currency: WalletCurrency;
  bucket: WalletBucket;
  /** As given, and what is still unspent of it (integer pence). */
  amount: number;
  remaining: number;
  expiresAt: Date;
  reason: string;
}

/** The customer's credit with a date that is still unspent, soonest-expiring first (what the wallet page shows). */
export async function walletCreditLots(db: WalletDb, customerToken: string): Promise<WalletCreditLot[]> {
  const { rows } = await sql<{ currency: WalletCurrency; bucket: WalletBucket; amount: string; remaining: string; expires_at: Date; reason: string }>`
    select a.currency, a.bucket, l.amount, l.remaining, l.expires_at, t.reason
    from wallet.credit_lot l join wallet.account a on a.id = l.account_id join wallet.ledger_transaction t on t.id = l.transaction_id
    where a.owner_type = 'customer' and a.owner = ${customerToken} and l.remaining > 0
    order by l.expires_at, l.id`.execute(db);
  return rows.map((r) => ({ currency: r.currency, bucket: r.bucket, amount: num(r.amount), remaining: num(r.remaining), expiresAt: new Date(r.expires_at), reason: r.reason }));
}

/**
 * How often the shop runs the job. Credit past its date cannot be spent even before it runs (holds
 * skip it); running every minute keeps the balance a shopper sees from showing it for longer.
 */
export const EXPIRE_CREDIT_EVERY_MS = 60_000;

/** Where a test makes the job fail. */
export type CreditExpiryFaultPoint = 'before-commit' | 'after-commit';

/**
 * The job: every lot past its date with something unspent gives it up, by a posting of kind
 * 'expiry' (the customer's bucket → system:expired), one transaction per account so each account
 * is locked once and briefly. Crash safe and idempotent: the posting and the lot's `remaining = 0`
 * commit together, and a lot is re-read under its account's lock, so a second run (or a
 * concurrent one) finds nothing left to take. Returns how many lots it expired.
 */
export async function expireWalletCredit(
  db: WalletDb,
  input: { now: Date; batch?: number; fault?: (point: CreditExpiryFaultPoint, accountsDone: number) => void },
): Promise<{ expired: number }> {
  const batch = input.batch ?? 200;
  let expired = 0;
  let accountsDone = 0;
  for (;;) {
    const { rows: accounts } = await sql<{ account_id: string }>`select distinct account_id from wallet.credit_lot
      where remaining > 0 and expires_at < ${input.now} limit ${batch}`.execute(db);
    if (accounts.length === 0) return { expired };
    for (const { account_id } of accounts) {
      expired += await db.transaction().execute(async (trx) => {
        const n = await expireAccountLots(trx, num(account_id), input.now);
        input.fault?.('before-commit', accountsDone + 1);
        return n;
      });
      accountsDone++;
      input.fault?.('after-commit', accountsDone);
    }
  }
}

async function expireAccountLots(trx: WalletDb, accountId: number, now: Date): Promise<number> {
  const account = (await sql<{ owner: string; currency: WalletCurrency }>`select owner, currency from wallet.account where id = ${accountId}`.execute(trx)).rows[0];
  if (!account) throw new WalletError(`Account ${accountId} is missing.`);
  const target = (await sql<{ id: string }>`select id from wallet.account where owner_type = 'system' and owner = 'expired' and currency = ${account.currency}`.execute(trx)).rows[0];
  if (!target) throw new WalletError(`The system account expired ${account.currency} is missing: run migrateWallet.`);
  const ids = [accountId, num(target.id)].sort((a, b) => a - b);
  const locked = await sql<{ id: string; balance: string }>`select id, balance from wallet.account where id in (${sql.join(ids)}) order by id for update`.execute(trx);
  let balance = num(locked.rows.find((r) => num(r.id) === accountId)!.balance);
  const { rows: lots } = await sql<{ id: string; remaining: string; expiries: number }>`select id, remaining, expiries from wallet.credit_lot
    where account_id = ${accountId} and remaining > 0 and expires_at < ${now} order by expires_at, id for update`.execute(trx);
  let n = 0;
  for (const lot of lots) {
    // Σ remaining ≤ balance always holds; the min only keeps a broken invariant from failing the job.
    const amount = Math.min(num(lot.remaining), balance);
    await sql`update wallet.credit_lot set remaining = 0, expiries = expiries + 1 where id = ${lot.id}`.execute(trx);
    n++;
    if (amount <= 0) continue;
    const tx = (
      await sql<{ id: string }>`insert into wallet.ledger_transaction (kind, ref, customer_token, currency, reason)
        values ('expiry', ${`lot:${lot.id}:${lot.expiries + 1}`}, ${account.owner}, ${account.currency}, 'Credit expired') returning id`.execute(trx)
    ).rows[0]!.id;
    for (const move of [
      { accountId, amount: -amount },
      { accountId: num(target.id), amount },
    ].sort((a, b) => a.accountId - b.accountId)) {
      const after = (await sql<{ balance: string }>`update wallet.account set balance = balance + ${move.amount} where id = ${move.accountId} returning balance`.execute(trx)).rows[0]!;
      await sql`insert into wallet.entry (transaction_id, account_id, amount, balance_after) values (${tx}, ${move.accountId}, ${move.amount}, ${after.balance})`.execute(trx);
    }
    balance -= amount;
  }
  return n;
}
