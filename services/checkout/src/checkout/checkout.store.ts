/**
 * The checkout's database functions: the basket's checkout options (promo code, wallet and VIP
 * ticks, the hold's expiry and signature) and the gifting products. One query each, on the handle
 * given first (`db`, or `trx` inside the caller's transaction).
 */
import type { Selectable } from 'kysely';
import { inOrders, type AnyDb } from '../db/database.ts';
import type { CheckoutOptionsTable } from '../db/tables.ts';

export type CheckoutOptionsRow = Selectable<CheckoutOptionsTable>;

export async function checkoutOptionsOf(db: AnyDb, basketToken: string): Promise<CheckoutOptionsRow | undefined> {
  return inOrders(db).selectFrom('checkout_options').selectAll().where('basket_token', '=', basketToken).executeTakeFirst();
}

/** The shopper's choices (promo code, wallet, VIP tick); a new row has no hold. */
export async function saveChosenOptions(db: AnyDb, basketToken: string, values: { promo_code: string | null; wallet: boolean; vip_checked: boolean; updated_at: Date }): Promise<void> {
  await inOrders(db)
    .insertInto('checkout_options')
    .values({ basket_token: basketToken, hold_expires_at: null, hold_signature: null, ...values })
    .onConflict((oc) => oc.column('basket_token').doUpdateSet(values))
    .execute();
}

/** The hold just taken: its expiry (the countdown) and the items it covers (`signature`); a new row has no choices. */
export async function saveHoldExpiry(trx: AnyDb, basketToken: string, h: { expiresAt: Date; signature: string; now: Date }): Promise<void> {
  await inOrders(trx)
    .insertInto('checkout_options')
    .values({ basket_token: basketToken, promo_code: null, wallet: false, vip_checked: false, hold_expires_at: h.expiresAt, hold_signature: h.signature, updated_at: h.now })
    .onConflict((oc) => oc.column('basket_token').doUpdateSet({ hold_expires_at: h.expiresAt, hold_signature: h.signature, updated_at: h.now }))
    .execute();
}

/** The items a trimmed hold still covers; its expiry stays. */
export async function saveHoldSignature(trx: AnyDb, basketToken: string, signature: string, now: Date): Promise<void> {
  await inOrders(trx).updateTable('checkout_options').set({ hold_signature: signature, updated_at: now }).where('basket_token', '=', basketToken).execute();
}

/** The order number of the basket's order waiting for its payment, if any. */
export async function pendingOrderNumberOf(db: AnyDb, basketToken: string): Promise<string | undefined> {
  return (await inOrders(db).selectFrom('orders').select('order_number').where('basket_token', '=', basketToken).where('status', '=', 'PENDING').executeTakeFirst())?.order_number;
}

export async function giftingConfigRows(db: AnyDb) {
  return inOrders(db).selectFrom('gifting_config').selectAll().execute();
}
