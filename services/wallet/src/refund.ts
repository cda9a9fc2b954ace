/**
 * Refunds of captured order credit (issue 16 point 5; reliability M7 "a wallet-paid part goes
 * back to the wallet by a new ledger posting"): `amount` of what the order `holdRef` captured goes
 * back to the customer, in a new posting of kind 'refund' (system:sales → the customer), never by
 * changing an entry. Marketing and refundable credit come back in the proportions the hold took
 * them, counted over every refund of the hold so that refunding all of it returns exactly what
 * was taken from each bucket (promotional credit never comes back as refundable credit). At most
 * what was captured, less what earlier refunds and a reversal gave back. Runs inside the caller's
 * transaction; idempotent by `ref` (the refund's own reference). With `expiresAt` the money back
 * is credit that expires then (an expired voucher's value, valid 14 days); without, it goes back
 * to the credit it was spent from, with that credit's own dates.
 */
import { sql } from 'kysely';
import type { WalletDb } from './db/database.ts';
import { WalletError } from './errors.ts';
import { addCreditLot, giveBackLots } from './expiry.ts';

const num = (v: unknown): number => Number(v);

export async function refundWalletCapture(
  trx: WalletDb,
  input: { holdRef: string; ref: string; amount: number; reason: string; expiresAt?: Date },
): Promise<{ refunded: boolean; marketing: number; refundable: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) throw new WalletError('amount must be a whole number of pence, at least 1.');
  for (const [field, value] of [['holdRef', input.holdRef], ['ref', input.ref], ['reason', input.reason]] as const) {
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw new WalletError(`${field} must be 1 to 200 characters.`);
  }
  const hold = (
    await sql<{ customer_token: string; currency: string; marketing: string; refundable: string; state: string }>`select customer_token, currency, marketing, refundable, state
      from wallet.hold where ref = ${input.holdRef} for update`.execute(trx)
  ).rows[0];
  if (!hold || hold.state !== 'captured') throw new WalletError(`No captured wallet credit for ${input.holdRef}.`);
  const replay = (
    await sql<{ marketing: string; refundable: string }>`select
        coalesce(sum(e.amount) filter (where a.bucket = 'marketing'), 0) as marketing,
        coalesce(sum(e.amount) filter (where a.bucket = 'refundable'), 0) as refundable
      from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id and a.owner_type = 'customer'
      where t.kind = 'refund' and t.ref = ${input.ref} and t.hold_ref = ${input.holdRef}`.execute(trx)
  ).rows[0]!;
  const exists = (await sql<{ n: number }>`select count(*)::int as n from wallet.ledger_transaction where kind = 'refund' and ref = ${input.ref}`.execute(trx)).rows[0]!.n > 0;
  if (exists) {
    if (num(replay.marketing) + num(replay.refundable) !== input.amount) throw new WalletError(`The refund ${input.ref} was already made for another amount or order.`);
    return { refunded: false, marketing: num(replay.marketing), refundable: num(replay.refundable) };
  }
  const taken = { marketing: num(hold.marketing), refundable: num(hold.refundable) };
  const before = (
    await sql<{ marketing: string; refundable: string }>`select
        coalesce(sum(e.amount) filter (where a.bucket = 'marketing'), 0) as marketing,
        coalesce(sum(e.amount) filter (where a.bucket = 'refundable'), 0) as refundable
      from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id and a.owner_type = 'customer'
      where (t.kind = 'refund' and t.hold_ref = ${input.holdRef}) or (t.kind = 'reversal' and t.ref = ${input.holdRef})`.execute(trx)
  ).rows[0]!;
  const given = { marketing: num(before.marketing), refundable: num(before.refundable) };
  const total = taken.marketing + taken.refundable;
  const after = given.marketing + given.refundable + input.amount;
  if (after > total) throw new WalletError(`Refunding ${input.amount} of ${input.holdRef} would give back more than the ${total} it captured.`);
  // Refundable credit in the hold's proportion of everything given back so far, the rest marketing.
  const refundable = Math.min(taken.refundable, Math.floor((after * taken.refundable) / total)) - given.refundable;
  const marketing = input.amount - refundable;
  const { rows: accounts } = await sql<{ id: string; owner_type: string; bucket: string }>`select id, owner_type, bucket from wallet.account
    where currency = ${hold.currency} and ((owner_type = 'system' and owner = 'sales') or (owner_type = 'customer' and owner = ${hold.customer_token}))
    order by id for update`.execute(trx);
  const sales = accounts.find((a) => a.owner_type === 'system');
  const customer = (bucket: string) => accounts.find((a) => a.owner_type === 'customer' && a.bucket === bucket);
  if (!sales || !customer('marketing') || !customer('refundable')) throw new WalletError(`The accounts of the wallet hold ${input.holdRef} are missing.`);
  const txId = (
    await sql<{ id: string }>`insert into wallet.ledger_transaction (kind, ref, hold_ref, customer_token, currency, reason)
      values ('refund', ${input.ref}, ${input.holdRef}, ${hold.customer_token}, ${hold.currency}, ${input.reason}) returning id`.execute(trx)
  ).rows[0]!.id;
  const moves = [
    { accountId: num(sales.id), amount: -input.amount },
    { accountId: num(customer('marketing')!.id), amount: marketing },
    { accountId: num(customer('refundable')!.id), amount: refundable },
  ]
    .filter((m) => m.amount !== 0)
    .sort((a, b) => a.accountId - b.accountId);
  for (const move of moves) {
    const balance = (await sql<{ balance: string }>`update wallet.account set balance = balance + ${move.amount} where id = ${move.accountId} returning balance`.execute(trx)).rows[0]!;
    await sql`insert into wallet.entry (transaction_id, account_id, amount, balance_after) values (${txId}, ${move.accountId}, ${move.amount}, ${balance.balance})`.execute(trx);
  }
  for (const [bucket, amount] of [['marketing', marketing], ['refundable', refundable]] as const) {
    const accountId = num(customer(bucket)!.id);
    if (input.expiresAt !== undefined) await addCreditLot(trx, { transactionId: num(txId), accountId, amount, expiresAt: input.expiresAt });
    else await giveBackLots(trx, { holdRef: input.holdRef, accountId, amount });
  }
  return { refunded: true, marketing, refundable };
}
