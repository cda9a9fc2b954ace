/**
 * Reading and writing baskets: one query each, on the handle given first (`db`, or `trx` inside
 * the caller's transaction). A change of a basket is one transaction (change.ts): the basket row
 * is locked (`for update`), its lines read, the new lines computed by the domain's pure rules
 * (@shop/domain/gifting) and written back. Two changes of one basket at once are serialised by
 * that lock, so neither is lost.
 */
import type { Basket, BasketLine } from '@shop/domain/gifting';
import { newLine } from '@shop/domain/gifting';
import type { GiftingType } from '@shop/domain/buying';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { inBasket, type BasketDb, type BasketTable, type BasketTrx, type LineTable } from '../db/database.ts';
import { isWellFormedToken } from './tokens.ts';

export interface BasketAddon {
  addonType: 'VVE';
  productId: number;
  quantity: number;
}

/** A basket as stored: spec §3 Basket with its add-ons and bookkeeping. */
export interface StoredBasket extends Basket {
  vipStatus: string | null;
  status: 'open' | 'merged';
  mergedInto: string | null;
  addons: BasketAddon[];
  createdAt: Date;
  updatedAt: Date;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes one schema-agnostic handle
export type AnyDb = BasketDb | BasketTrx | Kysely<any> | Transaction<any>;
const typed = (db: AnyDb) => db as BasketDb;

function lineFromRow(r: Selectable<LineTable>): BasketLine {
  return {
    dealId: r.deal_id,
    dealProductId: r.deal_product_id,
    dealType: r.deal_type,
    purchaseLocation: r.purchase_location,
    purchaseUrl: r.purchase_url,
    purchaseGclid: r.purchase_gclid,
    sessionPurchaseSource: r.session_purchase_source,
    quantity: r.quantity,
    gift: r.gift_name === null ? null : { name: r.gift_name, email: r.gift_email, message: r.gift_message, ...(r.gift_send_on ? { sendOn: r.gift_send_on } : {}) },
    giftClaim: r.gift_claim,
    payDeposit: r.pay_deposit,
    deliveryOptionType: r.delivery_option_type,
    giftPack: r.gift_pack,
    giftWrap: r.gift_wrap,
    gifting: { gift: r.gifting_gift, giftPackProductId: r.gift_pack_product_id, giftProductId: r.gift_product_id, type: r.gifting_type as GiftingType },
  };
}

function rowFromLine(token: string, l: BasketLine, position: number) {
  return {
    basket_token: token,
    deal_product_id: l.dealProductId,
    deal_id: l.dealId,
    position,
    quantity: l.quantity,
    deal_type: l.dealType,
    purchase_location: l.purchaseLocation,
    purchase_url: l.purchaseUrl,
    purchase_gclid: l.purchaseGclid,
    session_purchase_source: l.sessionPurchaseSource,
    gift_name: l.gift?.name ?? null,
    gift_email: l.gift?.email ?? null,
    gift_message: l.gift?.message ?? null,
    gift_send_on: l.gift?.sendOn ?? null,
    gift_claim: l.giftClaim,
    pay_deposit: l.payDeposit,
    delivery_option_type: l.deliveryOptionType,
    gift_pack: l.giftPack,
    gift_wrap: l.giftWrap,
    gifting_type: l.gifting.type,
    gifting_gift: l.gifting.gift,
    gift_pack_product_id: l.gifting.giftPackProductId,
    gift_product_id: l.gifting.giftProductId,
  };
}

function fromRows(row: Selectable<BasketTable>, lines: Selectable<LineTable>[], addons: Array<{ addon_type: 'VVE'; product_id: number; quantity: number }>): StoredBasket {
  return {
    id: row.token,
    customerToken: row.customer_token,
    brand: row.brand,
    eligibleForVip: row.eligible_for_vip,
    vipStatus: row.vip_status,
    status: row.status,
    mergedInto: row.merged_into,
    products: lines.map(lineFromRow),
    addons: addons.map((a) => ({ addonType: a.addon_type, productId: a.product_id, quantity: a.quantity })),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The lines and add-ons of a basket row read (or locked) before. */
async function assemble(db: AnyDb, row: Selectable<BasketTable>): Promise<StoredBasket> {
  const q = inBasket(typed(db));
  const [lines, addons] = await Promise.all([
    q.selectFrom('line').selectAll().where('basket_token', '=', row.token).orderBy('position').orderBy('deal_product_id').execute(),
    q.selectFrom('addon').selectAll().where('basket_token', '=', row.token).orderBy('product_id').execute(),
  ]);
  return fromRows(row, lines, addons);
}

type BasketWithChildren = Selectable<BasketTable> & { lines: Selectable<LineTable>[] | string; addons: Array<{ addon_type: 'VVE'; product_id: number; quantity: number }> | string };
const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);

/**
 * A basket with its lines and add-ons in one statement (one snapshot, one round trip): reads on
 * the hot path (the gateway's current basket, the checkout's model). Not for locking reads: a
 * `for update` that waits would keep the lines of the snapshot taken before the wait.
 */
async function readWhole(db: AnyDb, where: ReturnType<typeof sql>): Promise<StoredBasket | null> {
  const { rows } = await sql<BasketWithChildren>`select b.*,
      coalesce((select json_agg(l order by l.position, l.deal_product_id) from basket.line l where l.basket_token = b.token), '[]') as lines,
      coalesce((select json_agg(a order by a.product_id) from basket.addon a where a.basket_token = b.token), '[]') as addons
    from basket.basket b where ${where}`.execute(db);
  const row = rows[0];
  return row ? fromRows(row, parsed(row.lines), parsed(row.addons)) : null;
}

/** The basket of a token (open or merged), or null. */
export async function loadBasket(db: AnyDb, token: string): Promise<StoredBasket | null> {
  if (!isWellFormedToken(token)) return null;
  return readWhole(db, sql`b.token = ${token}`);
}

/** Locks and reads a basket inside a transaction (null when there is none). */
export async function lockBasket(trx: AnyDb, token: string): Promise<StoredBasket | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await inBasket(typed(trx)).selectFrom('basket').selectAll().where('token', '=', token).forUpdate().executeTakeFirst();
  return row ? assemble(trx, row) : null;
}

/** The token of the customer's open basket, without locking it, or null. */
export async function openBasketToken(db: AnyDb, customerToken: string): Promise<string | null> {
  const row = await inBasket(typed(db)).selectFrom('basket').select('token').where('customer_token', '=', customerToken).where('status', '=', 'open').executeTakeFirst();
  return row?.token ?? null;
}

/** The customer's open basket (at most one: a partial unique index), or null. */
export async function customerBasket(db: AnyDb, customerToken: string, { lock = false } = {}): Promise<StoredBasket | null> {
  if (!lock) return readWhole(db, sql`b.customer_token = ${customerToken} and b.status = 'open'`);
  let q = inBasket(typed(db)).selectFrom('basket').selectAll().where('customer_token', '=', customerToken).where('status', '=', 'open');
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? assemble(db, row) : null;
}

/**
 * Creates an open basket; for a customer who already has one (two requests at once), nothing is
 * inserted and null comes back (the caller then uses the existing basket).
 */
export async function insertBasket(trx: AnyDb, b: { token: string; customerToken: string | null; brand: string; eligibleForVip: boolean; now: Date }): Promise<boolean> {
  const inserted = await inBasket(typed(trx))
    .insertInto('basket')
    .values({ token: b.token, customer_token: b.customerToken, brand: b.brand, eligible_for_vip: b.eligibleForVip, vip_status: null, status: 'open', merged_into: null, created_at: b.now, updated_at: b.now })
    .onConflict((oc) => oc.doNothing())
    .returning('token')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * An Express Buy's own basket (checkout's express order, issue 14 G): one unit of one option, in a
 * basket nobody else holds the token of, so the shopper's open basket is left as it was. It is
 * nobody's open basket (no customer token): the order names the customer.
 */
export async function insertExpressBasket(trx: AnyDb, e: { token: string; dealId: number; productId: number; purchaseUrl: string | null; now: Date }): Promise<void> {
  await insertBasket(trx, { token: e.token, customerToken: null, brand: 'shop', eligibleForVip: false, now: e.now });
  await inBasket(typed(trx))
    .insertInto('line')
    .values(rowFromLine(e.token, newLine({ dealId: e.dealId, dealProductId: e.productId, quantity: 1, purchaseUrl: e.purchaseUrl, sessionPurchaseSource: 'express-buy' }), 0))
    .execute();
}

/** Writes the basket row and replaces its lines and add-ons by `next` (inside the caller's transaction). */
export async function saveBasket(trx: AnyDb, next: StoredBasket, now: Date): Promise<void> {
  const q = inBasket(typed(trx));
  await q
    .updateTable('basket')
    .set({ customer_token: next.customerToken, brand: next.brand, eligible_for_vip: next.eligibleForVip, vip_status: next.vipStatus, status: next.status, merged_into: next.mergedInto, updated_at: now })
    .where('token', '=', next.id)
    .execute();
  await q.deleteFrom('line').where('basket_token', '=', next.id).execute();
  if (next.products.length) await q.insertInto('line').values(next.products.map((l, i) => rowFromLine(next.id, l, i))).execute();
  await q.deleteFrom('addon').where('basket_token', '=', next.id).execute();
  if (next.addons.length) {
    await q
      .insertInto('addon')
      .values(next.addons.map((a) => ({ basket_token: next.id, addon_type: a.addonType, product_id: a.productId, quantity: a.quantity })))
      .execute();
  }
}

// Module functions (services/checkout/README.md "@shop/basket").

/** Spec §3 Basket with lines as spec §3 Basket line, and its add-ons; null when unknown or merged away. */
export async function getBasket(db: AnyDb, basketToken: string): Promise<StoredBasket | null> {
  const basket = await loadBasket(db, basketToken);
  return basket && basket.status === 'open' ? basket : null;
}

/** Removes the lines of these deal products (after a paid order), in the caller's transaction. */
export async function removeLines(trx: AnyDb, basketToken: string, dealProductIds: number[]): Promise<void> {
  if (!isWellFormedToken(basketToken) || dealProductIds.length === 0) return;
  // One statement: the basket row is updated by the main query, before the deferred delete of
  // the lines runs (the basket-then-lines order of every basket change).
  await sql`with removed as (delete from basket.line where basket_token = ${basketToken} and deal_product_id in (${sql.join(dealProductIds)}))
    update basket.basket set updated_at = ${new Date()} where token = ${basketToken}`.execute(trx);
}
