/**
 * The /search page's URL state on the client: the GraphQL variables of a
 * search, and the hrefs of filter changes. The rules themselves (parsing, shareable query strings,
 * the price slider) are domain's (domain/src/search.ts).
 */
import {
  SEARCH_PAGE_SIZE,
  poundsToPence,
  searchHref,
  type SearchParams,
  type SearchSortParam,
} from '@shop/domain';
import { SORT_OPTIONS } from '../../lib/list-params.ts';

/** The `location` value of "All locations". */
export const ALL_LOCATIONS = 'all';

export type SearchSortValue = 'RELEVANCE' | (typeof SORT_OPTIONS)[number]['value'];

/** Relevance first, then the sort options of spec §9 (their labels are the category pages' own). */
export const SEARCH_SORT_OPTIONS: ReadonlyArray<{ param: SearchSortParam; value: SearchSortValue; label: string }> = [
  { param: 'relevance', value: 'RELEVANCE', label: 'Most relevant' },
  ...SORT_OPTIONS,
];

/** The order a search is in when the URL does not say: relevance with words, otherwise popularity. */
export const defaultSortOf = (params: Pick<SearchParams, 'q'>): SearchSortParam => (params.q ? 'relevance' : 'popularity');

/** The sort select's value. */
export const sortOf = (params: SearchParams): SearchSortParam => params.orderBy ?? defaultSortOf(params);

/** The location a search is in: the URL's, else the shopper's; null for all locations. */
function searchLocationOf(params: SearchParams, shopper: string): string | null {
  if (params.location === ALL_LOCATIONS) return null;
  return params.location ?? shopper;
}

/** The variables of Query.search for a URL state (prices in pence, the sort as its enum). */
export function searchVariables(params: SearchParams, shopper: string) {
  const location = searchLocationOf(params, shopper);
  const sort = params.orderBy ? SEARCH_SORT_OPTIONS.find((o) => o.param === params.orderBy)!.value : null;
  return {
    query: params.q || null,
    location,
    allLocations: location === null,
    categories: params.categories.length > 0 ? params.categories : null,
    category: params.category ?? null,
    subcategory: params.subcategory ?? null,
    minPrice: poundsToPence(params.minPrice) ?? null,
    maxPrice: poundsToPence(params.maxPrice) ?? null,
    tag: params.searchTag ?? null,
    vip: params.vip ? true : null,
    sort,
    order: params.order ? (params.order === 'asc' ? ('ASC' as const) : ('DESC' as const)) : null,
    first: SEARCH_PAGE_SIZE,
    page: params.page > 1 ? params.page : null,
    place: location ?? shopper,
  };
}

/** Whether any narrowing filter is set (what "Clear filters" clears: not the words, place or order). */
export function hasFilters(params: SearchParams): boolean {
  return (
    params.categories.length > 0 ||
    !!params.category ||
    params.minPrice !== undefined ||
    params.maxPrice !== undefined ||
    !!params.vip ||
    !!params.searchTag
  );
}

/** The href of the same search with some parameters changed; a change of filters starts again at page 1. */
export function hrefWith(params: SearchParams, patch: Partial<SearchParams>): string {
  return searchHref({ ...params, page: 1, ...patch });
}

/** The same search without its filters. */
export function clearedHref(params: SearchParams): string {
  return searchHref({ q: params.q, location: params.location, orderBy: params.orderBy, order: params.order });
}
