/**
 * Promo codes, their redemptions and express buy tokens in the database: one query each, on the
 * handle given first (`db`, or `trx` inside the caller's transaction).
 */
import type { Selectable } from 'kysely';
import { inOrders, type AnyDb } from '../db/database.ts';
import type { ExpressBuyTokenTable, PromoCodeTable } from '../db/tables.ts';

export async function findPromoCode(db: AnyDb, code: string): Promise<Selectable<PromoCodeTable> | undefined> {
  return inOrders(db).selectFrom('promo_code').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Whether any of these customer keys redeemed the code. */
export async function redeemedBy(db: AnyDb, code: string, customerKeys: string[]): Promise<boolean> {
  return (await inOrders(db).selectFrom('promo_redemption').select('code').where('code', '=', code).where('customer_key', 'in', customerKeys).executeTakeFirst()) !== undefined;
}

/** Claims a single-use code for an order; false when this customer key redeemed it already. */
export async function claimPromoRedemption(trx: AnyDb, r: { code: string; customerKey: string; orderId: string; now: Date }): Promise<boolean> {
  const claimed = await inOrders(trx)
    .insertInto('promo_redemption')
    .values({ code: r.code, customer_key: r.customerKey, order_id: r.orderId, created_at: r.now })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Whether the customer (by token) or the email has a paid order (not an add-on). */
export async function hasPaidOrder(db: AnyDb, who: { customerToken: string | null; email: string | null }): Promise<boolean> {
  let q = inOrders(db).selectFrom('orders').select('id').where('status', '=', 'PAID').where('kind', '=', 'order');
  q = q.where((eb) => eb.or([...(who.customerToken ? [eb('customer_token', '=', who.customerToken)] : []), ...(who.email ? [eb('email', '=', who.email)] : [])]));
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertExpressBuyToken(db: AnyDb, t: { tokenHash: string; email: string; dealId: number; productId: number; now: Date; expiresAt: Date }): Promise<void> {
  await inOrders(db)
    .insertInto('express_buy_token')
    .values({ token_hash: t.tokenHash, email: t.email, deal_id: t.dealId, product_id: t.productId, created_at: t.now, expires_at: t.expiresAt })
    .execute();
}

export async function findExpressBuyToken(db: AnyDb, tokenHash: string): Promise<Selectable<ExpressBuyTokenTable> | undefined> {
  return inOrders(db).selectFrom('express_buy_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Binds the token to its express basket unless another attempt bound it first: the basket token
 * it is bound to now (`basketToken`, or the other attempt's).
 */
export async function bindExpressBuyToken(trx: AnyDb, tokenHash: string, basketToken: string): Promise<{ bound: boolean; basketToken: string }> {
  const bound = await inOrders(trx)
    .updateTable('express_buy_token')
    .set({ basket_token: basketToken })
    .where('token_hash', '=', tokenHash)
    .where('basket_token', 'is', null)
    .returning('basket_token')
    .executeTakeFirst();
  if (bound) return { bound: true, basketToken };
  const other = await inOrders(trx).selectFrom('express_buy_token').select('basket_token').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow();
  return { bound: false, basketToken: other.basket_token! };
}

/** Deletes the tokens that expired before `now` (one statement: safe with several processes running). */
export async function deleteExpressBuyTokensBefore(db: AnyDb, now: Date): Promise<number> {
  const result = await inOrders(db).deleteFrom('express_buy_token').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0n);
}
