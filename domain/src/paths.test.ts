import { describe, expect, it } from 'vitest';
import { dealPath, pageTypeOf, parseDealPath, slugify } from './paths.ts';

describe('pageTypeOf (spec §2 page types)', () => {
  it.each([
    ['/', '', 'root'],
    ['/guides/best-afternoon-tea-glasgow', '', 'guide'],
    ['/guides/gift', '?claim-my-gift=abc', 'claim-gift'],
    ['/deals/glasgow/special/black-friday', '', 'special'],
    ['/deals/glasgow/gift-finder', '', 'gift-finder'],
    ['/gifts', '', 'gifts'],
    ['/recommended-for-you', '', 'recommended'],
    ['/early-bird', '', 'early-bird'],
    ['/recently-viewed', '', 'recentlyViewed'],
    ['/search', '?q=spa', 'search'],
    ['/map-view', '', 'map-view'],
    ['/welcome', '', 'ppc'],
    ['/insights', '', 'dashboard'],
    ['/deal/vip/12345', '', 'vipDeal'],
    ['/deals/vip-glasgow', '', 'vipCategory'],
    ['/deals/glasgow', '', 'homepage'],
    ['/deals/edinburgh', '', 'homepage'],
    ['/deals/glasgow/spa', '', 'category'],
    ['/deals/glasgow/beauty/nails', '', 'category'],
    ['/deals/glasgow/restaurants-food/italian/12345/two-course-dinner.html', '', 'deal'],
    ['/deal/glasgow/spa/12345', '', 'deal'],
    ['/deals/glasgow/spa/day-spa/12345/spa-day.html', '?dealPreview=true', 'dealPreview'],
    ['/deal-preview/glasgow/spa/day-spa/12345/spa-day.html', '', 'dealPreview'],
    ['/near-me/glasgow', '', 'category'],
    ['/login', '', 'account'],
    ['/register', '', 'account'],
    ['/forgot-password', '', 'account'],
    ['/myaccount/vouchers', '', 'myaccount'],
    ['/checkout', '', 'checkout'],
    ['/page/aboutus', '', 'other'],
  ])('%s%s → %s', (path, search, type) => {
    expect(pageTypeOf(path, search)).toBe(type);
  });
});

describe('deal paths', () => {
  it('builds /deals/{location}/{category}/{subcategory}/{dealId}/{blurb}.html', () => {
    expect(
      dealPath({ location: 'glasgow', category: 'restaurants-food', subcategory: 'italian', dealId: 4021, title: 'Two-Course Dinner & Prosecco for Two!' }),
    ).toBe('/deals/glasgow/restaurants-food/italian/4021/two-course-dinner-and-prosecco-for-two.html');
  });

  it('rewrites national-deal to shop', () => {
    expect(dealPath({ location: 'national-deal', category: 'electricals', subcategory: null, dealId: 7, title: 'Air Fryer' })).toBe(
      '/deals/shop/electricals/7/air-fryer.html',
    );
  });

  it('parses what it builds', () => {
    const path = dealPath({ location: 'aberdeen', category: 'spa', subcategory: 'spa-days', dealId: 991, title: 'Spa Day' });
    expect(parseDealPath(path)).toEqual({ location: 'aberdeen', category: 'spa', subcategory: 'spa-days', dealId: 991 });
  });

  it.each(['/deals/glasgow', '/deals/glasgow/spa', '/deals/glasgow/spa/day-spa', '/page/aboutus', '/deals/glasgow/spa/abc/x.html'])(
    '%s is not a deal path',
    (path) => expect(parseDealPath(path)).toBeNull(),
  );

  it.each([
    '/deals/glasgow/spa/spa-days/1234567890/spa-day.html',
    '/deals/glasgow/spa/2147483648/spa-day.html',
    '/deals/glasgow/spa/999999999999999/spa-day.html',
    '/deals/glasgow/spa/0/spa-day.html',
    '/deals/glasgow/spa/0991/spa-day.html',
  ])('%s has an id the services refuse: not a deal path', (path) => {
    expect(parseDealPath(path)).toBeNull();
    expect(pageTypeOf(path)).toBe('category');
  });

  it('takes ids of up to 9 digits', () => {
    expect(parseDealPath('/deals/glasgow/spa/999999999/spa-day.html')?.dealId).toBe(999_999_999);
    expect(parseDealPath('/deal/glasgow/1')?.dealId).toBe(1);
  });

  it('slugify keeps urls tidy', () => {
    expect(slugify('  Café Crème – Brunch for 2 ')).toBe('cafe-creme-brunch-for-2');
    expect(slugify('!!!')).toBe('');
  });
});
