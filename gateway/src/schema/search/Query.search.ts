/**
 * Query.search: full-text search over the search service (spec §2 /search, §7 GET search/{location}).
 *
 * - `first` is clamped to 48 (also from variables); `page` is 1-based; `after` continues.
 * - The shopper's search test group (cookie `search_group`, spec §4) picks the route: group 'b'
 *   searches /search-b, everyone else /search; SearchConnection.strategy says which.
 * - `location` omitted or `allLocations: true`: every location (/search/all). A location the
 *   service does not know, or a malformed slug, is an empty connection (like an unknown category
 *   on Location.deals), never an error.
 * - Argument mistakes are BAD_USER_INPUT naming the field: a query over 200 characters, price
 *   bounds out of range or upside down, a bad page, a malformed tag, too many categories.
 */
import { SEARCH_QUERY_MAX, SEARCH_PAGE_SIZE, type SearchSortParam } from '@shop/domain';
import type { SearchQuery } from '../../clients/search.client.ts';
import type { GatewayContext } from '../../context.ts';
import { badUserInput, clampFirst } from '../../relay/connection.ts';
import { MAX_FILTER_PRICE } from '../deals/Mutation.dealFilterValidate.ts';
import type { Resolver } from '../types.ts';
import { checkPage, emptySearchConnection, runSearch, type SearchConnectionParent } from './run-search.ts';

export type SearchSortEnum = 'RELEVANCE' | 'POPULARITY' | 'PRICE_HIGH_TO_LOW' | 'DISCOUNT_PERCENTAGE' | 'RECENTLY_ADDED' | 'PRICE_LOW_TO_HIGH';
export type SortDirectionEnum = 'ASC' | 'DESC';

export const SEARCH_SORT_TO_PARAM: Record<SearchSortEnum, SearchSortParam> = {
  RELEVANCE: 'relevance',
  POPULARITY: 'popularity',
  PRICE_HIGH_TO_LOW: 'price',
  DISCOUNT_PERCENTAGE: 'discountPercentage',
  RECENTLY_ADDED: 'recentlyAdded',
  PRICE_LOW_TO_HIGH: 'pricelow',
};

export interface SearchArgs {
  query?: string | null;
  location?: string | null;
  allLocations?: boolean | null;
  categories?: string[] | null;
  category?: string | null;
  subcategory?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  tag?: string | null;
  vip?: boolean | null;
  sort?: SearchSortEnum | null;
  order?: SortDirectionEnum | null;
  first?: number | null;
  after?: string | null;
  page?: number | null;
}

/** The services' slug rule (lower-case words joined by single hyphens, at most 60). */
export const SLUG = /^(?=.{1,60}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A tag ("afternoon tea"): at most 60 characters. */
export const TAG_MAX = 60;
/** C0/C1 control characters: never in search text or tags (the service refuses them too). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** At most this many category slugs in `categories` (the URL's list, spec §2). */
export const MAX_SEARCH_CATEGORIES = 10;

/** The words searched for: trimmed, at most 200 characters (BAD_USER_INPUT on `field` beyond). */
export function searchText(value: string | null | undefined, field = 'query'): string {
  const text = (value ?? '').trim();
  if (text.length > SEARCH_QUERY_MAX) throw badUserInput(`\`${field}\` must be at most ${SEARCH_QUERY_MAX} characters.`, field);
  if (CONTROL_CHARS.test(text)) throw badUserInput(`\`${field}\` must not contain control characters.`, field);
  return text;
}

/** Price bounds in pence: 0 to £100,000, the lower not above the upper. */
export function checkPrices(minPrice: number | null | undefined, maxPrice: number | null | undefined): void {
  for (const [field, value] of [['minPrice', minPrice], ['maxPrice', maxPrice]] as const) {
    if (value != null && (value < 0 || value > MAX_FILTER_PRICE)) throw badUserInput(`\`${field}\` must be between 0 and ${MAX_FILTER_PRICE} (pence).`, field);
  }
  if (minPrice != null && maxPrice != null && minPrice > maxPrice) throw badUserInput('`maxPrice` must not be below `minPrice`.', 'maxPrice');
}

export const search: Resolver<unknown, SearchArgs, Promise<SearchConnectionParent>> = async (_p, args, ctx: GatewayContext) => {
  const size = clampFirst(args.first, SEARCH_PAGE_SIZE);
  const q = searchText(args.query);
  checkPage(args.page);
  checkPrices(args.minPrice, args.maxPrice);
  if (args.subcategory && !args.category) throw badUserInput('`subcategory` needs `category`.', 'subcategory');
  const categories = args.categories ?? [];
  if (categories.length > MAX_SEARCH_CATEGORIES) throw badUserInput(`\`categories\` takes at most ${MAX_SEARCH_CATEGORIES} slugs.`, 'categories');
  let tag: string | null = null;
  if (args.tag != null && args.tag.trim() !== '') {
    tag = args.tag.trim().toLowerCase();
    if (tag.length > TAG_MAX || CONTROL_CHARS.test(tag)) throw badUserInput(`\`tag\` must be at most ${TAG_MAX} characters of text.`, 'tag');
  }
  const variant = ctx.searchGroup;

  // Malformed slugs match nothing: an empty page, without a call.
  const location = args.allLocations ? null : (args.location ?? null);
  const slugs = [location, args.category, args.subcategory, ...categories].filter((s): s is string => s != null);
  if (slugs.some((s) => !SLUG.test(s))) {
    const start = args.page != null && args.page > 1 ? (args.page - 1) * size : 0;
    return emptySearchConnection(start, size, q, variant);
  }

  const sort = args.sort ?? (q ? 'RELEVANCE' : 'POPULARITY');
  const base: Omit<SearchQuery, 'page' | 'pageSize'> = {
    variant,
    location,
    q: q || null,
    category: args.category ?? null,
    subcategory: args.subcategory ?? null,
    categories: args.category ? [] : categories,
    minPrice: args.minPrice ?? null,
    maxPrice: args.maxPrice ?? null,
    vip: args.vip ?? null,
    tag,
    sort: SEARCH_SORT_TO_PARAM[sort],
    order: args.order ? (args.order === 'ASC' ? 'asc' : 'desc') : null,
  };
  return runSearch(ctx, base, size, { after: args.after ?? null, page: args.page ?? null });
};
