/**
 * What reconciliation and settlement read and write beyond the orders' own functions
 * (orders.store.ts): one query each, on the handle given first (`db`, or `trx`).
 */
import { sql } from 'kysely';
import { inOrders, type AnyDb } from '../db/database.ts';

/** Orders still PENDING that were created at or before `olderThan`, oldest first. */
export async function pendingOrders(db: AnyDb, olderThan: Date, limit: number) {
  return inOrders(db)
    .selectFrom('orders')
    .select(['id', 'cash_amount', 'payment_method', 'created_at'])
    .where('status', '=', 'PENDING')
    .where('created_at', '<=', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Of these order ids, the ones still PAID. */
export async function stillPaidOrderIds(db: AnyDb, orderIds: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select id from orders.orders where status = 'PAID' and id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`))})`.execute(db);
  return new Set(rows.map((r) => String(r.id)));
}

/** PAID → PAYMENT_FAILED (the settlement declined), if it is still PAID; false otherwise. */
export async function markPaymentFailed(trx: AnyDb, orderId: string, message: string, now: Date): Promise<boolean> {
  const moved = await inOrders(trx)
    .updateTable('orders')
    .set({ status: 'PAYMENT_FAILED', failure_code: 'PAYMENT_FAILED', failure_message: message, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'PAID')
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Cancels the order's vouchers that can still be used; the ones cancelled. */
export async function cancelRedeemableVouchers(trx: AnyDb, orderId: string, cancelled: string) {
  return inOrders(trx).updateTable('voucher').set({ status: cancelled }).where('order_id', '=', orderId).where('status', '=', 'Ready to Redeem').returning(['code', 'title']).execute();
}

/** The order's vouchers in any other status than `status`. */
export async function vouchersNotIn(trx: AnyDb, orderId: string, status: string) {
  return inOrders(trx).selectFrom('voucher').select(['code', 'status']).where('order_id', '=', orderId).where('status', '<>', status).execute();
}

export async function markPaymentsSettlementDeclined(trx: AnyDb, orderId: string): Promise<void> {
  await inOrders(trx).updateTable('payment').set({ status: 'settlement_declined' as never }).where('order_id', '=', orderId).execute();
}

/** Takes back from each voucher exactly what this add-on order added to it (an extension bought later stays). */
export async function takeBackExtensions(trx: AnyDb, addonOrderId: string): Promise<Array<{ code: string; title: string; months: number }>> {
  const { rows } = await sql<{ code: string; title: string; months: number }>`update orders.voucher v
    set expires_at = v.expires_at - (e.expires_after - e.expires_before), extended_months = greatest(0, v.extended_months - e.months)
    from orders.voucher_extension e
    where e.addon_order_id = ${addonOrderId} and e.voucher_id = v.id
    returning v.code, v.title, e.months`.execute(trx);
  return rows;
}
