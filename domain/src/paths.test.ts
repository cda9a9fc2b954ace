import { describe, expect, it } from 'vitest';
import {
  buildDealUrl,
  dealPath,
  dealsApiPath,
  hyperlocalOf,
  navigationUrl,
  pageTypeOf,
  parseDealPath,
  parseDealUrl,
  PATH_ERRORS,
  PathError,
  rewriteNationalPath,
  slugify,
  type DealUrl,
  type DealUrlParts,
  type PageType,
} from './paths.ts';

describe('pageTypeOf (spec §2 page types)', () => {
  it.each([
    ['/', '', 'root'],
    ['/guides/best-afternoon-tea-glasgow', '', 'guide'],
    ['/guides/gift', '?claim-my-gift=abc', 'claim-gift'],
    ['/mygift', '?claim=q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL', 'claim-gift'],
    ['/mygift', '', 'claim-gift'],
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
    ['/myaccount/vouchers', '', 'vouchers'],
    ['/voucher/extend/5b0e6f7a-2c1d-4e3f-8a9b-0c1d2e3f4a5b', '', 'extendLanding'],
    ['/myaccount/profile', '', 'myaccount'],
    ['/checkout', '', 'checkout'],
    ['/page/aboutus', '', 'other'],
    // one row per rule of spec §2 "Page types", in the spec's order
    ['', '', 'root'],
    ['/guides/affiliate/press', '', 'guide'],
    ['/guides/experience', '?claim-my-gift=1', 'claim-gift'],
    ['/deals/edinburgh/special/valentines', '', 'special'],
    ['/deals/shop/gift-finder/gifts-for-mum', '', 'gift-finder'],
    ['/gifts/gifts-for-dad', '', 'gifts'],
    ['/welcome/spa-offer', '', 'ppc'],
    ['/insights/merchant', '', 'dashboard'],
    ['/email-deal/vip/4021', '', 'vipDeal'],
    ['/deals/vip', '', 'vipCategory'],
    ['/travel/vip-escapes', '', 'vipCategory'],
    ['/deals/aberdeen', '?page=2', 'homepage'],
    ['/deals/shop/electricals', '', 'category'],
    ['/travel/uk-breaks', '', 'category'],
    ['/escapes/spain', '', 'category'],
    ['/shop/electricals', '', 'category'],
    ['/email-deals/glasgow/spa/4021', '', 'deal'],
    ['/deals/shop/electricals/7/air-fryer.html', '', 'deal'],
    ['/deal/glasgow/spa/4021', '?dealPreview=1', 'dealPreview'],
    ['/deal-preview/glasgow', '', 'homepage'],
    ['/near-me', '', 'category'],
    ['/near-me/glasgow/west-end', '', 'category'],
    ['/myaccount', '', 'myaccount'],
    ['/myaccount/wallet', '', 'myaccount'],
    ['/nothing-here', '', 'other'],
  ] satisfies [string, string, PageType][])('%s%s → %s', (path, search, type) => {
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

describe('near-me: the hyperlocal path and its hub (spec §2)', () => {
  it.each([
    ['/near-me', { hub: true, location: null, area: null }],
    ['/near-me/glasgow', { hub: false, location: 'glasgow', area: null }],
    ['/near-me/glasgow/west-end', { hub: false, location: 'glasgow', area: 'west-end' }],
    ['/near-me/glasgow/west-end?x=1', { hub: false, location: 'glasgow', area: 'west-end' }],
    ['/near-me/a/b/c', null],
    ['/deals/glasgow', null],
  ])('%s', (path, expected) => expect(hyperlocalOf(path)).toEqual(expected));
});

describe('deal url types (spec §2 route shapes)', () => {
  const url = (over: Partial<DealUrl>): DealUrl => ({
    urlType: 'deals',
    kind: 'list',
    location: 'glasgow',
    categories: [],
    dealId: null,
    evergreen: false,
    blurb: null,
    productId: null,
    ...over,
  });
  it.each([
    // deal types
    ['/deal/glasgow/spa/day-spa/4021', {}, url({ urlType: 'deal', kind: 'deal', categories: ['spa', 'day-spa'], dealId: 4021 })],
    ['/email-deal/edinburgh/4021', {}, url({ urlType: 'email-deal', kind: 'deal', location: 'edinburgh', dealId: 4021 })],
    ['/email-deals/aberdeen/beauty/4021/nails.html', {}, url({ urlType: 'email-deals', kind: 'deal', location: 'aberdeen', categories: ['beauty'], dealId: 4021, blurb: 'nails' })],
    // list types
    ['/deals/glasgow', {}, url({})],
    ['/deals/glasgow/food-drink/afternoon-tea', {}, url({ categories: ['food-drink', 'afternoon-tea'] })],
    ['/deals/glasgow/beauty/spa/day-spa/4021/spa-day.html', {}, url({ categories: ['beauty', 'spa', 'day-spa'], dealId: 4021, blurb: 'spa-day' })],
    ['/deals/glasgow/spa/4021/spa-day/77.html', {}, url({ categories: ['spa'], dealId: 4021, blurb: 'spa-day', productId: 77 })],
    ['/deals/glasgow/spa/4021/77', {}, url({ categories: ['spa'], dealId: 4021, productId: 77 })],
    ['/deal-preview/glasgow/spa/4021/spa-day.html', {}, url({ categories: ['spa'], dealId: 4021, blurb: 'spa-day' })],
    ['/near-me/glasgow/west-end', {}, url({ urlType: 'near-me', categories: ['west-end'] })],
    // travel types
    ['/travel/uk-breaks/4021/lochside-stay.html', {}, url({ urlType: 'travel', kind: 'travel', location: 'travel', categories: ['uk-breaks'], dealId: 4021, blurb: 'lochside-stay' })],
    ['/escapes/spain', {}, url({ urlType: 'escapes', kind: 'travel', location: 'escapes', categories: ['spain'] })],
    // shop types
    ['/shop/electricals/7/air-fryer.html', {}, url({ urlType: 'shop', kind: 'shop', location: 'shop', categories: ['electricals'], dealId: 7, blurb: 'air-fryer' })],
    ['/national-deal/electricals', {}, url({ urlType: 'national-deal', kind: 'shop', location: 'national-deal', categories: ['electricals'] })],
    // evergreen 'e' with its override
    ['/deals/glasgow/spa/e/spa-day.html', { dealIdOverride: 4021 }, url({ categories: ['spa'], dealId: 4021, evergreen: true, blurb: 'spa-day' })],
    ['/deals/glasgow/spa/e', { dealIdOverride: '99' }, url({ categories: ['spa'], dealId: 99, evergreen: true })],
  ])('%s reads as its parts', (path, options, expected) => {
    expect(parseDealUrl(path, options)).toEqual(expected);
  });

  it.each([
    [{ location: 'glasgow' }, '/deals/glasgow'],
    [{ location: 'glasgow', categories: ['spa', 'day-spa'] }, '/deals/glasgow/spa/day-spa'],
    [{ location: 'glasgow', categories: ['spa'], dealId: 4021, blurb: 'spa-day' }, '/deals/glasgow/spa/4021/spa-day.html'],
    [{ location: 'glasgow', categories: ['spa'], dealId: 4021, blurb: 'spa-day', productId: 77 }, '/deals/glasgow/spa/4021/spa-day/77.html'],
    [{ urlType: 'deal', location: 'glasgow', dealId: 4021 }, '/deal/glasgow/4021.html'],
    [{ urlType: 'email-deal', location: 'edinburgh', categories: ['beauty'], dealId: 5 }, '/email-deal/edinburgh/beauty/5.html'],
    [{ location: 'national-deal', categories: ['electricals'], dealId: 7, blurb: 'air-fryer' }, '/deals/shop/electricals/7/air-fryer.html'],
    [{ urlType: 'national-deal', location: 'national-deal', categories: ['electricals'] }, '/shop/electricals'],
    [{ urlType: 'travel', location: 'travel', categories: ['uk-breaks'] }, '/travel/uk-breaks'],
    [{ urlType: 'escapes', location: 'escapes', categories: ['spain'], dealId: 3, blurb: 'seville' }, '/escapes/spain/3/seville.html'],
    [{ location: 'glasgow', categories: ['spa'], dealId: 'e', blurb: 'spa-day' }, '/deals/glasgow/spa/e/spa-day.html'],
  ] as [DealUrlParts, string][])('builds %j as %s, and reads it back', (parts, path) => {
    expect(buildDealUrl(parts)).toBe(path);
    const read = parseDealUrl(path, parts.dealId === 'e' ? { dealIdOverride: 1 } : {});
    expect(read.categories).toEqual(parts.categories ?? []);
  });

  it.each([
    ['/deals/glasgow/spa/day-spa/4021/spa-day.html', 'deal', '/glasgow/spa/day-spa/4021'],
    ['/deals/glasgow/spa/4021/spa-day.html', 'dealPreview', '/glasgow/spa/4021'],
    ['/deals/glasgow/spa', 'category', '/glasgow/spa'],
    ['/deals/glasgow', 'homepage', '/glasgow'],
    ['/deals/shop/electricals', 'category', '/national-deal/electricals'],
    ['/deal/vip/4021', 'vipDeal', '/vip/4021'],
    ['/deals/vip', 'vipCategory', '/vip'],
    ['/gifts/gifts-for-mum', 'gifts', '/gifts/gifts-for-mum'],
    ['/deals/glasgow/spa/e/spa-day.html', 'deal', '/glasgow/spa/4021'],
  ] as const)('deals fetch path of %s (%s) is %s', (path, pageType, expected) => {
    expect(dealsApiPath(path, pageType, { dealIdOverride: 4021 })).toBe(expected);
  });
});

describe('the path functions reject what they cannot take, with the spec messages', () => {
  it.each<[string, () => unknown, string]>([
    // 'Unsupported page type': every page type other than the seven that build deal urls
    ...(['root', 'guide', 'claim-gift', 'special', 'gift-finder', 'recommended', 'early-bird', 'recentlyViewed', 'search', 'map-view', 'ppc', 'dashboard', 'account', 'myaccount', 'checkout', 'order-addon', 'other', 'travel', 'vouchers', 'extendLanding', 'wellness-collection'] as const).map(
      (type): [string, () => unknown, string] => [`dealsApiPath for ${type}`, () => dealsApiPath('/deals/glasgow', type), 'Unsupported page type'],
    ),
    ['an evergreen path without its override', () => parseDealUrl('/deals/glasgow/spa/e/spa-day.html'), 'dealIdOverride must be specified on Evergreen path'],
    ['an evergreen fetch path without its override', () => dealsApiPath('/deals/glasgow/spa/e', 'deal'), 'dealIdOverride must be specified on Evergreen path'],
    ['an unknown url type', () => parseDealUrl('/page/aboutus'), 'Unable to parse deal type / location'],
    ['a list type with no location', () => parseDealUrl('/deals'), 'Unable to parse deal type / location'],
    ['a deal type with no location', () => parseDealUrl('/deal/'), 'Unable to parse deal type / location'],
    ['a bad location segment', () => parseDealUrl('/deals/Glas%20gow'), 'Unable to parse deal type / location'],
    ['more than three categories', () => parseDealUrl('/deals/glasgow/a/b/c/d'), 'Unable to parse deal type / location'],
    ['an id the services refuse', () => parseDealUrl('/deals/glasgow/spa/0991/spa-day.html'), 'Unable to parse deal type / location'],
    ['segments after the product id', () => parseDealUrl('/deals/glasgow/spa/1/blurb/2/3'), 'Unable to parse deal type / location'],
    ['a bad override', () => parseDealUrl('/deals/glasgow/spa/e', { dealIdOverride: 'abc' }), 'Unable to parse deal type / location'],
    ['the gift finder under another page type', () => dealsApiPath('/gifts', 'category'), 'Unable to parse deal type / location'],
    ['an empty string', () => parseDealUrl(''), 'Empty string received'],
    ['blanks', () => dealsApiPath('   ', 'deal'), 'Empty string received'],
    ['a full url', () => parseDealUrl('https://thistle.example/deals/glasgow'), 'Full url received'],
    ['a protocol-relative url', () => parseDealUrl('//thistle.example/deals/glasgow'), 'Full url received'],
    ['a full url to the fetch path', () => dealsApiPath('http://x/deals/glasgow', 'homepage'), 'Full url received'],
  ])('%s: %s', (_what, call, message) => {
    expect(call).toThrow(PathError);
    expect(call).toThrow(new PathError(message));
  });

  it('names every message once', () => {
    expect(Object.values(PATH_ERRORS)).toEqual([
      'Unsupported page type',
      'dealIdOverride must be specified on Evergreen path',
      'Unable to parse deal type / location',
      'Empty string received',
      'Full url received',
    ]);
  });
});

describe('national urls are rewritten to shop (spec §2)', () => {
  it.each([
    ['/deals/national-deal', '/deals/shop'],
    ['/deals/national-deal/electricals/7/air-fryer.html?page=2', '/deals/shop/electricals/7/air-fryer.html?page=2'],
    ['/deal/national-deal/7', '/deal/shop/7'],
    ['/national-deal/electricals', '/shop/electricals'],
    ['/deals/glasgow/national-deal', '/deals/glasgow/national-deal'],
    ['/deals/shop', '/deals/shop'],
    ['/page/national-deal', '/page/national-deal'],
  ])('%s → %s', (path, expected) => expect(rewriteNationalPath(path)).toBe(expected));
});

describe('navigation urls are prefixed /deals unless they hold near-me or find (spec §2)', () => {
  it.each([
    ['glasgow/spa', '/deals/glasgow/spa'],
    ['/glasgow/food-drink/afternoon-tea', '/deals/glasgow/food-drink/afternoon-tea'],
    ['/deals/glasgow/spa', '/deals/glasgow/spa'],
    ['/national-deal/electricals', '/deals/shop/electricals'],
    ['/deals/national-deal', '/deals/shop'],
    ['/near-me/glasgow', '/near-me/glasgow'],
    ['near-me', '/near-me'],
    ['/find/spa-days', '/find/spa-days'],
    ['/glasgow/find', '/glasgow/find'],
    ['/glasgow/finders-keepers', '/deals/glasgow/finders-keepers'],
    ['https://partner.example/offers', 'https://partner.example/offers'],
  ])('%s → %s', (url, expected) => expect(navigationUrl(url)).toBe(expected));
});
