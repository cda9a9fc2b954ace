/**
 * A holder's redeemed voucher (issue 19 point 9): what the deals service's reviews ask before a
 * shopper may review a merchant (only a redeemed voucher of theirs, UK DMCC Act 2024). A module
 * function read in the caller's transaction; the voucher row is locked `for share` so a
 * redemption undone at the same moment waits for the review's commit (and the review was written
 * while the voucher was redeemed).
 */
import { sql, type Kysely, type Transaction } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic transaction (the caller's)
type AnyDb = Transaction<any> | Kysely<any>;

export interface RedeemedVoucher {
  voucherId: string;
  dealId: number;
  /** When its latest redemption was made. */
  redeemedAt: Date;
}

/**
 * The voucher `voucherId` when `customerToken` holds it and it is Redeemed now; null for any other
 * (unknown, another shopper's, not redeemed, a malformed id): the caller cannot tell them apart.
 */
export async function redeemedVoucherOfHolder(db: AnyDb, voucherId: string, customerToken: string): Promise<RedeemedVoucher | null> {
  if (!/^[0-9a-f-]{36}$/i.test(voucherId)) return null;
  const { rows } = await sql<{ id: string; deal_id: number; redeemed_at: Date | string }>`
    select v.id, v.deal_id,
           (select max(e.at) from vouchers.voucher_event e where e.voucher_id = v.id and e.event = 'redeem') as redeemed_at
      from vouchers.voucher v
     where v.id = ${voucherId}::uuid and v.customer_token = ${customerToken} and v.status = 'Redeemed'
       for share of v`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return { voucherId: row.id, dealId: Number(row.deal_id), redeemedAt: new Date(row.redeemed_at) };
}
