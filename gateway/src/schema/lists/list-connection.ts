/**
 * A DealConnection over a deals-service list route that pages by number (recently viewed,
 * recommendations, buy-again, early bird, special events, near-me areas).
 *
 * - `page` (1-based) for ?page=N links; `after` continues from a cursor (relay/connection.ts
 *   readWindow, as every list does).
 * - The routes answer with full deals (products included), primed into the deal loader: a page
 *   of 9 or 48 is one REST call.
 */
import type { Deal } from '@shop/deals/contract';
import type { ListPage } from '../../clients/deals.client.ts';
import { edgesAt, pageInfoOf, readWindow } from '../../relay/connection.ts';
import type { DealConnectionParent } from '../mappers.ts';
import { beyondLastPage, checkPage, MAX_PAGE, type PagingArgs } from '../search/run-search.ts';

export interface ListResponse {
  deals: Deal[];
  searchResult: { totalResults: number };
}

export function emptyDealConnection(size: number, canonicalUrl: string, from = 0): DealConnectionParent {
  // A cursor far past the end still gives a page number that fits an Int.
  const start = Math.min(from, MAX_PAGE * size);
  return {
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: start > 0, startCursor: null, endCursor: null },
    totalCount: 0,
    page: Math.floor(start / size) + 1,
    pageSize: size,
    facets: [],
    canonicalUrl,
  };
}

/** The page `args` ask for, `size` deals a page, from `fetchPage` (null: nothing there, an empty connection). */
export async function listConnection(
  fetchPage: (page: ListPage) => Promise<ListResponse | null>,
  size: number,
  args: PagingArgs,
  canonicalUrl: string,
): Promise<DealConnectionParent> {
  checkPage(args.page);
  const window = await readWindow<ListResponse, Deal>(args, size, {
    page: (page) => fetchPage({ page, pageSize: size }),
    items: (r) => r.deals,
    hasMore: (r, page) => (page + 1) * size < r.searchResult.totalResults,
    beyond: (page) => beyondLastPage(page),
  });
  if (!window.response) return emptyDealConnection(size, canonicalUrl, window.start);
  return dealConnection(window.items, window.start, size, window.response.searchResult.totalResults, canonicalUrl, window.hasNextPage);
}

/** A connection of `deals` that start at absolute position `start` of a list of `total`. */
export function dealConnection(
  deals: Deal[],
  start: number,
  size: number,
  total: number,
  canonicalUrl: string,
  hasNextPage = deals.length > 0 && start + deals.length < total,
): DealConnectionParent {
  const edges = edgesAt(deals, start);
  return {
    edges,
    pageInfo: pageInfoOf(edges, start, hasNextPage),
    totalCount: total,
    page: Math.floor(start / size) + 1,
    pageSize: size,
    facets: [],
    canonicalUrl,
  };
}
