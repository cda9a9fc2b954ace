/**
 * Search and deals-list rules shared by the gateway and the client: the /search page's query
 * parameters (spec §2), the price slider (spec §5, §9), the deals-list state (spec §4) and the
 * recently viewed list (spec §9).
 */
import { DEAL_SORT_PARAMS, PRICE_STEPS, type DealSortParam } from './catalogue.ts';

/** Spec §9: search page size 12 (the other reading says the constant is not shown; 12 it is). */
export const SEARCH_PAGE_SIZE = 12;
/** Spec §9: guide pages show 30 deals a page. */
export const GUIDE_PAGE_SIZE = 30;
/** Spec §9: recommendations limit 40, page size 25. */
export const RECOMMENDATIONS_LIMIT = 40;
export const RECOMMENDATIONS_PAGE_SIZE = 25;
/** Spec §9: buy-again 10. */
export const BUY_AGAIN_PAGE_SIZE = 10;
/** Spec §9: the recently viewed panel shows 4; the local list per location keeps 5 ids. */
export const RECENTLY_VIEWED_PANEL_SIZE = 4;
export const RECENTLY_VIEWED_KEPT = 5;
/** Longest search text accepted (the search service answers 400 beyond it). */
export const SEARCH_QUERY_MAX = 200;
/** Shortest text the header box asks suggestions for. */
export const SUGGEST_MIN_CHARS = 2;

/** Search sorts: relevance (the default when there is a query) and the sort options of spec §9. */
export const SEARCH_SORT_PARAMS = ['relevance', ...DEAL_SORT_PARAMS] as const;
export type SearchSortParam = (typeof SEARCH_SORT_PARAMS)[number];

/** Price steps of spec §9, in pounds: travel goes up to 1000, the map view up to 200. */
export function priceStepsFor(kind: 'default' | 'travel' | 'map' = 'default'): readonly number[] {
  if (kind === 'map') return [...PRICE_STEPS.filter((s) => s < 200), 200];
  return PRICE_STEPS;
}

/**
 * The price filter of a slider position (spec §5): a lower bound at index 0 or an upper bound at
 * the last index drops that parameter. Indexes are clamped into the steps and put in order.
 * Returns pounds, as the URL holds them.
 */
export function priceFilterOf(lowerIndex: number, upperIndex: number, steps: readonly number[] = PRICE_STEPS): { minPrice?: number; maxPrice?: number } {
  const last = steps.length - 1;
  const clamp = (i: number) => Math.min(last, Math.max(0, Math.trunc(Number.isFinite(i) ? i : 0)));
  const lo = Math.min(clamp(lowerIndex), clamp(upperIndex));
  const hi = Math.max(clamp(lowerIndex), clamp(upperIndex));
  const filter: { minPrice?: number; maxPrice?: number } = {};
  if (lo > 0) filter.minPrice = steps[lo]!;
  if (hi < last) filter.maxPrice = steps[hi]!;
  return filter;
}

/** The slider position of a price filter: the nearest steps at or outside the bounds. */
export function sliderIndexesOf(minPrice: number | undefined, maxPrice: number | undefined, steps: readonly number[] = PRICE_STEPS): [number, number] {
  const last = steps.length - 1;
  let lo = 0;
  if (minPrice !== undefined) {
    for (let i = last; i >= 0; i--) if (steps[i]! <= minPrice) { lo = i; break; }
  }
  let hi = last;
  if (maxPrice !== undefined) {
    hi = steps.findIndex((s) => s >= maxPrice);
    if (hi < 0) hi = last;
  }
  return [Math.min(lo, hi), Math.max(lo, hi)];
}

/** The /search page's state, as its URL holds it (spec §2 "Search and filter" parameters). */
export interface SearchParams {
  /** The words searched for. */
  q: string;
  /** Location slug; undefined: the shopper's location. */
  location?: string;
  /** Several category slugs (the `categories` parameter, comma-separated). */
  categories: string[];
  category?: string;
  subcategory?: string;
  /** Pounds, whole. */
  minPrice?: number;
  maxPrice?: number;
  searchTag?: string;
  vip?: boolean;
  orderBy?: SearchSortParam;
  order?: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugOrUndefined = (value: string | null): string | undefined => (value && value.length <= 60 && SLUG.test(value) ? value : undefined);
const wholePounds = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  return Number(value);
};

/** Reads the /search page's parameters; malformed values are dropped, never an error page. */
export function parseSearchParams(search: URLSearchParams | string): SearchParams {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = (p.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const orderBy = p.get('orderBy');
  const order = p.get('order');
  const page = p.get('page');
  const vip = p.get('vip');
  const tag = (p.get('searchTag') ?? '').trim().toLowerCase();
  const params: SearchParams = {
    q,
    categories: (p.get('categories') ?? '').split(',').map((s) => s.trim()).filter((s) => SLUG.test(s) && s.length <= 60).slice(0, 10),
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
  const location = slugOrUndefined(p.get('location'));
  if (location) params.location = location;
  const category = slugOrUndefined(p.get('category'));
  if (category) {
    params.category = category;
    const subcategory = slugOrUndefined(p.get('subcategory'));
    if (subcategory) params.subcategory = subcategory;
  }
  let minPrice = wholePounds(p.get('minPrice'));
  let maxPrice = wholePounds(p.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  if (minPrice !== undefined && minPrice > 0) params.minPrice = minPrice;
  if (maxPrice !== undefined) params.maxPrice = maxPrice;
  if (tag && tag.length <= 60) params.searchTag = tag;
  if (vip === 'true') params.vip = true;
  if ((SEARCH_SORT_PARAMS as readonly string[]).includes(orderBy ?? '')) params.orderBy = orderBy as SearchSortParam;
  if (order === 'asc' || order === 'desc') params.order = order;
  return params;
}

/** The query string of a search state, in a stable order, without defaults (shareable links). */
export function searchQueryString(params: Partial<SearchParams>): string {
  const out = new URLSearchParams();
  if (params.q) out.set('q', params.q);
  if (params.location) out.set('location', params.location);
  if (params.categories && params.categories.length > 0) out.set('categories', params.categories.join(','));
  if (params.category) {
    out.set('category', params.category);
    if (params.subcategory) out.set('subcategory', params.subcategory);
  }
  if (params.minPrice !== undefined && params.minPrice > 0) out.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) out.set('maxPrice', String(params.maxPrice));
  if (params.searchTag) out.set('searchTag', params.searchTag);
  if (params.vip) out.set('vip', 'true');
  if (params.orderBy) out.set('orderBy', params.orderBy);
  if (params.order) out.set('order', params.order);
  if (params.page && params.page > 1) out.set('page', String(params.page));
  return out.toString();
}

/** The href of a search: /search?…, with no trailing '?' when there is nothing to say. */
export function searchHref(params: Partial<SearchParams>): string {
  const qs = searchQueryString(params);
  return qs ? `/search?${qs}` : '/search';
}

/** The price filter in pence, as the services take it. */
export const poundsToPence = (pounds: number | undefined): number | undefined => (pounds === undefined ? undefined : pounds * 100);

/** Whether a usr_src value marks a click on a sponsored search result (spec §4). */
export const SPONSORED_USR_SRC_PREFIX = 'sponsored_search_';
export const isSponsoredClick = (usrSrc: string | null | undefined): boolean => !!usrSrc && usrSrc.startsWith(SPONSORED_USR_SRC_PREFIX);

/** Spec §8: the error of a sponsored click with no stored entry. */
export const noSponsoredEntryMessage = (dealId: number | string): string => `no sponsored deal entry for: ${dealId}`;

// ---------------------------------------------------------------------------------------------
// Deals-list state (spec §3 "deals lists", §4 "Deals list")

export interface DealsListState<T> {
  deals: T[];
  /** The last page loaded (0-based), -1 before any. */
  lastPage: number;
  /** Set when a page returned fewer deals than the page size. */
  nomore: boolean;
  lastId: number | null;
}

export type DealsListAction<T> =
  | { type: 'replace'; deals: T[]; page: number; pageSize: number }
  | { type: 'append'; deals: T[]; page: number; pageSize: number }
  | { type: 'noMore'; page: number }
  | { type: 'setLastId'; id: number | null };

export const emptyDealsList = <T>(): DealsListState<T> => ({ deals: [], lastPage: -1, nomore: false, lastId: null });

/**
 * Spec §4: replace resets paging and the no-more flag; append adds a page; a page with fewer
 * deals than the page size marks no more deals, recording the last page.
 */
export function dealsListReducer<T>(state: DealsListState<T>, action: DealsListAction<T>): DealsListState<T> {
  switch (action.type) {
    case 'replace': {
      const next: DealsListState<T> = { ...emptyDealsList<T>(), deals: action.deals, lastPage: action.page, lastId: state.lastId };
      return action.deals.length < action.pageSize ? { ...next, nomore: true } : next;
    }
    case 'append': {
      if (state.nomore) return state;
      const next = { ...state, deals: [...state.deals, ...action.deals], lastPage: action.page };
      return action.deals.length < action.pageSize ? { ...next, nomore: true } : next;
    }
    case 'noMore':
      return { ...state, nomore: true, lastPage: action.page };
    case 'setLastId':
      return { ...state, lastId: action.id };
  }
}

// ---------------------------------------------------------------------------------------------
// Recently viewed (spec §9): the local list per location keeps 5 ids, newest first.

export type RecentlyViewed = Record<string, number[]>;

/** Adds a viewed deal to its location's list: moved to the front, at most 5 kept. */
export function addRecentlyViewed(list: RecentlyViewed, location: string, dealId: number): RecentlyViewed {
  const current = (list[location] ?? []).filter((id) => id !== dealId);
  return { ...list, [location]: [dealId, ...current].slice(0, RECENTLY_VIEWED_KEPT) };
}

/** Reads a stored list, dropping anything that is not a location → positive deal ids map. */
export function parseRecentlyViewed(raw: string | null): RecentlyViewed {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: RecentlyViewed = {};
    for (const [location, ids] of Object.entries(value as Record<string, unknown>)) {
      if (!SLUG.test(location) || !Array.isArray(ids)) continue;
      const clean = ids.filter((id): id is number => Number.isInteger(id) && id > 0 && id < 1e9);
      if (clean.length > 0) out[location] = [...new Set(clean)].slice(0, RECENTLY_VIEWED_KEPT);
    }
    return out;
  } catch {
    return {};
  }
}

export type { DealSortParam };
