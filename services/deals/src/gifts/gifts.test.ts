import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { GIFT_CARD_DEAL_ID, GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, GIFT_PRICE_BANDS, giftPriceBandOf } from '@shop/domain';
import { expectProblem, isLiveDeal, walkPages } from '../lists/list-test-helpers.ts';
import { ensureGiftCardDeal } from '../seed/gift-card.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { ensureGiftTags, giftTagsOf } from './gift-tags.ts';
import { GiftsResponseSchema } from './gifts.contract.ts';

const LOCAL = ['glasgow', 'edinburgh', 'aberdeen'] as const;

describe.each(testDatabases())('the gift finder feed on %s', (_name, open) => {
  // The default catalogue size, as a shop starts with: every recipient and personality must find gifts in it.
  const f = suiteFixture(
    async () => {
      const fixture = await dealsFixture(open, 1500);
      await ensureGiftCardDeal(fixture.db, TEST_NOW);
      await ensureGiftTags(fixture.db);
      return fixture;
    },
    (fixture) => fixture.database.close(),
  );
  const gifts = async (path: string) => GiftsResponseSchema.parse(await f.json(path));

  /** The gift tags and headline price of every live deal of these locations, straight from the table. */
  async function liveGifts(locations: readonly string[] | null) {
    let q = f.db
      .withSchema('deals')
      .selectFrom('deal')
      .innerJoin('location', 'location.id', 'deal.location_id')
      .select(['deal.id', 'deal.gift_tags', 'deal.headline_price_pence', 'deal.sold_count'])
      .where((eb) => eb.or([eb('deal.closing_date', 'is', null), eb('deal.closing_date', '>', TEST_NOW)]));
    if (locations) q = q.where('location.slug', 'in', [...locations]);
    return (await q.execute()).filter((r) => (r.gift_tags ?? []).length > 0);
  }

  it('every recipient and every personality finds live gifts in every city (with national deals) and on /gifts', async () => {
    for (const location of [...LOCAL, null]) {
      const body = await gifts(location ? `/gifts/${location}?facetedNavigation=true` : '/gifts?facetedNavigation=true');
      const facets = body.facetedNavigation!;
      for (const r of facets.recipients) expect(r.count, `${location ?? 'all'}: ${r.label}`).toBeGreaterThanOrEqual(5);
      for (const p of facets.personalities) expect(p.count, `${location ?? 'all'}: ${p.label}`).toBeGreaterThanOrEqual(5);
      expect(facets.recipients.map((r) => r.label)).toEqual(GIFT_FINDER_RECIPIENTS.map((r) => r.label));
      expect(facets.personalities.map((p) => p.label)).toEqual(GIFT_FINDER_PERSONALITIES.map((p) => p.label));
      expect(facets.priceBands.reduce((n, b) => n + b.count, 0)).toBe(body.searchResult.totalResults);
    }
  });

  it('combines recipient, personality and price band; 12 a page; every page together is the whole answer', async () => {
    const band = giftPriceBandOf('20-50')!;
    const base = '/gifts/glasgow?recipient=mum&personality=pampered&price=20-50';
    const first = await gifts(base);
    expect(first.searchResult).toMatchObject({ page: 0, pageSize: 12 });
    expect(first.location?.slug).toBe('glasgow');
    const expected = (await liveGifts(['glasgow', 'shop'])).filter(
      (r) => r.gift_tags!.includes('gifts-for-mum') && r.gift_tags!.includes('personality-pampered') && r.headline_price_pence >= band.minPence && r.headline_price_pence < band.maxPence!,
    );
    expect(expected.length).toBeGreaterThan(12);
    expect(first.searchResult.totalResults).toBe(expected.length);
    const { deals } = await walkPages(f, base, 12, (v) => GiftsResponseSchema.parse(v));
    expect(new Set(deals.map((d) => d.id))).toEqual(new Set(expected.map((r) => r.id)));
    for (const d of deals) {
      expect(['glasgow', 'shop']).toContain(d.location.slug);
      expect(isLiveDeal(d)).toBe(true);
    }
    // Most sold first.
    const sold = deals.map((d) => d.soldCount);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it('counts each facet with the other filters applied', async () => {
    const body = await gifts('/gifts/edinburgh?recipient=dad&facetedNavigation=true');
    const rows = await liveGifts(['edinburgh', 'shop']);
    const dads = rows.filter((r) => r.gift_tags!.includes('gifts-for-dad'));
    expect(body.facetedNavigation!.count).toBe(dads.length);
    for (const p of body.facetedNavigation!.personalities) {
      expect(p.count, p.id).toBe(dads.filter((r) => r.gift_tags!.includes(`personality-${p.id}`)).length);
    }
    // The recipient facet ignores the recipient chosen (so other recipients stay choosable).
    const mum = body.facetedNavigation!.recipients.find((r) => r.id === 'mum')!;
    expect(mum.count).toBe(rows.filter((r) => r.gift_tags!.includes('gifts-for-mum')).length);
    for (const b of body.facetedNavigation!.priceBands) {
      const band = GIFT_PRICE_BANDS.find((x) => x.id === b.id)!;
      expect(b.count, b.id).toBe(dads.filter((r) => r.headline_price_pence >= band.minPence && (band.maxPence === null || r.headline_price_pence < band.maxPence)).length);
    }
    expect((await gifts('/gifts/edinburgh?recipient=dad')).facetedNavigation).toBeNull();
  });

  it('lists the gift card first for everyone, and the carousel sort by saving', async () => {
    for (const path of ['/gifts', '/gifts/aberdeen?recipient=colleague', '/gifts/glasgow?personality=daredevil&price=10-20']) {
      expect((await gifts(path)).deals[0]?.id, path).toBe(GIFT_CARD_DEAL_ID);
    }
    expect((await gifts('/gifts?price=0-10')).deals.some((d) => d.id === GIFT_CARD_DEAL_ID)).toBe(false);
    const carousel = await gifts('/gifts/glasgow?recipient=bff&sort=discountPercentage&pageSize=20');
    expect(carousel.deals).toHaveLength(20);
    const rows = new Map((await liveGifts(null)).map((r) => [r.id, r]));
    const savings = await f.db.withSchema('deals').selectFrom('deal').select(['id', 'headline_discount_percentage']).where('id', 'in', carousel.deals.map((d) => d.id)).execute();
    const saving = new Map(savings.map((s) => [s.id, s.headline_discount_percentage]));
    const ordered = carousel.deals.map((d) => saving.get(d.id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect(carousel.deals.every((d) => rows.get(d.id)!.gift_tags!.includes('gifts-for-bff'))).toBe(true);
  });

  it('answers 400 naming the field for a bad filter and 404 for an unknown location', async () => {
    expect((await expectProblem(f, '/gifts/glasgow?recipient=cat', 400)).errors?.[0]?.field).toBe('recipient');
    expect((await expectProblem(f, '/gifts?personality=%3Cscript%3E', 400)).errors?.[0]?.field).toBe('personality');
    expect((await expectProblem(f, '/gifts?price=5-15', 400)).errors?.[0]?.field).toBe('price');
    expect((await expectProblem(f, '/gifts?pageSize=0', 400)).errors?.[0]?.field).toBe('pageSize');
    expect((await expectProblem(f, '/gifts/Glasgow', 400)).errors?.[0]?.field).toBe('location');
    await expectProblem(f, '/gifts/atlantis', 404);
    expect((await gifts('/gifts/national-deal')).location?.slug).toBe('shop');
    expect(f.logged).toEqual([]);
  });

  it('tags a catalogue that predates the gift finder once, as the rules say, and leaves tagged deals alone', async () => {
    const before = await f.db.withSchema('deals').selectFrom('deal').select(['id', 'gift_tags']).orderBy('id').execute();
    // An older catalogue: no deal tagged yet.
    await sql`update deals.deal set gift_tags = null where id % 3 = 0`.execute(f.db);
    await f.db.withSchema('deals').updateTable('deal').set({ gift_tags: ['gifts-for-dad'] }).where('id', '=', 1).execute();
    const untagged = before.filter((r) => r.id % 3 === 0).length;
    expect(await ensureGiftTags(f.db)).toBe(untagged);
    expect(await ensureGiftTags(f.db)).toBe(0);
    const after = await f.db.withSchema('deals').selectFrom('deal').select(['id', 'gift_tags']).orderBy('id').execute();
    expect(after.find((r) => r.id === 1)!.gift_tags).toEqual(['gifts-for-dad']); // never rewritten
    expect(after.filter((r) => r.id !== 1)).toEqual(before.filter((r) => r.id !== 1));
    await f.db.withSchema('deals').updateTable('deal').set({ gift_tags: before.find((r) => r.id === 1)!.gift_tags }).where('id', '=', 1).execute();
  });
});

describe('gift tags of a deal', () => {
  it('are read from its sub-category, else its category; the gift card suits everyone', () => {
    expect(giftTagsOf({ id: 5, category: 'activities-entertainment', subcategory: 'karting' })).toEqual(['gifts-for-teen', 'gifts-for-hubby', 'gifts-for-dad', 'personality-daredevil', 'personality-playful']);
    expect(giftTagsOf({ id: 5, category: 'uk-city-breaks', subcategory: null })).toContain('personality-jet-setter');
    expect(giftTagsOf({ id: 5, category: 'unknown', subcategory: null })).toEqual([]);
    expect(giftTagsOf({ id: GIFT_CARD_DEAL_ID, category: 'toys-gifts', subcategory: 'gift-sets' })).toHaveLength(GIFT_FINDER_RECIPIENTS.length + GIFT_FINDER_PERSONALITIES.length);
  });
});
