/**
 * Location.deals: a page of the location's deals as a Relay connection.
 *
 * - `first` is clamped to 48 (also from variables); `page` (1-based) starts at that page for
 *   ?page=N links; `after` continues from a cursor.
 * - The end cursor carries the service's keyset `nextCursor`, so "load more" is one REST call.
 *   A cursor from the middle of a page is served from the service's fixed-size pages (two calls):
 *   relay/connection.ts readWindow, as every list does.
 * - A page of 9 or 48 deals is one REST call: deals come with their products and are primed into
 *   the deal loader.
 */
import type { DealsResponse, Location } from '@shop/deals/contract';
import { categoryPath, DEALS_PAGE_SIZE, locationPath } from '@shop/domain';
import type { DealsListQuery } from '../../clients/deals.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import { badUserInput, clampFirst, edgesAt, pageInfoOf, readWindow } from '../../relay/connection.ts';
import type { GatewayContext } from '../../context.ts';
import { SORT_TO_PARAM, type DealConnectionParent, type DealSortEnum } from '../mappers.ts';

export interface LocationDealsArgs {
  first?: number | null;
  after?: string | null;
  page?: number | null;
  category?: string | null;
  subcategory?: string | null;
  sort?: DealSortEnum | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  vip?: boolean | null;
}

/** Spec §9: 9 deals per page (schema.graphql has the same default). */
const DEFAULT_FIRST = DEALS_PAGE_SIZE;
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

function checkArgs(args: LocationDealsArgs): void {
  if (args.page != null && args.page < 1) throw badUserInput('`page` must be 1 or more.', 'page');
  for (const field of ['minPrice', 'maxPrice'] as const) {
    const value = args[field];
    if (value != null && value < 0) throw badUserInput(`\`${field}\` must be 0 or more (pence).`, field);
  }
  if (args.minPrice != null && args.maxPrice != null && args.minPrice > args.maxPrice) {
    throw badUserInput('`maxPrice` must not be below `minPrice`.', 'maxPrice');
  }
  if (args.subcategory && !args.category) throw badUserInput('`subcategory` needs `category`.', 'subcategory');
}

/**
 * A 400 from the service is the caller's mistake; its field name is ours too (or the argument it
 * came from: the service's `page` and `after` of a cursor are our `after`), its text is not shown.
 */
async function fetchPage(ctx: GatewayContext, query: DealsListQuery, fromCursor = false): Promise<DealsResponse | null> {
  try {
    return await ctx.loaders.dealsList.load(query);
  } catch (error) {
    if (isServiceError(error) && error.status === 400) {
      const given = error.fieldErrors[0]?.field;
      // A cursor far enough out asks the service for a page past its last (page ≤ 100,000).
      const field = fromCursor && (given === 'page' || given === 'after' || given === 'offset') ? 'after' : given;
      const safeField = field && /^[A-Za-z]{1,40}$/.test(field) ? field : undefined;
      throw badUserInput(safeField ? `\`${safeField}\` is not valid.` : 'The deals list arguments are not valid.', safeField);
    }
    throw error;
  }
}

export async function resolveLocationDeals(location: Location, args: LocationDealsArgs, ctx: GatewayContext): Promise<DealConnectionParent> {
  const size = clampFirst(args.first, DEFAULT_FIRST);
  checkArgs(args);
  // Unknown category slugs give an empty list, like the service's 404; malformed ones too.
  const category = args.category ?? null;
  const subcategory = args.subcategory ?? null;
  const canonicalFallback = category ? categoryPath(location.slug, category, subcategory) : locationPath(location.slug);
  const empty = (start: number): DealConnectionParent => ({
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: start > 0, startCursor: null, endCursor: null },
    totalCount: 0,
    page: Math.floor(start / size) + 1,
    pageSize: size,
    facets: [],
    canonicalUrl: canonicalFallback,
  });
  if ((category && !SLUG.test(category)) || (subcategory && !SLUG.test(subcategory))) return empty(0);

  const base: DealsListQuery = {
    location: location.slug,
    category,
    subcategory,
    pageSize: size,
    sort: SORT_TO_PARAM[args.sort ?? 'POPULARITY'],
    minPrice: args.minPrice ?? null,
    maxPrice: args.maxPrice ?? null,
    vip: args.vip ?? null,
  };

  // Keyset pages by the service's nextCursor; a cursor's page past the service's last names `after`.
  const fromCursor = args.after != null;
  const window = await readWindow<DealsResponse, DealsResponse['deals'][number]>(args, size, {
    page: (page) => fetchPage(ctx, { ...base, page }, fromCursor),
    items: (r) => r.deals,
    hasMore: (r) => r.searchResult.nextCursor !== null,
    keyset: { next: (r) => r.searchResult.nextCursor ?? null, after: (key) => fetchPage(ctx, { ...base, after: key }, true) },
  });
  const { response, start } = window;
  if (!response) return empty(start);
  const edges = edgesAt(window.items, start, window.keyset);
  return {
    edges,
    pageInfo: pageInfoOf(edges, start, window.hasNextPage),
    totalCount: response.searchResult.totalResults,
    page: Math.floor(start / size) + 1,
    pageSize: size,
    facets: response.facetedNavigation.navigations,
    canonicalUrl: response.canonicalUrl,
  };
}
