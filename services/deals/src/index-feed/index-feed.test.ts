import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { dealHeadline, deliveryPricesOf } from '@shop/domain';
import { DealSchema, ProblemSchema } from '../contract.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { IndexDealsResponseSchema, type IndexDeal } from './index-feed.contract.ts';

describe.each(testDatabases())('GET /index/deals on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 120), (fixture) => fixture.database.close());

  it('walks every deal, live or closed, in id order with nextAfter until null', async () => {
    const seen: IndexDeal[] = [];
    let after: number | null = 0;
    let pages = 0;
    while (after !== null) {
      const page = IndexDealsResponseSchema.parse(await f.json(`/index/deals?after=${after}&limit=50`));
      seen.push(...page.deals);
      after = page.nextAfter;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((d) => d.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(seen.some((d) => d.closingDate !== null && new Date(d.closingDate) < TEST_NOW)).toBe(true);
  });

  it('gives each deal 2 to 5 lower-case tags and the deal page path as url', async () => {
    const { deals } = IndexDealsResponseSchema.parse(await f.json('/index/deals?limit=1000'));
    for (const d of deals) {
      expect(d.tags.length, `deal ${d.id}`).toBeGreaterThanOrEqual(2);
      expect(d.tags.length).toBeLessThanOrEqual(5);
      for (const t of d.tags) expect(t).toBe(t.toLowerCase());
    }
    const tea = deals.find((d) => d.subcategorySlug === 'afternoon-tea' || d.categorySlug === 'afternoon-tea');
    expect(tea?.tags).toContain('afternoon tea');
    const one = deals[7]!;
    const deal = DealSchema.parse(await f.json(`/deal/${one.id}`));
    expect(one).toMatchObject({ url: deal.shareUrl, title: deal.title, merchantName: deal.business.name, locationSlug: deal.location.slug, price: deal.price, soldCount: deal.soldCount, closingDate: deal.closingDate, categoryName: deal.category.name });
    expect(one.lat).toBeCloseTo(deal.business.latLon.lat, 5);
  });

  it('carries each deal\'s headline price and saving: the cheapest option with its unavoidable postage (domain/src/headline-price.ts)', async () => {
    const deals: IndexDeal[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page = IndexDealsResponseSchema.parse(await f.json(`/index/deals?limit=1000&after=${after}`));
      deals.push(...page.deals);
      after = page.nextAfter;
    }
    const withPostage = deals.filter((d) => d.headlinePrice.amount > d.price.amount);
    expect(withPostage.length, 'seeded goods deals with postage').toBeGreaterThan(0);
    expect(deals.every((d) => d.headlinePrice.amount >= d.price.amount)).toBe(true);
    for (const one of [...withPostage.slice(0, 5), deals[7]!]) {
      const deal = DealSchema.parse(await f.json(`/deal/${one.id}`));
      const expected = dealHeadline(
        deal.products.map((p) => ({ price: p.price.amount, originalPrice: p.originalPrice.amount, deliveryPrices: deliveryPricesOf(p.postagePrice?.amount), vipExclusive: p.vipExclusive, disabled: p.disabled })),
      );
      expect({ id: one.id, price: one.headlinePrice.amount, pct: one.headlineDiscountPercentage }).toEqual({ id: one.id, price: expected.price, pct: expected.discountPercentage });
      expect(one.headlinePrice.currency).toBe(deal.price.currency);
    }
  });

  it('validates after and limit', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=x', 'after=-1', 'after=1.5']) {
      const res = await f.get(`/index/deals?${q}`);
      expect(res.status, q).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.[0]?.field).toBe(q.split('=')[0]);
    }
  });
});
