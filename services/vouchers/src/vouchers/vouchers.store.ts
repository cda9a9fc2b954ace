/** A holder's vouchers and one voucher's history: one query each, on the handle given first. */
import type { Selectable } from 'kysely';
import type { StoredVoucherStatus } from '@shop/domain/voucher-status';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { VoucherEventTable } from '../db/tables.ts';
import type { VoucherRow } from '../issue/issue.ts';
import type { VoucherCursor } from '../lib/cursor.ts';
import { receivedGiftSql } from '../gifts/gifts.store.ts';

/** Whether its holder received it as a gift (gifts/ receivedGiftSql): voucherView hides the price then. */
const giftReceived = () => receivedGiftSql('voucher.id').as('gift_received');

export type VoucherEventRow = Selectable<VoucherEventTable>;

/** One page of a holder's vouchers, newest first (one more than `limit`: the caller learns if there is a next page). */
export async function holderPage(db: AnyDb, q: { holder: string; status?: StoredVoucherStatus; after: VoucherCursor | null; limit: number }): Promise<Array<VoucherRow & { gift_received: boolean }>> {
  let query = inVouchers(db).selectFrom('voucher').selectAll().select(giftReceived()).where('customer_token', '=', q.holder);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.after) {
    const { createdAt, id } = q.after;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit + 1).execute();
}

/** How many of the holder's vouchers match the filter. */
export async function holderCount(db: AnyDb, q: { holder: string; status?: StoredVoucherStatus }): Promise<number> {
  let query = inVouchers(db).selectFrom('voucher').select((eb) => eb.fn.countAll<string>().as('n')).where('customer_token', '=', q.holder);
  if (q.status) query = query.where('status', '=', q.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A voucher of this holder (undefined for anyone else's, exactly as for an unknown id). */
export async function holderVoucher(db: AnyDb, holder: string, voucherId: string): Promise<(VoucherRow & { gift_received: boolean }) | undefined> {
  return inVouchers(db).selectFrom('voucher').selectAll().select(giftReceived()).where('id', '=', voucherId).where('customer_token', '=', holder).executeTakeFirst();
}

/** A voucher's events, oldest first. */
export async function historyOf(db: AnyDb, voucherId: string): Promise<VoucherEventRow[]> {
  return inVouchers(db).selectFrom('voucher_event').selectAll().where('voucher_id', '=', voucherId).orderBy('id').execute();
}

/** A voucher by code or id, of one of these deals (a merchant's). */
export async function merchantVoucher(db: AnyDb, which: { code: string } | { id: string }, dealIds: readonly number[]): Promise<VoucherRow | undefined> {
  const query = inVouchers(db).selectFrom('voucher').selectAll().where('deal_id', 'in', [...dealIds]);
  return ('code' in which ? query.where('code', '=', which.code) : query.where('id', '=', which.id)).executeTakeFirst();
}
