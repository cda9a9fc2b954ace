/**
 * The shop's HTML answers (spec §2): real statuses (200, 404, 301, 503) and the head tags of
 * every route written into the served index.html before any script.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../server.ts';
import { openSeededShopServices } from '../test/search-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../test/helpers.ts';
import { WELLNESS_CATEGORIES, WELLNESS_COLLECTION_TITLE } from '@shop/domain';
import { MERCHANT_HELP, SHOPPER_HELP } from '@shop/domain/help-centre';
import type { GuideLoader } from './shop-pages.ts';

/** Shaped like Vite's build: a static no-script title and description, scripts in <head>. */
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title data-static-head>Thistle Deals – static</title>
    <meta data-static-head name="description" content="Static description." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The head tags of a served page, and where they sit against the first script. */
function headOf(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1] ?? null;
  return {
    titles: [...html.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((m) => m[1]),
    description: attr(/<meta data-static-head name="description" content="([^"]*)"/),
    robots: attr(/<meta data-static-head name="robots" content="([^"]*)"/),
    canonical: attr(/<link data-static-head rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta data-static-head property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta data-static-head property="og:url" content="([^"]*)"/),
    ogType: attr(/<meta data-static-head property="og:type" content="([^"]*)"/),
    ogImage: attr(/<meta data-static-head property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta data-static-head name="twitter:card" content="([^"]*)"/),
    beforeScripts: ['<title', 'name="description"', 'name="robots"', 'rel="canonical"', 'og:title'].every(
      (tag) => html.indexOf(tag) !== -1 && html.indexOf(tag) < html.indexOf('<script'),
    ),
  };
}

describe.each(testDatabases())('shop pages on %s', (_name, open) => {
  let close = async () => {};
  let shop: ReturnType<typeof createShopApp>['app'];
  let withGuides: ReturnType<typeof createShopApp>['app'];
  let down: ReturnType<typeof createShopApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'shop-pages-dist-'));
  let deal: { url: string; title: string; image: { url: string } };
  let categoryUrl: string;
  let subcategoryUrl: string;

  const guides: GuideLoader = async (slug) => {
    if (slug === 'moved') return { displayName: 'Moved', redirectUrl: '/deals/edinburgh' };
    if (slug === 'moved-away') return { displayName: 'Away', redirectUrl: '//elsewhere.example/x' };
    if (slug === 'broken') throw new Error('guide service down');
    if (slug === 'afternoon-tea' || slug === 'gshop/gifts') return { displayName: 'Best afternoon tea in Glasgow', description: 'Our pick.' };
    return null;
  };

  beforeAll(async () => {
    const services = await openSeededShopServices(open, 60);
    close = services.close;
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const logger = captureLogger();
    const apps = { dealsApp: services.dealsApp, searchApp: services.searchApp };
    shop = createShopApp({ ...apps, serviceToken: TEST_TOKEN, clientDist: dist, logger, publicBaseUrl: 'http://shop.test' }).app;
    withGuides = createShopApp({ ...apps, serviceToken: TEST_TOKEN, clientDist: dist, logger, loadGuide: guides, publicBaseUrl: 'http://shop.test' }).app;
    const failing = fakeService(() => new Response('boom', { status: 500 }));
    down = createShopApp({ ...apps, dealsTarget: { app: failing }, searchTarget: { app: failing }, serviceToken: TEST_TOKEN, clientDist: dist, logger, publicBaseUrl: 'http://shop.test' }).app;
    const res = await gql(
      shop,
      `{ location(slug: "glasgow") { deals(first: 20) { edges { node { url title image { url } category { url } subCategory { url } } } } } }`,
    );
    const nodes = res.body.data.location.deals.edges.map((e: { node: unknown }) => e.node);
    const withSub = nodes.find((n: { subCategory: unknown }) => n.subCategory);
    deal = withSub;
    categoryUrl = withSub.category.url;
    subcategoryUrl = withSub.subCategory.url;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await close();
  });

  const get = (app: typeof shop, path: string, init: RequestInit = {}) => app.request(`http://shop.test${path}`, init);

  it('the homepage: 200, its own head before any script, the static head gone', async () => {
    const res = await get(shop, '/deals/glasgow');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const head = headOf(await res.text());
    expect(head).toMatchObject({
      titles: ['Deals in Glasgow: save up to 80% | Thistle Deals'],
      robots: 'INDEX, FOLLOW',
      canonical: 'http://shop.test/deals/glasgow',
      ogUrl: 'http://shop.test/deals/glasgow',
      ogTitle: 'Deals in Glasgow: save up to 80%',
      ogType: 'website',
      beforeScripts: true,
    });
    // The location's own description, within the spec §9 text limit (195).
    expect(head.description).toMatch(/Glasgow/);
    expect(head.description!.length).toBeLessThanOrEqual(195);
  });

  it('the root and /deals carry the default location homepage head', async () => {
    for (const path of ['/', '/deals', '/deals/']) {
      const res = await get(shop, path);
      expect(res.status).toBe(200);
      expect(headOf(await res.text())).toMatchObject({ canonical: 'http://shop.test/deals/glasgow', beforeScripts: true });
    }
  });

  it('page 2 of a list has its own title and canonical', async () => {
    const head = headOf(await (await get(shop, '/deals/glasgow?page=2&orderBy=price')).text());
    expect(head.titles).toEqual(['Deals in Glasgow – page 2 | Thistle Deals']);
    expect(head.canonical).toBe('http://shop.test/deals/glasgow?page=2');
  });

  it('national and travel homepages', async () => {
    expect(headOf(await (await get(shop, '/deals/shop')).text()).titles).toEqual(['Shop deals: save up to 80% | Thistle Deals']);
    expect(headOf(await (await get(shop, '/deals/travel')).text()).titles).toEqual(['Travel deals: save up to 50% | Thistle Deals']);
  });

  it('a category and a sub-category: 200 with their heads', async () => {
    for (const url of [categoryUrl, subcategoryUrl]) {
      const res = await get(shop, url);
      expect(res.status).toBe(200);
      const head = headOf(await res.text());
      expect(head.titles).toHaveLength(1);
      expect(head.titles[0]).toMatch(/ \| Thistle Deals$/);
      expect(head).toMatchObject({ canonical: `http://shop.test${url}`, robots: 'INDEX, FOLLOW', beforeScripts: true });
    }
  });

  it('a deal: 200, product head with its image, canonical to the deal url', async () => {
    const res = await get(shop, deal.url);
    expect(res.status).toBe(200);
    const head = headOf(await res.text());
    expect(head).toMatchObject({ canonical: `http://shop.test${deal.url}`, ogType: 'product', beforeScripts: true });
    expect(head.titles[0]).toContain(escape(deal.title.slice(0, 20)));
    expect(head.ogImage).toBe(deal.image.url.startsWith('http') ? deal.image.url : `http://shop.test${deal.image.url}`);
    // A link shared on X shows the deal's image large.
    expect(head.twitterCard).toBe('summary_large_image');
  });

  it('a page without an image has a summary card', async () => {
    const head = headOf(await (await get(shop, '/page/aboutus')).text());
    expect(head.twitterCard).toBe('summary');
  });

  it.each([
    '/nothing-here',
    '/checkout/confirmation',
    '/checkout/confirmation/TD1/extra',
    '/page/no-such-page',
    '/page/aboutus/extra',
    '/deals/nowhere',
    '/deals/glasgow/no-such-category',
    '/deals/glasgow/spa/no-such-subcategory',
    '/deals/glasgow/spa/spa-days/999999999/spa-day.html',
    '/deals/glasgow/spa/spa-days/not-a-deal',
    '/deals/glasgow/spa/0991/spa-day.html',
    '/deals/vip/more',
    '/deals/vip/spa/extra',
    '/deal/vip/999999999',
    '/deal/vip/not-a-deal',
    '/deals/%E0%A4%A',
    '/guides/best-afternoon-tea',
  ])('%s is 404 with the not-found head (noindex)', async (path) => {
    const res = await get(shop, path);
    expect(res.status).toBe(404);
    const head = headOf(await res.text());
    expect(head).toMatchObject({ titles: ['Page not found | Thistle Deals'], robots: 'NOINDEX, FOLLOW', beforeScripts: true });
  });

  it.each([
    ['/checkout', 'Your basket | Thistle Deals'],
    ['/checkout/confirmation/TD1000123', 'Your order | Thistle Deals'],
    ['/order-addon', 'Extend your vouchers | Thistle Deals'],
    ['/order-addon/signin-page', 'Sign in to manage your vouchers | Thistle Deals'],
    ['/voucher/extend/5b0e6f7a-2c1d-4e3f-8a9b-0c1d2e3f4a5b', 'Extend your voucher | Thistle Deals'],
  ])('the buying page %s is 200 with its own head, noindex (a reloaded or shared link is a page)', async (path, title) => {
    const res = await get(shop, `${path}${path === '/order-addon' ? '?order=TD1000123' : ''}`);
    expect(res.status).toBe(200);
    const head = headOf(await res.text());
    expect(head).toMatchObject({ titles: [title], canonical: `http://shop.test${path}`, robots: 'NOINDEX, FOLLOW', beforeScripts: true });
  });

  it('/deals/vip is 200 with its fixed title (spec §2), indexable', async () => {
    const res = await get(shop, '/deals/vip');
    expect(res.status).toBe(200);
    expect(headOf(await res.text())).toMatchObject({ titles: ['VIP Deals - Members Save up to an Extra 10% | Thistle Deals'], canonical: 'http://shop.test/deals/vip', robots: 'INDEX, FOLLOW', beforeScripts: true });
  });

  it('a VIP category (/deals/vip/{category}) is 200 with its head; a VIP deal url (/deal/vip/{id}) is the deal, canonical to its own url', async () => {
    const res = await gql(shop, `{ search(vip: true, allLocations: true, first: 1) { facets { type value label count } edges { node { dealId url } } } }`);
    const facet = res.body.data.search.facets.find((f: { type: string; count: number }) => f.type === 'CATEGORY' && f.count > 0);
    expect(facet, 'the seed has VIP deals').toBeDefined();
    const category = await get(shop, `/deals/vip/${facet.value}`);
    expect(category.status).toBe(200);
    expect(headOf(await category.text())).toMatchObject({ titles: [`VIP ${escape(facet.label)} Deals | Thistle Deals`], canonical: `http://shop.test/deals/vip/${facet.value}`, robots: 'INDEX, FOLLOW' });
    const vipDeal = res.body.data.search.edges[0].node as { dealId: number; url: string };
    for (const path of [`/deal/vip/${vipDeal.dealId}`, `/deal/vip/${vipDeal.dealId}/vip-deal.html`]) {
      const page = await get(shop, path);
      expect(page.status, path).toBe(200);
      expect(headOf(await page.text())).toMatchObject({ canonical: `http://shop.test${vipDeal.url}`, ogType: 'product' });
    }
  });

  it('"Become a merchant" (/merchant/apply) is 200 with its own head, indexable; a path below it is 404', async () => {
    const res = await get(shop, '/merchant/apply');
    expect(res.status).toBe(200);
    expect(headOf(await res.text())).toMatchObject({ titles: ['Become a merchant | Thistle Deals'], canonical: 'http://shop.test/merchant/apply', robots: 'INDEX, FOLLOW', beforeScripts: true });
    expect((await get(shop, '/merchant/apply/more')).status).toBe(404);
  });

  it('the help centres (/faqs, /merchantfaqs) are 200 with their own head, indexable; a path below them is 404', async () => {
    for (const [path, title, description] of [
      ['/faqs', 'Help centre | Thistle Deals', SHOPPER_HELP.description],
      ['/merchantfaqs', 'Merchant help centre | Thistle Deals', MERCHANT_HELP.description],
    ] as const) {
      const res = await get(shop, path);
      expect(res.status, path).toBe(200);
      expect(headOf(await res.text())).toMatchObject({ titles: [title], description: escape(description), canonical: `http://shop.test${path}`, robots: 'INDEX, FOLLOW', beforeScripts: true });
    }
    expect((await get(shop, '/faqs/more')).status).toBe(404);
  });

  it('the wellness collection is 200 with its fixed title, and the seed gives it deals', async () => {
    for (const path of ['/deals/wellness-collection', '/wellness-collection']) {
      const res = await get(shop, path);
      expect(res.status, path).toBe(200);
      expect(headOf(await res.text())).toMatchObject({ titles: [escape(WELLNESS_COLLECTION_TITLE)], canonical: `http://shop.test${path}`, robots: 'INDEX, FOLLOW' });
    }
    expect((await get(shop, '/deals/wellness-collection/more')).status).toBe(404);
    // The page's own search (client WellnessDeals): never empty on the seed.
    const res = await gql(shop, `query ($categories: [String!]) { search(allLocations: true, categories: $categories, first: 1) { totalCount } }`, { categories: [...WELLNESS_CATEGORIES] });
    expect(res.body.data.search.totalCount).toBeGreaterThan(0);
  });

  it('static and content pages: 200 with their own head', async () => {
    for (const [path, canonical] of [
      ['/page/aboutus', '/page/aboutus'],
      ['/page/e-commerceterms', '/page/e-commerceterms'],
      ['/editorial-team', '/editorial-team'],
      ['/discountcodes', '/discountcodes'],
    ]) {
      const res = await get(shop, path!);
      expect(res.status, path).toBe(200);
      const head = headOf(await res.text());
      expect(head).toMatchObject({ canonical: `http://shop.test${canonical}`, robots: 'INDEX, FOLLOW', beforeScripts: true });
      expect(head.titles[0]).toMatch(/ \| Thistle Deals$/);
      expect(head.description, path).toMatch(/\w+ \w+/);
      expect(head.description!.length, path).toBeLessThanOrEqual(195);
    }
  });

  it('sign-in, account and emailed-link pages: 200, kept out of search results; token pages send no Referer', async () => {
    for (const [path, title, noReferrer] of [
      ['/login', 'Sign in | Thistle Deals', false],
      ['/register', 'Create an account | Thistle Deals', false],
      ['/forgot-password', 'Forgotten your password? | Thistle Deals', false],
      ['/reset-password?token=abc', 'Choose a new password | Thistle Deals', true],
      ['/activate-account?token=abc', 'Set your password | Thistle Deals', true],
      ['/confirm-email?token=abc', 'Confirm your email | Thistle Deals', true],
      ['/email/confirm?token=abc', 'Confirm your subscription | Thistle Deals', true],
      ['/email/preferences?token=abc', 'Email preferences | Thistle Deals', true],
      ['/mygift?claim=q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL', 'Claim a gift | Thistle Deals', true],
      ['/myaccount', 'My account | Thistle Deals', false],
      ['/myaccount/vouchers', 'My Vouchers | Thistle Deals', false],
      ['/myaccount/delete', 'My account | Thistle Deals', false],
    ] as const) {
      const res = await get(shop, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('referrer-policy'), path).toBe(noReferrer ? 'no-referrer' : 'strict-origin-when-cross-origin');
      const head = headOf(await res.text());
      expect(head, path).toMatchObject({ titles: [title], robots: 'NOINDEX, FOLLOW', beforeScripts: true });
      // The canonical url never carries the token.
      expect(head.canonical, path).toBe(`http://shop.test${path.split('?')[0]}`);
    }
  });

  it('page metadata uses the configured public origin, never the Host header (issue 14 §9)', async () => {
    for (const [url, headers] of [
      ['http://evil.example/deals/glasgow', {}],
      ['http://shop.test/deals/glasgow', { host: 'evil.example' }],
      ['http://shop.test/deals/glasgow', { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' }],
      [`http://evil.example:8080${deal.url}`, {}],
    ] as const) {
      const res = await shop.request(url, { headers });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).not.toContain('evil.example');
      const head = headOf(html);
      expect(head.canonical, url).toMatch(/^http:\/\/shop\.test\//);
      expect(head.ogUrl, url).toBe(head.canonical);
    }
  });

  it('HEAD answers with the same status', async () => {
    expect((await get(shop, '/deals/nowhere', { method: 'HEAD' })).status).toBe(404);
    expect((await get(shop, '/deals/glasgow', { method: 'HEAD' })).status).toBe(200);
  });

  it.each([
    ['/deals/national-deal', '/deals/shop'],
    ['/deals/national-deal/electricals?page=2', '/deals/shop/electricals?page=2'],
    ['/deal/national-deal/7', '/deal/shop/7'],
  ])('%s is a 301 to %s', async (path, location) => {
    const res = await get(shop, path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('guides: 301 to a redirectUrl, 404 when loading fails or finds nothing, 200 with the guide head', async () => {
    const moved = await get(withGuides, '/guides/moved');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/deals/edinburgh');
    expect((await get(withGuides, '/guides/moved-away')).status).toBe(200); // a protocol-relative target is not followed
    expect((await get(withGuides, '/guides/broken')).status).toBe(404);
    expect((await get(withGuides, '/guides/unknown')).status).toBe(404);
    expect((await get(withGuides, '/guides')).status).toBe(404);
    const found = await get(withGuides, '/guides/afternoon-tea');
    expect(found.status).toBe(200);
    expect(headOf(await found.text())).toMatchObject({
      titles: ['Best afternoon tea in Glasgow | Thistle Deals'],
      description: 'Our pick.',
      canonical: 'http://shop.test/guides/afternoon-tea',
      robots: 'INDEX, FOLLOW',
    });
  });

  it("guides from the gateway's guide query: 301 for a moved guide, 200 with its head, 404 when unknown or when loading fails", async () => {
    const moved = await get(shop, '/guides/old-spa-guide');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/guides/spa-days-edinburgh');
    const found = await get(shop, '/guides/affiliate/student-deals');
    expect(found.status).toBe(200);
    const head = headOf(await found.text());
    expect(head).toMatchObject({ canonical: 'http://shop.test/guides/affiliate/student-deals', robots: 'INDEX, FOLLOW', beforeScripts: true });
    expect(head.titles[0]).toMatch(/Student Deals.* \| Thistle Deals$/);
    for (const path of ['/guides/no-such-guide', '/guides/affiliate', '/guides/a/b/c/d/e/f', '/guides/%00', '/guides/Spa']) {
      expect((await get(shop, path)).status, path).toBe(404);
    }
    // A guide load failure is a 404 (spec §2, §8), not a 503.
    expect((await get(down, '/guides/old-spa-guide')).status).toBe(404);
  });

  it('/search: 200, titled with the words, noindex, one canonical', async () => {
    const res = await get(shop, '/search?q=spa+day&page=2');
    expect(res.status).toBe(200);
    expect(headOf(await res.text())).toMatchObject({
      titles: ['Search results for &quot;spa day&quot; | Thistle Deals'],
      robots: 'NOINDEX, FOLLOW',
      canonical: 'http://shop.test/search',
      beforeScripts: true,
    });
    expect(headOf(await (await get(shop, '/search')).text()).titles).toEqual(['Search deals | Thistle Deals']);
    const hostile = await (await get(shop, '/search?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E')).text();
    expect(hostile).not.toContain('<script>alert');
  });

  it.each([
    ['/recently-viewed', 'Recently viewed deals | Thistle Deals', 'NOINDEX, FOLLOW'],
    ['/recommended-for-you', 'Recommended for you | Thistle Deals', 'NOINDEX, FOLLOW'],
    ['/buy-again', 'Buy again | Thistle Deals', 'NOINDEX, FOLLOW'],
    ['/early-bird', 'Early bird deals | Thistle Deals', 'INDEX, FOLLOW'],
    // The map view (issue 19 point 4).
    ['/map-view', 'Deals on a map | Thistle Deals', 'INDEX, FOLLOW'],
  ])('%s: 200, %s, %s', async (path, title, robots) => {
    const res = await get(shop, path);
    expect(res.status).toBe(200);
    expect(headOf(await res.text())).toMatchObject({ titles: [title], robots, canonical: `http://shop.test${path}`, beforeScripts: true });
  });

  it('a special event: 200 with its title; unknown or ended: 404', async () => {
    const res = await get(shop, '/deals/glasgow/special/black-friday');
    expect(res.status).toBe(200);
    expect(headOf(await res.text())).toMatchObject({
      titles: ['Black Friday Deals in Glasgow | Thistle Deals'],
      canonical: 'http://shop.test/deals/glasgow/special/black-friday',
      robots: 'INDEX, FOLLOW',
    });
    for (const path of ['/deals/glasgow/special/summer-sale', '/deals/glasgow/special/no-such-event', '/deals/atlantis/special/black-friday', '/deals/glasgow/special', '/deals/glasgow/special/black-friday/x']) {
      expect((await get(shop, path)).status, path).toBe(404);
    }
  });

  it('near-me: the hub, a location and an area with their fixed titles; unknown ones 404', async () => {
    const hub = await get(shop, '/near-me');
    expect(hub.status).toBe(200);
    expect(headOf(await hub.text()).titles).toEqual(['Deals Near You - Local Restaurants, Spas &amp; Things To Do']);
    const city = await get(shop, '/near-me/glasgow');
    expect(city.status).toBe(200);
    expect(headOf(await city.text())).toMatchObject({
      titles: ['Deals Near Me in Glasgow - Local Restaurants, Spas &amp; Things To Do'],
      canonical: 'http://shop.test/near-me/glasgow',
    });
    const area = await get(shop, '/near-me/glasgow/west-end');
    expect(area.status).toBe(200);
    expect(headOf(await area.text()).titles).toEqual(['Deals Near Me in West End, Glasgow - Local Restaurants, Spas &amp; Things To Do']);
    for (const path of ['/near-me/atlantis', '/near-me/glasgow/nowhere', '/near-me/atlantis/west-end', '/near-me/glasgow/west-end/more']) {
      expect((await get(shop, path)).status, path).toBe(404);
    }
    expect((await get(down, '/near-me/glasgow')).status).toBe(503);
  });

  it('a gift-shop (gshop) segment is noindex', async () => {
    const res = await get(withGuides, '/guides/gshop/gifts');
    expect(res.status).toBe(200);
    expect(headOf(await res.text()).robots).toBe('NOINDEX, FOLLOW');
  });

  it('nothing from the url reaches the html unescaped', async () => {
    const res = await get(shop, `/x"><script>alert(1)</script>?q="><img src=x onerror=alert(1)>`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html.match(/<script/g)).toHaveLength(1); // the client's own
  });

  it('503, never a false 404, when the gateway cannot say', async () => {
    const res = await get(down, '/deals/glasgow');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(headOf(await res.text())).toMatchObject({ titles: ['Something went wrong | Thistle Deals'], robots: 'NOINDEX, FOLLOW' });
  });
});

/** The title as it sits in html (escaped). */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
