/** Refunds and the order payments they draw on: one query each, on the handle given first. */
import type { Insertable, Selectable } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { OrderPaymentTable, RefundTable } from '../db/tables.ts';

export type RefundRow = Selectable<RefundTable>;
export type OrderPaymentRow = Selectable<OrderPaymentTable>;

export async function refundByKey(db: AnyDb, customerToken: string, key: string): Promise<RefundRow | undefined> {
  return inVouchers(db).selectFrom('refund').selectAll().where('customer_token', '=', customerToken).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function refundById(db: AnyDb, id: string): Promise<RefundRow | undefined> {
  return inVouchers(db).selectFrom('refund').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function orderPayment(db: AnyDb, orderId: string): Promise<OrderPaymentRow | undefined> {
  return inVouchers(db).selectFrom('order_payment').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The order's payment, locked: refunds of one order are made one after the other. */
export async function lockOrderPayment(trx: AnyDb, orderId: string): Promise<OrderPaymentRow | undefined> {
  return inVouchers(trx).selectFrom('order_payment').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
}

/** Counts what a refund gives back of each part; false (nothing written) if it would pass what was captured. */
export async function drawOnPayment(trx: AnyDb, orderId: string, cash: number, wallet: number): Promise<boolean> {
  const drawn = await inVouchers(trx)
    .updateTable('order_payment')
    .set((eb) => ({ cash_refunded: eb('cash_refunded', '+', cash), wallet_refunded: eb('wallet_refunded', '+', wallet) }))
    .where('order_id', '=', orderId)
    .where((eb) => eb.and([eb(eb('cash_refunded', '+', cash), '<=', eb.ref('cash_captured')), eb(eb('wallet_refunded', '+', wallet), '<=', eb.ref('wallet_captured'))]))
    .returning('order_id')
    .executeTakeFirst();
  return drawn !== undefined;
}

export async function insertRefund(trx: AnyDb, refund: Insertable<RefundTable>): Promise<void> {
  await inVouchers(trx).insertInto('refund').values(refund).execute();
}

/** A requested refund's outcome at the provider: completed or failed, once (a refund already settled stays). */
export async function settleRefund(db: AnyDb, id: string, outcome: { state: 'completed' | 'failed'; reference: string | null; failure: string | null; at: Date }): Promise<boolean> {
  const settled = await inVouchers(db)
    .updateTable('refund')
    .set((eb) => ({ state: outcome.state, provider_reference: outcome.reference, failure: outcome.failure, updated_at: outcome.at, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('state', '=', 'requested')
    .returning('id')
    .executeTakeFirst();
  return settled !== undefined;
}

/** A try that left the refund requested (the provider's answer unknown, or not settled yet). */
export async function countAttempt(db: AnyDb, id: string, at: Date): Promise<void> {
  await inVouchers(db).updateTable('refund').set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at })).where('id', '=', id).where('state', '=', 'requested').execute();
}

/** Refunds still waiting for the provider, oldest first. */
export async function requestedRefunds(db: AnyDb, before: Date, limit: number): Promise<RefundRow[]> {
  return inVouchers(db).selectFrom('refund').selectAll().where('state', '=', 'requested').where('updated_at', '<=', before).orderBy('updated_at').limit(limit).execute();
}
