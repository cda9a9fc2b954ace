/**
 * Whether an order was refunded (issue 18 point 4: a referral is not paid for a refunded order):
 * a refund of any voucher of the order, asked for or made (a failed one gives nothing back and
 * does not count). A module function, read in the caller's transaction (the checkout's referral
 * settle job).
 */
import { sql, type Kysely, type Transaction } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic transaction (the checkout's)
type AnyDb = Transaction<any> | Kysely<any>;

export async function orderRefunded(db: AnyDb, orderId: string): Promise<boolean> {
  const { rows } = await sql<{ refunded: boolean }>`
    select exists (select 1 from vouchers.refund where order_id = ${orderId} and state <> 'failed') as refunded`.execute(db);
  return rows[0]?.refunded === true;
}

/**
 * An order's cash captured and refunded so far (the refunds' running totals on its payment row),
 * or null when it has no payment row. A module function for the checkout's order standing
 * (loyalty points settle against what is left paid in cash).
 */
export async function orderCashStanding(db: AnyDb, orderId: string): Promise<{ cashCaptured: number; cashRefunded: number } | null> {
  const { rows } = await sql<{ cash_captured: number; cash_refunded: number }>`
    select cash_captured, cash_refunded from vouchers.order_payment where order_id = ${orderId}`.execute(db);
  const row = rows[0];
  return row ? { cashCaptured: Number(row.cash_captured), cashRefunded: Number(row.cash_refunded) } : null;
}
