/**
 * Special event pages (spec §2 /deals/{location}/special/{slug}, §7 GET {feed}/{location}/special/{slug}).
 * Query.specialEvent is null for an unknown or ended event (the service's 404), and for slugs
 * that cannot be one (no call). The event and its first page of deals come in one call, shared
 * with SpecialEvent.deals at its default size.
 */
import type { Location, SpecialEvent as SpecialEventDto } from '@shop/deals/contract';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import type { ListPage } from '../../clients/deals.client.ts';
import type { GatewayContext } from '../../context.ts';
import { clampFirst } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { SLUG } from '../search/Query.search.ts';
import type { PagingArgs } from '../search/run-search.ts';
import type { Resolver } from '../types.ts';
import { listConnection } from './list-connection.ts';
import type { SpecialEventResolvers } from '../__generated__/resolvers.ts';

export interface SpecialEventParent {
  /** The location slug the event was asked under (its id names both). */
  locationSlug: string;
  event: SpecialEventDto;
  location: Location;
}

function specialEventPage(ctx: GatewayContext, location: string, slug: string, page: ListPage) {
  return ctx.loaders.list(`special:${location}:${slug}:${page.page}:${page.pageSize}`, () => ctx.clients.deals.findSpecialEvent(location, slug, page));
}

/** The event, or null when unknown, over, or not a slug. */
export async function loadSpecialEvent(ctx: GatewayContext, location: string, slug: string): Promise<SpecialEventParent | null> {
  if (!SLUG.test(location) || !SLUG.test(slug)) return null;
  const response = await specialEventPage(ctx, location, slug, { page: 0, pageSize: DEALS_PAGE_SIZE });
  if (!response) return null;
  ctx.loaders.locationBySlug.prime(response.location.slug, response.location);
  return { locationSlug: location, event: response.event, location: response.location };
}

export const specialEvent: Resolver<unknown, { location: string; slug: string }, Promise<SpecialEventParent | null>> = (_p, args, ctx) =>
  loadSpecialEvent(ctx, args.location, args.slug);

export const SpecialEvent: SpecialEventResolvers = {
  id: (p) => toGlobalId('SpecialEvent', `${p.locationSlug}:${p.event.slug}`),
  slug: (p) => p.event.slug,
  title: (p) => p.event.title,
  description: (p) => p.event.description,
  location: (p) => p.location,
  deals: (p, args: PagingArgs & { first?: number | null }, ctx) =>
    listConnection(
      (page) => specialEventPage(ctx, p.locationSlug, p.event.slug, page),
      clampFirst(args.first, DEALS_PAGE_SIZE),
      args,
      p.event.url,
    ),
};
