/**
 * Queries of the personal and early-bird lists. Values travel as parameters; the only SQL text
 * is ours (reliability V4).
 */
import { sql } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import type { DealRow } from '../deals/deals.table.ts';
import { isLive, type Paging, offsetOf } from './common.ts';

/** What a customer or guest showed interest in: a category (and sub-category) of a location, weighted. */
export interface Interest {
  locationId: number;
  categoryId: number;
  subcategoryId: number | null;
  weight: number;
}

export interface RankOptions {
  now: Date;
  limit: number;
  /** Deals never to recommend (the guest's viewed ones, ones already ranked). */
  excludeIds?: readonly number[];
  /** Leave out every deal this customer has bought. */
  excludeBoughtBy?: string;
}

/**
 * Live deals in the categories of the interests, in the interests' locations, ranked: deals in a
 * sub-category of interest first (by the summed weight of the interests in that sub-category),
 * then by the summed weight of their category, then popularity, then id. At most `limit` ids.
 */
export async function rankByInterest(db: DealsDb, interests: readonly Interest[], options: RankOptions): Promise<number[]> {
  if (interests.length === 0 || options.limit <= 0) return [];
  const values = sql.join(
    interests.map((i) => sql`(${i.locationId}::int, ${i.categoryId}::int, ${i.subcategoryId}::int, ${i.weight}::float8)`),
  );
  const exclude = options.excludeIds?.length ? sql`and c.id not in (${sql.join([...options.excludeIds])})` : sql``;
  const notBought = options.excludeBoughtBy
    ? sql`and not exists (select 1 from deals.purchase_history p where p.customer_token = ${options.excludeBoughtBy} and p.deal_id = c.id)`
    : sql``;
  const result = await sql<{ id: number }>`
    select c.id
    from deals.deal c
    join (values ${values}) as i (location_id, category_id, subcategory_id, w)
      on c.location_id = i.location_id and c.category_id = i.category_id
    where (c.closing_date is null or c.closing_date > ${options.now}) ${exclude} ${notBought}
    group by c.id, c.sold_count
    order by sum(case when c.subcategory_id = i.subcategory_id then i.w else 0 end) desc,
      sum(i.w) desc, c.sold_count desc, c.id asc
    limit ${options.limit}`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/** A location's live deals, most popular first (sold count, then id), less the excluded ones. */
export async function popularDealIds(db: DealsDb, locationId: number, options: RankOptions): Promise<number[]> {
  if (options.limit <= 0) return [];
  let q = db
    .withSchema('deals')
    .selectFrom('deal')
    .select('deal.id')
    .where('deal.location_id', '=', locationId)
    .where(isLive(options.now));
  if (options.excludeIds?.length) q = q.where('deal.id', 'not in', [...options.excludeIds]);
  const token = options.excludeBoughtBy;
  if (token) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('purchase_history').select('purchase_history.deal_id').where('purchase_history.customer_token', '=', token).whereRef('purchase_history.deal_id', '=', 'deal.id'))),
    );
  }
  const rows = await q.orderBy('deal.sold_count', 'desc').orderBy('deal.id', 'asc').limit(options.limit).execute();
  return rows.map((r) => r.id);
}

/** The deal ids among these whose category and location the ranking needs. */
export async function dealFacts(db: DealsDb, ids: readonly number[]): Promise<Map<number, Pick<DealRow, 'id' | 'location_id' | 'category_id' | 'subcategory_id'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .withSchema('deals')
    .selectFrom('deal')
    .select(['id', 'location_id', 'category_id', 'subcategory_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Live deals the customer bought, most recent purchase first (then id), each once. */
export async function buyAgainPage(db: DealsDb, customerToken: string, now: Date, paging: Paging): Promise<{ rows: DealRow[]; total: number }> {
  const bought = () =>
    db
      .withSchema('deals')
      .selectFrom('purchase_history')
      .select(['purchase_history.deal_id', (eb) => eb.fn.max('purchase_history.purchased_at').as('last_at')])
      .where('purchase_history.customer_token', '=', customerToken)
      .groupBy('purchase_history.deal_id')
      .as('p');
  const base = () => db.withSchema('deals').selectFrom('deal').innerJoin(bought(), 'p.deal_id', 'deal.id').where(isLive(now));
  const [rows, count] = await Promise.all([
    base().selectAll('deal').orderBy('p.last_at', 'desc').orderBy('deal.id', 'desc').limit(paging.pageSize).offset(offsetOf(paging)).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Live early-bird deals of a location (now < early_bird_until), newest first (then id). */
export async function earlyBirdPage(db: DealsDb, locationId: number, now: Date, paging: Paging): Promise<{ rows: DealRow[]; total: number }> {
  const base = () =>
    db
      .withSchema('deals')
      .selectFrom('deal')
      .where('deal.location_id', '=', locationId)
      .where('deal.early_bird_until', 'is not', null)
      .where('deal.early_bird_until', '>', now)
      .where(isLive(now));
  const [rows, count] = await Promise.all([
    base().selectAll('deal').orderBy('deal.created_at', 'desc').orderBy('deal.id', 'desc').limit(paging.pageSize).offset(offsetOf(paging)).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
