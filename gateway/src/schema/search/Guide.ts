/**
 * Guide pages (spec §2 /guides/…, §3 Guide page, §7 "GET guide page data by slug, then GET a
 * feed with search or tag/location/category"). Query.guide is null for an unknown guide and for
 * a slug that cannot be one (no call). Guide.deals runs the guide's deals feed through the
 * search service: its search term, tag, location (or all locations), category, sub-category,
 * price range, order and direction, excluded categories and deals, 30 a page (spec §9).
 */
import type { Guide as GuideDto } from '@shop/deals/contract';
import { GUIDE_PAGE_SIZE } from '@shop/domain';
import type { GatewayContext } from '../../context.ts';
import { clampFirst } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Resolver } from '../types.ts';
import { runSearch, type PagingArgs, type SearchConnectionParent } from './run-search.ts';
import type { GuideResolvers } from '../__generated__/resolvers.ts';

export type GuideParent = GuideDto;

/** A segment: the services' slug rule (lower-case words joined by single hyphens). */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A guide slug: 1 to 5 url segments (affiliate/student-deals), each a slug. */
export const GUIDE_SLUG_SEGMENTS_MAX = 5;

export function isGuideSlug(slug: string): boolean {
  if (slug.length === 0 || slug.length > 200) return false;
  const segments = slug.split('/');
  return segments.length <= GUIDE_SLUG_SEGMENTS_MAX && segments.every((s) => SEGMENT.test(s));
}

/** The guide, or null when unknown or not a slug. */
export function loadGuide(ctx: GatewayContext, slug: string): Promise<GuideParent | null> | null {
  if (!isGuideSlug(slug)) return null;
  return ctx.loaders.list(`guide:${slug}`, () => ctx.clients.deals.findGuide(slug));
}

export const guide: Resolver<unknown, { slug: string }, Promise<GuideParent | null> | null> = (_p, args, ctx) => loadGuide(ctx, args.slug);

export function guideDeals(g: GuideParent, args: PagingArgs & { first?: number | null }, ctx: GatewayContext): Promise<SearchConnectionParent> {
  const feed = g.dealsFeed;
  const size = clampFirst(args.first, GUIDE_PAGE_SIZE);
  // The curated feed is the same for every shopper: always the default search (strategy A).
  return runSearch(
    ctx,
    {
      variant: 'a',
      location: feed.allLocations ? null : feed.location,
      q: feed.searchTerm,
      tag: feed.tag,
      category: feed.category,
      subcategory: feed.category ? feed.subcategory : null,
      minPrice: feed.minPrice,
      maxPrice: feed.maxPrice,
      sort: feed.orderBy ?? (feed.searchTerm ? 'relevance' : 'popularity'),
      order: feed.orderDirection,
      excludeCategories: feed.excludedCategories,
      excludeDeals: feed.excludedDeals,
    },
    size,
    args,
  );
}

export const Guide: GuideResolvers = {
  id: (g) => toGlobalId('Guide', g.slug),
  additionalText: (g) => g.additionalText || null,
  listicle: (g) => g.listicleDeals.map((item) => ({ heading: item.heading, text: item.text, deal: item.deal })),
  deals: (g, args: PagingArgs & { first?: number | null }, ctx) => guideDeals(g, args, ctx),
};
