/**
 * The shopper's deal lists (spec §2 Listings, §7): recently viewed, recommended for you, buy
 * again and early bird, each a DealConnection over a deals-service list route.
 *
 * - `first` is clamped to 48 (also from variables); `page` is 1-based; `after` continues.
 * - Deal ids are the numeric ids of deal urls (a Deal global id is accepted too); more than the
 *   spec's 5 recently viewed ids, or an id that is neither, is BAD_USER_INPUT naming the field.
 * - A signed-in shopper (`ctx.customerToken()`, the session looked up on first use) gets the
 *   customer routes; a guest gets the guest recommendations, and buy-again is an empty
 *   connection without a call.
 */
import {
  BUY_AGAIN_PAGE_SIZE,
  DEALS_PAGE_SIZE,
  DEFAULT_LOCATION,
  RECENTLY_VIEWED_KEPT,
  RECENTLY_VIEWED_PANEL_SIZE,
  RECOMMENDATIONS_LIMIT,
  RECOMMENDATIONS_PAGE_SIZE,
} from '@shop/domain';
import type { ListPage } from '../../clients/deals.client.ts';
import type { GatewayContext } from '../../context.ts';
import { badUserInput, clampFirst } from '../../relay/connection.ts';
import { fromGlobalId, parseNumericId } from '../../relay/global-id.ts';
import type { DealConnectionParent } from '../mappers.ts';
import { SLUG } from '../search/Query.search.ts';
import { checkPage, type PagingArgs } from '../search/run-search.ts';
import type { Resolver } from '../types.ts';
import { dealConnection, emptyDealConnection, listConnection } from './list-connection.ts';

/** A guest's viewed deals for recommendations: the local lists of a few locations (the service takes 20). */
export const RECOMMENDATION_VIEWED_MAX = 20;

/**
 * Numeric deal ids from `ids` (numeric ids or Deal global ids), duplicates dropped, at most
 * `max`; anything else is BAD_USER_INPUT on `field`.
 */
export function viewedDealIds(ids: readonly string[] | null | undefined, field: string, max: number = RECENTLY_VIEWED_KEPT): number[] {
  const list = ids ?? [];
  if (list.length > max) throw badUserInput(`\`${field}\` takes at most ${max} deal ids.`, field);
  const out: number[] = [];
  for (const raw of list) {
    const value = String(raw);
    const global = fromGlobalId(value);
    const id = parseNumericId(global?.type === 'Deal' ? global.key : value);
    if (id === null) throw badUserInput(`\`${field}\` holds something that is not a deal id.`, field);
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

export const recentlyViewedDeals: Resolver<unknown, { dealIds: string[]; first?: number | null }, Promise<DealConnectionParent>> = async (_p, args, ctx) => {
  const size = clampFirst(args.first, RECENTLY_VIEWED_PANEL_SIZE);
  const ids = viewedDealIds(args.dealIds, 'dealIds');
  if (ids.length === 0) return emptyDealConnection(size, '/recently-viewed');
  const list = await ctx.loaders.list(`recently-viewed:${ids.join(',')}`, () => ctx.clients.deals.getRecentlyViewed(ids));
  return dealConnection(list.deals.slice(0, size), 0, size, list.searchResult.totalResults, '/recently-viewed');
};

interface RecommendedArgs extends PagingArgs {
  location?: string | null;
  viewedDealIds?: string[] | null;
  first?: number | null;
}

export const recommendedDeals: Resolver<unknown, RecommendedArgs, Promise<DealConnectionParent>> = async (_p, args, ctx: GatewayContext) => {
  // Spec §9: 40 recommendations in all, so no page is bigger than that.
  const size = Math.min(clampFirst(args.first, RECOMMENDATIONS_PAGE_SIZE), RECOMMENDATIONS_LIMIT);
  const viewed = viewedDealIds(args.viewedDealIds, 'viewedDealIds', RECOMMENDATION_VIEWED_MAX);
  const canonical = '/recommended-for-you';
  const location = args.location ?? null;
  if (location !== null && !SLUG.test(location)) return emptyDealConnection(size, canonical);
  const customerToken = await ctx.customerToken();
  const fetchPage = (page: ListPage) =>
    customerToken
      ? ctx.loaders.list(`recommendations:ct:${location}:${page.page}:${page.pageSize}`, () =>
          ctx.clients.deals.findRecommendations({ customerToken, location, limit: RECOMMENDATIONS_LIMIT, ...page }),
        )
      : ctx.loaders.list(`recommendations:guest:${location}:${viewed.join(',')}:${page.page}:${page.pageSize}`, () =>
          ctx.clients.deals.findRecommendations({ viewed, location: location ?? DEFAULT_LOCATION, limit: RECOMMENDATIONS_LIMIT, ...page }),
        );
  return listConnection(fetchPage, size, args, canonical);
};

export const buyAgainDeals: Resolver<unknown, PagingArgs & { first?: number | null }, Promise<DealConnectionParent>> = async (_p, args, ctx) => {
  const size = clampFirst(args.first, BUY_AGAIN_PAGE_SIZE);
  checkPage(args.page);
  const customerToken = await ctx.customerToken();
  // A guest has bought nothing: no call.
  if (!customerToken) return emptyDealConnection(size, '/buy-again', args.page ? (args.page - 1) * size : 0);
  return listConnection(
    (page) => ctx.loaders.list(`buy-again:${page.page}:${page.pageSize}`, () => ctx.clients.deals.getBuyAgain(customerToken, page)),
    size,
    args,
    '/buy-again',
  );
};

export const earlyBirdDeals: Resolver<unknown, PagingArgs & { location: string; first?: number | null }, Promise<DealConnectionParent>> = async (_p, args, ctx) => {
  const size = clampFirst(args.first, DEALS_PAGE_SIZE);
  if (!SLUG.test(args.location)) return emptyDealConnection(size, '/early-bird');
  return listConnection(
    (page) =>
      ctx.loaders.list(`early-bird:${args.location}:${page.page}:${page.pageSize}`, () => ctx.clients.deals.findEarlyBird(args.location, page)),
    size,
    args,
    '/early-bird',
  );
};
