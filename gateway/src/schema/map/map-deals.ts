/**
 * Query.mapDeals (issue 19 point 4, /map-view): the deals of the visible box from the deals
 * service's spatial query (one REST call whatever the number of deals), with the spec §9 number
 * of deals for the zoom and layout decided there (domain mapDealsForZoom). A bad box, zoom or
 * price is the shopper's map to fix: a ValidationError naming the field (the service's 400,
 * checked here first so no call is made for it); anything else is masked.
 */
import type { MapDeal as MapDealDto, MapDealsResponse } from '@shop/deals/map/map.contract';
import { mapQueryProblem, type MapLayout } from '@shop/domain';
import { isServiceError } from '../../clients/service-error.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { byTypename } from '../mappers.ts';
import type { Resolver } from '../types.ts';
import { validationError, type ValidationErrorValue } from '../user-errors.ts';
import type { MapDealResolvers } from '../__generated__/resolvers.ts';

export type MapDealParent = MapDealDto;
export type MapDealsParent = MapDealsResponse & { __typename: 'MapDeals' };

interface MapDealsArgs {
  bounds: { west: number; south: number; east: number; north: number };
  zoom?: number | null;
  layout?: 'DESKTOP' | 'MOBILE' | null;
  minPrice?: number | null;
  maxPrice?: number | null;
}

/** The map's one rule set (domain mapQueryProblem), in the schema's field names (bounds.east, …): no call is made for a bad query. */
function checkArgs(args: MapDealsArgs): ValidationErrorValue | null {
  const problem = mapQueryProblem({ ...args.bounds, zoom: args.zoom, minPrice: args.minPrice, maxPrice: args.maxPrice });
  if (!problem) return null;
  return validationError(BOUNDS_FIELDS.has(problem.field) ? `bounds.${problem.field}` : problem.field, problem.message);
}

const BOUNDS_FIELDS: ReadonlySet<string> = new Set(['west', 'south', 'east', 'north']);

export const mapDeals: Resolver<unknown, MapDealsArgs, Promise<MapDealsParent | ValidationErrorValue>> = async (_p, args, ctx) => {
  const refused = checkArgs(args);
  if (refused) return refused;
  const layout: MapLayout = args.layout === 'MOBILE' ? 'mobile' : 'desktop';
  try {
    const answer = await ctx.clients.map.mapDeals({
      bounds: args.bounds,
      zoom: args.zoom ?? null,
      layout,
      minPrice: args.minPrice ?? null,
      maxPrice: args.maxPrice ?? null,
    });
    return { __typename: 'MapDeals', ...answer };
  } catch (error) {
    if (isServiceError(error) && error.status === 400) {
      const first = error.fieldErrors[0];
      const field = first ? (BOUNDS_FIELDS.has(first.field) ? `bounds.${first.field}` : first.field) : null;
      return validationError(field, first?.message ?? 'Please check the map and try again.');
    }
    throw error;
  }
};

export const MapDeal: MapDealResolvers = {
  id: (d) => toGlobalId('MapDeal', String(d.id)),
  dealId: (d) => d.id,
};

export const mapQuery = { mapDeals };
export const mapTypes = { MapDeal, MapDealsResult: { __resolveType: byTypename } };
