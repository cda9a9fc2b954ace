/** Returns of posted goods: one query each, on the handle given first. */
import type { Insertable, Selectable } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { ReturnOrderTable } from '../db/tables.ts';

export type ReturnRow = Selectable<ReturnOrderTable>;

export async function insertReturn(trx: AnyDb, row: Insertable<ReturnOrderTable>): Promise<void> {
  await inVouchers(trx).insertInto('return_order').values(row).execute();
}

/** The holder's return (undefined for anyone else's, exactly as for an unknown id). */
export async function holderReturn(db: AnyDb, holder: string, which: { returnId: string } | { voucherId: string }): Promise<ReturnRow | undefined> {
  const query = inVouchers(db).selectFrom('return_order').selectAll().where('customer_token', '=', holder);
  return ('returnId' in which ? query.where('id', '=', which.returnId) : query.where('voucher_id', '=', which.voucherId)).executeTakeFirst();
}

export async function returnById(db: AnyDb, id: string): Promise<ReturnRow | undefined> {
  return inVouchers(db).selectFrom('return_order').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The return, locked: its refund is made once. */
export async function lockReturn(trx: AnyDb, id: string): Promise<ReturnRow | undefined> {
  return inVouchers(trx).selectFrom('return_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setRefund(trx: AnyDb, id: string, refundId: string, at: Date): Promise<void> {
  await inVouchers(trx).updateTable('return_order').set({ refund_id: refundId, updated_at: at }).where('id', '=', id).where('refund_id', 'is', null).execute();
}

/** Returns whose goods the merchant has back and whose refund is not made yet (a crash between the two steps), oldest first. */
export async function returnsAwaitingRefund(db: AnyDb, limit: number): Promise<ReturnRow[]> {
  return inVouchers(db)
    .selectFrom('return_order as r')
    .innerJoin('voucher as v', 'v.id', 'r.voucher_id')
    .selectAll('r')
    .where('v.status', '=', 'Returned to the Merchant')
    .where('r.refund_id', 'is', null)
    .orderBy('r.updated_at')
    .limit(limit)
    .execute();
}
