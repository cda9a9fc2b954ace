/**
 * Reversing a captured order payment (reliability P6: the card part of the order was declined at
 * settlement, so the order is void and the wallet credit it spent goes back). A new posting of
 * kind 'reversal' moves the captured amount from system:sales back to the customer's buckets,
 * marketing and refundable as the hold took them; nothing is updated or deleted in the ledger.
 * Runs inside the caller's transaction (only `trx`), accounts locked FOR UPDATE in id order.
 */
import { sql } from 'kysely';
import type { WalletDb } from './db/database.ts';
import { WalletError } from './errors.ts';
import { giveBackLots } from './expiry.ts';

const num = (v: unknown): number => Number(v);

/**
 * Gives back the wallet credit captured for `ref` (an order id). Idempotent: the second call (or a
 * concurrent one, which waits for the first) reverses nothing. A ref with no wallet hold does
 * nothing; a hold that was never captured is a WalletError (release it instead).
 */
export async function reverseWalletCapture(trx: WalletDb, input: { ref: string; reason?: string }): Promise<{ reversed: boolean; marketing: number; refundable: number }> {
  if (typeof input.ref !== 'string' || input.ref.length === 0 || input.ref.length > 200) throw new WalletError('ref must be 1 to 200 characters.');
  const hold = (
    await sql<{ customer_token: string; currency: string; marketing: string; refundable: string; state: string }>`select customer_token, currency, marketing, refundable, state
      from wallet.hold where ref = ${input.ref} for update`.execute(trx)
  ).rows[0];
  if (!hold) return { reversed: false, marketing: 0, refundable: 0 };
  if (hold.state !== 'captured') throw new WalletError(`The wallet hold ${input.ref} is ${hold.state}; only a captured one can be reversed.`);
  // What is still captured comes back: the hold less what refunds of it already gave back (a
  // reversal after a voucher refund must not give that part back twice).
  const refunded = (
    await sql<{ marketing: string; refundable: string }>`select
        coalesce(sum(e.amount) filter (where a.bucket = 'marketing'), 0) as marketing,
        coalesce(sum(e.amount) filter (where a.bucket = 'refundable'), 0) as refundable
      from wallet.ledger_transaction t join wallet.entry e on e.transaction_id = t.id join wallet.account a on a.id = e.account_id and a.owner_type = 'customer'
      where t.kind = 'refund' and t.hold_ref = ${input.ref}`.execute(trx)
  ).rows[0]!;
  const marketing = num(hold.marketing) - num(refunded.marketing);
  const refundable = num(hold.refundable) - num(refunded.refundable);
  const { rows: accounts } = await sql<{ id: string; owner_type: string; bucket: string }>`select id, owner_type, bucket from wallet.account
    where currency = ${hold.currency} and ((owner_type = 'system' and owner = 'sales') or (owner_type = 'customer' and owner = ${hold.customer_token}))
    order by id for update`.execute(trx);
  const sales = accounts.find((a) => a.owner_type === 'system');
  const customer = (bucket: string) => accounts.find((a) => a.owner_type === 'customer' && a.bucket === bucket);
  if (!sales || !customer('marketing') || !customer('refundable')) throw new WalletError(`The accounts of the wallet hold ${input.ref} are missing.`);
  const claimed = await sql<{ id: string }>`insert into wallet.ledger_transaction (kind, ref, customer_token, currency, reason)
    values ('reversal', ${input.ref}, ${hold.customer_token}, ${hold.currency}, ${input.reason ?? 'Order payment declined: credit returned'})
    on conflict (kind, ref) do nothing returning id`.execute(trx);
  const txId = claimed.rows[0]?.id;
  if (txId === undefined) return { reversed: false, marketing, refundable };
  const moves = [
    { accountId: num(sales.id), amount: -(marketing + refundable) },
    { accountId: num(customer('marketing')!.id), amount: marketing },
    { accountId: num(customer('refundable')!.id), amount: refundable },
  ]
    .filter((m) => m.amount !== 0)
    .sort((a, b) => a.accountId - b.accountId);
  for (const move of moves) {
    const after = (await sql<{ balance: string }>`update wallet.account set balance = balance + ${move.amount} where id = ${move.accountId} returning balance`.execute(trx)).rows[0]!;
    await sql`insert into wallet.entry (transaction_id, account_id, amount, balance_after) values (${txId}, ${move.accountId}, ${move.amount}, ${after.balance})`.execute(trx);
  }
  await giveBackLots(trx, { holdRef: input.ref, accountId: num(customer('marketing')!.id), amount: marketing });
  await giveBackLots(trx, { holdRef: input.ref, accountId: num(customer('refundable')!.id), amount: refundable });
  return { reversed: true, marketing, refundable };
}
