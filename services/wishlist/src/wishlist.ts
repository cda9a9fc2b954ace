/**
 * Wishlists (README.md "The rules"). Every change to a list runs in one transaction that first
 * locks the list's row (`for update`): adds to one list are serialised, so the count under the
 * 50 cap is read and the conditional insert made under that lock, and a deal is in a list once
 * (primary key, `on conflict do nothing`). A merge locks both rows in id order (no deadlock with
 * another merge; README.md "Concurrency").
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { WishlistDb } from './db/database.ts';
import { WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- module functions take the caller's Transaction<any>
type AnyDb = Kysely<any>;

/** Spec §9: a wishlist holds at most 50 deals (the shop's one figure, @shop/domain/wishlist). */
export { WISHLIST_MAX_DEALS };

export const WISHLIST_NOT_FOUND = 'Sorry, we could not find that wishlist.';
export const WISHLIST_FULL = `Your wishlist is full: it can hold ${WISHLIST_MAX_DEALS} deals. Remove one to add another.`;
export const WISHLIST_OWNED = 'This wishlist belongs to another customer.';

/** A refusal: the transaction rolls back and the route answers status with code, the message naming field. */
export class WishlistRefusal extends Error {
  readonly status: 404 | 409;
  readonly code: 'WISHLIST_NOT_FOUND' | 'WISHLIST_FULL' | 'WISHLIST_OWNED';
  readonly field: string;
  constructor(status: 404 | 409, code: WishlistRefusal['code'], message: string, field: string) {
    super(message);
    this.name = 'WishlistRefusal';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export interface WishlistDeal {
  dealId: number;
  addedAt: Date;
}

export interface Wishlist {
  id: string;
  customerToken: string | null;
  /** Newest first, the requested page. */
  deals: WishlistDeal[];
  totalDeals: number;
  /**
   * Deals a merge took off to keep the newest 50, in the order they went (the oldest saved first);
   * kept until the list next changes (an add, a remove, a clear), so the shopper is told which
   * went and can save them again. A later merge adds to them rather than replacing them.
   */
  takenOffAtMerge: number[];
}

export interface Paging {
  page: number;
  pageSize: number;
}

const FIRST_PAGE: Paging = { page: 0, pageSize: WISHLIST_MAX_DEALS };

/** 16 random bytes as 22 url-safe characters: a guest's only key, so unguessable. */
export const newWishlistId = (): string => randomBytes(16).toString('base64url');

/** PostgreSQL's unique_violation (23505), as pg and PGlite report it. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

interface ListRow {
  id: string;
  customer_token: string | null;
  taken_off_at_merge: number[];
}

async function read(db: AnyDb, where: { id: string } | { customerToken: string }, paging: Paging): Promise<Wishlist | null> {
  const row = (
    'id' in where
      ? await sql<ListRow>`select id, customer_token, taken_off_at_merge from wishlist.wishlist where id = ${where.id}`.execute(db)
      : await sql<ListRow>`select id, customer_token, taken_off_at_merge from wishlist.wishlist where customer_token = ${where.customerToken}`.execute(db)
  ).rows[0];
  if (!row) return null;
  const deals = await sql<{ deal_id: number; added_at: Date | string }>`select deal_id, added_at from wishlist.wishlist_deal where wishlist_id = ${row.id}
    order by added_at desc, deal_id desc limit ${paging.pageSize} offset ${paging.page * paging.pageSize}`.execute(db);
  const total = await sql<{ n: number | string }>`select count(*) as n from wishlist.wishlist_deal where wishlist_id = ${row.id}`.execute(db);
  return {
    id: row.id,
    customerToken: row.customer_token,
    deals: deals.rows.map((d) => ({ dealId: Number(d.deal_id), addedAt: new Date(d.added_at) })),
    totalDeals: Number(total.rows[0]?.n ?? 0),
    takenOffAtMerge: row.taken_off_at_merge.map(Number),
  };
}

export const wishlistById = (db: WishlistDb, id: string, paging: Paging = FIRST_PAGE) => read(db, { id }, paging);
export const wishlistOfCustomer = (db: WishlistDb, customerToken: string, paging: Paging = FIRST_PAGE) => read(db, { customerToken }, paging);

/** The list as its transaction leaves it (read inside it: a merge right after cannot make the answer lie). */
async function readIn(trx: AnyDb, id: string, paging: Paging): Promise<Wishlist> {
  const w = await read(trx, { id }, paging);
  if (!w) throw new Error('wishlist: a locked list vanished');
  return w;
}

/** Locks the list's row for the transaction; false when there is no such list. */
async function lock(trx: AnyDb, id: string): Promise<boolean> {
  return (await sql`select id from wishlist.wishlist where id = ${id} for update`.execute(trx)).rows.length === 1;
}

/** A change to the list: the deals an earlier merge took off have been told about by now. */
async function touch(trx: AnyDb, id: string, now: Date): Promise<void> {
  await sql`update wishlist.wishlist set updated_at = ${now}, taken_off_at_merge = '{}' where id = ${id}`.execute(trx);
}

/** Adds a deal to a locked list: nothing when it is there already, refused at the cap. */
async function addLocked(trx: AnyDb, id: string, dealId: number, now: Date, field: string): Promise<void> {
  // Conditional insert: counted under the row lock every writer of this list takes.
  const { rows } = await sql`insert into wishlist.wishlist_deal (wishlist_id, deal_id, added_at)
    select ${id}, ${dealId}, ${now}
    where exists (select 1 from wishlist.wishlist_deal where wishlist_id = ${id} and deal_id = ${dealId})
       or (select count(*) from wishlist.wishlist_deal where wishlist_id = ${id}) < ${WISHLIST_MAX_DEALS}
    on conflict (wishlist_id, deal_id) do nothing returning deal_id`.execute(trx);
  if (rows.length === 1) return touch(trx, id, now);
  const present = await sql`select 1 from wishlist.wishlist_deal where wishlist_id = ${id} and deal_id = ${dealId}`.execute(trx);
  if (present.rows.length === 0) throw new WishlistRefusal(409, 'WISHLIST_FULL', WISHLIST_FULL, field);
}

/**
 * Spec §7 POST {wishlist}/deal/{dealId}: a new list holding the deal. With a customer token whose
 * customer has a list already, the deal goes into that list instead (one list per customer).
 */
export async function createWithDeal(db: WishlistDb, input: { dealId: number; customerToken?: string; now: Date }, paging: Paging = FIRST_PAGE): Promise<{ wishlist: Wishlist; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const id = newWishlistId();
    const inserted = await sql<{ id: string }>`insert into wishlist.wishlist (id, customer_token, created_at, updated_at)
      values (${id}, ${input.customerToken ?? null}, ${input.now}, ${input.now}) on conflict (customer_token) do nothing returning id`.execute(trx);
    const target = inserted.rows[0]?.id ?? (await sql<{ id: string }>`select id from wishlist.wishlist where customer_token = ${input.customerToken ?? null}`.execute(trx)).rows[0]?.id;
    if (!target) throw new Error('wishlist: the customer list vanished');
    if (!(await lock(trx, target))) throw new WishlistRefusal(404, 'WISHLIST_NOT_FOUND', WISHLIST_NOT_FOUND, 'id');
    await addLocked(trx, target, input.dealId, input.now, 'dealId');
    return { wishlist: await readIn(trx, target, paging), created: inserted.rows.length === 1 };
  });
}

export type WishlistOperation = { op: 'merge'; path: '/customerToken'; value: string } | { op: 'add' | 'remove'; path: '/deals'; value: number };

export interface ChangeResult {
  /** The list the changes ended in: after a merge into the customer's list, that list. */
  wishlist: Wishlist;
  /** Deals dropped by a merge to keep the newest 50. */
  dropped: number;
}

/**
 * Spec §7 PATCH {wishlist}/{id}: the operations in order, in one transaction (any refusal undoes
 * them all). `merge /customerToken` attaches a customer: to this list when the customer has none;
 * otherwise this list's deals move into the customer's list (a deal in both keeps its newest
 * added time; past 50 the oldest are dropped and counted) and this list is deleted, so its id
 * answers 404 from then on. Later operations apply to the list the merge ended in.
 */
export async function changeWishlist(db: WishlistDb, id: string, operations: readonly WishlistOperation[], now: Date, paging: Paging = FIRST_PAGE): Promise<ChangeResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        let current = id;
        let dropped = 0;
        // Lock order: this list and the list of the customer a merge names, both in id order, before anything.
        const tokens = operations.flatMap((o) => (o.op === 'merge' ? [o.value] : []));
        const theirs = tokens.length
          ? (await sql<{ id: string }>`select id from wishlist.wishlist where customer_token in (${sql.join(tokens)})`.execute(trx)).rows.map((r) => r.id)
          : [];
        const locked = (await sql<{ id: string }>`select id from wishlist.wishlist where id in (${sql.join([id, ...theirs])}) order by id for update`.execute(trx)).rows;
        if (!locked.some((r) => r.id === id)) throw new WishlistRefusal(404, 'WISHLIST_NOT_FOUND', WISHLIST_NOT_FOUND, 'id');
        for (const [i, operation] of operations.entries()) {
          if (operation.op === 'merge') {
            const merged = await mergeLocked(trx, current, operation.value, now, `${i}.value`);
            current = merged.id;
            dropped += merged.dropped;
          } else if (operation.op === 'add') {
            await addLocked(trx, current, operation.value, now, `${i}.value`);
          } else {
            await sql`delete from wishlist.wishlist_deal where wishlist_id = ${current} and deal_id = ${operation.value}`.execute(trx);
            await touch(trx, current, now);
          }
        }
        return { wishlist: await readIn(trx, current, paging), dropped };
      });
    } catch (error) {
      // Two lists claimed one customer at once: the loser rolled back; now the customer has a list
      // to merge into. A deadlock (40P01) is possible only when the customer's list appeared
      // between the lookup above and the merge (locked then out of order): the retry locks in order.
      if (attempt < 2 && (isUniqueViolation(error) || (error as { code?: unknown } | null)?.code === '40P01')) continue;
      throw error;
    }
  }
}

/** `list` is locked by the caller. */
async function mergeLocked(trx: AnyDb, list: string, customerToken: string, now: Date, field: string): Promise<{ id: string; dropped: number }> {
  const own = (await sql<{ customer_token: string | null }>`select customer_token from wishlist.wishlist where id = ${list}`.execute(trx)).rows[0];
  if (own?.customer_token === customerToken) return { id: list, dropped: 0 };
  if (own?.customer_token) throw new WishlistRefusal(409, 'WISHLIST_OWNED', WISHLIST_OWNED, field);
  const theirs = (await sql<{ id: string }>`select id from wishlist.wishlist where customer_token = ${customerToken}`.execute(trx)).rows[0]?.id;
  if (!theirs) {
    // A concurrent claim of this customer makes this a unique violation: the caller retries and merges.
    await sql`update wishlist.wishlist set customer_token = ${customerToken}, updated_at = ${now} where id = ${list}`.execute(trx);
    return { id: list, dropped: 0 };
  }
  // Normally locked already by changeWishlist (in id order); locking again is a no-op. A customer's
  // list is never merged away or deleted, so `theirs` still carries the token once locked.
  await sql`select id from wishlist.wishlist where id = ${theirs} for update`.execute(trx);
  await sql`insert into wishlist.wishlist_deal (wishlist_id, deal_id, added_at)
    select ${theirs}, deal_id, added_at from wishlist.wishlist_deal where wishlist_id = ${list}
    on conflict (wishlist_id, deal_id) do update set added_at = greatest(wishlist.wishlist_deal.added_at, excluded.added_at)`.execute(trx);
  // Taken off in the keep order's reverse (the oldest saved first; microsecond times, so in SQL).
  const over = await sql<{ deal_id: number }>`with over as (
      delete from wishlist.wishlist_deal where wishlist_id = ${theirs} and deal_id not in (
        select deal_id from wishlist.wishlist_deal where wishlist_id = ${theirs} order by added_at desc, deal_id desc limit ${WISHLIST_MAX_DEALS})
      returning deal_id, added_at)
    select deal_id from over order by added_at, deal_id`.execute(trx);
  await sql`delete from wishlist.wishlist where id = ${list}`.execute(trx);
  // The ones taken off are remembered after any an earlier merge took off and the shopper has not
  // seen (unless saved again since), so the list's page can say which went: never a silent loss.
  // Past 50 of them, the latest 50 are kept (the column's limit).
  const takenOff = over.rows.map((r) => Number(r.deal_id));
  await sql`update wishlist.wishlist set updated_at = ${now}, taken_off_at_merge = (
      select coalesce(array_agg(d order by o), '{}') from (
        select d, min(o) as o from unnest(taken_off_at_merge || ${takenOff}::integer[]) with ordinality as t(d, o)
        where d not in (select deal_id from wishlist.wishlist_deal where wishlist_id = ${theirs})
        group by d order by min(o) desc limit ${WISHLIST_MAX_DEALS}) kept)
    where id = ${theirs}`.execute(trx);
  return { id: theirs, dropped: takenOff.length };
}

/** Spec §7 POST {wishlist}/{id}/deal/{dealId}: a deal in the list already is no change; refused at 50. */
export async function addDeal(db: WishlistDb, id: string, dealId: number, now: Date, paging: Paging = FIRST_PAGE): Promise<Wishlist> {
  return db.transaction().execute(async (trx) => {
    if (!(await lock(trx, id))) throw new WishlistRefusal(404, 'WISHLIST_NOT_FOUND', WISHLIST_NOT_FOUND, 'id');
    await addLocked(trx, id, dealId, now, 'dealId');
    return readIn(trx, id, paging);
  });
}

/** Spec §7 DELETE {wishlist}/{id}/deal/{dealId}: a deal not in the list is no change. */
export async function removeDeal(db: WishlistDb, id: string, dealId: number, now: Date, paging: Paging = FIRST_PAGE): Promise<Wishlist> {
  return db.transaction().execute(async (trx) => {
    if (!(await lock(trx, id))) throw new WishlistRefusal(404, 'WISHLIST_NOT_FOUND', WISHLIST_NOT_FOUND, 'id');
    await sql`delete from wishlist.wishlist_deal where wishlist_id = ${id} and deal_id = ${dealId}`.execute(trx);
    await touch(trx, id, now);
    return readIn(trx, id, paging);
  });
}

/** Spec §7 DELETE {wishlist}/{id}/deal/all. */
export async function clearWishlist(db: WishlistDb, id: string, now: Date, paging: Paging = FIRST_PAGE): Promise<Wishlist> {
  return db.transaction().execute(async (trx) => {
    if (!(await lock(trx, id))) throw new WishlistRefusal(404, 'WISHLIST_NOT_FOUND', WISHLIST_NOT_FOUND, 'id');
    await sql`delete from wishlist.wishlist_deal where wishlist_id = ${id}`.execute(trx);
    await touch(trx, id, now);
    return readIn(trx, id, paging);
  });
}
