import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dealHeadline, deliveryPricesOf, MAX_PAGE_SIZE, type Headline } from '@shop/domain';
import { vipPriceOf } from '@shop/domain/vip';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealSchema, DealsByIdsResponseSchema, DealsResponseSchema, type Deal, type DealsResponse } from '../contract.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { expectProblem } from '../lists/list-test-helpers.ts';

/** The headline a card shows (domain dealHeadline), from the deal's products. */
function headlineOf(d: Deal): Headline {
  return dealHeadline(
    d.products.map((p) => ({
      price: p.price.amount,
      originalPrice: p.originalPrice.amount,
      deliveryPrices: deliveryPricesOf(p.postagePrice?.amount ?? null),
      vipExclusive: p.vipExclusive,
      disabled: p.disabled,
    })),
  );
}

describe.each(testDatabases())('deals routes on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open), (fixture) => fixture.database.close());

  const list = async (path: string): Promise<DealsResponse> => DealsResponseSchema.parse(await f.json(path));
  const problem = (path: string, status: number) => expectProblem(f, path, status);
  async function walk(base: string): Promise<Deal[]> {
    const all: Deal[] = [];
    let after: string | null = null;
    for (let i = 0; i < 200; i++) {
      const sep = base.includes('?') ? '&' : '?';
      const page: DealsResponse = await list(after ? `${base}${sep}after=${after}` : base);
      all.push(...page.deals);
      after = page.searchResult.nextCursor;
      if (!after) break;
    }
    return all;
  }

  it('GET /deals/{location} returns the DealsResponse contract with 9 deals by default', async () => {
    const body = await list('/deals/glasgow');
    expect(body.deals).toHaveLength(9);
    expect(body.location.slug).toBe('glasgow');
    expect(body.category).toBeNull();
    expect(body.canonicalUrl).toBe('/deals/glasgow');
    expect(body.searchResult).toMatchObject({ page: 0, pageSize: 9 });
    expect(body.searchResult.nextCursor).toEqual(expect.any(String));
    expect(body.mainDeal?.price).toEqual(body.deals[0]!.price);
    for (const d of body.deals) {
      expect(d.location.slug).toBe('glasgow');
      expect(d.shareUrl).toMatch(new RegExp(`^/deals/glasgow/${d.category.shortName}/(${d.subCategory?.shortName}/)?${d.id}/[a-z0-9-]+\\.html$`));
      expect(d.title.length).toBeLessThanOrEqual(65);
      const visible = d.products.filter((p) => !p.disabled && !p.vipExclusive);
      expect(d.price.amount).toBe(Math.min(...visible.map((p) => p.price.amount)));
      expect(d.productDisplay.type).toBe(d.products.filter((p) => !p.disabled).length > 1 ? 'multi' : 'single');
      // The badge is the saving of the price pair shown, never a bigger one from another option.
      expect(d.discountPercentage).toBe(visible.find((p) => p.price.amount === d.price.amount && p.originalPrice.amount === d.originalPrice.amount)!.discountPercentage);
    }
  });

  it('lists category and sub-category deals, by path or by query filter', async () => {
    const cat = await list('/deals/edinburgh/food-drink?pageSize=48');
    expect(cat.category?.slug).toBe('food-drink');
    expect(cat.deals.every((d) => d.category.shortName === 'food-drink')).toBe(true);
    const byQuery = await list('/deals/edinburgh?category=food-drink&pageSize=48');
    expect(byQuery.deals.map((d) => d.id)).toEqual(cat.deals.map((d) => d.id));
    const sub = await list('/deals/edinburgh/food-drink/afternoon-tea?pageSize=48');
    expect(sub.subCategory?.slug).toBe('afternoon-tea');
    expect(sub.canonicalUrl).toBe('/deals/edinburgh/food-drink/afternoon-tea');
    expect(sub.deals.every((d) => d.subCategory?.shortName === 'afternoon-tea')).toBe(true);
    const subByQuery = await list('/deals/edinburgh/food-drink?subcategory=afternoon-tea&pageSize=48');
    expect(subByQuery.searchResult.totalResults).toBe(sub.searchResult.totalResults);
  });

  it('serves the national location under shop and national-deal, redirecting national urls to shop', async () => {
    const shop = await list('/deals/shop');
    const national = await list('/deals/national-deal');
    expect(national.deals.map((d) => d.id)).toEqual(shop.deals.map((d) => d.id));
    expect(shop.redirectUrl).toBeNull();
    expect(national.redirectUrl).toBe('/deals/shop');
    expect(shop.deals.every((d) => d.deliveryType === 'postal')).toBe(true);
  });

  // Price and discount sorts use the headline a card shows (postage included): 'shop' sells posted goods.
  it.each([
    ['popularity', (d: Deal) => d.soldCount, 'desc'],
    ['price', (d: Deal) => headlineOf(d).price, 'desc'],
    ['pricelow', (d: Deal) => headlineOf(d).price, 'asc'],
    ['discountPercentage', (d: Deal) => headlineOf(d).discountPercentage, 'desc'],
    ['recentlyAdded', (d: Deal) => Date.parse(d.createdAt), 'desc'],
  ] as const)('sort=%s really sorts, across every page', async (sort, key, direction) => {
    for (const location of ['glasgow', 'shop']) {
      const deals = await walk(`/deals/${location}?sort=${sort}&pageSize=17`);
      expect(deals.length).toBeGreaterThan(40);
      for (let i = 1; i < deals.length; i++) {
        const [a, b] = [key(deals[i - 1]!), key(deals[i]!)];
        if (direction === 'desc') expect(a).toBeGreaterThanOrEqual(b);
        else expect(a).toBeLessThanOrEqual(b);
      }
    }
  });

  it('walking every page by cursor gives no duplicates or gaps and matches page/offset order', async () => {
    for (const sort of ['popularity', 'pricelow', 'recentlyAdded']) {
      const byCursor = await walk(`/deals/glasgow?sort=${sort}&pageSize=10`);
      const first = await list(`/deals/glasgow?sort=${sort}&pageSize=10`);
      const total = first.searchResult.totalResults;
      expect(byCursor).toHaveLength(total);
      expect(new Set(byCursor.map((d) => d.id)).size).toBe(total);
      const byPage: number[] = [];
      for (let page = 0; page * 10 < total; page++) {
        const body = await list(`/deals/glasgow?sort=${sort}&pageSize=10&page=${page}`);
        expect(body.searchResult.page).toBe(page);
        if (page > 0) expect(body.canonicalUrl).toBe(`/deals/glasgow?page=${page + 1}`);
        byPage.push(...body.deals.map((d) => d.id));
      }
      expect(byPage).toEqual(byCursor.map((d) => d.id));
      const byOffset = await list(`/deals/glasgow?sort=${sort}&pageSize=10&offset=25`);
      expect(byOffset.deals.map((d) => d.id)).toEqual(byPage.slice(25, 35));
      expect(byOffset.searchResult.page).toBe(2);
    }
  });

  it('reports the page of a keyset page and ends with a null cursor', async () => {
    const p0 = await list('/deals/aberdeen?pageSize=5');
    const p1 = await list(`/deals/aberdeen?pageSize=5&after=${p0.searchResult.nextCursor}`);
    expect(p1.searchResult.page).toBe(1);
    const lastPage = await list(`/deals/aberdeen?pageSize=${MAX_PAGE_SIZE}`);
    expect(lastPage.searchResult.totalResults).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(lastPage.searchResult.nextCursor).toBeNull();
  });

  it('facet counts add up to the total, at location and category level', async () => {
    for (const path of ['/deals/glasgow', '/deals/glasgow/restaurants-food', '/deals/travel', '/deals/glasgow?minPrice=2000&maxPrice=6000']) {
      const body = await list(path);
      const sum = body.facetedNavigation.navigations.reduce((s, n) => s + n.count, 0);
      expect(sum, path).toBe(body.searchResult.totalResults);
      expect(body.facetedNavigation.count).toBe(body.searchResult.totalResults);
    }
    const cat = await list('/deals/glasgow/restaurants-food');
    expect(cat.facetedNavigation.navigations.every((n) => n.url.startsWith('/deals/glasgow/restaurants-food/'))).toBe(true);
  });

  it('filters by headline price range (pence, inclusive, postage included) and VIP', async () => {
    for (const location of ['glasgow', 'shop']) {
      const ranged = await walk(`/deals/${location}?minPrice=2000&maxPrice=5000&pageSize=48`);
      expect(ranged.length).toBeGreaterThan(0);
      expect(ranged.every((d) => headlineOf(d).price >= 2000 && headlineOf(d).price <= 5000)).toBe(true);
      const everything = await walk(`/deals/${location}?pageSize=48`);
      expect(ranged.length).toBe(everything.filter((d) => headlineOf(d).price >= 2000 && headlineOf(d).price <= 5000).length);
    }
    const all = await list('/deals/glasgow');
    const vip = await walk('/deals/glasgow?vip=true&pageSize=48');
    const nonVip = await list('/deals/glasgow?vip=false');
    expect(vip.length).toBeGreaterThan(0);
    expect(vip.every((d) => d.vipExclusive && d.products.some((p) => p.vipExclusive))).toBe(true);
    expect(vip.length + nonVip.searchResult.totalResults).toBe(all.searchResult.totalResults);
    // Spec §3 mainDeal{price, vipPrice}: the first deal's, its VIP price the cheapest enabled VIP option (null without one).
    const vipFirst = await list('/deals/glasgow?vip=true');
    const first = vipFirst.deals[0]!;
    expect(vipFirst.mainDeal).toEqual({ price: first.price, vipPrice: { amount: vipPriceOf(first.products.map((p) => ({ ...p, price: p.price.amount })))!, currency: 'GBP' } });
    expect(nonVip.mainDeal?.vipPrice).toBeNull();
  });

  it('does not list deals whose closing date has passed', async () => {
    const closed = await sql<{ id: number; location_id: number }>`
      select id, location_id from deals.deal where closing_date < ${TEST_NOW} and location_id = 1`.execute(f.database.db);
    expect(closed.rows.length).toBeGreaterThan(0);
    const listed = new Set((await walk('/deals/glasgow?pageSize=48')).map((d) => d.id));
    for (const r of closed.rows) expect(listed.has(Number(r.id))).toBe(false);
    // The deal page still answers for a closed deal, with its closing date.
    const deal = DealSchema.parse(await f.json(`/deal/${closed.rows[0]!.id}`));
    expect(Date.parse(deal.closingDate!)).toBeLessThan(TEST_NOW.getTime());
  });

  /** A hand-made cursor, as a client could forge one. */
  const forged = (tuple: unknown[]) => Buffer.from(JSON.stringify(tuple)).toString('base64url');

  it('rejects bad input with a 400 problem naming the field', async () => {
    const cases: Array<[string, string]> = [
      // Forged cursors with values no integer / timestamptz column can hold must not reach SQL.
      [`/deals/glasgow?after=${forged(['popularity', 3_000_000_000, 1, 0])}`, 'after'],
      [`/deals/glasgow?sort=price&after=${forged(['price', -1, 1, 0])}`, 'after'],
      [`/deals/glasgow?after=${forged(['popularity', 10, 9_999_999_999, 0])}`, 'after'],
      [`/deals/glasgow?after=${forged(['popularity', 10, 2_147_483_648, 0])}`, 'after'],
      [`/deals/glasgow?after=${forged(['popularity', 10, 0, 0])}`, 'after'],
      [`/deals/glasgow?after=${forged(['popularity', 10, 1, 1e15])}`, 'after'],
      [`/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', '0000-01-01T00:00:00Z', 1, 0])}`, 'after'],
      [`/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', '1969-12-31T23:59:59Z', 1, 0])}`, 'after'],
      [`/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', '2026-13-45T00:00:00Z', 1, 0])}`, 'after'],
      [`/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', 1, 1, 0])}`, 'after'],
      ['/deals/glasgow?page=100001', 'page'],
      ['/deals/glasgow?offset=5000001', 'offset'],
      ['/deals/glasgow?offset=1e309', 'offset'],
      ['/deals/glasgow?minPrice=2147483648', 'minPrice'],
      ['/deals/glasgow?maxPrice=99999999999999999999', 'maxPrice'],
      ['/deal/2147483648', 'dealId'],
      ['/deal/9999999999', 'dealId'],
      ['/deal?ids=1,9999999999', 'ids'],
      ['/merchants/9999999999', 'merchantId'],
      ['/merchants?ids=9999999999', 'ids'],
      ['/deals/glasgow?sort=price;%20DROP%20TABLE%20deals.deal', 'sort'],
      ["/deals/glasgow?sort=price'%20OR%201=1--", 'sort'],
      ['/deals/glasgow?minPrice=500&maxPrice=100', 'minPrice'],
      ['/deals/glasgow?minPrice=12.5', 'minPrice'],
      ['/deals/glasgow?maxPrice=-1', 'maxPrice'],
      ['/deals/glasgow?pageSize=49', 'pageSize'],
      ['/deals/glasgow?pageSize=0', 'pageSize'],
      ['/deals/glasgow?page=-1', 'page'],
      ['/deals/glasgow?vip=yes', 'vip'],
      ['/deals/glasgow?after=not-a-cursor%25', 'after'],
      ['/deals/glasgow?after=WyJwb3B1bGFyaXR5IiwxLDEsMF0&page=2', 'after'],
      ['/deals/glasgow?category=%25', 'category'],
      ['/deals/glasgow?category=spa_%5C', 'category'],
      ['/deals/glasgow/%25_%5C', 'category'],
      ['/deals/glasgow?location=edinburgh', 'location'],
      ['/deals/glasgow/spa?category=beauty', 'category'],
      ['/deals/glasgow?subcategory=nails', 'subcategory'],
      ['/deal/12abc', 'dealId'],
      ['/deal?ids=1,2,x', 'ids'],
      [`/deal?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'ids'],
    ];
    for (const [path, field] of cases) {
      const body = await problem(path, 400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors?.map((e) => e.field), path).toContain(field);
    }
  });

  it('accepts in-range forged cursors at the edges of the integer and date ranges', async () => {
    for (const path of [
      `/deals/glasgow?after=${forged(['popularity', 2_147_483_647, 2_147_483_647, 2_147_483_647])}`,
      `/deals/glasgow?sort=pricelow&after=${forged(['pricelow', 0, 1, 0])}`,
      `/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', '9999-12-31T23:59:59Z', 2_147_483_647, 0])}`,
      `/deals/glasgow?sort=recentlyAdded&after=${forged(['recentlyAdded', '1970-01-01T00:00:00Z', 1, 0])}`,
    ]) {
      const res = await f.get(path);
      expect(res.status, path).toBe(200);
    }
  });

  it('rejects a cursor from another sort order', async () => {
    const p0 = await list('/deals/glasgow?sort=popularity');
    const body = await problem(`/deals/glasgow?sort=pricelow&after=${p0.searchResult.nextCursor}`, 400);
    expect(body.errors?.[0]?.field).toBe('after');
  });

  it('leaves the tables intact after hostile input', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deals.deal`.execute(f.database.db);
    expect(Number(rows[0]!.n)).toBe(300);
  });

  it('answers 404 for unknown locations, categories and sub-categories, and categories of another kind of location', async () => {
    for (const path of ['/deals/london', '/deals/glasgow/electricals', '/deals/glasgow/spa/nails', '/deals/shop/spa', '/deals/glasgow/not-a-category']) {
      expect((await problem(path, 404)).code).toBe('NOT_FOUND');
    }
  });

  it('GET /deal/{dealId} returns a deal, 404 when unknown', async () => {
    const deal = DealSchema.parse(await f.json('/deal/1'));
    expect(deal.id).toBe(1);
    expect(deal.products.length).toBeGreaterThanOrEqual(1);
    expect(deal.image.imageUrl).toMatch(/^\/api\/deals\/images\/\d+\/v\d+\/1200\.jpg$/);
    expect((await problem('/deal/999999', 404)).code).toBe('NOT_FOUND');
  });

  it('GET /deal?ids= returns the ones found', async () => {
    const body = DealsByIdsResponseSchema.parse(await f.json('/deal?ids=3,1,2,2,999999'));
    expect(body.deals.map((d) => d.id).sort()).toEqual([1, 2, 3]);
  });
});
