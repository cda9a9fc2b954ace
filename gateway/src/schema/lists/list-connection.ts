/**
 * A DealConnection over a deals-service list route that pages by number (recently viewed,
 * recommendations, buy-again, early bird, special events, near-me areas).
 *
 * - `page` (1-based) for ?page=N links; `after` continues from a cursor, which holds the absolute
 *   position, so pages never overlap. A cursor from the middle of a page is served from the two
 *   service pages that cover it.
 * - The routes answer with full deals (products included), primed into the deal loader: a page
 *   of 9 or 48 is one REST call.
 */
import type { Deal } from '@shop/deals/contract';
import type { ListPage } from '../../clients/deals.client.ts';
import { decodeCursor, encodeCursor } from '../../relay/connection.ts';
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
  let start: number;
  let response: ListResponse | null;
  let deals: Deal[];
  if (args.after != null) {
    start = decodeCursor(args.after).o + 1;
    if (beyondLastPage(start, size)) return emptyDealConnection(size, canonicalUrl, start);
    const page = Math.floor(start / size);
    const offset = start - page * size;
    const pages = await Promise.all(
      offset === 0 ? [fetchPage({ page, pageSize: size })] : [fetchPage({ page, pageSize: size }), fetchPage({ page: page + 1, pageSize: size })],
    );
    response = pages[0] ?? null;
    deals = pages.flatMap((p) => p?.deals ?? []).slice(offset, offset + size);
  } else {
    const page = (args.page ?? 1) - 1;
    start = page * size;
    response = await fetchPage({ page, pageSize: size });
    deals = response?.deals ?? [];
  }
  if (!response) return emptyDealConnection(size, canonicalUrl, start);
  return dealConnection(deals, start, size, response.searchResult.totalResults, canonicalUrl);
}

/** A connection of `deals` that start at absolute position `start` of a list of `total`. */
export function dealConnection(deals: Deal[], start: number, size: number, total: number, canonicalUrl: string): DealConnectionParent {
  const edges = deals.map((node, i) => ({ node, cursor: encodeCursor({ o: start + i }) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: edges.length > 0 && start + edges.length < total,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: total,
    page: Math.floor(start / size) + 1,
    pageSize: size,
    facets: [],
    canonicalUrl,
  };
}
