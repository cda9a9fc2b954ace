import { expect, test, type APIRequestContext, type Page } from '../fixtures.ts';
import { gql } from './buying-helpers.ts';

// Search engines' view of the shop (issue 15 point 9): robots.txt names the sitemap; the sitemap
// (or its index and parts) lists the deal, category and static pages at their absolute urls;
// a deal page carries one schema.org Product whose Offer has the price the page shows, when it
// is loaded from the server and after the client navigates to another deal.

interface GlasgowDeal {
  url: string;
  title: string;
  priceDisplay: string;
  category: { url: string };
  subCategory: { url: string } | null;
}

/** Deals of Glasgow with their category urls, asked of the shop's GraphQL API. */
async function glasgowDeals(request: APIRequestContext): Promise<GlasgowDeal[]> {
  const data = await gql<{ location: { deals: { edges: Array<{ node: GlasgowDeal }> } } }>(
    request,
    '{ location(slug: "glasgow") { deals(first: 24) { edges { node { url title priceDisplay category { url } subCategory { url } } } } } }',
  );
  return data.location.deals.edges.map((e) => e.node);
}

/** The <loc> urls of an XML document, read by the browser's own XML parser (which must accept it). */
async function xmlLocs(page: Page, xml: string): Promise<{ root: string; locs: string[] }> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`Not well-formed XML: ${doc.getElementsByTagName('parsererror')[0]!.textContent}`);
    return { root: doc.documentElement.localName, locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '') };
  }, xml);
}

/** Pence from a shown price such as "£19.99", "from £20" or "now £1,234.50". */
function shownPence(text: string): number {
  const m = /£([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!m) throw new Error(`No price in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2] ?? '0');
}

/** Pence from a schema.org decimal price string ("19.99", "20.00"): exactly two decimals. */
function offerPence(price: string): number {
  const m = /^(\d+)\.(\d{2})$/.exec(price);
  if (!m) throw new Error(`Not a decimal price: "${price}"`);
  return Number(m[1]) * 100 + Number(m[2]);
}

interface ProductLd {
  '@context': string;
  '@type': string;
  name: string;
  url: string;
  offers?: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
}

/** The page's JSON-LD: exactly one script element, parsed. */
async function productLdOf(page: Page): Promise<ProductLd> {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  return JSON.parse((await scripts.textContent()) ?? '') as ProductLd;
}

/** The deal page shows its title, and the Product's Offer has the very price of its buy box. */
async function expectProductMatchesPage(page: Page, origin: string) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const ld = await productLdOf(page);
  expect(ld['@context']).toBe('https://schema.org');
  expect(ld['@type']).toBe('Product');
  expect(ld.name).toBe((await heading.textContent())?.trim());
  expect(ld.url).toBe(`${origin}${new URL(page.url()).pathname}`);
  const shown = page.getByRole('complementary', { name: 'Prices and options' }).locator('.deal-price .price__now').first();
  if ((await shown.count()) === 0) {
    // A deal whose page hides its price has no offer.
    expect(ld.offers).toBeUndefined();
    return ld;
  }
  expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'GBP', url: ld.url });
  expect(ld.offers!.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
  expect(offerPence(ld.offers!.price)).toBe(shownPence((await shown.textContent()) ?? ''));
  return ld;
}

test('robots.txt names the sitemap, and the sitemap lists a deal, a category and a static page at their absolute urls', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect((await robots.text()).split('\n')).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/xml/);
  expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
  await page.goto('/deals/glasgow');
  const sitemap = await xmlLocs(page, await res.text());
  // One file, or an index of parts (more urls than one file may hold).
  const urls: string[] = [];
  if (sitemap.root === 'sitemapindex') {
    for (const part of sitemap.locs) {
      expect(part).toMatch(new RegExp(`^${origin}/sitemaps/\\d+\\.xml$`));
      const answer = await request.get(part);
      expect(answer.status(), part).toBe(200);
      const read = await xmlLocs(page, await answer.text());
      expect(read.root).toBe('urlset');
      urls.push(...read.locs);
    }
  } else {
    expect(sitemap.root).toBe('urlset');
    urls.push(...sitemap.locs);
  }
  for (const url of urls) expect(url.startsWith(`${origin}/`), url).toBe(true);

  const deal = (await glasgowDeals(request)).find((d) => d.subCategory)!;
  for (const path of [deal.url, deal.category.url, deal.subCategory!.url, '/deals/glasgow', '/page/aboutus', '/page/e-commerceterms']) {
    expect(urls, path).toContain(`${origin}${path}`);
  }
  // What it lists are pages the shop serves.
  for (const path of [deal.url, deal.category.url, '/page/aboutus']) expect((await request.get(path)).status(), path).toBe(200);
});

test('a deal page has one JSON-LD Product with the price it shows, loaded from the server and after navigating to another deal', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const deals = await glasgowDeals(request);
  const first = deals.find((d) => d.priceDisplay !== 'HIDDEN')!;

  // The HTML as a crawler without script reads it.
  const served = await (await request.get(first.url)).text();
  const inHtml = [...served.matchAll(/<script data-static-head type="application\/ld\+json">([^<]*)<\/script>/g)];
  expect(inHtml).toHaveLength(1);
  const serverLd = JSON.parse(inHtml[0]![1]!) as ProductLd;
  expect(serverLd).toMatchObject({ '@type': 'Product', url: `${origin}${first.url}`, offers: { '@type': 'Offer', priceCurrency: 'GBP' } });

  // Hard load: the client's head replaces the server's, with the same Product and price.
  await page.goto(first.url);
  const loaded = await expectProductMatchesPage(page, origin);
  expect(loaded.offers?.price).toBe(serverLd.offers!.price);
  expect(loaded.name).toBe(serverLd.name);

  // Client-side navigation (the document stays): to the deal's category, which has no Product,
  // then to another deal of that list.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`${first.category.url}$`));
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  const other = page.locator(`main article a[href$=".html"]:not([href="${first.url}"])`).first();
  const otherUrl = (await other.getAttribute('href'))!;
  await other.click();
  await expect(page).toHaveURL(new RegExp(`${otherUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const navigated = await expectProductMatchesPage(page, origin);
  expect(navigated.url).toBe(`${origin}${otherUrl}`);
  expect(navigated.url).not.toBe(loaded.url);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
