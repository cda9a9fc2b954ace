/**
 * Typed client of the deals service's map route (services/deals/src/map, GET /map/deals): the
 * answer is parsed with the service's own contract, so a drift fails loudly here.
 */
import { MapDealsResponseSchema, type MapDealsResponse } from '@shop/deals/map/map.contract';
import type { MapBounds, MapLayout } from '@shop/domain';
import type { RestClient } from '../../clients/rest-client.ts';

export interface MapDealsQuery {
  bounds: MapBounds;
  zoom: number | null;
  layout: MapLayout;
  /** Pence. */
  minPrice: number | null;
  maxPrice: number | null;
}

export interface MapClient {
  /** A 400 (a bad box, zoom or price) is a ServiceError naming the field. */
  mapDeals(q: MapDealsQuery): Promise<MapDealsResponse>;
}

export function createMapClient(rest: RestClient): MapClient {
  return {
    mapDeals(q) {
      const params = new URLSearchParams({ west: String(q.bounds.west), south: String(q.bounds.south), east: String(q.bounds.east), north: String(q.bounds.north), layout: q.layout });
      if (q.zoom !== null) params.set('zoom', String(q.zoom));
      if (q.minPrice !== null) params.set('minPrice', String(q.minPrice));
      if (q.maxPrice !== null) params.set('maxPrice', String(q.maxPrice));
      return rest.get(`/map/deals?${params}`, MapDealsResponseSchema);
    },
  };
}
