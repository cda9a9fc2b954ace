/**
 * The wallet ledger's module functions (contract: services/checkout/README.md, "@shop/wallet").
 *
 * Double entry: money only moves between accounts, every posting's entries sum to 0 (checked
 * again by a deferred trigger at commit), entries are append-only, and each account's cached
 * balance is updated in the same transaction as its entries. Accounts are locked FOR UPDATE in
 * id order before anything is read or written, so concurrent postings never deadlock and never
 * see a stale balance; a customer account's update is also conditional (balance + amount >= 0)
 * and a check constraint backs it up.
 *
 * Functions taking `trx` run inside the caller's transaction and use only that handle; a refusal
 * ({ ok: false }) returns before anything is written.
 */
import { sql } from 'kysely';
import { walletSplit } from '@shop/domain/wallet-rules';
import type { WalletDb } from './db/database.ts';
import { CUSTOMER_TOKEN_PATTERN } from '@shop/platform';
import { WalletError } from './errors.ts';
import { addCreditLot, expiredUnspent, giveBackLots, spendLots } from './expiry.ts';

export const WALLET_CURRENCIES = ['GBP', 'EUR'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];
export const WALLET_BUCKETS = ['marketing', 'refundable'] as const;
export type WalletBucket = (typeof WALLET_BUCKETS)[number];
export type SystemAccount = 'promotions' | 'refunds' | 'orders-held' | 'sales';
/** The largest single amount the ledger takes: £1,000,000 in pence. */
export const WALLET_AMOUNT_MAX = 100_000_000;
/** Same shape as the customer tokens the users service issues (spec §5: at least 10 characters). */
export { CUSTOMER_TOKEN_PATTERN };

export interface WalletBalance {
  currency: WalletCurrency;
  balance: number;
  marketingBalance: number;
  refundableBalance: number;
}

export type HoldResult = { ok: true; marketing: number; refundable: number } | { ok: false; code: 'WALLET_INSUFFICIENT' };

export interface WalletTransaction {
  id: number;
  kind: 'credit' | 'hold' | 'capture' | 'release' | 'reversal' | 'refund' | 'expiry';
  ref: string;
  reason: string;
  currency: WalletCurrency;
  /** The change to the customer's wallet (negative when credit left it), and per bucket. */
  amount: number;
  marketing: number;
  refundable: number;
  createdAt: Date;
}

export { WalletError };

function checkToken(token: unknown): asserts token is string {
  if (typeof token !== 'string' || !CUSTOMER_TOKEN_PATTERN.test(token)) throw new WalletError('customerToken must be 10 to 128 url-safe characters.');
}
function checkCurrency(currency: unknown): asserts currency is WalletCurrency {
  if (!WALLET_CURRENCIES.includes(currency as WalletCurrency)) throw new WalletError('currency must be GBP or EUR.');
}
function checkAmount(amount: unknown, what: string, min: number): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < min || amount > WALLET_AMOUNT_MAX) {
    throw new WalletError(`${what} must be a whole number of pence from ${min} to ${WALLET_AMOUNT_MAX}.`);
  }
}
function checkText(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw new WalletError(`${what} must be 1 to 200 characters.`);
}

interface AccountRow {
  id: number;
  owner_type: 'customer' | 'system';
  bucket: WalletBucket | 'system';
  balance: number;
}

const num = (v: unknown): number => Number(v);

async function systemAccountId(trx: WalletDb, owner: SystemAccount, currency: WalletCurrency): Promise<number> {
  const row = (await sql<{ id: string }>`select id from wallet.account where owner_type = 'system' and owner = ${owner} and currency = ${currency}`.execute(trx)).rows[0];
  if (!row) throw new WalletError(`The system account ${owner} ${currency} is missing: run migrateWallet.`);
  return num(row.id);
}

/** The customer's account ids by bucket (null when never credited). */
async function customerAccountIds(trx: WalletDb, token: string, currency: WalletCurrency): Promise<Record<WalletBucket, number | null>> {
  const { rows } = await sql<{ id: string; bucket: WalletBucket }>`select id, bucket from wallet.account
    where owner_type = 'customer' and owner = ${token} and currency = ${currency}`.execute(trx);
  const ids: Record<WalletBucket, number | null> = { marketing: null, refundable: null };
  for (const r of rows) ids[r.bucket] = num(r.id);
  return ids;
}

async function ensureCustomerAccounts(trx: WalletDb, token: string, currency: WalletCurrency): Promise<Record<WalletBucket, number>> {
  await sql`insert into wallet.account (owner_type, owner, currency, bucket)
    values ('customer', ${token}, ${currency}, 'marketing'), ('customer', ${token}, ${currency}, 'refundable')
    on conflict (owner_type, owner, currency, bucket) do nothing`.execute(trx);
  const ids = await customerAccountIds(trx, token, currency);
  return { marketing: ids.marketing!, refundable: ids.refundable! };
}

/**
 * Opens the customers' accounts (both buckets) in a transaction of their own, committed before
 * the caller's. A transaction that credits two customers (the referral job) must call it first:
 * its second credit would otherwise insert the second customer's accounts while it holds the
 * first credit's locks, and wait there on another transaction opening the same accounts, which
 * in turn waits for those locks (a deadlock the M5 money test found). Opening accounts that exist
 * does nothing.
 */
export async function openWalletAccounts(db: WalletDb, customerTokens: readonly string[], currency: WalletCurrency): Promise<void> {
  for (const token of [...new Set(customerTokens)].sort()) {
    await db.transaction().execute(async (trx) => {
      await ensureCustomerAccounts(trx, token, currency);
    });
  }
}

/** Locks the accounts FOR UPDATE in id order; their balances as of the lock. */
async function lockAccounts(trx: WalletDb, ids: number[]): Promise<Map<number, AccountRow>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const { rows } = await sql<AccountRow>`select id, owner_type, bucket, balance from wallet.account
    where id in (${sql.join(sorted)}) order by id for update`.execute(trx);
  return new Map(rows.map((r) => [num(r.id), { ...r, id: num(r.id), balance: num(r.balance) }]));
}

interface Posting {
  kind: WalletTransaction['kind'];
  ref: string;
  customerToken: string;
  currency: WalletCurrency;
  reason: string;
}

/**
 * Writes one transaction and its entries (accounts already locked by the caller). Null when a
 * transaction of this kind and ref exists already: nothing is written (idempotency).
 */
async function post(trx: WalletDb, p: Posting, moves: Array<{ accountId: number; amount: number }>): Promise<number | null> {
  if (moves.reduce((s, m) => s + m.amount, 0) !== 0) throw new WalletError('A wallet transaction must sum to 0.');
  const claimed = await sql<{ id: string }>`insert into wallet.ledger_transaction (kind, ref, customer_token, currency, reason)
    values (${p.kind}, ${p.ref}, ${p.customerToken}, ${p.currency}, ${p.reason})
    on conflict (kind, ref) do nothing returning id`.execute(trx);
  const txId = claimed.rows[0] ? num(claimed.rows[0].id) : null;
  if (txId === null) return null;
  for (const move of [...moves].filter((m) => m.amount !== 0).sort((a, b) => a.accountId - b.accountId)) {
    const updated = await sql<{ balance: string }>`update wallet.account set balance = balance + ${move.amount}
      where id = ${move.accountId} and (owner_type = 'system' or balance + ${move.amount} >= 0) returning balance`.execute(trx);
    const after = updated.rows[0];
    if (!after) throw new WalletError(`Account ${move.accountId} would go below 0.`);
    await sql`insert into wallet.entry (transaction_id, account_id, amount, balance_after)
      values (${txId}, ${move.accountId}, ${move.amount}, ${after.balance})`.execute(trx);
  }
  return txId;
}

/** The customer's balances per currency ([] for a customer never credited). */
export async function walletBalances(db: WalletDb, customerToken: string): Promise<WalletBalance[]> {
  checkToken(customerToken);
  const { rows } = await sql<{ currency: WalletCurrency; bucket: WalletBucket; balance: string }>`select currency, bucket, balance from wallet.account
    where owner_type = 'customer' and owner = ${customerToken} order by currency, bucket`.execute(db);
  const byCurrency = new Map<WalletCurrency, WalletBalance>();
  for (const r of rows) {
    const b = byCurrency.get(r.currency) ?? { currency: r.currency, balance: 0, marketingBalance: 0, refundableBalance: 0 };
    if (r.bucket === 'marketing') b.marketingBalance = num(r.balance);
    else b.refundableBalance = num(r.balance);
    b.balance = b.marketingBalance + b.refundableBalance;
    byCurrency.set(r.currency, b);
  }
  return [...byCurrency.values()];
}

/**
 * Credits the customer's wallet from system:promotions (marketing) or system:refunds
 * (refundable). Idempotent by `ref`: the same ref again does nothing; the same ref with other
 * figures is a WalletError. With `expiresAt`, what is unspent of it then is taken away by
 * expireWalletCredit (expiry.ts): `expiresAt` is the last instant it can be spent. Without, it never expires.
 */
export async function creditWallet(
  trx: WalletDb,
  input: { customerToken: string; currency: WalletCurrency; amount: number; bucket: WalletBucket; reason: string; ref: string; expiresAt?: Date },
): Promise<{ created: boolean }> {
  checkToken(input.customerToken);
  checkCurrency(input.currency);
  checkAmount(input.amount, 'amount', 1);
  if (!WALLET_BUCKETS.includes(input.bucket)) throw new WalletError('bucket must be marketing or refundable.');
  checkText(input.reason, 'reason');
  checkText(input.ref, 'ref');
  const customer = await ensureCustomerAccounts(trx, input.customerToken, input.currency);
  const source = await systemAccountId(trx, input.bucket === 'marketing' ? 'promotions' : 'refunds', input.currency);
  const target = customer[input.bucket];
  await lockAccounts(trx, [source, target]);
  const txId = await post(trx, { kind: 'credit', ref: input.ref, customerToken: input.customerToken, currency: input.currency, reason: input.reason }, [
    { accountId: source, amount: -input.amount },
    { accountId: target, amount: input.amount },
  ]);
  if (txId !== null) {
    if (input.expiresAt !== undefined) await addCreditLot(trx, { transactionId: txId, accountId: target, amount: input.amount, expiresAt: input.expiresAt });
    return { created: true };
  }
  const first = await creditOf(trx, input.ref);
  const same = first && first.customerToken === input.customerToken && first.currency === input.currency && first.amount === input.amount && first.bucket === input.bucket;
  if (!same) throw new WalletError(`The ref ${input.ref} was already used for another credit.`);
  return { created: false };
}

/** What the credit of a ref did (for idempotent replays). */
export async function creditOf(db: WalletDb, ref: string): Promise<{ customerToken: string; currency: WalletCurrency; amount: number; bucket: WalletBucket } | null> {
  const row = (
    await sql<{ customer_token: string; currency: WalletCurrency; amount: string; bucket: WalletBucket }>`select t.customer_token, t.currency, e.amount, a.bucket
      from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id and a.owner_type = 'customer'
      where t.kind = 'credit' and t.ref = ${ref}`.execute(db)
  ).rows[0];
  return row ? { customerToken: row.customer_token, currency: row.currency, amount: num(row.amount), bucket: row.bucket } : null;
}

/**
 * Holds `amount` of the customer's wallet for an order (ref = order id): it moves to
 * system:orders-held, promotional credit first up to `marketingMax`, then refundable. A second
 * hold with the same ref answers the first hold's split and moves nothing.
 */
export async function holdWalletCredit(
  trx: WalletDb,
  input: { customerToken: string; currency: 'GBP'; amount: number; marketingMax: number; ref: string; now?: Date },
): Promise<HoldResult> {
  checkToken(input.customerToken);
  checkCurrency(input.currency);
  checkAmount(input.amount, 'amount', 0);
  checkAmount(input.marketingMax, 'marketingMax', 0);
  checkText(input.ref, 'ref');
  const existing = await holdOf(trx, input.ref);
  if (existing) return sameHold(existing, input);
  if (input.amount === 0) return { ok: true, marketing: 0, refundable: 0 };

  const customer = await customerAccountIds(trx, input.customerToken, input.currency);
  if (customer.marketing === null || customer.refundable === null) return { ok: false, code: 'WALLET_INSUFFICIENT' };
  const held = await systemAccountId(trx, 'orders-held', input.currency);
  const locked = await lockAccounts(trx, [customer.marketing, customer.refundable, held]);
  // The ref may have been held while this call waited for the locks.
  const raced = await holdOf(trx, input.ref);
  if (raced) return sameHold(raced, input);
  // Credit past its date is not spendable even before the expiry job has taken it.
  const now = input.now ?? new Date();
  const expired = await expiredUnspent(trx, [customer.marketing, customer.refundable], now);
  const split = walletSplit(
    {
      marketingBalance: locked.get(customer.marketing)!.balance - expired.get(customer.marketing)!,
      refundableBalance: locked.get(customer.refundable)!.balance - expired.get(customer.refundable)!,
    },
    input.marketingMax,
    input.amount,
  );
  if (!split) return { ok: false, code: 'WALLET_INSUFFICIENT' };

  await sql`insert into wallet.hold (ref, customer_token, currency, marketing, refundable, state)
    values (${input.ref}, ${input.customerToken}, ${input.currency}, ${split.marketing}, ${split.refundable}, 'held')`.execute(trx);
  await post(trx, { kind: 'hold', ref: input.ref, customerToken: input.customerToken, currency: input.currency, reason: 'Order payment held' }, [
    { accountId: customer.marketing, amount: -split.marketing },
    { accountId: customer.refundable, amount: -split.refundable },
    { accountId: held, amount: split.marketing + split.refundable },
  ]);
  await spendLots(trx, { holdRef: input.ref, accountId: customer.marketing, amount: split.marketing, now });
  await spendLots(trx, { holdRef: input.ref, accountId: customer.refundable, amount: split.refundable, now });
  return { ok: true, ...split };
}

interface HoldRow {
  customer_token: string;
  currency: WalletCurrency;
  marketing: number;
  refundable: number;
  state: 'held' | 'captured' | 'released';
}

async function holdOf(trx: WalletDb, ref: string): Promise<HoldRow | null> {
  const row = (await sql<HoldRow>`select customer_token, currency, marketing, refundable, state from wallet.hold where ref = ${ref}`.execute(trx)).rows[0];
  return row ? { ...row, marketing: num(row.marketing), refundable: num(row.refundable) } : null;
}

function sameHold(h: HoldRow, input: { customerToken: string; currency: string; amount: number }): HoldResult {
  if (h.customer_token !== input.customerToken || h.currency !== input.currency || h.marketing + h.refundable !== input.amount) {
    throw new WalletError('This ref already holds other wallet credit.');
  }
  return { ok: true, marketing: h.marketing, refundable: h.refundable };
}

/** Moves the hold `from` → `to` state and posts its entries; nothing when it is already in `to`. */
async function settle(trx: WalletDb, ref: string, to: 'captured' | 'released'): Promise<void> {
  checkText(ref, 'ref');
  const { rows } = await sql<HoldRow>`update wallet.hold set state = ${to}, updated_at = now()
    where ref = ${ref} and state = 'held' returning customer_token, currency, marketing, refundable, state`.execute(trx);
  const row = rows[0];
  if (!row) {
    const h = await holdOf(trx, ref);
    // Unknown ref (no wallet credit was held) or already settled this way: nothing to do.
    if (h && h.state !== to) throw new WalletError(`The wallet hold ${ref} is ${h.state}; it cannot be ${to}.`);
    return;
  }
  const marketing = num(row.marketing);
  const refundable = num(row.refundable);
  const held = await systemAccountId(trx, 'orders-held', row.currency);
  const p = { ref, customerToken: row.customer_token, currency: row.currency };
  if (to === 'captured') {
    const sales = await systemAccountId(trx, 'sales', row.currency);
    await lockAccounts(trx, [held, sales]);
    await post(trx, { ...p, kind: 'capture', reason: 'Order paid' }, [
      { accountId: held, amount: -(marketing + refundable) },
      { accountId: sales, amount: marketing + refundable },
    ]);
  } else {
    const customer = await customerAccountIds(trx, row.customer_token, row.currency);
    await lockAccounts(trx, [held, customer.marketing!, customer.refundable!]);
    await post(trx, { ...p, kind: 'release', reason: 'Order not paid: credit returned' }, [
      { accountId: held, amount: -(marketing + refundable) },
      { accountId: customer.marketing!, amount: marketing },
      { accountId: customer.refundable!, amount: refundable },
    ]);
    await giveBackLots(trx, { holdRef: ref, accountId: customer.marketing!, amount: marketing });
    await giveBackLots(trx, { holdRef: ref, accountId: customer.refundable!, amount: refundable });
  }
}

/** The held credit of an order is spent: orders-held → sales. Idempotent; an unknown ref does nothing; a released hold is a WalletError. */
export async function captureWalletCredit(trx: WalletDb, input: { ref: string }): Promise<void> {
  await settle(trx, input.ref, 'captured');
}

/** The held credit goes back to the customer, to the buckets it came from. Idempotent; an unknown ref does nothing; a captured hold is a WalletError. */
export async function releaseWalletCredit(trx: WalletDb, input: { ref: string }): Promise<void> {
  await settle(trx, input.ref, 'released');
}

/**
 * The customer's wallet history, newest first: what each transaction did to the wallet. Keyset
 * paging: `before` (a transaction id) gives the ones older than it (ids grow with time).
 */
export async function walletTransactions(db: WalletDb, customerToken: string, limit = 50, before?: number): Promise<WalletTransaction[]> {
  checkToken(customerToken);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) throw new WalletError('before must be a positive whole number.');
  const { rows } = await sql<{ id: string; kind: WalletTransaction['kind']; ref: string; reason: string; currency: WalletCurrency; created_at: Date; marketing: string; refundable: string }>`
    select t.id, t.kind, t.ref, t.reason, t.currency, t.created_at,
      coalesce(sum(e.amount) filter (where a.bucket = 'marketing'), 0) as marketing,
      coalesce(sum(e.amount) filter (where a.bucket = 'refundable'), 0) as refundable
    from wallet.ledger_transaction t
    left join wallet.entry e on e.transaction_id = t.id
    left join wallet.account a on a.id = e.account_id and a.owner_type = 'customer'
    where t.customer_token = ${customerToken} ${before === undefined ? sql`` : sql`and t.id < ${before}`}
    group by t.id order by t.id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    kind: r.kind,
    ref: r.ref,
    reason: r.reason,
    currency: r.currency,
    amount: num(r.marketing) + num(r.refundable),
    marketing: num(r.marketing),
    refundable: num(r.refundable),
    createdAt: new Date(r.created_at),
  }));
}
