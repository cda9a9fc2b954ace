/**
 * Deal queries. Sort and filter parts come only from the allowlists below: nothing from a
 * request is ever spliced into SQL (reliability V4); values travel as parameters.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DealSortParam } from '../contract.ts';
import type { DealsDatabase, DealsDb } from '../db/database.ts';
import type { DealRow, ProductRow } from './deals.table.ts';

/**
 * The one place a sort parameter becomes a column and direction. Price and discount are the
 * headline's (postage included), the figures a card shows.
 */
export const SORT_COLUMNS = {
  popularity: { column: 'sold_count', direction: 'desc' },
  price: { column: 'headline_price_pence', direction: 'desc' },
  pricelow: { column: 'headline_price_pence', direction: 'asc' },
  discountPercentage: { column: 'headline_discount_percentage', direction: 'desc' },
  recentlyAdded: { column: 'created_at', direction: 'desc' },
} as const satisfies Record<DealSortParam, { column: string; direction: 'asc' | 'desc' }>;

export type SortColumn = (typeof SORT_COLUMNS)[DealSortParam]['column'];

export interface DealFilter {
  locationId: number;
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  /** Headline price (postage included), pence, inclusive. */
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

type DealQuery<O> = SelectQueryBuilder<DealsDatabase, 'deal', O>;

function applyFilter<O>(qb: DealQuery<O>, f: DealFilter): DealQuery<O> {
  let q = qb.where('location_id', '=', f.locationId);
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId);
  if (f.subcategoryId !== undefined) q = q.where('subcategory_id', '=', f.subcategoryId);
  if (f.minPrice !== undefined) q = q.where('headline_price_pence', '>=', f.minPrice);
  if (f.maxPrice !== undefined) q = q.where('headline_price_pence', '<=', f.maxPrice);
  if (f.vip !== undefined) q = q.where('vip_exclusive', '=', f.vip);
  return q.where((eb) => eb.or([eb('closing_date', 'is', null), eb('closing_date', '>', f.now)]));
}

/**
 * One page of deals in sort order, fetching `limit + 1` rows so the caller knows whether a next
 * page exists. With `after`, the page starts right after that position through a row comparison
 * on (sort column, id), which walks the composite index: page 50 costs what page 1 costs.
 */
export async function listDealRows(db: DealsDb, filter: DealFilter, page: DealPageQuery): Promise<{ rows: DealRow[]; hasMore: boolean }> {
  const { column, direction } = SORT_COLUMNS[page.sort];
  let q = applyFilter(db.withSchema('deals').selectFrom('deal').selectAll(), filter);
  if (page.after) {
    const { value, id } = page.after;
    q = q.where(({ eb, refTuple, tuple }) => eb(refTuple(column, 'id'), direction === 'desc' ? '<' : '>', tuple(value, id)));
  }
  q = q.orderBy(column, direction).orderBy('id', direction).limit(page.limit + 1);
  if (!page.after && page.offset) q = q.offset(page.offset);
  const rows = await q.execute();
  const hasMore = rows.length > page.limit;
  return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore };
}

/**
 * Matching-deal counts for the facets: per sub-category (or the category itself for deals with
 * none) inside a category, per category otherwise. They add up to the total.
 */
export async function countFacets(db: DealsDb, filter: DealFilter): Promise<Array<{ categoryId: number; count: number }>> {
  const key = filter.categoryId !== undefined ? sql<number>`coalesce(subcategory_id, category_id)` : sql<number>`category_id`;
  const rows = await applyFilter(
    db.withSchema('deals').selectFrom('deal').select([key.as('cid'), sql<number>`count(*)::int`.as('n')]),
    filter,
  )
    .groupBy(key)
    .execute();
  return rows.map((r) => ({ categoryId: Number(r.cid), count: Number(r.n) }));
}

export async function findDealRowsByIds(db: DealsDb, ids: number[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return db.withSchema('deals').selectFrom('deal').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function findProductRows(db: DealsDb, dealIds: number[]): Promise<ProductRow[]> {
  if (dealIds.length === 0) return [];
  return db.withSchema('deals').selectFrom('product').selectAll().where('deal_id', 'in', dealIds).orderBy('deal_id').orderBy('position').execute();
}

