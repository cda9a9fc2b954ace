/**
 * Deal queries. Sort and filter parts come only from the allowlists below: nothing from a
 * request is ever spliced into SQL (reliability V4); values travel as parameters.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DealSortParam } from '../contract.ts';

/** The one place a sort parameter becomes a column and direction. */
export const SORT_COLUMNS = {
  popularity: { column: 'sold_count', direction: 'desc' },
  price: { column: 'price_pence', direction: 'desc' },
  pricelow: { column: 'price_pence', direction: 'asc' },
  discountPercentage: { column: 'discount_percentage', direction: 'desc' },
  recentlyAdded: { column: 'created_at', direction: 'desc' },
} as const satisfies Record<DealSortParam, { column: string; direction: 'asc' | 'desc' }>;

export type SortColumn = (typeof SORT_COLUMNS)[DealSortParam]['column'];

export interface DealFilter {
  locationId: number;
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  /** Pence, inclusive. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** true: only deals with VIP-exclusive products; false: hide them. */
  vip?: boolean | undefined;
  /** Deals whose closing date has passed are not listed. */
  now: Date;
}

/** Keyset position: the sort value and id of the last row seen. */
export interface KeysetPosition {
  value: number | Date;
  id: number;
}

export interface DealPageQuery {
  sort: DealSortParam;
  limit: number;
  /** OFFSET paging, for ?page=N links. */
  offset?: number | undefined;
  /** Keyset paging: rows strictly after this position. */
  after?: KeysetPosition | undefined;
}

export type DealRow = Record<string, any> & { id: number };

function applyFilter<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, f: DealFilter): QB {
  let q = qb.where('location_id', '=', f.locationId) as QB;
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId) as QB;
  if (f.subcategoryId !== undefined) q = q.where('subcategory_id', '=', f.subcategoryId) as QB;
  if (f.minPrice !== undefined) q = q.where('price_pence', '>=', f.minPrice) as QB;
  if (f.maxPrice !== undefined) q = q.where('price_pence', '<=', f.maxPrice) as QB;
  if (f.vip !== undefined) q = q.where('vip_exclusive', '=', f.vip) as QB;
  return q.where((eb: any) => eb.or([eb('closing_date', 'is', null), eb('closing_date', '>', f.now)])) as QB;
}

/**
 * One page of deals in sort order, fetching `limit + 1` rows so the caller knows whether a next
 * page exists. With `after`, the page starts right after that position through a row comparison
 * on (sort column, id), which walks the composite index: page 50 costs what page 1 costs.
 */
export async function listDealRows(db: Kysely<any>, filter: DealFilter, page: DealPageQuery): Promise<{ rows: DealRow[]; hasMore: boolean }> {
  const { column, direction } = SORT_COLUMNS[page.sort];
  let q = applyFilter(db.withSchema('deals').selectFrom('deal').selectAll(), filter);
  if (page.after) {
    const { value, id } = page.after;
    q = q.where(({ eb, refTuple, tuple }) => eb(refTuple(column, 'id'), direction === 'desc' ? '<' : '>', tuple(value as any, id)));
  }
  q = q.orderBy(column, direction).orderBy('id', direction).limit(page.limit + 1);
  if (!page.after && page.offset) q = q.offset(page.offset);
  const rows = (await q.execute()) as DealRow[];
  const hasMore = rows.length > page.limit;
  return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore };
}

/**
 * Matching-deal counts for the facets: per sub-category (or the category itself for deals with
 * none) inside a category, per category otherwise. They add up to the total.
 */
export async function countFacets(db: Kysely<any>, filter: DealFilter): Promise<Array<{ categoryId: number; count: number }>> {
  const key = filter.categoryId !== undefined ? sql<number>`coalesce(subcategory_id, category_id)` : sql<number>`category_id`;
  const rows = await applyFilter(
    db.withSchema('deals').selectFrom('deal').select([key.as('cid'), sql<number>`count(*)::int`.as('n')]),
    filter,
  )
    .groupBy(key)
    .execute();
  return rows.map((r: any) => ({ categoryId: Number(r.cid), count: Number(r.n) }));
}

export async function findDealRowsByIds(db: Kysely<any>, ids: number[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return (await db.withSchema('deals').selectFrom('deal').selectAll().where('id', 'in', ids).orderBy('id').execute()) as DealRow[];
}

export async function findProductRows(db: Kysely<any>, dealIds: number[]): Promise<Record<string, any>[]> {
  if (dealIds.length === 0) return [];
  return db.withSchema('deals').selectFrom('product').selectAll().where('deal_id', 'in', dealIds).orderBy('deal_id').orderBy('position').execute();
}

export async function findImage(db: Kysely<any>, id: number): Promise<{ contentType: string; body: string } | undefined> {
  const row = await db.withSchema('deals').selectFrom('image').select(['content_type', 'body']).where('id', '=', id).executeTakeFirst();
  return row ? { contentType: row.content_type as string, body: row.body as string } : undefined;
}
