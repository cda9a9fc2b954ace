/**
 * What every list of issue 4 shares: the live-deal rule, page/pageSize parameters, the paging
 * block of the answer, the catalogue the deal mapper needs and customer-token validation.
 */
import { z } from '@hono/zod-openapi';
import type { ExpressionBuilder } from 'kysely';
import { MAX_PAGE_SIZE } from '@shop/domain';
import type { Deal, DealList } from '../contract.ts';
import type { DealsDatabase, DealsDb } from '../db/database.ts';
import { hydrateDeals, type Catalogue } from '../deals/deal-mapper.ts';
import { findDealRowsByIds } from '../deals/deals.store.ts';
import type { DealRow } from '../deals/deals.table.ts';
import type { DealsDeps } from '../lib/deps.ts';
import * as locations from '../locations/locations.store.ts';

/** Spec §9 paging constants of these lists. */
export const RECOMMENDATIONS_LIMIT = 40;
export const RECOMMENDATIONS_PAGE_SIZE = 25;
export const BUY_AGAIN_PAGE_SIZE = 10;
/** The deal page sends recentViewedDeal up to 5 times; the local list keeps 5 ids. */
export const RECENTLY_VIEWED_MAX = 5;
/** Guests send the ids their browser kept; a few more than the 5 of the local list are accepted. */
export const GUEST_VIEWED_MAX = 20;
/** Deepest page any list serves (keeps OFFSET bounded). */
const MAX_PAGE = 10_000;

/** A deal is listed while it has no closing date or the closing date is still ahead (closed deals never are). */
export function isLive(now: Date) {
  return (eb: ExpressionBuilder<DealsDatabase, 'deal'>) => eb.or([eb('deal.closing_date', 'is', null), eb('deal.closing_date', '>', now)]);
}

export const isLiveRow = (row: Pick<DealRow, 'closing_date'>, now: Date): boolean =>
  row.closing_date === null || new Date(row.closing_date).getTime() > now.getTime();

/** page (0-based) and pageSize query parameters. */
export function pageQuery(defaultSize: number, maxSize: number = MAX_PAGE_SIZE) {
  return {
    page: z.coerce
      .number()
      .int('Must be a whole number.')
      .min(0)
      .max(MAX_PAGE)
      .default(0)
      .openapi({ description: "0-based page (the spec's page=0 is the first).", type: 'integer', example: 0 }),
    pageSize: z.coerce
      .number()
      .int('Must be a whole number.')
      .min(1)
      .max(maxSize)
      .default(defaultSize)
      .openapi({ description: `Deals per page (default ${defaultSize}, at most ${maxSize}).`, type: 'integer', example: defaultSize }),
  };
}

export interface Paging {
  page: number;
  pageSize: number;
}

export const offsetOf = (p: Paging): number => p.page * p.pageSize;

export function searchResult(totalResults: number, p: Paging): DealList['searchResult'] {
  return { totalResults, page: p.page, pageSize: p.pageSize, nextCursor: null };
}

/** A customer token: at least 10 characters (spec §5), url-safe, at most 128. */
export const CUSTOMER_TOKEN = /^[A-Za-z0-9._~-]{10,128}$/;
export const CUSTOMER_TOKEN_MESSAGE = 'A customer token is at least 10 (at most 128) url-safe characters: letters, digits, . _ ~ -.';
export const customerTokenSchema = () => z.string().regex(CUSTOMER_TOKEN, CUSTOMER_TOKEN_MESSAGE);
export const EXAMPLE_CUSTOMER_TOKEN = 'ct-0123456789abcdef';

export async function loadCatalogue(db: DealsDb): Promise<Catalogue> {
  const [locs, cats] = await Promise.all([locations.listLocations(db), locations.listCategories(db)]);
  return { locations: new Map(locs.map((l) => [l.id, l])), categories: new Map(cats.map((c) => [c.id, c])) };
}

/** Rows to contract Deals, in the order of the rows. */
export async function toDeals(deps: DealsDeps, rows: DealRow[]): Promise<Deal[]> {
  if (rows.length === 0) return [];
  return hydrateDeals(deps.db, rows, await loadCatalogue(deps.db), deps.basePath);
}

/** The live deals among these ids, in the order of the ids (unknown and closed ones dropped). */
export async function liveDealRowsInOrder(db: DealsDb, ids: readonly number[], now: Date): Promise<DealRow[]> {
  const rows = await findDealRowsByIds(db, [...new Set(ids)]);
  const byId = new Map(rows.filter((r) => isLiveRow(r, now)).map((r) => [r.id, r]));
  const seen = new Set<number>();
  const out: DealRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

/** The national location (shop): its deals are delivered everywhere. */
export async function nationalLocationId(db: DealsDb): Promise<number | null> {
  const row = await db.withSchema('deals').selectFrom('location').select('id').where('is_national', '=', true).executeTakeFirst();
  return row?.id ?? null;
}
