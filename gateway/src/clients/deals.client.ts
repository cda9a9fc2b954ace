/**
 * Typed client of the deals service (services/deals). Response bodies are parsed with the
 * service's own contract (services/deals/src/contract.ts), so a drift fails loudly here.
 */
import {
  CategoriesResponseSchema,
  DealListResponseSchema,
  DealSchema,
  DealsByIdsResponseSchema,
  DealsResponseSchema,
  EarlyBirdResponseSchema,
  GuideSchema,
  LocationSchema,
  LocationsResponseSchema,
  MerchantSchema,
  MerchantsResponseSchema,
  NavigationResponseSchema,
  NearMeAreaDealsResponseSchema,
  NearMeHubResponseSchema,
  NearMeLocationSchema,
  RecommendationsResponseSchema,
  SpecialEventResponseSchema,
  type Category,
  type Deal,
  type DealList,
  type DealSortParam,
  type DealsResponse,
  type EarlyBirdDeals,
  type Guide,
  type Location,
  type Merchant,
  type NavigationItem,
  type NearMeAreaDeals,
  type NearMeHub,
  type NearMeLocation,
  type Recommendations,
  type SpecialEventDeals,
} from '@shop/deals/contract';
import { IndexDealsResponseSchema, type IndexDealsResponse } from '@shop/deals/index-feed/index-feed.contract';
import { StaticPageSchema, type StaticPage } from '@shop/deals/staticpages/staticpages.contract';
import { DEFAULT_LOCATION, NAVIGATION_RANGE } from '@shop/domain';
import type { RestClient } from './rest-client.ts';
import { ServiceError } from './service-error.ts';

/** The batch endpoints (/deal?ids=, /merchants?ids=) take at most this many ids. */
export const DEALS_BATCH_MAX = 100;
export const MERCHANTS_BATCH_MAX = 100;

export interface DealsListQuery {
  location: string;
  category?: string | null;
  subcategory?: string | null;
  /** 0-based page (REST), for ?page=N links. */
  page?: number | null;
  pageSize: number;
  /** Keyset cursor from a previous `nextCursor`. */
  after?: string | null;
  sort?: DealSortParam | null;
  /** Pence. */
  minPrice?: number | null;
  maxPrice?: number | null;
  vip?: boolean | null;
}

/** A page of a deals list route: 0-based page and its size. */
export interface ListPage {
  page: number;
  pageSize: number;
}

/** Recommendations (spec §7): by customer token when signed in, else from the guest's viewed ids and location. */
export type RecommendationsQuery = ListPage & { limit: number; location: string | null } & (
    | { customerToken: string; viewed?: undefined }
    | { customerToken?: undefined; viewed: readonly number[] }
  );

export interface DealsClient {
  getLocations(): Promise<Location[]>;
  findLocation(slug: string): Promise<Location | null>;
  getCategories(): Promise<Category[]>;
  findNavigation(location: string): Promise<NavigationItem[] | null>;
  /** Null when the location, category or sub-category is unknown (404). */
  findDeals(query: DealsListQuery): Promise<DealsResponse | null>;
  findDeal(dealId: number): Promise<Deal | null>;
  /** Deals by ids, in any order; unknown ids are missing. At most DEALS_BATCH_MAX ids. */
  getDealsByIds(ids: readonly number[]): Promise<Deal[]>;
  findMerchant(merchantId: number): Promise<Merchant | null>;
  /** Merchants by ids, in any order; unknown ids are missing. At most MERCHANTS_BATCH_MAX ids. */
  getMerchantsByIds(ids: readonly number[]): Promise<Merchant[]>;
  /** A static or content page by slug (aboutus, e-commerceterms, editorial-team, …); null when unknown (404). */
  findStaticPage(slug: string): Promise<StaticPage | null>;
  /** Deals of the local recently viewed list (at most 5 ids), in that order; closed deals are left out. */
  getRecentlyViewed(dealIds: readonly number[]): Promise<DealList>;
  /** Recommended deals; null when the location is unknown (404). */
  findRecommendations(query: RecommendationsQuery): Promise<Recommendations | null>;
  /** Deals the customer bought before. */
  getBuyAgain(customerToken: string, page: ListPage): Promise<DealList>;
  /** Early-bird deals of a location; null when the location is unknown (404). */
  findEarlyBird(location: string, page: ListPage): Promise<EarlyBirdDeals | null>;
  /** A special event with a page of its deals; null when unknown or over (404). */
  findSpecialEvent(location: string, slug: string, page: ListPage): Promise<SpecialEventDeals | null>;
  /** The near-me hub: every location with its areas. */
  getNearMeHub(): Promise<NearMeHub>;
  /** One location's near-me areas; null when unknown (404). */
  findNearMeLocation(location: string): Promise<NearMeLocation | null>;
  /** A near-me area with a page of its deals, nearest first; null when unknown (404). */
  findNearMeArea(location: string, area: string, page: ListPage): Promise<NearMeAreaDeals | null>;
  /** A guide page by slug (segments joined by '/'); null when unknown (404). */
  findGuide(slug: string): Promise<Guide | null>;
  /** Records that a customer viewed a deal (recommendations read it); false when the deal is unknown (404). */
  recordDealView(customerToken: string, dealId: number): Promise<boolean>;
  /**
   * One page of the index feed (GET /index/deals): every deal, live or closed, in id order after
   * `after` (0 to start; pass the answer's nextAfter until it is null). The sitemap reads it.
   */
  getIndexDeals(page: { after: number; limit: number }): Promise<IndexDealsResponse>;
}

const pageParams = (p: ListPage) => `page=${p.page}&pageSize=${p.pageSize}`;

const seg = encodeURIComponent;

export function createDealsClient(rest: RestClient): DealsClient {
  return {
    async getLocations() {
      return (await rest.get('/locations', LocationsResponseSchema)).locations;
    },
    findLocation(slug) {
      return rest.get(`/locations/${seg(slug)}`, LocationSchema, { nullOn404: true });
    },
    async getCategories() {
      return (await rest.get('/categories', CategoriesResponseSchema)).categories;
    },
    async findNavigation(location) {
      const body = await rest.get(`/navigation/${seg(location)}?range=${NAVIGATION_RANGE}`, NavigationResponseSchema, { nullOn404: true });
      return body?.navigations ?? null;
    },
    findDeals(q) {
      let path = `/deals/${seg(q.location)}`;
      if (q.category) {
        path += `/${seg(q.category)}`;
        if (q.subcategory) path += `/${seg(q.subcategory)}`;
      }
      const params = new URLSearchParams({ pageSize: String(q.pageSize) });
      if (q.after) params.set('after', q.after);
      else if (q.page != null) params.set('page', String(q.page));
      if (q.sort) params.set('sort', q.sort);
      if (q.minPrice != null) params.set('minPrice', String(q.minPrice));
      if (q.maxPrice != null) params.set('maxPrice', String(q.maxPrice));
      if (q.vip != null) params.set('vip', String(q.vip));
      return rest.get(`${path}?${params}`, DealsResponseSchema, { nullOn404: true });
    },
    findDeal(dealId) {
      return rest.get(`/deal/${dealId}`, DealSchema, { nullOn404: true });
    },
    async getDealsByIds(ids) {
      if (ids.length === 0) return [];
      if (ids.length > DEALS_BATCH_MAX) throw new RangeError(`At most ${DEALS_BATCH_MAX} deal ids per call`);
      return (await rest.get(`/deal?ids=${ids.join(',')}`, DealsByIdsResponseSchema)).deals;
    },
    findMerchant(merchantId) {
      return rest.get(`/merchants/${merchantId}`, MerchantSchema, { nullOn404: true });
    },
    async getMerchantsByIds(ids) {
      if (ids.length === 0) return [];
      if (ids.length > MERCHANTS_BATCH_MAX) throw new RangeError(`At most ${MERCHANTS_BATCH_MAX} merchant ids per call`);
      return (await rest.get(`/merchants?ids=${ids.join(',')}`, MerchantsResponseSchema)).merchants;
    },
    findStaticPage(slug) {
      return rest.get(`/staticpage/${seg(slug)}`, StaticPageSchema, { nullOn404: true });
    },
    getRecentlyViewed(dealIds) {
      const params = new URLSearchParams(dealIds.map((id) => ['recentViewedDeal', String(id)]));
      return rest.get(`/recently-viewed?${params}`, DealListResponseSchema);
    },
    findRecommendations(q) {
      const params = new URLSearchParams({ limit: String(q.limit), pageSize: String(q.pageSize), page: String(q.page) });
      if (q.customerToken !== undefined) {
        if (q.location) params.set('location', q.location);
        return rest.get(`/recommendations/ct/${seg(q.customerToken)}?${params}`, RecommendationsResponseSchema, { nullOn404: true });
      }
      if (q.viewed.length > 0) params.set('viewed', q.viewed.join(','));
      return rest.get(`/recommendations/location/${seg(q.location ?? DEFAULT_LOCATION)}?${params}`, RecommendationsResponseSchema, { nullOn404: true });
    },
    getBuyAgain(customerToken, page) {
      return rest.get(`/buy-again/deals?customerToken=${seg(customerToken)}&${pageParams(page)}`, DealListResponseSchema);
    },
    findEarlyBird(location, page) {
      return rest.get(`/early-bird-deal/${seg(location)}?${pageParams(page)}`, EarlyBirdResponseSchema, { nullOn404: true });
    },
    findSpecialEvent(location, slug, page) {
      return rest.get(`/special/${seg(location)}/${seg(slug)}?${pageParams(page)}`, SpecialEventResponseSchema, { nullOn404: true });
    },
    getNearMeHub() {
      return rest.get('/nearmelocation', NearMeHubResponseSchema);
    },
    findNearMeLocation(location) {
      return rest.get(`/nearmelocation/${seg(location)}`, NearMeLocationSchema, { nullOn404: true });
    },
    findNearMeArea(location, area, page) {
      return rest.get(`/nearmelocation/area/${seg(location)}/${seg(area)}?${pageParams(page)}`, NearMeAreaDealsResponseSchema, { nullOn404: true });
    },
    findGuide(slug) {
      // Each segment encoded on its own: the slashes between them are the route's.
      return rest.get(`/guides/${slug.split('/').map(seg).join('/')}`, GuideSchema, { nullOn404: true });
    },
    getIndexDeals({ after, limit }) {
      return rest.get(`/index/deals?after=${after}&limit=${limit}`, IndexDealsResponseSchema);
    },
    async recordDealView(customerToken, dealId) {
      try {
        await rest.send('POST', '/deal-views', { body: { customerToken, dealId } });
        return true;
      } catch (error) {
        if (error instanceof ServiceError && error.status === 404) return false;
        throw error;
      }
    },
  };
}
