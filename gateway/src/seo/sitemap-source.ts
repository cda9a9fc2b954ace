/**
 * What the sitemap lists, read from the deals service's REST API through the gateway's deals
 * client: every static and content page, every location's homepage, every category and
 * sub-category page of every location, and every live deal page (open: no closing date, or one
 * still ahead). Each url is the one the shop itself serves: domain's locationPath, categoryPath
 * and dealPath, the builders of the pages' canonical urls and of Deal.url.
 */
import { CONTENT_PAGE_SLUGS, STATIC_PAGE_SLUGS } from '@shop/deals/staticpages/staticpages.content';
import { HELP_CENTRES } from '@shop/domain/help-centre';
import { categoryPath, dealPath, GIFT_FINDER_RECIPIENTS, giftFinderPath, locationPath, wellnessCollectionHead } from '@shop/domain';
import type { Category, NavigationItem } from '@shop/deals/contract';
import type { IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import { INDEX_FEED_MAX_LIMIT } from '@shop/deals/index-feed/index-feed.contract';
import type { DealsClient } from '../clients/deals.client.ts';
import type { SitemapUrl } from './sitemap.ts';

/** The static pages of spec §2 (/page/{slug}) and the content pages with their own path. */
export const SITEMAP_STATIC_SLUGS: readonly string[] = [...STATIC_PAGE_SLUGS, ...CONTENT_PAGE_SLUGS];

export type SitemapDealsClient = Pick<DealsClient, 'findStaticPage' | 'getLocations' | 'getCategories' | 'findNavigation' | 'getIndexDeals'>;

/** A deal of the index feed is live while it has no closing date or closes after `now`. */
export function isLiveDeal(deal: Pick<IndexDeal, 'closingDate'>, now: Date): boolean {
  return deal.closingDate === null || new Date(deal.closingDate).getTime() > now.getTime();
}

/** The deal page's path, as Deal.url (the deals service's shareUrl) builds it. */
export function indexDealPath(deal: Pick<IndexDeal, 'id' | 'title' | 'locationSlug' | 'categorySlug' | 'subcategorySlug'>): string {
  return dealPath({ location: deal.locationSlug, category: deal.categorySlug, subcategory: deal.subcategorySlug, dealId: deal.id, title: deal.title });
}

/**
 * A location's category and sub-category pages: the top categories its navigation lists and,
 * under each, the sub-categories of its sub-navigation. The same rule as Location.category
 * (gateway/src/schema/deals/Location.ts), which decides whether such a page is 200 or 404.
 */
export function categoryPaths(location: string, categories: readonly Category[], navigation: readonly NavigationItem[]): string[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths: string[] = [];
  for (const item of navigation) {
    const top = byId.get(item.id);
    if (!top || top.parentId !== null || item.category !== top.slug) continue;
    paths.push(categoryPath(location, top.slug));
    for (const subItem of item.subNavigations) {
      const sub = byId.get(subItem.id);
      if (sub && sub.parentId === top.id) paths.push(categoryPath(location, top.slug, sub.slug));
    }
  }
  return paths;
}

export interface SitemapSourceOptions {
  /** Deals asked of the index feed per call (at most the feed's own maximum, 1,000). */
  feedPageSize?: number;
}

/** Every url of the sitemap, in order: static pages, the help centres, the Wellness Collection, the gift finder, locations with their categories and gift finder, deals by id. */
export async function collectSitemapUrls(deals: SitemapDealsClient, now: Date, options: SitemapSourceOptions = {}): Promise<SitemapUrl[]> {
  const feedPageSize = Math.min(options.feedPageSize ?? INDEX_FEED_MAX_LIMIT, INDEX_FEED_MAX_LIMIT);
  const [staticPages, locations, categories] = await Promise.all([
    Promise.all(SITEMAP_STATIC_SLUGS.map((slug) => deals.findStaticPage(slug))),
    deals.getLocations(),
    deals.getCategories(),
  ]);
  const navigations = await Promise.all(locations.map((l) => deals.findNavigation(l.slug)));
  const urls: SitemapUrl[] = [];
  for (const page of staticPages) if (page) urls.push({ path: page.path, lastmod: page.updatedOn });
  // The help centres (/faqs, /merchantfaqs): typed content in domain, always there.
  for (const centre of Object.values(HELP_CENTRES)) urls.push({ path: centre.path });
  // The Wellness Collection (issue 19 point 5): always there, at its canonical url (not /wellness-collection).
  urls.push({ path: wellnessCollectionHead().canonical });
  // The gift finder (issue 19 point 3): /gifts and each recipient's page.
  urls.push({ path: giftFinderPath(null, null) });
  for (const r of GIFT_FINDER_RECIPIENTS) urls.push({ path: giftFinderPath(null, r.id) });
  locations.forEach((location, i) => {
    urls.push({ path: locationPath(location.slug) });
    for (const path of categoryPaths(location.slug, categories, navigations[i] ?? [])) urls.push({ path });
    urls.push({ path: giftFinderPath(location.slug, null) });
  });
  let after: number | null = 0;
  while (after !== null) {
    const page = await deals.getIndexDeals({ after, limit: feedPageSize });
    for (const deal of page.deals) if (isLiveDeal(deal, now)) urls.push({ path: indexDealPath(deal) });
    if (page.nextAfter !== null && page.nextAfter <= after) throw new Error(`The index feed went backwards (after ${after}, next ${page.nextAfter})`);
    after = page.nextAfter;
  }
  return urls;
}
