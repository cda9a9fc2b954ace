/**
 * Near-me (hyperlocal) pages (spec §2, §7 nearmelocation, nearmelocation/area/{a}/{b}): the hub
 * lists each location's areas; an area lists the live deals within its radius, nearest first.
 * Query.nearMeArea is null for an unknown area, and for slugs that cannot be one (no call).
 */
import type { NearMeArea as NearMeAreaDto } from '@shop/deals/contract';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import type { ListPage } from '../../clients/deals.client.ts';
import type { GatewayContext } from '../../context.ts';
import { clampFirst } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { LocationParent } from '../mappers.ts';
import { SLUG } from '../search/Query.search.ts';
import type { PagingArgs } from '../search/run-search.ts';
import type { Resolver } from '../types.ts';
import { listConnection } from './list-connection.ts';
import type { NearMeAreaResolvers } from '../__generated__/resolvers.ts';

export type NearMeAreaParent = NearMeAreaDto;

export interface NearMeLocationParent {
  location: LocationParent;
  areas: NearMeAreaParent[];
}

function nearMeAreaPage(ctx: GatewayContext, location: string, area: string, page: ListPage) {
  return ctx.loaders.list(`near-me:${location}:${area}:${page.page}:${page.pageSize}`, () => ctx.clients.deals.findNearMeArea(location, area, page));
}

/** The area, or null when unknown or not a slug. */
export async function loadNearMeArea(ctx: GatewayContext, location: string, area: string): Promise<NearMeAreaParent | null> {
  if (!SLUG.test(location) || !SLUG.test(area)) return null;
  const response = await nearMeAreaPage(ctx, location, area, { page: 0, pageSize: DEALS_PAGE_SIZE });
  if (!response) return null;
  ctx.loaders.locationBySlug.prime(response.location.slug, response.location);
  return response.area;
}

export const nearMeLocations: Resolver<unknown, Record<string, never>, Promise<NearMeLocationParent[]>> = async (_p, _a, ctx) => {
  const hub = await ctx.loaders.list('near-me:hub', () => ctx.clients.deals.getNearMeHub());
  return hub.locations.map((entry) => {
    ctx.loaders.locationBySlug.prime(entry.location.slug, entry.location);
    return { location: entry.location, areas: entry.areas };
  });
};

export const nearMeArea: Resolver<unknown, { location: string; area: string }, Promise<NearMeAreaParent | null>> = (_p, args, ctx) =>
  loadNearMeArea(ctx, args.location, args.area);

export const NearMeArea: NearMeAreaResolvers = {
  id: (a) => toGlobalId('NearMeArea', `${a.location}:${a.slug}`),
  location: async (a, _args, ctx) => {
    const location = await ctx.loaders.locationBySlug.load(a.location);
    if (!location) throw new Error(`Near-me area ${a.slug} names location ${a.location}, which the deals service does not know`);
    return location;
  },
  deals: (a, args: PagingArgs & { first?: number | null }, ctx) =>
    listConnection((page) => nearMeAreaPage(ctx, a.location, a.slug, page), clampFirst(args.first, DEALS_PAGE_SIZE), args, a.url),
};
