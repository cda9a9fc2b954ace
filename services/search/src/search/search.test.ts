import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import type { IndexDeal } from '@shop/deals/index-feed/index-feed.contract';
import { ProblemSchema, SearchResponseSchema, type SearchResponse } from '../contract.ts';
import { AD_ID_OFFSET, isSponsoredDealId } from '../indexer/campaigns.ts';
import { searchFixture, TEST_NOW, type SearchFixture } from '../test/search-fixture.ts';

describe.each(testDatabases())('GET /search on %s', (_name, open) => {
  let f: SearchFixture;
  let feed: Map<number, IndexDeal>;
  const live = (d: IndexDeal) => d.closingDate === null || new Date(d.closingDate) > TEST_NOW;

  const search = async (path: string): Promise<SearchResponse> => SearchResponseSchema.parse(await f.json(path));
  /** Every deal of a search, walking its pages. */
  const allPages = async (path: string, pageSize = 48): Promise<SearchResponse['deals']> => {
    const out: SearchResponse['deals'] = [];
    for (let page = 0; ; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const r = await search(`${path}${sep}pageSize=${pageSize}&page=${page}`);
      out.push(...r.deals);
      if (r.deals.length < pageSize) return out;
    }
  };
  const badField = async (path: string) => {
    const res = await f.get(path);
    expect(res.status, path).toBe(400);
    return ProblemSchema.parse(await res.json()).errors?.[0]?.field;
  };

  beforeAll(async () => {
    f = await searchFixture(open);
    feed = await f.feed();
  });
  afterAll(async () => {
    await f?.database.close();
  });

  it('answers the spec §3 search response shape, relevance by default with words', async () => {
    const r = await search('/search/glasgow?q=massage');
    expect(r.searchResult).toMatchObject({ page: 0, pageSize: 12, query: 'massage', sort: 'relevance', strategy: 'a', correctedQuery: null });
    expect(r.deals.length).toBeGreaterThan(0);
    expect(r.sponsored.sessionId).toBeNull();
    for (const [i, d] of r.deals.entries()) {
      expect(d.rank).toBe(i + 1);
      expect(d.url).toBe(feed.get(d.id)!.url);
      expect(d.locationSlug).toBe('glasgow');
    }
    const browse = await search('/search/glasgow');
    expect(browse.searchResult.sort).toBe('popularity');
    expect(browse.deals.every((d) => d.score === null)).toBe(true);
  });

  it('mainDeal is the cheapest deal of the whole result (every page), whatever the sort and page: the "from £X" of the header', async () => {
    let firstWasNotCheapest = 0;
    for (const path of ['/search/glasgow?q=massage', '/search/glasgow', '/search/all?q=afternoon%20tea&sort=price', '/search/all?category=spa&minPrice=2000', '/search/all?q=masage']) {
      const every = await allPages(path);
      expect(every.length, path).toBeGreaterThan(1);
      const lowest = Math.min(...every.map((d) => d.price.amount));
      for (const page of [0, 1]) {
        const r = await search(`${path}${path.includes('?') ? '&' : '?'}pageSize=12&page=${page}`);
        expect(r.mainDeal?.price, `${path} page ${page}`).toEqual({ amount: lowest, currency: 'GBP' });
        if (page === 0 && r.deals[0]!.price.amount !== lowest) firstWasNotCheapest++;
      }
    }
    // The old reading (the first deal of the page) would fail on these.
    expect(firstWasNotCheapest).toBeGreaterThan(2);
  });

  it('ranks a deal with the word in its title above one with it only in the headline or elsewhere', async () => {
    // Merchant names are in every headline (and the B-weighted text) but only in some titles.
    const words = [...new Set([...feed.values()].flatMap((d) => d.merchantName.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 6))].sort();
    let checked = 0;
    let headlineOnly = 0;
    for (const word of words) {
      const deals = await allPages(`/search/all?q=${word}`);
      const inTitle = deals.map((d) => new RegExp(`\\b${word}`, 'i').test(d.title));
      const lastTitle = inTitle.lastIndexOf(true);
      const firstOther = inTitle.indexOf(false);
      if (lastTitle < 0 || firstOther < 0) continue;
      expect(lastTitle, word).toBeLessThan(firstOther);
      if (deals.slice(firstOther).some((d) => d.headline.toLowerCase().includes(word))) headlineOnly++;
      if (++checked === 4) break;
    }
    expect(checked).toBe(4);
    expect(headlineOnly).toBeGreaterThan(0);
  });

  it('stems English words and folds accents ("massages", "Mássage")', async () => {
    const base = await search('/search/all?q=massage');
    expect(base.searchResult.totalResults).toBeGreaterThan(0);
    for (const q of ['massages', 'M%C3%A1ssage', 'MASSAGE']) {
      const r = await search(`/search/all?q=${q}`);
      expect(r.searchResult.totalResults, q).toBe(base.searchResult.totalResults);
      expect(r.searchResult.correctedQuery).toBeNull();
    }
  });

  it('corrects typos against the vocabulary ("masage", "afternon tea")', async () => {
    const typo = await search('/search/all?q=masage');
    expect(typo.searchResult.correctedQuery).toBe('massage');
    expect(typo.searchResult.query).toBe('masage');
    expect(typo.searchResult.totalResults).toBe((await search('/search/all?q=massage')).searchResult.totalResults);
    const tea = await search('/search/glasgow?q=afternon%20tea');
    expect(tea.searchResult.correctedQuery).toBe('afternoon tea');
    expect(tea.deals.length).toBeGreaterThan(0);
    expect(tea.deals.every((d) => /afternoon tea/i.test(`${d.title} ${d.headline}`))).toBe(true);
    // Gibberish finds nothing and is not "corrected" into something unrelated.
    const none = await search('/search/all?q=qzxv');
    expect(none.searchResult.totalResults).toBe(0);
    expect(none.deals).toEqual([]);
    expect(none.mainDeal).toBeNull();
  });

  it('filters by category and sub-category', async () => {
    const all = await search('/search/glasgow');
    const spaCount = all.facetedNavigation.navigations.find((n) => n.type === 'category' && n.shortName === 'spa')!.count;
    const spa = await allPages('/search/glasgow?category=spa');
    expect(spa.length).toBe(spaCount);
    expect(spa.every((d) => d.categorySlug === 'spa')).toBe(true);
    const r = await search('/search/glasgow?category=spa');
    const subs = r.facetedNavigation.navigations.filter((n) => n.type === 'subcategory');
    expect(subs.length).toBeGreaterThan(0);
    const sub = subs[0]!;
    const inSub = await allPages(`/search/glasgow?category=spa&subcategory=${sub.shortName}`);
    expect(inSub.length).toBe(sub.count);
    expect(inSub.every((d) => d.subcategorySlug === sub.shortName)).toBe(true);
    const several = await allPages('/search/glasgow?categories=spa,beauty');
    expect(new Set(several.map((d) => d.categorySlug))).toEqual(new Set(['spa', 'beauty']));
  });

  it('filters by price in pence, bounds inclusive', async () => {
    const range = await allPages('/search/all?minPrice=2000&maxPrice=4000');
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((d) => d.price.amount >= 2000 && d.price.amount <= 4000)).toBe(true);
    // The index's price is the feed's headline price (postage included), what the cards show.
    const expected = [...feed.values()].filter((d) => live(d) && d.headlinePrice.amount >= 2000 && d.headlinePrice.amount <= 4000).length;
    expect(range.length).toBe(expected);
    const one = range[3]!;
    const exact = await allPages(`/search/all?minPrice=${one.price.amount}&maxPrice=${one.price.amount}`);
    expect(exact.map((d) => d.id)).toContain(one.id);
    expect(exact.every((d) => d.price.amount === one.price.amount)).toBe(true);
    expect(await badField('/search/all?minPrice=5000&maxPrice=4000')).toBe('minPrice');
    expect(await badField('/search/all?minPrice=12.5')).toBe('minPrice');
    expect(await badField('/search/all?maxPrice=-1')).toBe('maxPrice');
  });

  it('filters VIP-exclusive deals in or out', async () => {
    const total = (await search('/search/all')).searchResult.totalResults;
    const vip = await allPages('/search/all?vip=true');
    const notVip = await search('/search/all?vip=false');
    expect(vip.length).toBeGreaterThan(0);
    expect(vip.every((d) => feed.get(d.id)!.vipExclusive)).toBe(true);
    expect(vip.length + notVip.searchResult.totalResults).toBe(total);
    expect(await badField('/search/all?vip=yes')).toBe('vip');
  });

  it('searches one location, or all of them (all, allLocations=true); national-deal is shop', async () => {
    const glasgow = await allPages('/search/glasgow?q=spa');
    expect(glasgow.every((d) => d.locationSlug === 'glasgow')).toBe(true);
    const everywhere = await search('/search/all?q=spa');
    expect(everywhere.searchResult.totalResults).toBeGreaterThan(glasgow.length);
    const locations = everywhere.facetedNavigation.navigations.filter((n) => n.type === 'location');
    expect(locations.find((n) => n.shortName === 'glasgow')?.count).toBe(glasgow.length);
    expect(locations.find((n) => n.shortName === 'glasgow')?.linkText).toBe('Glasgow');
    expect((await search('/search/glasgow?q=spa&allLocations=true')).searchResult.totalResults).toBe(everywhere.searchResult.totalResults);
    expect((await search('/search/glasgow?q=spa')).facetedNavigation.navigations.some((n) => n.type === 'location')).toBe(false);
    expect((await search('/search/national-deal')).searchResult.totalResults).toBe((await search('/search/shop')).searchResult.totalResults);
    const res = await f.get('/search/atlantis?q=spa');
    expect(res.status).toBe(404);
    expect(ProblemSchema.parse(await res.json()).code).toBe('NOT_FOUND');
    expect(await badField('/search/Bad%20Place')).toBe('location');
  });

  it('filters by tag (guide feeds)', async () => {
    const tagged = await allPages('/search/all?tag=afternoon%20tea');
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((d) => feed.get(d.id)!.tags.includes('afternoon tea'))).toBe(true);
    expect(tagged.length).toBe([...feed.values()].filter((d) => live(d) && d.tags.includes('afternoon tea')).length);
    expect((await search('/search/all?tag=Afternoon%20Tea')).searchResult.totalResults).toBe(tagged.length);
  });

  it('leaves out excluded categories and deals', async () => {
    const all = await search('/search/glasgow');
    const without = await allPages('/search/glasgow?excludeCategories=spa,beauty');
    expect(without.some((d) => d.categorySlug === 'spa' || d.categorySlug === 'beauty')).toBe(false);
    const r = await search('/search/glasgow?excludeCategories=spa,beauty');
    expect(r.facetedNavigation.navigations.some((n) => n.shortName === 'spa' || n.shortName === 'beauty')).toBe(false);
    const counts = Object.fromEntries(all.facetedNavigation.navigations.map((n) => [n.shortName, n.count]));
    expect(without.length).toBe(all.searchResult.totalResults - (counts.spa ?? 0) - (counts.beauty ?? 0));
    const ids = all.deals.slice(0, 3).map((d) => d.id);
    const fewer = await search(`/search/glasgow?excludeDeals=${ids.join(',')}`);
    expect(fewer.searchResult.totalResults).toBe(all.searchResult.totalResults - 3);
    expect(fewer.deals.some((d) => ids.includes(d.id))).toBe(false);
    expect(await badField('/search/glasgow?excludeDeals=1,x')).toBe('excludeDeals');
    expect(await badField('/search/glasgow?excludeCategories=Spa')).toBe('excludeCategories');
  });

  it('prices a posted goods deal at its headline (postage included): shown, filtered and sorted on that figure', async () => {
    const posted = [...feed.values()].filter((d) => live(d) && d.headlinePrice.amount > d.price.amount);
    expect(posted.length, 'the fixture has live goods deals with postage').toBeGreaterThan(0);
    const one = posted[0]!;
    const h = one.headlinePrice.amount;
    const exact = await allPages(`/search/all?minPrice=${h}&maxPrice=${h}`);
    expect(exact.find((d) => d.id === one.id)?.price.amount).toBe(h);
    // Below its headline (at its postage-free price) it is not found: the postage is part of the price.
    const belowHeadline = await allPages(`/search/all?minPrice=${one.price.amount}&maxPrice=${h - 1}`);
    expect(belowHeadline.map((d) => d.id)).not.toContain(one.id);
  });

  it('sorts by each option with a direction override', async () => {
    const key: Record<string, (d: IndexDeal) => number> = {
      popularity: (d) => -d.soldCount,
      price: (d) => -d.headlinePrice.amount,
      pricelow: (d) => d.headlinePrice.amount,
      discountPercentage: (d) => -d.headlineDiscountPercentage,
      recentlyAdded: (d) => -new Date(d.createdAt).getTime(),
    };
    for (const [sort, k] of Object.entries(key)) {
      for (const path of [`/search/all?sort=${sort}`, `/search/glasgow?q=spa&sort=${sort}`]) {
        const deals = await allPages(path);
        const values = deals.map((d) => k(feed.get(d.id)!));
        expect(values, path).toEqual([...values].sort((a, b) => a - b));
        const r = await search(path);
        expect(r.searchResult.sort).toBe(sort);
      }
    }
    const asc = (await allPages('/search/all?sort=price&order=asc')).map((d) => d.price.amount);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect((await search('/search/all?sort=price&order=asc')).searchResult.order).toBe('asc');
    const desc = (await allPages('/search/all?sort=pricelow&order=desc')).map((d) => d.price.amount);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const relevance = await search('/search/all?q=spa&sort=relevance');
    const scores = relevance.deals.map((d) => d.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await badField('/search/all?sort=cheapest')).toBe('sort');
    expect(await badField('/search/all?order=up')).toBe('order');
  });

  it('counts facets that add up to the total when no category is chosen', async () => {
    for (const path of ['/search/glasgow', '/search/all?q=spa', '/search/all?q=tea&maxPrice=5000', '/search/edinburgh?vip=false&excludeCategories=learning']) {
      const r = await search(path);
      const cats = r.facetedNavigation.navigations.filter((n) => n.type === 'category');
      expect(cats.reduce((s, n) => s + n.count, 0), path).toBe(r.searchResult.totalResults);
      expect(r.facetedNavigation.count).toBe(r.searchResult.totalResults);
      for (const n of cats) expect(n.linkText.length).toBeGreaterThan(0);
    }
    // With a category chosen, category counts still show the other categories (their own
    // dimension is not applied), and the location counts add up to the total.
    const chosen = await search('/search/all?q=spa&category=spa');
    const cats = chosen.facetedNavigation.navigations.filter((n) => n.type === 'category');
    expect(cats.length).toBeGreaterThan(1);
    expect(cats.find((n) => n.shortName === 'spa')!.count).toBe(chosen.searchResult.totalResults);
    const locs = chosen.facetedNavigation.navigations.filter((n) => n.type === 'location');
    expect(locs.reduce((s, n) => s + n.count, 0)).toBe(chosen.searchResult.totalResults);
    const off = await search('/search/all?q=spa&facetedNavigation=false');
    expect(off.facetedNavigation.navigations).toEqual([]);
    expect(off.facetedNavigation.count).toBe(off.searchResult.totalResults);
  });

  it('pages with no duplicates or gaps, sorted by price and by relevance', async () => {
    for (const path of ['/search/all?sort=price', '/search/all?sort=pricelow', '/search/all?q=spa', '/search-b/all?q=tea']) {
      const total = (await search(path)).searchResult.totalResults;
      const walked = await allPages(path, 7);
      const ids = walked.map((d) => d.id);
      expect(new Set(ids).size, path).toBe(ids.length);
      expect(ids.length, path).toBe(total);
      expect(walked.map((d) => d.rank)).toEqual(ids.map((_, i) => i + 1));
      const big = await allPages(path, 48);
      expect(big.map((d) => d.id), path).toEqual(ids);
    }
    // Past the end: an empty page, not an error.
    expect((await search('/search/glasgow?q=massage&page=500')).deals).toEqual([]);
    expect(await badField('/search/all?pageSize=49')).toBe('pageSize');
    expect(await badField('/search/all?page=-1')).toBe('page');
  });

  it('never returns closed deals', async () => {
    const closed = [...feed.values()].filter((d) => !live(d));
    expect(closed.length).toBeGreaterThan(0);
    const everything = await allPages('/search/all');
    expect(everything.length).toBe([...feed.values()].filter(live).length);
    const ids = new Set(everything.map((d) => d.id));
    for (const d of closed) expect(ids.has(d.id)).toBe(false);
    const word = closed[0]!.title.split(' ').find((w) => w.length > 4)!;
    const found = await allPages(`/search/all?q=${encodeURIComponent(word)}`);
    expect(found.some((d) => d.id === closed[0]!.id)).toBe(false);
  });

  it('strategy b (GET /search-b) finds the same deals, ranked differently', async () => {
    const a = await search('/search/all?q=spa&pageSize=24');
    const b = await search('/search-b/all?q=spa&pageSize=24');
    expect(b.searchResult.strategy).toBe('b');
    expect(b.searchResult.totalResults).toBe(a.searchResult.totalResults);
    expect(b.deals.map((d) => d.id)).not.toEqual(a.deals.map((d) => d.id));
    expect((await search('/search-b/all?q=masage')).searchResult.correctedQuery).toBe('massage');
  });

  it('shows up to 2 sponsored deals matching the words and location, highest bid first', async () => {
    const browse = await search('/search/all');
    expect(browse.sponsored.deals.length).toBe(2);
    for (const s of browse.sponsored.deals) {
      expect(isSponsoredDealId(s.id)).toBe(true);
      expect(s).toMatchObject({ adId: AD_ID_OFFSET + s.id, isSponsored: true, urlPath: feed.get(s.id)!.url });
      expect(live(feed.get(s.id)!)).toBe(true);
    }
    const sponsoredDeal = feed.get(browse.sponsored.deals[0]!.id)!;
    const word = sponsoredDeal.title.split(' ').find((w) => w.length > 4)!;
    const r = await search(`/search/${sponsoredDeal.locationSlug}?q=${encodeURIComponent(word)}&maxPrice=1`);
    // The other filters do not apply to sponsored deals; the words and location do.
    expect(r.sponsored.deals.map((d) => d.id)).toContain(sponsoredDeal.id);
    const matching = new Set((await allPages(`/search/${sponsoredDeal.locationSlug}?q=${encodeURIComponent(word)}`)).map((d) => d.id));
    for (const s of r.sponsored.deals) expect(matching.has(s.id)).toBe(true);
    const elsewhere = sponsoredDeal.locationSlug === 'glasgow' ? 'aberdeen' : 'glasgow';
    expect((await search(`/search/${elsewhere}?q=${encodeURIComponent(word)}`)).sponsored.deals.map((d) => d.id)).not.toContain(sponsoredDeal.id);
  });

  it('validates q: trimmed, at most 200 characters, no control characters', async () => {
    expect((await search(`/search/all?q=${encodeURIComponent('  spa  ')}`)).searchResult.query).toBe('spa');
    expect((await f.get(`/search/all?q=${'a'.repeat(200)}`)).status).toBe(200);
    expect((await f.get(`/search/all?q=${encodeURIComponent(` ${'a'.repeat(200)} `)}`)).status).toBe(200);
    expect(await badField(`/search/all?q=${'a'.repeat(201)}`)).toBe('q');
    expect(await badField(`/search/all?q=${'x'.repeat(10 * 1024)}`)).toBe('q');
    expect(await badField('/search/all?q=a%00b')).toBe('q');
    expect(await badField('/search/all?q=a&q=b')).toBe('q');
    expect(f.logged).toEqual([]);
  });
});
