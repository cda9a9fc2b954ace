/**
 * The sitemap, robots.txt's Sitemap line and the deal pages' JSON-LD, served by the shop over
 * the real deals service: every url listed answers 200, closed deals are left out, a small
 * per-file limit turns /sitemap.xml into an index of its parts.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexDealsResponseSchema, type IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import { createShopApp } from '../server.ts';
import { openSeededShopServices } from '../test/search-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../test/helpers.ts';

const ORIGIN = 'https://shop.example';
const INDEX_HTML = '<!doctype html><html lang="en-GB"><head><meta charset="utf-8" /><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const PART_SIZE = 25;

type Shop = ReturnType<typeof createShopApp>['app'];

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&apos;/g, "'"));
const pathOf = (url: string) => {
  expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
  return url.slice(ORIGIN.length);
};

/** The JSON-LD script elements of served HTML, parsed. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script data-static-head type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);

describe.each(testDatabases())('sitemap and structured data on %s', (_name, open) => {
  let close = async () => {};
  let shop: Shop;
  let small: Shop;
  let down: Shop;
  let feed: IndexDeal[];
  const dist = mkdtempSync(join(tmpdir(), 'shop-sitemap-dist-'));
  const NOW = Date.now();

  beforeAll(async () => {
    const services = await openSeededShopServices(open, 60);
    close = services.close;
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const common = { dealsApp: services.dealsApp, searchApp: services.searchApp, serviceToken: TEST_TOKEN, clientDist: dist, logger: captureLogger(), publicBaseUrl: ORIGIN };
    shop = createShopApp(common).app;
    small = createShopApp({ ...common, sitemap: { limits: { maxUrls: PART_SIZE } } }).app;
    down = createShopApp({ ...common, dealsTarget: { app: fakeService(() => new Response('boom', { status: 500 })) } }).app;
    const res = await services.dealsApp.fetch(new Request('http://deals.test/index/deals?limit=1000', { headers: { 'x-service-token': TEST_TOKEN } }));
    feed = IndexDealsResponseSchema.parse(await res.json()).deals;
  }, 180_000);
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await close();
  });

  const get = (app: Shop, path: string) => app.request(`${ORIGIN}${path}`);
  const isLive = (d: IndexDeal) => d.closingDate === null || new Date(d.closingDate).getTime() > NOW;

  it('robots.txt names the sitemap on the public origin', async () => {
    const text = await (await get(shop, '/robots.txt')).text();
    expect(text.split('\n')).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('one file: every live deal, location, category, sub-category and static page, each answering 200', async () => {
    const res = await get(shop, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const paths = locsOf(xml).map(pathOf);
    expect(new Set(paths).size).toBe(paths.length);

    // Deals: exactly the live ones, each at its Deal.url (the feed's url is the deal's shareUrl).
    const live = feed.filter(isLive);
    const closed = feed.filter((d) => !isLive(d));
    expect(live.length).toBeGreaterThan(0);
    expect(closed.length, 'the seeded catalogue has a closed deal').toBeGreaterThan(0);
    const dealPaths = paths.filter((p) => p.endsWith('.html') && !p.startsWith('/page/'));
    expect(dealPaths.sort()).toEqual(live.map((d) => d.url).sort());
    for (const d of closed) expect(paths).not.toContain(d.url);

    // The same urls the shop's GraphQL API gives for a deal, its category and sub-category.
    const { body } = await gql(shop, '{ location(slug: "glasgow") { url deals(first: 20) { edges { node { url category { url } subCategory { url } } } } } }');
    const nodes = body.data.location.deals.edges.map((e: { node: { url: string; category: { url: string }; subCategory: { url: string } | null } }) => e.node);
    expect(paths).toContain(body.data.location.url);
    for (const n of nodes) {
      expect(paths).toContain(n.url);
      expect(paths).toContain(n.category.url);
      if (n.subCategory) expect(paths).toContain(n.subCategory.url);
    }
    for (const p of ['/page/aboutus', '/page/e-commerceterms', '/page/regulated-finance-disclosure.html', '/editorial-team', '/faqs', '/merchantfaqs', '/deals/wellness-collection', '/gifts', '/gifts/gifts-for-mum', '/deals/glasgow/gift-finder', '/deals/shop', '/deals/travel']) expect(paths).toContain(p);
    expect(xml).toMatch(/<url><loc>https:\/\/shop\.example\/page\/aboutus<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);

    // Every url listed is a page the shop serves (200), never a 404 or a redirect.
    for (const path of paths.filter((p) => !dealPaths.includes(p) || dealPaths.indexOf(p) < 10)) {
      expect((await get(shop, path)).status, path).toBe(200);
    }
  });

  it('past the per-file limit /sitemap.xml is an index of /sitemaps/{n}.xml, which hold the same urls', async () => {
    const single = locsOf(await (await get(shop, '/sitemap.xml')).text());
    const res = await get(small, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const index = await res.text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locsOf(index);
    expect(parts.length).toBe(Math.ceil(single.length / PART_SIZE));
    expect(parts.map(pathOf)).toEqual(parts.map((_, i) => `/sitemaps/${i + 1}.xml`));
    const listed: string[] = [];
    for (const part of parts) {
      const answer = await get(small, pathOf(part));
      expect(answer.status, part).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await answer.text();
      expect(xml).toContain('<urlset');
      const urls = locsOf(xml);
      expect(urls.length).toBeLessThanOrEqual(PART_SIZE);
      listed.push(...urls);
    }
    expect(listed).toEqual(single);
    expect((await get(small, `/sitemaps/${parts.length + 1}.xml`)).status).toBe(404);
    expect((await get(small, '/sitemaps/0.xml')).status).toBe(404);
    expect((await get(small, '/sitemaps/one.xml')).status).toBe(404);
    // Without an index there are no parts.
    expect((await get(shop, '/sitemaps/1.xml')).status).toBe(404);
  });

  it('503, never an empty or partial sitemap, when the deals service fails', async () => {
    const res = await get(down, '/sitemap.xml');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a deal page carries one JSON-LD Product whose Offer has the price the page shows, in pounds', async () => {
    const { body } = await gql(
      shop,
      '{ location(slug: "glasgow") { deals(first: 5) { edges { node { dealId url title merchant { name } headlinePrice { amount currency } priceDisplay closingDate } } } } }',
    );
    const node = body.data.location.deals.edges.map((e: { node: any }) => e.node).find((n: any) => n.priceDisplay !== 'HIDDEN');
    const html = await (await get(shop, node.url)).text();
    const scripts = jsonLdOf(html);
    expect(scripts).toHaveLength(1);
    const ld = scripts[0]!;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: node.title, url: `${ORIGIN}${node.url}`, sku: String(node.dealId), brand: { '@type': 'Brand', name: node.merchant.name } });
    expect(ld.image[0]).toMatch(/^https:\/\/shop\.example\//);
    const pence: number = node.headlinePrice.amount;
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`,
      priceCurrency: 'GBP',
      url: `${ORIGIN}${node.url}`,
    });
    expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
    if (node.closingDate) expect(ld.offers.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    else expect(ld.offers).not.toHaveProperty('priceValidUntil');
    // Before the client's own scripts, after the page's head tags.
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('a closed deal’s offer is SoldOut; an open one with options to buy is InStock', async () => {
    const closed = feed.find((d) => !isLive(d))!;
    const closedLd = jsonLdOf(await (await get(shop, closed.url)).text());
    expect(closedLd[0]!.offers.availability).toBe('https://schema.org/SoldOut');

    const { body } = await gql(shop, '{ location(slug: "glasgow") { deals(first: 20) { edges { node { url closingDate priceDisplay products { soldOut disabled } } } } } }');
    const open = body.data.location.deals.edges
      .map((e: { node: any }) => e.node)
      .find((n: any) => n.priceDisplay !== 'HIDDEN' && (!n.closingDate || new Date(n.closingDate).getTime() > NOW) && n.products.some((p: any) => !p.soldOut && !p.disabled));
    const openLd = jsonLdOf(await (await get(shop, open.url)).text());
    expect(openLd[0]!.offers.availability).toBe('https://schema.org/InStock');
  });

  it('no JSON-LD on pages that are not deal pages', async () => {
    for (const path of ['/deals/glasgow', '/page/aboutus', '/no-such-page']) {
      expect(jsonLdOf(await (await get(shop, path)).text()), path).toEqual([]);
    }
  });
});
