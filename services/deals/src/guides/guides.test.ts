import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { GuideSchema } from '../contract.ts';
import { expectProblem, isLiveDeal } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';

describe.each(testDatabases())('guides on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());

  it('GET /guides/{slug}: the guide page fields of spec §3 with a listicle of live deals', async () => {
    const guide = GuideSchema.parse(await f.json('/guides/best-afternoon-tea-glasgow'));
    expect(guide).toMatchObject({ slug: 'best-afternoon-tea-glasgow', url: '/guides/best-afternoon-tea-glasgow', displayName: 'The Best Afternoon Tea in Glasgow', listicleView: true, redirectUrl: null });
    expect(guide.text.length).toBeGreaterThan(20);
    expect(guide.additionalText.length).toBeGreaterThan(20);
    expect(guide.dealsFeed).toMatchObject({ searchTerm: 'afternoon tea', location: 'glasgow', pageSize: 30, allLocations: false, excludedCategories: [], excludedDeals: [] });
    expect(guide.listicleDeals).toHaveLength(5);
    expect(guide.listicleDeals[0]!.heading).toBe('Best for a special occasion');
    expect(guide.listicleDeals.every((e) => e.deal.location.slug === 'glasgow' && isLiveDeal(e.deal) && e.text.length > 0)).toBe(true);
    expect(guide.listicleDeals.some((e) => e.deal.category.shortName === 'afternoon-tea' || e.deal.subCategory?.shortName === 'afternoon-tea')).toBe(true);

    const mum = GuideSchema.parse(await f.json('/guides/gifts-for-mum'));
    expect(mum.dealsFeed).toMatchObject({ tag: 'gifts for mum', allLocations: true, location: null });
    expect(mum.listicleView).toBe(false);
    expect(mum.listicleDeals).toEqual([]);
  });

  it('serves nested slugs, sent as segments or with an encoded slash', async () => {
    const nested = GuideSchema.parse(await f.json('/guides/affiliate/student-deals'));
    expect(nested).toMatchObject({ slug: 'affiliate/student-deals', url: '/guides/affiliate/student-deals' });
    expect(nested.dealsFeed).toMatchObject({ location: 'glasgow', maxPrice: 2000, orderBy: 'pricelow', orderDirection: 'asc' });
    expect(GuideSchema.parse(await f.json('/guides/affiliate%2Fstudent-deals'))).toEqual(nested);
    await expectProblem(f, '/guides/affiliate', 404);
    await expectProblem(f, '/guides/affiliate/student-deals/extra', 404);
  });

  it('a moved guide carries its redirectUrl (the page answers 301 with it)', async () => {
    const moved = GuideSchema.parse(await f.json('/guides/old-spa-guide'));
    expect(moved.redirectUrl).toBe('/guides/spa-days-edinburgh');
    const target = GuideSchema.parse(await f.json(moved.redirectUrl!));
    expect(target.redirectUrl).toBeNull();
    expect(target.dealsFeed).toMatchObject({ category: 'spa', location: 'edinburgh' });
  });

  it('answers 404 for unknown guides and 400 naming slug for malformed ones', async () => {
    expect((await expectProblem(f, '/guides/no-such-guide', 404)).detail).toMatch(/guide/);
    for (const bad of ['Bad_Slug', 'a//b', 'a/', 'x'.repeat(201), '..%2F..%2Fetc', 'a/b/c/d/e/f']) {
      expect((await expectProblem(f, `/guides/${bad}`, 400)).errors?.[0]?.field, bad).toBe('slug');
    }
  });

  it('shows only live listicle deals, in listicle order', async () => {
    const before = GuideSchema.parse(await f.json('/guides/christmas-gift-guide'));
    expect(before.listicleDeals.length).toBeGreaterThanOrEqual(3);
    const victim = before.listicleDeals[1]!.deal.id;
    await f.db.withSchema('deals').updateTable('deal').set({ closing_date: new Date(TEST_NOW.getTime() - 60_000) }).where('id', '=', victim).execute();
    const after = GuideSchema.parse(await f.json('/guides/christmas-gift-guide'));
    expect(after.listicleDeals.map((e) => [e.deal.id, e.heading])).toEqual(before.listicleDeals.filter((e) => e.deal.id !== victim).map((e) => [e.deal.id, e.heading]));
    expect(f.logged).toEqual([]);
  });
});
