/**
 * Typed client of the deals service (services/deals). Response bodies are parsed with the
 * service's own contract (services/deals/src/contract.ts), so a drift fails loudly here.
 */
import {
  CategoriesResponseSchema,
  DealSchema,
  DealsByIdsResponseSchema,
  DealsResponseSchema,
  LocationSchema,
  LocationsResponseSchema,
  MerchantSchema,
  MerchantsResponseSchema,
  NavigationResponseSchema,
  type Category,
  type Deal,
  type DealSortParam,
  type DealsResponse,
  type Location,
  type Merchant,
  type NavigationItem,
} from '@shop/deals/contract';
import { StaticPageSchema, type StaticPage } from '@shop/deals/staticpages/staticpages.contract';
import { NAVIGATION_RANGE } from '@shop/domain';
import type { RestClient } from './rest-client.ts';

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
}

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
  };
}
