/**
 * The gift finder through the shop (issue 19 point 3): Query.giftFinder against the real deals
 * service over a seeded database, its pages' HTTP answers and heads, and the gift-finder data
 * document. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_FINDER_DATA_VERSION, GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, GIFT_PRICE_BANDS, giftFinderData } from '@shop/domain';
import { createShopApp } from '../../server.ts';
import { openSeededShopServices } from '../../test/search-service.ts';
import { captureLogger, gql, TEST_TOKEN } from '../../test/helpers.ts';

const INDEX_HTML = `<!doctype html><html lang="en-GB"><head><title data-static-head>static</title><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div></body></html>`;

const OPTION = 'id label count selected url';
const FINDER = `query ($location: String, $recipient: String, $personality: String, $price: String, $first: Int, $page: Int) {
  giftFinder(location: $location, recipient: $recipient, personality: $personality, price: $price) {
    location { slug name }
    recipient { ${OPTION} } personality { ${OPTION} } priceBand { ${OPTION} }
    recipients { ${OPTION} } personalities { ${OPTION} } priceBands { ${OPTION} }
    gifts(first: $first, page: $page) { totalCount page pageSize canonicalUrl pageInfo { hasNextPage } edges { node { dealId location { slug } headlinePrice { amount } } } }
    carousel { totalCount edges { node { dealId } } }
    dataVersion
  }
}`;

type Option = { id: string; label: string; count: number; selected: boolean; url: string };

describe.each(testDatabases())('the gift finder on %s', (_name, open) => {
  let close = async () => {};
  let shop: ReturnType<typeof createShopApp>['app'];
  const dist = mkdtempSync(join(tmpdir(), 'gift-finder-dist-'));

  beforeAll(async () => {
    const services = await openSeededShopServices(open, 400);
    close = services.close;
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    shop = createShopApp({ dealsApp: services.dealsApp, searchApp: services.searchApp, serviceToken: TEST_TOKEN, clientDist: dist, logger: captureLogger(), publicBaseUrl: 'http://shop.test', gateway: { exposeRestCalls: true } }).app;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await close();
  });

  const finder = async (variables: Record<string, unknown>) => {
    const res = await gql(shop, FINDER, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { finder: res.body.data.giftFinder, restCalls: res.headers.get('x-rest-calls') };
  };

  it('filters by recipient, personality and price together, 12 a page, with every option counted', async () => {
    const { finder: all } = await finder({ location: 'glasgow' });
    expect(all.location).toEqual({ slug: 'glasgow', name: 'Glasgow' });
    expect(all.recipients.map((o: Option) => o.label)).toEqual(GIFT_FINDER_RECIPIENTS.map((r) => r.label));
    expect(all.personalities.map((o: Option) => o.label)).toEqual(GIFT_FINDER_PERSONALITIES.map((p) => p.label));
    expect(all.priceBands.map((o: Option) => o.label)).toEqual(GIFT_PRICE_BANDS.map((b) => b.label));
    for (const o of [...all.recipients, ...all.personalities]) expect(o.count, o.label).toBeGreaterThan(0);
    expect(all.gifts.pageSize).toBe(12);
    expect(all.gifts.edges).toHaveLength(12);
    expect(all.dataVersion).toBe(GIFT_FINDER_DATA_VERSION);

    const mum = all.recipients.find((o: Option) => o.id === 'mum');
    expect(mum).toMatchObject({ selected: false, url: '/deals/glasgow/gift-finder/gifts-for-mum' });
    const { finder: forMum } = await finder({ location: 'glasgow', recipient: 'mum' });
    expect(forMum.gifts.totalCount).toBe(mum.count);
    expect(forMum.recipient).toMatchObject({ id: 'mum', selected: true, url: '/deals/glasgow/gift-finder' });
    const pampered = forMum.personalities.find((o: Option) => o.id === 'pampered');
    expect(pampered.url).toBe('/deals/glasgow/gift-finder/gifts-for-mum?personality=pampered');

    const { finder: narrowed } = await finder({ location: 'glasgow', recipient: 'mum', personality: 'pampered' });
    expect(narrowed.gifts.totalCount).toBe(pampered.count);
    const band = narrowed.priceBands.find((o: Option) => o.count > 0 && o.count < narrowed.gifts.totalCount) ?? narrowed.priceBands.find((o: Option) => o.count > 0);
    const { finder: priced } = await finder({ location: 'glasgow', recipient: 'mum', personality: 'pampered', price: band.id });
    expect(priced.gifts.totalCount).toBe(band.count);
    expect(priced.priceBand).toMatchObject({ id: band.id, selected: true });
    const limits = GIFT_PRICE_BANDS.find((b) => b.id === band.id)!;
    for (const e of priced.gifts.edges) {
      expect(['glasgow', 'shop']).toContain(e.node.location.slug);
      expect(e.node.headlinePrice.amount).toBeGreaterThanOrEqual(limits.minPence);
      if (limits.maxPence !== null) expect(e.node.headlinePrice.amount).toBeLessThan(limits.maxPence);
    }
  });

  it('REST calls do not grow with the page size (the first page and the options share one); page 2 goes on', async () => {
    const { finder: f, restCalls } = await finder({ location: 'edinburgh', recipient: 'dad' });
    // The first page with the options, the carousel of 20, and the locations of the deals shown.
    expect(Number(restCalls)).toBeLessThanOrEqual(3);
    // Another page size is one call more (the options stay on the page of 12), whatever the size.
    const { restCalls: of24 } = await finder({ location: 'edinburgh', recipient: 'dad', first: 24 });
    expect((await finder({ location: 'edinburgh', recipient: 'dad', first: 48 })).restCalls).toBe(of24);
    expect(f.carousel.edges.length).toBe(Math.min(20, f.carousel.totalCount));
    expect(f.gifts.canonicalUrl).toBe('/deals/edinburgh/gift-finder/gifts-for-dad');
    const { finder: page2 } = await finder({ location: 'edinburgh', recipient: 'dad', page: 2 });
    expect(page2.gifts.page).toBe(2);
    const first = new Set(f.gifts.edges.map((e: { node: { dealId: number } }) => e.node.dealId));
    expect(page2.gifts.edges.some((e: { node: { dealId: number } }) => first.has(e.node.dealId))).toBe(false);
  });

  it('every location (/gifts) and national-deal as shop; null for an unknown location or option', async () => {
    const { finder: everywhere } = await finder({});
    expect(everywhere.location).toBeNull();
    expect(new Set(everywhere.gifts.edges.map((e: { node: { location: { slug: string } } }) => e.node.location.slug)).size).toBeGreaterThan(1);
    expect((await finder({ location: 'national-deal' })).finder.location.slug).toBe('shop');
    for (const variables of [{ location: 'atlantis' }, { location: '<x>' }, { recipient: 'cat' }, { personality: 'grumpy' }, { price: '5-15' }]) {
      expect((await finder(variables)).finder, JSON.stringify(variables)).toBeNull();
    }
  });

  it('its pages are 200 with their own head; an unknown location or recipient is 404', async () => {
    const page = async (path: string) => {
      const res = await shop.request(`http://shop.test${path}`);
      const html = await res.text();
      return { status: res.status, title: /<title\b[^>]*>([^<]*)<\/title>/.exec(html)?.[1], canonical: /rel="canonical" href="([^"]*)"/.exec(html)?.[1] };
    };
    expect(await page('/gifts')).toMatchObject({ status: 200, title: 'Gift finder | Thistle Deals', canonical: 'http://shop.test/gifts' });
    expect(await page('/gifts/gifts-for-bff')).toMatchObject({ status: 200, title: 'Gifts for BFF | Thistle Deals' });
    expect(await page('/deals/glasgow/gift-finder?personality=geeky')).toMatchObject({ status: 200, title: 'Gift finder in Glasgow | Thistle Deals', canonical: 'http://shop.test/deals/glasgow/gift-finder' });
    expect(await page('/deals/aberdeen/gift-finder/gifts-for-little-ones?page=2')).toMatchObject({ status: 200, title: 'Gifts for Little Ones in Aberdeen – page 2 | Thistle Deals' });
    for (const path of ['/gifts/gifts-for-cat', '/gifts/mum', '/deals/atlantis/gift-finder', '/deals/glasgow/gift-finder/gifts-for-mum/x']) expect((await page(path)).status, path).toBe(404);
    expect((await shop.request('http://shop.test/deals/national-deal/gift-finder')).status).toBe(301);
  });

  it('serves the versioned gift-finder data document', async () => {
    const res = await shop.request('http://shop.test/gift-finder/data.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = await res.json();
    expect(doc).toEqual(giftFinderData('dev'));
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"gift-finder-dev-v${GIFT_FINDER_DATA_VERSION}"`);
    expect((await shop.request('http://shop.test/gift-finder/data.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
