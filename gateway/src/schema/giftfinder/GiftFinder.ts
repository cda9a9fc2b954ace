/**
 * The gift finder (issue 19 point 3; spec §2 /gifts and /deals/{location}/gift-finder, §3, §7, §9).
 * Query.giftFinder checks the filters against the gift-finder data (domain gift-finder.ts) and
 * makes one call for the first page with the facets; GiftFinder.gifts pages through the same feed
 * (its first page of 12 is that call, shared through the list loader), GiftFinder.carousel is one
 * call of 20 by saving.
 */
import type { Gifts } from '@shop/deals/gifts/gifts.contract';
import {
  GIFT_CAROUSEL_PAGE_SIZE,
  GIFT_FINDER_DATA_VERSION,
  GIFT_FINDER_PAGE_SIZE,
  GIFT_FINDER_PERSONALITIES,
  GIFT_FINDER_RECIPIENTS,
  GIFT_PRICE_BANDS,
  giftFinderPath,
  giftPersonalityOf,
  giftPriceBandOf,
  giftRecipientOf,
} from '@shop/domain';
import type { ListPage } from '../../clients/deals.client.ts';
import { giftsPath, type GiftsQuery } from '../../clients/giftfinder.client.ts';
import type { GatewayContext } from '../../context.ts';
import { clampFirst } from '../../relay/connection.ts';
import { SLUG } from '../search/Query.search.ts';
import type { PagingArgs } from '../search/run-search.ts';
import { listConnection } from '../lists/list-connection.ts';
import type { GiftFinderOption, GiftFinderResolvers, QueryResolvers } from '../__generated__/resolvers.ts';

export interface GiftFinderParent {
  /** The location as asked (null: every location). */
  location: string | null;
  recipient: string | null;
  personality: string | null;
  price: string | null;
  /** The first page with the facets. */
  first: Gifts;
}

type Filters = Pick<GiftFinderParent, 'location' | 'recipient' | 'personality' | 'price'>;

function gifts(ctx: GatewayContext, query: GiftsQuery): Promise<Gifts | null> {
  return ctx.loaders.list(`gifts:${giftsPath(query)}`, () => ctx.clients.giftFinder.findGifts(query));
}

const gridQuery = (f: Filters, page: ListPage): GiftsQuery => ({ ...f, sort: 'popularity', facets: true, ...page });

export const giftFinder: QueryResolvers['giftFinder'] = async (_p, args, ctx) => {
  const location = args.location ?? null;
  if (location !== null && !SLUG.test(location)) return null;
  // An unknown option is no gift finder page (the client drops unknown query values before asking).
  const recipient = args.recipient ?? null;
  const personality = args.personality ?? null;
  const price = args.price ?? null;
  if ((recipient !== null && !giftRecipientOf(recipient)) || (personality !== null && !giftPersonalityOf(personality)) || (price !== null && !giftPriceBandOf(price))) return null;
  const filters: Filters = { location, recipient, personality, price };
  const first = await gifts(ctx, gridQuery(filters, { page: 0, pageSize: GIFT_FINDER_PAGE_SIZE }));
  if (!first) return null;
  if (first.location) ctx.loaders.locationBySlug.prime(first.location.slug, first.location);
  return { ...filters, first };
};

/** The page's path with one filter changed (null clears it); the location is the one answered (shop for national-deal). */
function pathWith(p: GiftFinderParent, change: Partial<Filters>): string {
  const f = { ...p, ...change };
  return giftFinderPath(p.first.location?.slug ?? null, f.recipient, { personality: f.personality, price: f.price });
}

export const GiftFinder: GiftFinderResolvers = {
  location: (p) => p.first.location,
  recipient: (p) => options(p, 'recipient').find((o) => o.selected) ?? null,
  personality: (p) => options(p, 'personality').find((o) => o.selected) ?? null,
  priceBand: (p) => options(p, 'price').find((o) => o.selected) ?? null,
  recipients: (p) => options(p, 'recipient'),
  personalities: (p) => options(p, 'personality'),
  priceBands: (p) => options(p, 'price'),
  gifts: (p, args: PagingArgs & { first?: number | null }, ctx) => {
    const size = clampFirst(args.first, GIFT_FINDER_PAGE_SIZE);
    return listConnection((page) => gifts(ctx, gridQuery(p, page)), size, args, pathWith(p, {}));
  },
  carousel: (p, args: { first?: number | null }, ctx) => {
    const size = clampFirst(args.first, GIFT_CAROUSEL_PAGE_SIZE);
    const query = (page: ListPage): GiftsQuery => ({ location: p.location, recipient: p.recipient, personality: null, price: null, sort: 'discountPercentage', facets: false, ...page });
    return listConnection((page) => gifts(ctx, query(page)), size, {}, pathWith(p, { personality: null, price: null }));
  },
  dataVersion: () => GIFT_FINDER_DATA_VERSION,
};

/** Every option of one filter, in the spec's order, with its count, whether chosen, and its url. */
function options(p: GiftFinderParent, filter: 'recipient' | 'personality' | 'price'): GiftFinderOption[] {
  const facets = p.first.facetedNavigation;
  const count = (list: Array<{ id: string; count: number }> | undefined, id: string) => list?.find((x) => x.id === id)?.count ?? 0;
  const option = (id: string, label: string, n: number): GiftFinderOption => {
    const selected = p[filter] === id;
    return { id, label, count: n, selected, url: pathWith(p, { [filter]: selected ? null : id }) };
  };
  if (filter === 'recipient') return GIFT_FINDER_RECIPIENTS.map((r) => option(r.id, r.label, count(facets?.recipients, r.id)));
  if (filter === 'personality') return GIFT_FINDER_PERSONALITIES.map((x) => option(x.id, x.label, count(facets?.personalities, x.id)));
  return GIFT_PRICE_BANDS.map((b) => option(b.id, b.label, count(facets?.priceBands, b.id)));
}
