/**
 * A page of search results as a SearchConnection (Query.search, Guide.deals).
 *
 * - The search service answers with ids and summaries: the deals are hydrated through the
 *   batched deal loader, so a page of 12 or 48 costs one search call and one /deal?ids= call
 *   (B3); sponsored results join the same batch.
 * - `page` (1-based) for ?page=N links; `after` continues from a cursor. Cursors hold the
 *   absolute position, so consecutive pages never overlap; a cursor from the middle of a page
 *   is served from the two service pages that cover it.
 * - A 400 from the service is the caller's mistake (BAD_USER_INPUT naming the field); a 404
 *   (an unknown location) is an empty connection.
 */
import type { Deal } from '@shop/deals/contract';
import type { SearchQuery, SearchResponse } from '../../clients/search.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import type { GatewayContext } from '../../context.ts';
import { badUserInput, encodeCursor, readWindow, type PageInfo } from '../../relay/connection.ts';
import type { DealEdgeParent } from '../mappers.ts';

export type SearchStrategyEnum = 'A' | 'B';

export interface SponsoredDealParent {
  adId: number;
  urlPath: string;
  isSponsored: boolean;
  deal: Deal;
}

export interface SearchConnectionParent {
  /** Deals and sponsored results, hydrated once and shared by edges, pageInfo and sponsored. */
  hydrated: () => Promise<{ edges: DealEdgeParent[]; sponsored: SponsoredDealParent[] }>;
  /** Absolute 0-based position of the first result of this page. */
  start: number;
  /** Results on this page as the service listed them (before closed deals drop out). */
  itemCount: number;
  pageSize: number;
  hasNextPage: boolean;
  totalCount: number;
  query: string;
  correctedQuery: string | null;
  strategy: SearchStrategyEnum;
  facets: SearchResponse['facetedNavigation']['navigations'];
  lowestPrice: { amount: number; currency: 'GBP' | 'EUR' } | null;
}

export interface PagingArgs {
  after?: string | null;
  /** 1-based. */
  page?: number | null;
}

/** The deepest page (1-based) of a search or list: the search service serves pages 0 to 1000. */
export const MAX_PAGE = 1000;

export function checkPage(page: number | null | undefined): void {
  if (page == null) return;
  if (page < 1 || page > MAX_PAGE) throw badUserInput(`\`page\` must be from 1 to ${MAX_PAGE}.`, 'page');
}

/** Whether a cursor's (0-based) page lies beyond the deepest page: past it there is nothing more. */
export const beyondLastPage = (page: number): boolean => page + 1 >= MAX_PAGE;

const strategyOf = (variant: SearchQuery['variant']): SearchStrategyEnum => (variant === 'b' ? 'B' : 'A');

/** A 400 from the service is the caller's mistake; its field name is passed on (when it is a plain name), its text is not. */
export async function loadSearchPage(ctx: GatewayContext, query: SearchQuery): Promise<SearchResponse | null> {
  try {
    return await ctx.loaders.searchPage.load(query);
  } catch (error) {
    if (isServiceError(error) && error.status === 400) {
      const field = error.fieldErrors[0]?.field;
      const safeField = field && /^[A-Za-z]{1,40}$/.test(field) ? (field === 'q' ? 'query' : field) : undefined;
      throw badUserInput(safeField ? `\`${safeField}\` is not valid.` : 'The search arguments are not valid.', safeField);
    }
    throw error;
  }
}

/** Deals by id through the batched loader, in the order given; missing (closed) deals are null. */
export async function hydrateDeals(ctx: GatewayContext, ids: readonly number[]): Promise<(Deal | null)[]> {
  const loaded = await ctx.loaders.dealById.loadMany(ids);
  return loaded.map((deal) => {
    if (deal instanceof Error) throw deal;
    return deal;
  });
}

export function emptySearchConnection(start: number, size: number, query: string, variant: SearchQuery['variant']): SearchConnectionParent {
  return {
    hydrated: async () => ({ edges: [], sponsored: [] }),
    // A cursor far past the end still gives a page number that fits an Int.
    start: Math.min(start, MAX_PAGE * size),
    itemCount: 0,
    pageSize: size,
    hasNextPage: false,
    totalCount: 0,
    query,
    correctedQuery: null,
    strategy: strategyOf(variant),
    facets: [],
    lowestPrice: null,
  };
}

/** Runs `base` (without page and size) for the page `args` ask for, `size` results a page. */
export async function runSearch(
  ctx: GatewayContext,
  base: Omit<SearchQuery, 'page' | 'pageSize'>,
  size: number,
  args: PagingArgs,
): Promise<SearchConnectionParent> {
  checkPage(args.page);
  const window = await readWindow<SearchResponse, SearchResponse['deals'][number]>(args, size, {
    page: (page) => loadSearchPage(ctx, { ...base, pageSize: size, page }),
    items: (r) => r.deals,
    hasMore: (r, page) => (page + 1) * size < r.searchResult.totalResults,
    beyond: (page) => beyondLastPage(page),
  });
  const { start, items, response } = window;
  if (!response) return emptySearchConnection(start, size, base.q ?? '', base.variant);

  const found = response;
  let hydration: ReturnType<SearchConnectionParent['hydrated']> | undefined;
  const hydrated = () =>
    (hydration ??= (async () => {
      const sponsoredItems = found.sponsored.deals.filter((s) => s.isSponsored);
      // One batch: the page's deals and the sponsored ones together.
      const [deals, sponsoredDeals] = await Promise.all([
        hydrateDeals(ctx, items.map((d) => d.id)),
        hydrateDeals(ctx, sponsoredItems.map((s) => s.id)),
      ]);
      const edges: DealEdgeParent[] = [];
      deals.forEach((node, i) => {
        if (node) edges.push({ node, cursor: encodeCursor({ o: start + i }) });
      });
      // The index may name a deal that closed since it was synced: it drops out of the page.
      const sponsored: SponsoredDealParent[] = [];
      sponsoredDeals.forEach((deal, i) => {
        const item = sponsoredItems[i]!;
        if (deal) sponsored.push({ adId: item.adId, urlPath: item.urlPath, isSponsored: item.isSponsored, deal });
      });
      return { edges, sponsored };
    })());

  return {
    hydrated,
    start,
    itemCount: items.length,
    pageSize: size,
    hasNextPage: window.hasNextPage,
    totalCount: found.searchResult.totalResults,
    query: found.searchResult.query,
    correctedQuery: found.searchResult.correctedQuery ?? null,
    strategy: found.searchResult.strategy === 'b' ? 'B' : 'A',
    facets: found.facetedNavigation.navigations,
    lowestPrice: found.mainDeal?.price ?? null,
  };
}

/**
 * Cursors name positions in the results, so they need no hydration: the end cursor is the last
 * result the service listed, even when its deal closed since, and `after` it never repeats one.
 */
export function searchPageInfo(parent: SearchConnectionParent): PageInfo {
  const { start, itemCount } = parent;
  return {
    hasNextPage: parent.hasNextPage,
    hasPreviousPage: start > 0,
    startCursor: itemCount > 0 ? encodeCursor({ o: start }) : null,
    endCursor: itemCount > 0 ? encodeCursor({ o: start + itemCount - 1 }) : null,
  };
}
