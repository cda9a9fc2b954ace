/**
 * Typed client of the search service (services/search). Response bodies are parsed with the
 * service's own contract (services/search/src/contract.ts), so a drift fails loudly here.
 *
 * - GET /search/{location|all} and the alternate GET /search-b/{location|all} (spec §4: the
 *   shopper's test group 'b' uses the other search endpoint): same parameters, same response.
 * - GET /suggest: suggestions as the shopper types.
 * - POST /sponsored/session and /sponsored/events (spec §7 sponsored search).
 */
import {
  SearchResponseSchema,
  SponsoredEventsResponseSchema,
  SponsoredSessionResponseSchema,
  SuggestResponseSchema,
  type SearchResponse,
  type SuggestResponse,
} from '@shop/search/contract';
import type { SearchSortParam } from '@shop/domain';
import type { RestClient } from './rest-client.ts';

export type { SearchResponse, SuggestResponse };

/** Which search route: 'a' the default /search, 'b' the alternate /search-b (spec §4). */
export type SearchVariant = 'a' | 'b';

export interface SearchQuery {
  variant: SearchVariant;
  /** A location slug; null: every location (/search/all). */
  location: string | null;
  q?: string | null;
  category?: string | null;
  subcategory?: string | null;
  /** Any of these category slugs (the URL's `categories`). */
  categories?: readonly string[] | null;
  /** Pence. */
  minPrice?: number | null;
  maxPrice?: number | null;
  vip?: boolean | null;
  tag?: string | null;
  sort?: SearchSortParam | null;
  order?: 'asc' | 'desc' | null;
  excludeCategories?: readonly string[] | null;
  excludeDeals?: readonly number[] | null;
  pageSize: number;
  /** 0-based. */
  page: number;
}

export interface SuggestQuery {
  q: string;
  location?: string | null;
  limit: number;
}

export type SponsoredEventType = 'click' | 'impression';

export interface SponsoredEventsResponse {
  recorded: number;
}

export interface SponsoredEventsInput {
  adIds: readonly number[];
  dealIds: readonly number[];
  sessionId: string;
  type: SponsoredEventType;
}

export interface SearchClient {
  /** A page of results; null when the location is unknown (404). */
  search(query: SearchQuery): Promise<SearchResponse | null>;
  /** Suggestions, best first; none for a location the service does not know (404). */
  suggest(query: SuggestQuery): Promise<SuggestResponse['suggestions']>;
  /** Fetches (when `sessionId` is still live) or creates the sponsored-search session. */
  sponsoredSession(input: { customerToken?: string | null; sessionId?: string | null }): Promise<string>;
  /** Records sponsored events; null when the session is unknown (404). */
  sponsoredEvents(input: SponsoredEventsInput): Promise<SponsoredEventsResponse | null>;
}

const seg = encodeURIComponent;

/** The REST path and query string of a search, with parameters in a fixed order. */
export function searchPath(q: SearchQuery): string {
  const route = q.variant === 'b' ? '/search-b' : '/search';
  const params = new URLSearchParams();
  if (q.q) params.set('q', q.q);
  if (q.category) {
    params.set('category', q.category);
    if (q.subcategory) params.set('subcategory', q.subcategory);
  }
  if (q.categories && q.categories.length > 0) params.set('categories', q.categories.join(','));
  if (q.minPrice != null) params.set('minPrice', String(q.minPrice));
  if (q.maxPrice != null) params.set('maxPrice', String(q.maxPrice));
  if (q.vip != null) params.set('vip', String(q.vip));
  if (q.tag) params.set('tag', q.tag);
  if (q.sort) params.set('sort', q.sort);
  if (q.order) params.set('order', q.order);
  if (q.excludeCategories && q.excludeCategories.length > 0) params.set('excludeCategories', q.excludeCategories.join(','));
  if (q.excludeDeals && q.excludeDeals.length > 0) params.set('excludeDeals', q.excludeDeals.join(','));
  params.set('pageSize', String(q.pageSize));
  params.set('page', String(q.page));
  params.set('facetedNavigation', 'true');
  return `${route}/${q.location === null ? 'all' : seg(q.location)}?${params}`;
}

export function createSearchClient(rest: RestClient): SearchClient {
  return {
    search(query) {
      return rest.get(searchPath(query), SearchResponseSchema, { nullOn404: true });
    },
    async suggest(query) {
      const params = new URLSearchParams({ q: query.q, limit: String(query.limit) });
      if (query.location) params.set('location', query.location);
      return (await rest.get(`/suggest?${params}`, SuggestResponseSchema, { nullOn404: true }))?.suggestions ?? [];
    },
    async sponsoredSession(input) {
      const body: { customerToken?: string; sessionId?: string } = {};
      if (input.customerToken) body.customerToken = input.customerToken;
      if (input.sessionId) body.sessionId = input.sessionId;
      return (await rest.post('/sponsored/session', body, SponsoredSessionResponseSchema)).sessionId;
    },
    sponsoredEvents(input) {
      return rest.post(
        '/sponsored/events',
        { adIds: input.adIds, dealIds: input.dealIds, sessionId: input.sessionId, type: input.type },
        SponsoredEventsResponseSchema,
        { nullOn404: true },
      );
    },
  };
}
