/**
 * The module functions the checkout's paying transaction calls (architecture "Data": only the
 * order transaction crosses services, through functions that take the transaction): issue an
 * order's vouchers, read them, extend them for a paid VVE add-on, and cancel or take back what a
 * payment declined at settlement had given. Each is one statement on the handle given first.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { OrderPaymentTable, VoucherExtensionTable, VoucherTable } from '../db/tables.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { generateVoucherCode } from './voucher-codes.ts';

export type VoucherRow = Selectable<VoucherTable>;
export type NewVoucher = Omit<VoucherRow, 'id' | 'code' | 'status' | 'extended_months' | 'created_at' | 'updated_at' | 'gift_id'>;

/** `quantity` new vouchers of one order line: each its own id and random code, Ready to Redeem. */
export function newVouchers(voucher: NewVoucher, quantity: number, now: Date): VoucherRow[] {
  return Array.from({ length: quantity }, () => ({ ...voucher, id: randomUUID(), code: generateVoucherCode(), status: 'Ready to Redeem' as const, extended_months: 0, created_at: now, updated_at: now, gift_id: null }));
}

/**
 * What each voucher of an order was paid: `total` (what the order paid for its vouchers, promo
 * discount taken off) shared in proportion to the vouchers' prices, the pennies left over going
 * to the largest remainders, so the shares are whole pence and add up to `total` exactly.
 */
export function sharesOf(prices: readonly number[], total: number): number[] {
  const sum = prices.reduce((a, b) => a + b, 0);
  if (sum === 0) return prices.map(() => 0);
  const exact = prices.map((p) => (p * total) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export type OrderPaymentRow = Insertable<OrderPaymentTable>;

/** Records what paid for an order's vouchers (card and wallet captures), for their refunds; once. */
export async function recordOrderPayment(trx: AnyDb, payment: OrderPaymentRow): Promise<void> {
  await inVouchers(trx).insertInto('order_payment').values(payment).onConflict((oc) => oc.column('order_id').doNothing()).execute();
}

/** Writes the vouchers and the 'issue' event of each, in one statement. */
export async function issueVouchers(trx: AnyDb, vouchers: VoucherRow[]): Promise<void> {
  if (vouchers.length === 0) return;
  await inVouchers(trx)
    .with('issued', (db) => db.insertInto('voucher').values(vouchers).returning(['id', 'order_number', 'created_at']))
    .insertInto('voucher_event')
    .columns(['voucher_id', 'event', 'from_status', 'to_status', 'actor', 'reason', 'at'])
    .expression((db) =>
      db
        .selectFrom('issued')
        .select([
          'id',
          sql.lit('issue').as('event'),
          sql<null>`null::text`.as('from_status'),
          sql.lit('Ready to Redeem').as('to_status'),
          sql.lit('system').as('actor'),
          sql<string>`'Issued with order ' || order_number`.as('reason'),
          'created_at',
        ]),
    )
    .execute();
}

/** An order's vouchers: by order line, then as issued, then by code. */
export async function vouchersOfOrder(db: AnyDb, orderId: string): Promise<VoucherRow[]> {
  return inVouchers(db).selectFrom('voucher').selectAll().where('order_id', '=', orderId).orderBy('order_line_id').orderBy('created_at').orderBy('code').execute();
}

/** The first `limit` vouchers (by code) of one deal product of an order. */
export async function firstVouchersOfProduct(trx: AnyDb, orderId: string, dealProductId: number, limit: number) {
  return inVouchers(trx).selectFrom('voucher').select(['id', 'expires_at', 'extended_months']).where('order_id', '=', orderId).where('deal_product_id', '=', dealProductId).orderBy('code').limit(limit).execute();
}

/**
 * Locks the vouchers of an order that can still be used (Ready to Redeem); with `addonOrderId`,
 * only the one that add-on order was bought for when it was bought for one (targetVoucherExtension).
 */
export async function lockRedeemableVouchers(trx: AnyDb, orderId: string, addonOrderId?: string) {
  let query = inVouchers(trx).selectFrom('voucher').select(['id', 'expires_at', 'extended_months']).where('order_id', '=', orderId).where('status', '=', 'Ready to Redeem');
  if (addonOrderId) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('extension_target as t').select('t.voucher_id').where('t.addon_order_id', '=', addonOrderId).whereRef('t.voucher_id', '<>', 'voucher.id'))),
    );
  }
  return query.orderBy('id').forUpdate().execute();
}

/** Records that a VVE add-on order (still unpaid) is for this one voucher of its parent order (issue 16 point 7). */
export async function targetVoucherExtension(trx: AnyDb, target: { addonOrderId: string; voucherId: string }): Promise<void> {
  await sql`insert into vouchers.extension_target (addon_order_id, voucher_id) values (${target.addonOrderId}, ${target.voucherId})`.execute(trx);
}

/** Which one voucher each of these add-on orders was bought for (add-ons for a whole order have no row). */
export async function extensionTargets(db: AnyDb, addonOrderIds: string[]): Promise<Map<string, string>> {
  if (addonOrderIds.length === 0) return new Map();
  const rows = await inVouchers(db).selectFrom('extension_target').select(['addon_order_id', 'voucher_id']).where('addon_order_id', 'in', addonOrderIds).execute();
  return new Map(rows.map((r) => [r.addon_order_id, r.voucher_id]));
}

/** The vouchers of an order that can still be used, with how long they were extended already. */
export async function redeemableVouchers(db: AnyDb, orderId: string) {
  return inVouchers(db).selectFrom('voucher').select(['id', 'extended_months']).where('order_id', '=', orderId).where('status', '=', 'Ready to Redeem').execute();
}

/**
 * A voucher's new expiry after `months` more were bought, with its 'extend' event (the status
 * stays; the history shows the new date), in one statement.
 */
export async function extendVoucher(trx: AnyDb, v: { voucherId: string; expiresAt: Date; extendedMonths: number; months: number; at: Date }): Promise<void> {
  await inVouchers(trx)
    .with('extended', (db) =>
      db.updateTable('voucher').set({ expires_at: v.expiresAt, extended_months: v.extendedMonths, updated_at: v.at }).where('id', '=', v.voucherId).returning(['id', 'status']),
    )
    .insertInto('voucher_event')
    .columns(['voucher_id', 'event', 'from_status', 'to_status', 'actor', 'reason', 'at'])
    .expression((db) =>
      db
        .selectFrom('extended')
        .select(['id', sql.lit('extend').as('event'), 'status', 'status', sql.lit('shopper').as('actor'), sql.lit(`Validity extended by ${v.months} month${v.months === 1 ? '' : 's'}`).as('reason'), sql<Date>`${v.at}::timestamptz`.as('at')]),
    )
    .execute();
}

export async function insertVoucherExtensions(trx: AnyDb, extensions: Insertable<VoucherExtensionTable>[]): Promise<void> {
  if (extensions.length) await inVouchers(trx).insertInto('voucher_extension').values(extensions).execute();
}

/** Cancels the order's vouchers that can still be used (its payment was declined at settlement); the ones cancelled. */
export async function cancelRedeemableVouchers(trx: AnyDb, orderId: string, reason: string, at: Date): Promise<Array<{ code: string; title: string }>> {
  return moveVouchers(trx, { orderId }, { event: 'cancel', actor: 'system', reason, at });
}

/** The order's vouchers in any other status than `status`. */
export async function vouchersNotIn(trx: AnyDb, orderId: string, status: VoucherRow['status']) {
  return inVouchers(trx).selectFrom('voucher').select(['code', 'status']).where('order_id', '=', orderId).where('status', '<>', status).execute();
}

/** Takes back from each voucher exactly what this add-on order added to it (an extension bought later stays). */
export async function takeBackExtensions(trx: AnyDb, addonOrderId: string, at: Date): Promise<Array<{ code: string; title: string; months: number }>> {
  const { rows } = await sql<{ code: string; title: string; months: number }>`
    with taken as (
      update vouchers.voucher v
      set expires_at = v.expires_at - (e.expires_after - e.expires_before), extended_months = greatest(0, v.extended_months - e.months), updated_at = ${at}
      from vouchers.voucher_extension e
      where e.addon_order_id = ${addonOrderId} and e.voucher_id = v.id
      returning v.id, v.status, v.code, v.title, e.months
    ), logged as (
      insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, reason, at)
      select id, 'unextend', status, status, 'system', 'The payment for the extension was declined: ' || months || ' month' || case when months = 1 then '' else 's' end || ' taken back', ${at}::timestamptz
      from taken
    )
    select code, title, months from taken`.execute(trx);
  return rows;
}
