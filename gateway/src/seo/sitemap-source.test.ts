import { describe, expect, it } from 'vitest';
import { dealPath, GIFT_FINDER_RECIPIENTS } from '@shop/domain';
import type { Category, Location, NavigationItem } from '@shop/deals/contract';
import type { IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import type { StaticPage } from '@shop/deals/staticpages/staticpages.contract';
import { categoryPaths, collectSitemapUrls, indexDealPath, isLiveDeal, SITEMAP_STATIC_SLUGS, type SitemapDealsClient } from './sitemap-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const category = (id: number, slug: string, parentId: number | null = null): Category =>
  ({ id, slug, name: slug, shortName: slug, parentId, metaTitle: null, description: null }) as Category;

const nav = (id: number, categorySlug: string | null, subIds: number[] = []): NavigationItem =>
  ({
    id,
    category: categorySlug,
    url: `/x/${categorySlug ?? 'all'}`,
    subNavigations: subIds.map((s) => ({ id: s, linkText: '', shortName: '', url: '', count: 1 })),
  }) as unknown as NavigationItem;

const location = (slug: string): Location => ({ slug }) as Location;

const indexDeal = (id: number, closingDate: string | null, over: Partial<IndexDeal> = {}): IndexDeal =>
  ({
    id,
    title: `Deal ${id}: spa & more`,
    locationSlug: 'glasgow',
    categorySlug: 'beauty',
    subcategorySlug: 'spa',
    closingDate,
    ...over,
  }) as IndexDeal;

const CATEGORIES = [category(10, 'beauty'), category(11, 'spa', 10), category(12, 'nails', 10), category(20, 'food'), category(21, 'brunch', 20), category(30, 'electricals')];

describe('categoryPaths (the Location.category rule)', () => {
  it('lists the navigation’s top categories and their sub-categories, nothing else', () => {
    const navigation = [
      nav(0, null), // 'all': not a category page
      nav(10, 'beauty', [11, 21]), // brunch is food's, not beauty's
      nav(20, 'food', [21]),
      nav(30, 'not-electricals'), // the item's category slug must be the category's
      nav(99, 'ghost'), // no such category
    ];
    expect(categoryPaths('glasgow', CATEGORIES, navigation)).toEqual(['/deals/glasgow/beauty', '/deals/glasgow/beauty/spa', '/deals/glasgow/food', '/deals/glasgow/food/brunch']);
  });

  it('national is shown as shop', () => {
    expect(categoryPaths('national-deal', CATEGORIES, [nav(30, 'electricals')])).toEqual(['/deals/shop/electricals']);
  });
});

describe('live deals and their paths', () => {
  it.each([
    [null, true],
    ['2026-11-22T12:00:01Z', true],
    ['2026-11-22T12:00:00Z', false],
    ['2026-01-01T00:00:00Z', false],
  ])('closing %s → live %s', (closingDate, live) => {
    expect(isLiveDeal({ closingDate }, NOW)).toBe(live);
  });

  it('a deal’s path is the shop’s deal path (domain dealPath, as Deal.url)', () => {
    const d = indexDeal(7, null, { title: 'Spa Day for Two (50% off)!' });
    expect(indexDealPath(d)).toBe(dealPath({ location: 'glasgow', category: 'beauty', subcategory: 'spa', dealId: 7, title: 'Spa Day for Two (50% off)!' }));
    expect(indexDealPath(d)).toMatch(/^\/deals\/glasgow\/beauty\/spa\/7\/[a-z0-9-]+\.html$/);
    expect(indexDealPath(indexDeal(8, null, { locationSlug: 'national-deal', categorySlug: 'electricals', subcategorySlug: null }))).toMatch(/^\/deals\/shop\/electricals\/8\//);
  });
});

describe('collectSitemapUrls', () => {
  function fakeClient(feed: IndexDeal[], pageSizeSeen: number[] = []): SitemapDealsClient {
    return {
      findStaticPage: async (slug) =>
        slug === 'promo' ? null : ({ slug, path: slug === 'editorial-team' || slug === 'discountcodes' ? `/${slug}` : `/page/${slug}`, updatedOn: '2026-11-22' } as StaticPage),
      getLocations: async () => [location('glasgow'), location('national-deal')],
      getCategories: async () => CATEGORIES,
      findNavigation: async (slug) => (slug === 'glasgow' ? [nav(0, null), nav(10, 'beauty', [11])] : [nav(30, 'electricals')]),
      getIndexDeals: async ({ after, limit }) => {
        pageSizeSeen.push(limit);
        const deals = feed.filter((d) => d.id > after).slice(0, limit);
        return { deals, nextAfter: deals.length === limit ? deals[deals.length - 1]!.id : null };
      },
    };
  }

  it('static pages, then each location with its categories, then every live deal through every feed page', async () => {
    const feed = [indexDeal(1, null), indexDeal(2, '2026-01-01T00:00:00Z'), indexDeal(3, '2027-01-01T00:00:00Z'), indexDeal(4, null), indexDeal(5, null)];
    const sizes: number[] = [];
    const urls = await collectSitemapUrls(fakeClient(feed, sizes), NOW, { feedPageSize: 2 });
    const paths = urls.map((u) => u.path);
    // Every static slug but the one the service does not have (404), each with its lastmod.
    const statics = SITEMAP_STATIC_SLUGS.filter((s) => s !== 'promo');
    expect(paths.slice(0, statics.length)).toEqual(statics.map((s) => (s === 'editorial-team' || s === 'discountcodes' ? `/${s}` : `/page/${s}`)));
    expect(urls[0]!.lastmod).toBe('2026-11-22');
    expect(paths).toContain('/page/e-commerceterms');
    expect(paths).not.toContain('/page/promo');
    expect(paths.slice(statics.length)).toEqual([
      '/faqs',
      '/merchantfaqs',
      '/deals/wellness-collection',
      '/gifts',
      ...GIFT_FINDER_RECIPIENTS.map((r) => `/gifts/${r.tag}`),
      '/deals/glasgow',
      '/deals/glasgow/beauty',
      '/deals/glasgow/beauty/spa',
      '/deals/glasgow/gift-finder',
      '/deals/shop',
      '/deals/shop/electricals',
      '/deals/shop/gift-finder',
      indexDealPath(feed[0]!),
      indexDealPath(feed[2]!),
      indexDealPath(feed[3]!),
      indexDealPath(feed[4]!),
    ]);
    // Three pages of two: the last one short, so the feed ended.
    expect(sizes).toEqual([2, 2, 2]);
  });

  it('asks the feed for at most its maximum page', async () => {
    const sizes: number[] = [];
    await collectSitemapUrls(fakeClient([], sizes), NOW, { feedPageSize: 5000 });
    expect(sizes).toEqual([1000]);
  });

  it('fails (no partial sitemap) when a service call fails', async () => {
    const client = { ...fakeClient([]), getIndexDeals: async () => Promise.reject(new Error('deals down')) };
    await expect(collectSitemapUrls(client, NOW)).rejects.toThrow('deals down');
  });
});
