/**
 * The ledger's invariants (reliability M5), as SQL over the whole wallet schema. Tests run it after
 * their traffic; an operator can run it any time. Empty: all is well.
 */
import { sql } from 'kysely';
import type { WalletDb } from './db/database.ts';

export async function ledgerViolations(db: WalletDb): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await sql<{ id: string; total: string }>`select transaction_id as id, sum(amount) as total from wallet.entry
    group by transaction_id having sum(amount) <> 0`.execute(db);
  for (const r of unbalanced.rows) problems.push(`transaction ${r.id} sums to ${r.total}`);
  const cached = await sql<{ id: string; balance: string; entries: string; last: string | null }>`select a.id, a.balance,
      coalesce((select sum(e.amount) from wallet.entry e where e.account_id = a.id), 0) as entries,
      (select e.balance_after from wallet.entry e where e.account_id = a.id order by e.id desc limit 1) as last
    from wallet.account a`.execute(db);
  for (const r of cached.rows) {
    if (BigInt(r.balance) !== BigInt(r.entries)) problems.push(`account ${r.id}: cached ${r.balance}, entries sum to ${r.entries}`);
    if (r.last !== null && BigInt(r.last) !== BigInt(r.balance)) problems.push(`account ${r.id}: last entry says ${r.last}, cached ${r.balance}`);
  }
  const negative = await sql<{ id: string; balance: string }>`select id, balance from wallet.account where owner_type = 'customer' and balance < 0`.execute(db);
  for (const r of negative.rows) problems.push(`customer account ${r.id} is below 0: ${r.balance}`);
  const total = await sql<{ total: string }>`select coalesce(sum(balance), 0) as total from wallet.account`.execute(db);
  if (BigInt(total.rows[0]!.total) !== 0n) problems.push(`all accounts together hold ${total.rows[0]!.total}, not 0`);
  const holds = await sql<{ ref: string }>`select h.ref from wallet.hold h
    where not exists (select 1 from wallet.ledger_transaction t where t.kind = 'hold' and t.ref = h.ref)
      or (h.state = 'captured') <> exists (select 1 from wallet.ledger_transaction t where t.kind = 'capture' and t.ref = h.ref)
      or (h.state = 'released') <> exists (select 1 from wallet.ledger_transaction t where t.kind = 'release' and t.ref = h.ref)`.execute(db);
  for (const r of holds.rows) problems.push(`hold ${r.ref}: its state and its postings disagree`);
  // Credit with a date (expiry.ts): what is unspent of an account's lots is part of its balance,
  // and a hold never gives back to a lot more than it took.
  const lots = await sql<{ id: string; balance: string; unspent: string }>`select a.id, a.balance, sum(l.remaining) as unspent
    from wallet.credit_lot l join wallet.account a on a.id = l.account_id group by a.id, a.balance having sum(l.remaining) > a.balance`.execute(db);
  for (const r of lots.rows) problems.push(`account ${r.id}: its lots hold ${r.unspent} unspent, its balance is ${r.balance}`);
  const uses = await sql<{ hold_ref: string }>`select distinct u.hold_ref from wallet.lot_use u
    where not exists (select 1 from wallet.hold h where h.ref = u.hold_ref)`.execute(db);
  for (const r of uses.rows) problems.push(`lot use of ${r.hold_ref}: no such hold`);
  return problems;
}
