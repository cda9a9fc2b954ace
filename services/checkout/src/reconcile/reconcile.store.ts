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

export async function markPaymentsSettlementDeclined(trx: AnyDb, orderId: string): Promise<void> {
  await inOrders(trx).updateTable('payment').set({ status: 'settlement_declined' }).where('order_id', '=', orderId).execute();
}
