/** Returns of posted goods: one query each, on the handle given first. */
import type { Insertable, Selectable } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { ReturnOrderTable } from '../db/tables.ts';
import type { VoucherRow } from '../issue/issue.ts';

export type ReturnRow = Selectable<ReturnOrderTable>;

export async function insertReturn(trx: AnyDb, row: Insertable<ReturnOrderTable>): Promise<void> {
  await inVouchers(trx).insertInto('return_order').values(row).execute();
}

/** The holder's return (undefined for anyone else's, exactly as for an unknown id). */
export async function holderReturn(db: AnyDb, holder: string, which: { returnId: string } | { voucherId: string }): Promise<ReturnRow | undefined> {
  const query = inVouchers(db).selectFrom('return_order').selectAll().where('customer_token', '=', holder);
  return ('returnId' in which ? query.where('id', '=', which.returnId) : query.where('voucher_id', '=', which.voucherId)).executeTakeFirst();
}

/**
 * A return's voucher by its id, whoever holds it now: the return row already proves the shopper's
 * right to it (a gift claimed after the return changes the voucher's holder, not the return's).
 */
export async function returnVoucher(db: AnyDb, ret: Pick<ReturnRow, 'voucher_id'>): Promise<VoucherRow | undefined> {
  return inVouchers(db).selectFrom('voucher').selectAll().where('id', '=', ret.voucher_id).executeTakeFirst();
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

/** A refund attempt that failed: the return goes to the back of the job's queue (it picks the least recently tried first). */
export async function touchReturn(db: AnyDb, id: string, at: Date): Promise<void> {
  await inVouchers(db).updateTable('return_order').set({ updated_at: at }).where('id', '=', id).where('refund_id', 'is', null).execute();
}

/**
 * Returns whose goods the merchant has back and whose refund is not made yet (a crash between the
 * two steps), least recently changed or tried first: a row that keeps failing cannot starve the rest.
 */
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
