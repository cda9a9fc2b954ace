/**
 * Stock holds and per-customer daily caps (issue 6; the contract: services/checkout/README.md,
 * "@shop/deals — stock").
 *
 * `deals.product.remaining` (null: unlimited) is what is left to sell, with everyone's holds
 * already taken off. Every change to it is a conditional UPDATE made while the product rows are
 * locked FOR UPDATE in id order, so concurrent checkouts can never sell the same unit twice.
 *
 * Lock order, everywhere: the hold key (a transaction-scoped advisory lock) → that key's hold
 * rows → products by id → deals by id. Keeping one order is what keeps these free of deadlocks.
 *
 * The functions that take `trx` run inside the caller's transaction and use only that handle;
 * a refusal returns before anything is written, so the caller need not roll back for it.
 */
import { sql, type Kysely } from 'kysely';

// The shop shares one connection between services; stock takes any schema's handle (Transaction<any>).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the contract types trx as Transaction<any>
export type StockDb = Kysely<any>;

export type HoldItem = { productId: number; quantity: number };
export type HoldRefusalCode = 'DEAL_SOLD_OUT' | 'INSUFFICIENT_STOCK' | 'PURCHASE_LIMIT' | 'DEAL_CLOSED' | 'NOT_FOUND' | 'HOLD_LIMIT' | 'HOLD_EXPIRED';
export type HoldRefusal = {
  ok: false;
  code: HoldRefusalCode;
  productId: number;
  available: number;
  /** HOLD_EXPIRED from a holding window that has run out: when this key may hold again. */
  retryAt?: Date;
};

/**
 * A hold key's total holding time (issue 14, reliability M4): from the first hold of a window the
 * key may hold for at most `totalMs`, however often it refreshes; then its units go back on sale
 * and the key may hold again only once it has held nothing for `coolDownMs`. A hold taken within
 * a window expires at the window's end at the latest.
 */
export interface HoldWindow {
  totalMs: number;
  coolDownMs: number;
}

export interface HoldUnitsInput {
  /** The basket token the hold belongs to. */
  holdKey: string;
  /** `c:{customerToken}`, `g:{email}` or `b:{basketToken}` (see the contract). */
  customerKey: string;
  items: HoldItem[];
  expiresAt: Date;
  now: Date;
  /**
   * Who asked (reliability M4): `a:{client address}`. With `holderLimit`, the units this holder
   * holds at once over all its hold keys (unpinned, unexpired) never pass the limit: a bot opening
   * basket after basket cannot take the stock off sale. Serialised per holder by an advisory lock.
   */
  holder?: string | null;
  holderLimit?: number;
  /** The key's holding window (see HoldWindow); without it the hold lasts until `expiresAt`. */
  window?: HoldWindow;
}

export interface StockLine {
  /** Units left to sell (null: unlimited). */
  remaining: number | null;
  /** Units held by every hold key right now (expired holds count until they are released). */
  held: number;
  purchaseCap: number | null;
  boughtToday: number;
  disabled: boolean;
  closed: boolean;
  /** The product or its deal is for VIP members only. */
  vipExclusive: boolean;
  pricePence: number;
  depositPricePence: number | null;
  postagePence: number | null;
  dealId: number;
  subcategoryId: number | null;
  highFraudRisk: boolean;
  pricePerPerson: boolean;
  /** The deal's and the option's titles (what an order line is called). */
  dealTitle: string;
  productTitle: string;
  /** Who sells it (a deposit's balance is paid to them). */
  merchantName: string;
  /** How long its vouchers are valid from purchase (the deal's one figure, also its fine print's). */
  voucherValidityMonths: number;
  /** The deal is sold in a travel location (spec §3 checkout isTravel). */
  isTravel: boolean;
  /** A stay option's fixed dates ('YYYY-MM-DD'), when it has them. */
  checkInDate: string | null;
  checkOutDate: string | null;
}

/** A programming error in a stock call (bad input, selling what is not held): thrown, never a refusal. */
export class StockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockError';
  }
}

const INT_MAX = 2_147_483_647;
/** How long a holding window is remembered after its last hold (longer than any cool-down). */
const WINDOW_KEPT_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function checkId(id: unknown, what: string): asserts id is number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT_MAX) throw new StockError(`${what} must be a positive integer.`);
}

function checkQuantity(q: unknown, what = 'quantity'): asserts q is number {
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > INT_MAX) throw new StockError(`${what} must be a whole number from 1.`);
}

function checkKey(key: unknown, what: string): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 320) throw new StockError(`${what} must be a non-empty string.`);
}

function checkDate(d: unknown, what: string): asserts d is Date {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new StockError(`${what} must be a valid date.`);
}

function checkDay(day: unknown): asserts day is string {
  if (typeof day !== 'string' || !DAY.test(day)) throw new StockError('day must be a London date YYYY-MM-DD (londonDate).');
}

/** The demand per product, the same product on two lines summed (M3); ids ascending. */
export function sumDemand(items: HoldItem[]): Map<number, number> {
  if (!Array.isArray(items)) throw new StockError('items must be an array.');
  const demand = new Map<number, number>();
  for (const item of items) {
    checkId(item?.productId, 'productId');
    checkQuantity(item.quantity);
    const total = (demand.get(item.productId) ?? 0) + item.quantity;
    if (total > INT_MAX) throw new StockError('quantity is too large.');
    demand.set(item.productId, total);
  }
  return new Map([...demand].sort((a, b) => a[0] - b[0]));
}

/** Serialises every change to one hold key for the rest of the transaction. */
async function lockHoldKey(trx: StockDb, holdKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`deals.stock_hold:${holdKey}`}, 0))`.execute(trx);
}

interface HoldRow {
  product_id: number;
  quantity: number;
  order_id: string | null;
  expires_at: Date;
}

async function lockHoldRows(trx: StockDb, holdKey: string): Promise<HoldRow[]> {
  const { rows } = await sql<HoldRow>`select product_id, quantity, order_id, expires_at from deals.stock_hold
    where hold_key = ${holdKey} order by product_id for update`.execute(trx);
  return rows;
}

interface LockedProduct {
  id: number;
  remaining: number | null;
  deal_id: number;
  closing_date: Date | null;
}

/** Locks the product rows in id order (deadlock-free against every other stock call). */
async function lockProducts(trx: StockDb, ids: number[]): Promise<Map<number, LockedProduct>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const { rows } = await sql<LockedProduct>`select p.id, p.remaining, p.deal_id, d.closing_date
    from deals.product p join deals.deal d on d.id = p.deal_id
    where p.id in (${sql.join(sorted)}) order by p.id for update of p`.execute(trx);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Gives units back to a product's remaining (unlimited products stay null). */
async function giveBack(trx: StockDb, productId: number, quantity: number): Promise<void> {
  if (quantity <= 0) return;
  await sql`update deals.product set remaining = remaining + ${quantity} where id = ${productId} and remaining is not null`.execute(trx);
}

/** Takes units off a product's remaining, only if that many are left; false when they are not. */
async function takeUnits(trx: StockDb, productId: number, quantity: number): Promise<boolean> {
  const result = await sql`update deals.product set remaining = remaining - ${quantity}
    where id = ${productId} and (remaining is null or remaining >= ${quantity})`.execute(trx);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/**
 * Replaces the hold of `holdKey` by `items`, atomically. Returns a refusal (nothing written) when
 * a product is unknown, its deal has closed, or too few units are left; `available` is then how
 * many this hold key could hold in all (what is left plus what it already holds).
 * A pinned hold keeps its pin.
 */
export async function holdUnits(trx: StockDb, input: HoldUnitsInput): Promise<{ ok: true; expiresAt: Date } | HoldRefusal> {
  checkKey(input.holdKey, 'holdKey');
  checkKey(input.customerKey, 'customerKey');
  checkDate(input.expiresAt, 'expiresAt');
  checkDate(input.now, 'now');
  const demand = sumDemand(input.items);

  await lockHoldKey(trx, input.holdKey);
  // The key's holding window, read and written under the key's lock (one window per key at a time).
  let expiresAt = input.expiresAt;
  let windowStart: Date | null = null;
  if (input.window && demand.size > 0) {
    const { totalMs, coolDownMs } = input.window;
    const { rows: [w] } = await sql<{ started_at: Date; held_until: Date }>`select started_at, held_until from deals.hold_window
      where hold_key = ${input.holdKey}`.execute(trx);
    const now = input.now.getTime();
    const fresh = !w || new Date(w.held_until).getTime() + coolDownMs <= now;
    windowStart = fresh ? input.now : new Date(w.started_at);
    const endsAt = windowStart.getTime() + totalMs;
    if (now >= endsAt) {
      return { ok: false, code: 'HOLD_EXPIRED', productId: [...demand.keys()][0] ?? 0, available: 0, retryAt: new Date((w ? new Date(w.held_until).getTime() : now) + coolDownMs) };
    }
    if (expiresAt.getTime() > endsAt) expiresAt = new Date(endsAt);
  }
  const old = await lockHoldRows(trx, input.holdKey);
  const oldQty = new Map(old.map((r) => [r.product_id, r.quantity]));
  const pin = old.find((r) => r.order_id !== null)?.order_id ?? null;
  const products = await lockProducts(trx, [...oldQty.keys(), ...demand.keys()]);

  // Every check first, under the locks, so a refusal writes nothing.
  const wanted = [...demand.values()].reduce((a, b) => a + b, 0);
  const heldHere = [...oldQty.values()].reduce((a, b) => a + b, 0);
  if (input.holder && input.holderLimit !== undefined && wanted > heldHere) {
    // Only a hold that grows is checked. The holder's lock comes after the key's and the
    // products' (the one order every caller takes them in), so two keys of one holder never deadlock.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`deals.stock_hold.holder:${input.holder}`}, 0))`.execute(trx);
    const { rows } = await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from deals.stock_hold
      where holder = ${input.holder} and order_id is null and expires_at > ${input.now} and hold_key <> ${input.holdKey}`.execute(trx);
    const elsewhere = Number(rows[0]?.n ?? 0);
    if (elsewhere + wanted > input.holderLimit) {
      return { ok: false, code: 'HOLD_LIMIT', productId: [...demand.keys()][0] ?? 0, available: Math.max(0, input.holderLimit - elsewhere) };
    }
  }
  for (const [productId, want] of demand) {
    const p = products.get(productId);
    if (!p) return { ok: false, code: 'NOT_FOUND', productId, available: 0 };
    const holding = oldQty.get(productId) ?? 0;
    const available = p.remaining === null ? want : p.remaining + holding;
    if (p.closing_date !== null && p.closing_date.getTime() <= input.now.getTime()) return { ok: false, code: 'DEAL_CLOSED', productId, available: 0 };
    if (available < want) return { ok: false, code: available === 0 ? 'DEAL_SOLD_OUT' : 'INSUFFICIENT_STOCK', productId, available };
  }

  for (const productId of [...products.keys()].sort((a, b) => a - b)) {
    const delta = (demand.get(productId) ?? 0) - (oldQty.get(productId) ?? 0);
    if (delta < 0) await giveBack(trx, productId, -delta);
    else if (delta > 0 && !(await takeUnits(trx, productId, delta))) {
      // Cannot happen while the row is locked; if it does, the caller's transaction must not commit.
      throw new StockError(`Stock of product ${productId} changed under its lock.`);
    }
  }

  await sql`delete from deals.stock_hold where hold_key = ${input.holdKey}`.execute(trx);
  if (demand.size > 0) {
    const holder = input.holder ?? null;
    const rows = [...demand].map(([productId, quantity]) => sql`(${input.holdKey}, ${productId}, ${quantity}, ${input.customerKey}, ${expiresAt}, ${pin}, ${holder})`);
    await sql`insert into deals.stock_hold (hold_key, product_id, quantity, customer_key, expires_at, order_id, holder) values ${sql.join(rows)}`.execute(trx);
  }
  if (windowStart) {
    const until = expiresAt.getTime() > windowStart.getTime() ? expiresAt : windowStart;
    await sql`insert into deals.hold_window (hold_key, started_at, held_until) values (${input.holdKey}, ${windowStart}, ${until})
      on conflict (hold_key) do update set started_at = excluded.started_at, held_until = excluded.held_until`.execute(trx);
  }
  return { ok: true, expiresAt };
}

/** The hold of a key, or null when it holds nothing. */
export async function getHold(db: StockDb, holdKey: string): Promise<{ items: HoldItem[]; expiresAt: Date; pinned: boolean; orderId: string | null } | null> {
  checkKey(holdKey, 'holdKey');
  const { rows } = await sql<HoldRow>`select product_id, quantity, order_id, expires_at from deals.stock_hold
    where hold_key = ${holdKey} order by product_id`.execute(db);
  if (rows.length === 0) return null;
  return {
    items: rows.map((r) => ({ productId: r.product_id, quantity: r.quantity })),
    expiresAt: new Date(Math.min(...rows.map((r) => new Date(r.expires_at).getTime()))),
    pinned: rows.some((r) => r.order_id !== null),
    orderId: rows.find((r) => r.order_id !== null)?.order_id ?? null,
  };
}

/**
 * The order path's usual case in one statement: pins the hold of `holdKey` to `orderId` when it
 * holds exactly `items`, no row of it has expired at `now` and none is pinned. True when pinned.
 * False otherwise; then nothing was pinned, except in a race with a concurrent `holdUnits` on the
 * same key, which can leave some rows pinned to this order: the caller then re-takes the hold
 * with `holdUnits` (which keeps the pin) and `pinHold`, or rolls its transaction back.
 * No advisory lock: the UPDATE's row locks and the exact comparison are enough for this check.
 */
export async function pinCoveringHold(trx: StockDb, input: { holdKey: string; orderId: string; items: HoldItem[]; now: Date }): Promise<boolean> {
  checkKey(input.holdKey, 'holdKey');
  checkKey(input.orderId, 'orderId');
  checkDate(input.now, 'now');
  const demand = sumDemand(input.items);
  if (demand.size === 0) return false;
  // The key's rows (one per product) must be exactly `demand`, none expired or pinned.
  const want = [...demand].map(([productId, quantity]) => sql`(${productId}::integer, ${quantity}::integer)`);
  const { rows } = await sql<{ product_id: number; quantity: number }>`update deals.stock_hold set order_id = ${input.orderId}
    where hold_key = ${input.holdKey} and order_id is null and expires_at > ${input.now}
      and not exists (select 1 from deals.stock_hold o where o.hold_key = ${input.holdKey} and (o.order_id is not null or o.expires_at <= ${input.now}))
      and (select count(*) from deals.stock_hold o where o.hold_key = ${input.holdKey}) = ${demand.size}
      and not exists (select 1 from (values ${sql.join(want)}) w (product_id, quantity) where not exists (
        select 1 from deals.stock_hold o where o.hold_key = ${input.holdKey} and o.product_id = w.product_id and o.quantity = w.quantity))
    returning product_id, quantity`.execute(trx);
  return rows.length === demand.size && rows.every((r) => demand.get(r.product_id) === r.quantity);
}

/** Pins the hold to an order: it no longer expires until unpinned, sold or released. */
export async function pinHold(trx: StockDb, input: { holdKey: string; orderId: string }): Promise<void> {
  checkKey(input.holdKey, 'holdKey');
  checkKey(input.orderId, 'orderId');
  await lockHoldKey(trx, input.holdKey);
  await sql`update deals.stock_hold set order_id = ${input.orderId} where hold_key = ${input.holdKey}`.execute(trx);
}

/** Unpins the hold: it expires at its expires_at again (already past: the next sweep releases it). */
export async function unpinHold(trx: StockDb, input: { holdKey: string }): Promise<void> {
  checkKey(input.holdKey, 'holdKey');
  await lockHoldKey(trx, input.holdKey);
  await sql`update deals.stock_hold set order_id = null where hold_key = ${input.holdKey}`.execute(trx);
}

/**
 * Held units become sold: the hold's rows are deleted, stock_sale and deal.sold_count grow by
 * the quantities sold, and any units the hold had beyond `items` go back to remaining.
 * Throws StockError (the caller's transaction must roll back) if the hold does not cover `items`.
 */
export async function sellHeld(trx: StockDb, input: { holdKey: string; items: HoldItem[] }): Promise<void> {
  checkKey(input.holdKey, 'holdKey');
  const demand = sumDemand(input.items);
  await lockHoldKey(trx, input.holdKey);
  // One statement: the hold's rows deleted (locking them) and their products locked in id order.
  // A hold that does not cover the items throws below, and the caller's transaction rolls back.
  const { rows } = await sql<{ product_id: number; quantity: number; deal_id: number }>`with sold as (
      delete from deals.stock_hold where hold_key = ${input.holdKey} returning product_id, quantity)
    select s.product_id, s.quantity, p.deal_id from sold s join deals.product p on p.id = s.product_id
    order by p.id for update of p`.execute(trx);
  const held = new Map(rows.map((r) => [r.product_id, r.quantity]));
  const dealOf = new Map(rows.map((r) => [r.product_id, r.deal_id]));
  for (const [productId, quantity] of demand) {
    if ((held.get(productId) ?? 0) < quantity) throw new StockError(`The hold does not cover ${quantity} of product ${productId}.`);
  }
  for (const [productId, quantity] of held) await giveBack(trx, productId, quantity - (demand.get(productId) ?? 0));

  const byDeal = new Map<number, number>();
  for (const [productId, quantity] of demand) {
    const dealId = dealOf.get(productId)!;
    byDeal.set(dealId, (byDeal.get(dealId) ?? 0) + quantity);
  }
  // The sales counted with the first deal's sold_count (one statement for the usual one-deal
  // order); further deals one by one in id order, as every deal lock is taken.
  const sales = [...demand].map(([productId, quantity]) => sql`(${productId}::integer, ${quantity}::integer)`);
  const deals = [...byDeal].sort((x, y) => x[0] - y[0]);
  for (const [i, [dealId, quantity]] of deals.entries()) {
    if (i === 0) {
      await sql`with sale as (insert into deals.stock_sale (product_id, quantity) values ${sql.join(sales)}
          on conflict (product_id) do update set quantity = stock_sale.quantity + excluded.quantity)
        update deals.deal set sold_count = sold_count + ${quantity} where id = ${dealId}`.execute(trx);
    } else {
      await sql`update deals.deal set sold_count = sold_count + ${quantity} where id = ${dealId}`.execute(trx);
    }
  }
}

/**
 * Deletes a key's hold rows under its lock and gives their units back; with `onlyExpiredAt`, only
 * when the hold is unpinned and expired at that moment (re-checked under the lock). True if released.
 */
async function releaseWhere(trx: StockDb, holdKey: string, onlyExpiredAt: Date | null): Promise<boolean> {
  await lockHoldKey(trx, holdKey);
  const condition = onlyExpiredAt ? sql`and expires_at <= ${onlyExpiredAt} and order_id is null` : sql``;
  const rows = await lockHoldRows(trx, holdKey);
  if (onlyExpiredAt && rows.some((r) => r.order_id !== null || new Date(r.expires_at).getTime() > onlyExpiredAt.getTime())) return false;
  if (rows.length === 0) return false;
  await lockProducts(trx, rows.map((r) => r.product_id));
  const deleted = await sql<{ product_id: number; quantity: number }>`delete from deals.stock_hold
    where hold_key = ${holdKey} ${condition} returning product_id, quantity`.execute(trx);
  for (const r of [...deleted.rows].sort((a, b) => a.product_id - b.product_id)) await giveBack(trx, r.product_id, r.quantity);
  return deleted.rows.length > 0;
}

/**
 * Shrinks the hold of `holdKey` to at most `items` (a basket line removed or reduced): each
 * product keeps the lower of what it holds and what is wanted, the rest goes back to remaining at
 * once. Never takes units, never touches a pinned hold (an order is being paid). Units released.
 */
export async function trimHold(trx: StockDb, input: { holdKey: string; items: HoldItem[] }): Promise<number> {
  checkKey(input.holdKey, 'holdKey');
  const wanted = input.items.length ? sumDemand(input.items) : new Map<number, number>();
  await lockHoldKey(trx, input.holdKey);
  const rows = await lockHoldRows(trx, input.holdKey);
  if (rows.length === 0 || rows.some((r) => r.order_id !== null)) return 0;
  const cut = rows.filter((r) => r.quantity > (wanted.get(r.product_id) ?? 0));
  if (cut.length === 0) return 0;
  await lockProducts(trx, cut.map((r) => r.product_id));
  let released = 0;
  for (const r of cut) {
    const keep = wanted.get(r.product_id) ?? 0;
    if (keep === 0) await sql`delete from deals.stock_hold where hold_key = ${input.holdKey} and product_id = ${r.product_id}`.execute(trx);
    else await sql`update deals.stock_hold set quantity = ${keep} where hold_key = ${input.holdKey} and product_id = ${r.product_id}`.execute(trx);
    await giveBack(trx, r.product_id, r.quantity - keep);
    released += r.quantity - keep;
  }
  return released;
}

/** The holding window of a key (see HoldWindow), or null when it has none on record. */
export async function getHoldWindow(db: StockDb, holdKey: string): Promise<{ startedAt: Date; heldUntil: Date } | null> {
  checkKey(holdKey, 'holdKey');
  const { rows: [w] } = await sql<{ started_at: Date; held_until: Date }>`select started_at, held_until from deals.hold_window where hold_key = ${holdKey}`.execute(db);
  return w ? { startedAt: new Date(w.started_at), heldUntil: new Date(w.held_until) } : null;
}

/** Releases the hold of one key now if it is unpinned and has expired at `now` (what the sweeper would do next). */
export async function releaseExpiredHold(trx: StockDb, holdKey: string, now: Date): Promise<boolean> {
  checkKey(holdKey, 'holdKey');
  checkDate(now, 'now');
  return releaseWhere(trx, holdKey, now);
}

/** Releases a hold (pinned or not): its units go back to remaining. Nothing held: nothing happens. */
export async function releaseHold(trx: StockDb, holdKey: string): Promise<void> {
  checkKey(holdKey, 'holdKey');
  await releaseWhere(trx, holdKey, null);
}

/**
 * Releases every unpinned hold whose expiry is at or before `now`, one transaction per hold key.
 * Idempotent and safe to run concurrently: the key's lock and the re-check under it mean a
 * hold's units go back exactly once, and a hold refreshed meanwhile is left alone.
 */
export async function releaseExpiredHolds(db: StockDb, now: Date): Promise<number> {
  checkDate(now, 'now');
  const { rows } = await sql<{ hold_key: string }>`select distinct hold_key from deals.stock_hold
    where expires_at <= ${now} and order_id is null order by hold_key`.execute(db);
  let released = 0;
  for (const { hold_key } of rows) {
    if (await db.transaction().execute((trx) => releaseWhere(trx, hold_key, now))) released++;
  }
  // Holding windows a day past their last hold are forgotten (any cool-down is far shorter; a
  // forgotten window is a fresh one, as it would be anyway). Under the key's lock, like every write.
  const { rows: old } = await sql<{ hold_key: string }>`select hold_key from deals.hold_window
    where held_until < ${new Date(now.getTime() - WINDOW_KEPT_MS)} order by hold_key limit 1000`.execute(db);
  for (const { hold_key } of old) {
    await db.transaction().execute(async (trx) => {
      await lockHoldKey(trx, hold_key);
      await sql`delete from deals.hold_window where hold_key = ${hold_key} and held_until < ${new Date(now.getTime() - WINDOW_KEPT_MS)}`.execute(trx);
    });
  }
  return released;
}

/**
 * Counts `quantity` units towards the customer's cap for the product on a London day, with one
 * conditional upsert: the count only grows while it stays within the product's purchase_cap
 * (null: no cap, still counted). PURCHASE_LIMIT carries how many more the customer may buy today.
 */
export async function countPurchase(trx: StockDb, input: { customerKey: string; productId: number; quantity: number; day: string }): Promise<{ ok: true } | HoldRefusal> {
  checkKey(input.customerKey, 'customerKey');
  checkId(input.productId, 'productId');
  checkQuantity(input.quantity);
  checkDay(input.day);
  const { customerKey, productId, quantity, day } = input;
  // One statement: counted only for a product that exists, within its purchase_cap (null: no cap).
  const { rows } = await sql<{ quantity: number }>`insert into deals.purchase_count (customer_key, product_id, day, quantity)
    select ${customerKey}::text, p.id, ${day}::date, ${quantity}::integer from deals.product p
     where p.id = ${productId} and (p.purchase_cap is null or ${quantity}::integer <= p.purchase_cap)
    on conflict (customer_key, product_id, day) do update set quantity = purchase_count.quantity + excluded.quantity
     where purchase_count.quantity + excluded.quantity <= coalesce((select c.purchase_cap from deals.product c where c.id = excluded.product_id), ${INT_MAX})
    returning quantity`.execute(trx);
  if (rows.length === 1) return { ok: true };
  // Refused (or no such product): how many more the customer may buy today.
  const product = (await sql<{ purchase_cap: number | null; bought: number | null }>`select p.purchase_cap,
      (select c.quantity from deals.purchase_count c where c.customer_key = ${customerKey} and c.product_id = p.id and c.day = ${day}) as bought
    from deals.product p where p.id = ${productId}`.execute(trx)).rows[0];
  if (!product) return { ok: false, code: 'NOT_FOUND', productId, available: 0 };
  return { ok: false, code: 'PURCHASE_LIMIT', productId, available: Math.max(0, (product.purchase_cap ?? 0) - (product.bought ?? 0)) };
}

/** Takes back a count (a declined payment); never below zero. */
export async function uncountPurchase(trx: StockDb, input: { customerKey: string; productId: number; quantity: number; day: string }): Promise<void> {
  checkKey(input.customerKey, 'customerKey');
  checkId(input.productId, 'productId');
  checkQuantity(input.quantity);
  checkDay(input.day);
  await sql`update deals.purchase_count set quantity = greatest(quantity - ${input.quantity}, 0)
    where customer_key = ${input.customerKey} and product_id = ${input.productId} and day = ${input.day}`.execute(trx);
}

/**
 * What the basket and checkout need to apply the purchase-limit rules, from the database. Unknown
 * ids are missing from the map. `now` (default: the clock) decides `closed`; it is an addition to
 * the contract's signature so tests and the checkout can pass their clock.
 */
export async function stockView(db: StockDb, input: { productIds: number[]; customerKey: string | null; day: string; now?: Date }): Promise<Map<number, StockLine>> {
  if (!Array.isArray(input.productIds)) throw new StockError('productIds must be an array.');
  input.productIds.forEach((id) => checkId(id, 'productId'));
  if (input.customerKey !== null) checkKey(input.customerKey, 'customerKey');
  checkDay(input.day);
  const now = input.now ?? new Date();
  checkDate(now, 'now');
  const ids = [...new Set(input.productIds)];
  const view = new Map<number, StockLine>();
  if (ids.length === 0) return view;
  const { rows } = await sql<{
    id: number; remaining: number | null; purchase_cap: number | null; disabled: boolean; closing_date: Date | null;
    vip_exclusive: boolean; price_pence: number; has_deposit: boolean; deposit_price_pence: number | null; postage_pence: number | null;
    deal_id: number; subcategory_id: number | null; high_fraud_risk: boolean; price_per_person: boolean; held: number; bought: number;
    deal_title: string; product_title: string; is_travel: boolean; check_in_date: string | null; check_out_date: string | null;
    merchant_name: string; voucher_validity_months: number;
  }>`select p.id, d.title as deal_title, p.title as product_title, d.voucher_validity_months,
      (select m.name from deals.merchant m where m.id = d.merchant_id) as merchant_name, p.remaining, p.purchase_cap, p.disabled, d.closing_date, p.vip_exclusive,
      p.price_pence, p.has_deposit, p.deposit_price_pence, p.postage_pence, p.deal_id, d.subcategory_id, d.high_fraud_risk, d.price_per_person,
      p.check_in_date, p.check_out_date, coalesce((select l.is_travel from deals.location l where l.id = d.location_id), false) as is_travel,
      coalesce((select sum(h.quantity) from deals.stock_hold h where h.product_id = p.id), 0)::integer as held,
      coalesce((select c.quantity from deals.purchase_count c where c.product_id = p.id and c.customer_key = ${input.customerKey} and c.day = ${input.day}), 0)::integer as bought
    from deals.product p join deals.deal d on d.id = p.deal_id
    where p.id in (${sql.join(ids)})`.execute(db);
  for (const r of rows) {
    view.set(r.id, {
      remaining: r.remaining,
      held: r.held,
      purchaseCap: r.purchase_cap,
      boughtToday: r.bought,
      disabled: r.disabled,
      closed: r.closing_date !== null && new Date(r.closing_date).getTime() <= now.getTime(),
      vipExclusive: r.vip_exclusive,
      pricePence: r.price_pence,
      depositPricePence: r.has_deposit ? r.deposit_price_pence : null,
      postagePence: r.postage_pence,
      dealId: r.deal_id,
      subcategoryId: r.subcategory_id,
      highFraudRisk: r.high_fraud_risk,
      pricePerPerson: r.price_per_person,
      dealTitle: r.deal_title,
      productTitle: r.product_title,
      merchantName: r.merchant_name,
      voucherValidityMonths: r.voucher_validity_months,
      isTravel: r.is_travel,
      checkInDate: r.check_in_date,
      checkOutDate: r.check_out_date,
    });
  }
  return view;
}
