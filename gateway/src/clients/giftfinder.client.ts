/**
 * Typed client of the deals service's gift-finder feed (issue 19 point 3; spec §7 "category feed
 * with gift filters, pageSize (default 12), facetedNavigation=true"): GET /gifts and
 * GET /gifts/{location}.
 */
import { GiftsResponseSchema, type Gifts } from '@shop/deals/gifts/gifts.contract';
import type { RestClient } from './rest-client.ts';

export interface GiftsQuery {
  /** null: every location. */
  location: string | null;
  recipient: string | null;
  personality: string | null;
  price: string | null;
  sort: 'popularity' | 'discountPercentage';
  facets: boolean;
  page: number;
  pageSize: number;
}

export interface GiftFinderClient {
  /** A page of gifts; null for an unknown location (404). */
  findGifts(query: GiftsQuery): Promise<Gifts | null>;
}

/** The query string of a gifts call (also the loaders' cache key). */
export function giftsPath(q: GiftsQuery): string {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize), sort: q.sort, facetedNavigation: String(q.facets) });
  if (q.recipient) params.set('recipient', q.recipient);
  if (q.personality) params.set('personality', q.personality);
  if (q.price) params.set('price', q.price);
  return `${q.location === null ? '/gifts' : `/gifts/${encodeURIComponent(q.location)}`}?${params}`;
}

export function createGiftFinderClient(rest: RestClient): GiftFinderClient {
  return {
    findGifts(query) {
      return rest.get(giftsPath(query), GiftsResponseSchema, { nullOn404: true });
    },
  };
}
