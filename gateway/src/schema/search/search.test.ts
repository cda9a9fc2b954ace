/**
 * Search and discovery through the gateway (issue 4), executed through yoga.fetch against the
 * real deals and search services (in process) over a seeded, synced database: PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededShopServices, shopGateway } from '../../test/search-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const SEARCH = /* GraphQL */ `
  query Search(
    $query: String, $location: String, $allLocations: Boolean, $categories: [String!], $category: String, $subcategory: String,
    $minPrice: Int, $maxPrice: Int, $tag: String, $vip: Boolean, $sort: SearchSort, $order: SortDirection, $first: Int, $after: String, $page: Int
  ) {
    search(
      query: $query, location: $location, allLocations: $allLocations, categories: $categories, category: $category, subcategory: $subcategory,
      minPrice: $minPrice, maxPrice: $maxPrice, tag: $tag, vip: $vip, sort: $sort, order: $order, first: $first, after: $after, page: $page
    ) {
      totalCount page pageSize query correctedQuery strategy
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      facets { type value label count }
      sponsored { adId urlPath isSponsored deal { dealId url } }
      lowestPrice { amount formatted }
      edges { cursor node { id dealId title url price { amount } headlinePrice { amount } location { slug } category { slug } subCategory { slug } } }
    }
  }
`;

/** A search results grid as the client draws it: cards with merchant, location, category and products. */
const CARDS = /* GraphQL */ `
  query Cards($first: Int) {
    search(allLocations: true, first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      sponsored { adId deal { dealId title url price { formatted } } }
      edges { cursor node { id dealId title url price { formatted } originalPrice { formatted } discountPercentage
        image { url alt } merchant { id name rating } location { id slug } category { id name url } subCategory { id url }
        products { id title price { amount formatted } soldOut } } }
    }
  }
`;

type Edge = { cursor: string; node: { id: string; dealId: number; title: string; url: string; price: { amount: number }; headlinePrice: { amount: number }; location: { slug: string }; category: { slug: string }; subCategory: { slug: string } | null } };
type SearchResult = {
  totalCount: number;
  page: number;
  pageSize: number;
  query: string;
  correctedQuery: string | null;
  strategy: 'A' | 'B';
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  facets: { type: string; value: string; label: string; count: number }[];
  sponsored: { adId: string; urlPath: string; isSponsored: boolean; deal: { dealId: number; url: string } }[];
  lowestPrice: { amount: number; formatted: string } | null;
  edges: Edge[];
};

describe.each(testDatabases())('search over the real search and deals services on %s', (_name, open) => {
  let close = async () => {};
  let yoga: Gateway;
  let services: Awaited<ReturnType<typeof openSeededShopServices>>;
  const logger = captureLogger();
  const run = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => gql(yoga, query, variables, headers);
  const search = async (variables: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SearchResult> => {
    const res = await run(SEARCH, variables, headers);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.search;
  };
  const errorOf = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await run(query, variables);
    expect(res.body.errors, JSON.stringify(res.body)).toBeDefined();
    return res.body.errors![0]!;
  };

  beforeAll(async () => {
    services = await openSeededShopServices(open);
    close = services.close;
    yoga = shopGateway(services, { logger, exposeRestCalls: true });
  });
  afterAll(() => close());

  describe('Query.search', () => {
    it('finds deals by words, with facets, sponsored results, the lowest price and strategy A by default', async () => {
      const r = await search({ query: 'spa', first: 12 });
      expect(r.totalCount).toBeGreaterThan(12);
      expect(r).toMatchObject({ page: 1, pageSize: 12, query: 'spa', correctedQuery: null, strategy: 'A' });
      expect(r.edges).toHaveLength(12);
      expect(r.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, startCursor: r.edges[0]!.cursor, endCursor: r.edges[11]!.cursor });
      // Facets: categories and locations with counts, the slug to filter by.
      expect(r.facets.some((f) => f.type === 'CATEGORY' && f.value === 'spa' && f.count > 0)).toBe(true);
      expect(r.facets.some((f) => f.type === 'LOCATION' && f.value === 'glasgow' && f.count > 0)).toBe(true);
      // Sponsored results are labelled and hydrated to their deals.
      expect(r.sponsored.length).toBeGreaterThan(0);
      for (const s of r.sponsored) {
        expect(s.isSponsored).toBe(true);
        expect(s.urlPath).toBe(s.deal.url);
        expect(s.adId).toMatch(/^\d+$/);
      }
      expect(r.lowestPrice?.formatted).toMatch(/^£/);
    });

    it('pages (1-based `page` and `after` cursors) never overlap and cover every result once', async () => {
      const all = await search({ query: 'spa', first: 48 });
      const seen: number[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i++) {
        const r = await search({ query: 'spa', first: 7, after });
        seen.push(...r.edges.map((e) => e.node.dealId));
        if (!r.pageInfo.hasNextPage) break;
        after = r.pageInfo.endCursor;
      }
      // No deal twice, and together the pages are the same list as one big page, in its order.
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(Math.min(all.totalCount, 48));
      expect(seen).toEqual(all.edges.map((e) => e.node.dealId).slice(0, seen.length));
      const second = await search({ query: 'spa', first: 7, page: 2 });
      expect(second.page).toBe(2);
      expect(second.pageInfo.hasPreviousPage).toBe(true);
      expect(second.edges.map((e) => e.node.dealId)).toEqual(seen.slice(7, 14));
      // A cursor from the middle of a page continues right after it.
      const mid = await search({ query: 'spa', first: 7, after: second.edges[2]!.cursor });
      expect(mid.edges.map((e) => e.node.dealId)).toEqual(seen.slice(10, 17));
    });

    it('filters by location, category, sub-category and price; sorts by price both ways', async () => {
      const glasgow = await search({ location: 'glasgow', first: 48 });
      expect(glasgow.edges.length).toBeGreaterThan(0);
      expect(glasgow.edges.every((e) => e.node.location.slug === 'glasgow')).toBe(true);
      const withSub = glasgow.edges.find((e) => e.node.subCategory)!.node;
      const bySub = await search({ location: 'glasgow', category: withSub.category.slug, subcategory: withSub.subCategory!.slug, first: 48 });
      expect(bySub.edges.length).toBeGreaterThan(0);
      expect(bySub.edges.every((e) => e.node.subCategory?.slug === withSub.subCategory!.slug)).toBe(true);
      const cheap = await search({ allLocations: true, minPrice: 1000, maxPrice: 3000, sort: 'PRICE_LOW_TO_HIGH', first: 48 });
      // Search filters and sorts on the headline price (postage included), the figure the cards show.
      const prices = cheap.edges.map((e) => e.node.headlinePrice.amount);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((p) => p >= 1000 && p <= 3000)).toBe(true);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const high = (await search({ allLocations: true, minPrice: 1000, maxPrice: 3000, sort: 'PRICE_HIGH_TO_LOW', first: 48 })).edges.map((e) => e.node.headlinePrice.amount);
      expect(high).toEqual([...high].sort((a, b) => b - a));
      expect(high[0]).toBeGreaterThanOrEqual(prices[prices.length - 1]!);
      // `order` overrides the direction of a column sort.
      const asc = (await search({ allLocations: true, sort: 'PRICE_HIGH_TO_LOW', order: 'ASC', first: 48 })).edges.map((e) => e.node.headlinePrice.amount);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const categories = await search({ allLocations: true, categories: ['spa', 'beauty'], first: 48 });
      expect(categories.edges.length).toBeGreaterThan(0);
      expect(categories.edges.every((e) => ['spa', 'beauty'].includes(e.node.category.slug))).toBe(true);
    });

    it('`allLocations` searches everywhere, whatever `location` says', async () => {
      const everywhere = await search({ query: 'spa', location: 'glasgow', allLocations: true, first: 48 });
      const glasgow = await search({ query: 'spa', location: 'glasgow', first: 48 });
      expect(everywhere.totalCount).toBeGreaterThan(glasgow.totalCount);
      expect(new Set(everywhere.edges.map((e) => e.node.location.slug)).size).toBeGreaterThan(1);
    });

    it('a typo is corrected', async () => {
      const r = await search({ query: 'masage', first: 12 });
      expect(r.correctedQuery).toBe('massage');
      expect(r.totalCount).toBeGreaterThan(0);
    });

    it('an unknown location is an empty connection (as documented), never an error', async () => {
      const r = await search({ query: 'spa', location: 'atlantis' });
      expect(r).toMatchObject({ totalCount: 0, edges: [], sponsored: [], facets: [], lowestPrice: null, pageInfo: { hasNextPage: false, endCursor: null } });
    });

    it('the search test cookie (search_group=b) picks the alternate search: strategy B', async () => {
      const a = await search({ query: 'spa', first: 12 }, { cookie: 'consent=x; search_group=a' });
      const b = await search({ query: 'spa', first: 12 }, { cookie: 'ab_group=BB; search_group=b' });
      expect(a.strategy).toBe('A');
      expect(b.strategy).toBe('B');
      expect(b.totalCount).toBe(a.totalCount); // the same matches, ranked another way
      // Anything else is the default.
      expect((await search({ query: 'spa' }, { cookie: 'search_group=B' })).strategy).toBe('A');
    });

    it('`first` over 48 is clamped, also from a variable; 0 or less is BAD_USER_INPUT', async () => {
      const r = await search({ allLocations: true, first: 100000 });
      expect(r.pageSize).toBe(48);
      expect(r.edges).toHaveLength(48);
      const error = await errorOf(SEARCH, { first: 0 });
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
    });

    it.each([
      [{ query: 'x'.repeat(201) }, 'query'],
      [{ query: 'spa\u0000' }, 'query'],
      [{ minPrice: -1 }, 'minPrice'],
      [{ maxPrice: 100_000_001 }, 'maxPrice'],
      [{ minPrice: 5000, maxPrice: 1000 }, 'maxPrice'],
      [{ page: 0 }, 'page'],
      [{ page: 1001 }, 'page'],
      [{ tag: 't'.repeat(61) }, 'tag'],
      [{ subcategory: 'massage' }, 'subcategory'],
      [{ categories: Array.from({ length: 11 }, (_, i) => `c${i}`) }, 'categories'],
      [{ after: 'not-a-cursor' }, 'after'],
    ])('%j is BAD_USER_INPUT naming `%s`, before any search call', async (variables, field) => {
      const res = await run(SEARCH, variables);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(res.headers.get('x-rest-calls')).toBe('0');
    });

    it('a query of exactly 200 characters is accepted', async () => {
      const r = await search({ query: `${'spa '.repeat(49)}spas` });
      expect(r.query.length).toBeLessThanOrEqual(200);
    });

    it('REST calls per search page do not grow with the page size (12 vs 48): one search, one /deal?ids=', async () => {
      const counts: string[] = [];
      for (const first of [12, 48]) {
        const res = await run(CARDS, { first });
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.search.edges).toHaveLength(first);
        counts.push(res.headers.get('x-rest-calls')!);
      }
      expect(counts[0]).toBe(counts[1]);
      // search + deals by ids (sponsored deals in the same batch) + the locations of the cards.
      expect(Number(counts[0])).toBeLessThanOrEqual(3);
    });

    it('the same search twice in one document (aliases) is one search call', async () => {
      const res = await run('{ a: search(query: "spa") { totalCount } b: search(query: "spa") { edges { node { dealId } } } }');
      expect(res.body.errors).toBeUndefined();
      expect(res.headers.get('x-rest-calls')).toBe('2'); // one search, one hydration
    });

    it('a search service outage is a masked error, never its detail', async () => {
      const down = createGateway({
        services: { deals: { app: services.dealsApp }, search: { app: fakeService(() => new Response('db password=hunter2', { status: 500 })) } },
        serviceToken: TEST_TOKEN,
        logger: captureLogger(),
      });
      const res = await gql(down, '{ search(query: "spa") { totalCount } }');
      expect(res.body.errors?.[0]?.message).toBe('Unexpected error.');
      expect(JSON.stringify(res.body)).not.toContain('hunter2');
      // And with no search service at all.
      const none = createGateway({ services: { deals: { app: services.dealsApp } }, serviceToken: TEST_TOKEN, logger: captureLogger() });
      expect((await gql(none, '{ search(query: "spa") { totalCount } }')).body.errors?.[0]?.message).toBe('Unexpected error.');
    });
  });

  describe('Query.searchSuggestions', () => {
    it('suggests terms, categories and deals, tolerant of typos; DEAL suggestions carry their deal', async () => {
      const res = await run('{ searchSuggestions(query: "afte", location: "glasgow") { kind text url deal { dealId url } } }');
      expect(res.body.errors).toBeUndefined();
      const list = res.body.data.searchSuggestions as { kind: string; text: string; url: string; deal: { dealId: number; url: string } | null }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(list.some((s) => s.kind === 'CATEGORY')).toBe(true);
      for (const s of list.filter((x) => x.kind === 'DEAL')) expect(s.deal?.url).toBe(s.url);
      const typo = await run('{ searchSuggestions(query: "masage") { text } }');
      expect(JSON.stringify(typo.body.data)).toMatch(/[Mm]assage/);
    });

    it('under 2 characters: nothing, without a call; `first` caps the list; an unknown location: nothing', async () => {
      const short = await run('{ searchSuggestions(query: "a") { text } }');
      expect(short.body.data.searchSuggestions).toEqual([]);
      expect(short.headers.get('x-rest-calls')).toBe('0');
      const two = await run('{ searchSuggestions(query: "sp", first: 2) { text } }');
      expect(two.body.data.searchSuggestions.length).toBeLessThanOrEqual(2);
      const nowhere = await run('{ searchSuggestions(query: "spa", location: "atlantis") { text } }');
      expect(nowhere.body).toEqual({ data: { searchSuggestions: [] } });
    });

    it('a query over 200 characters is BAD_USER_INPUT on `query`', async () => {
      const error = await errorOf('query($q: String!) { searchSuggestions(query: $q) { text } }', { q: 'x'.repeat(201) });
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'query' });
    });
  });

  describe('sponsored search mutations', () => {
    const SESSION = 'mutation($input: SponsoredSessionInput!) { sponsoredSession(input: $input) { __typename ... on SponsoredSession { sessionId } ... on UserError { code field message } } }';
    const EVENTS = `mutation($input: RecordSponsoredEventsInput!) { recordSponsoredEvents(input: $input) {
      __typename ... on SponsoredEventsRecorded { recorded } ... on UserError { code field message } } }`;

    it('creates a session, keeps a live one, and records impressions and a click', async () => {
      const created = (await run(SESSION, { input: {} })).body.data.sponsoredSession;
      expect(created.__typename).toBe('SponsoredSession');
      const again = (await run(SESSION, { input: { sessionId: created.sessionId } })).body.data.sponsoredSession;
      expect(again.sessionId).toBe(created.sessionId);

      const r = await search({ query: 'spa' });
      const adIds = r.sponsored.map((s) => s.adId);
      const dealIds = r.sponsored.map((s) => String(s.deal.dealId));
      const impressions = (await run(EVENTS, { input: { type: 'IMPRESSION', sessionId: created.sessionId, adIds, dealIds } })).body.data.recordSponsoredEvents;
      expect(impressions).toEqual({ __typename: 'SponsoredEventsRecorded', recorded: adIds.length });
      // A Deal global id is accepted as well as the numeric id.
      const click = await run(`{ deal(dealId: "${dealIds[0]}") { id } }`);
      const clicked = (await run(EVENTS, { input: { type: 'CLICK', sessionId: created.sessionId, adIds: [adIds[0]], dealIds: [click.body.data.deal.id] } })).body.data
        .recordSponsoredEvents;
      expect(clicked).toEqual({ __typename: 'SponsoredEventsRecorded', recorded: 1 });
    });

    it('an unknown session is a NotFoundError on `sessionId`', async () => {
      const res = await run(EVENTS, { input: { type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['1'], dealIds: ['1'] } });
      expect(res.body.data.recordSponsoredEvents).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND', field: 'sessionId' });
    });

    it.each([
      [{ type: 'CLICK', sessionId: 'not-a-session', adIds: ['1'], dealIds: ['1'] }, 'sessionId'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: [], dealIds: [] }, 'adIds'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['1', '2'], dealIds: ['1'] }, 'dealIds'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['x'], dealIds: ['1'] }, 'adIds'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['99999999999'], dealIds: ['1'] }, 'adIds'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['1'], dealIds: ['abc'] }, 'dealIds'],
      [{ type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: Array(51).fill('1'), dealIds: Array(51).fill('1') }, 'adIds'],
    ])('%j is a ValidationError naming `%s`, with no call', async (input, field) => {
      const res = await run(EVENTS, { input });
      expect(res.body.data.recordSponsoredEvents).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field });
      expect(res.headers.get('x-rest-calls')).toBe('0');
    });

    it('a malformed session id on sponsoredSession is a ValidationError', async () => {
      const res = await run(SESSION, { input: { sessionId: '<script>' } });
      expect(res.body.data.sponsoredSession).toMatchObject({ __typename: 'ValidationError', field: 'sessionId' });
    });
  });

  describe('Query.guide', () => {
    const GUIDE = /* GraphQL */ `query($slug: String!, $first: Int, $after: String) { guide(slug: $slug) {
      id slug url displayName description text additionalText listicleView redirectUrl
      listicle { heading text deal { dealId } }
      deals(first: $first, after: $after) { totalCount pageSize strategy pageInfo { hasNextPage endCursor } edges { node { dealId location { slug } category { slug } price { amount } } } }
    } }`;
    type GuideDeals = { totalCount: number; pageSize: number; strategy: string; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { dealId: number; location: { slug: string }; category: { slug: string }; price: { amount: number } } }[] };

    it('a guide with its listicle and its deals feed, 30 a page by default', async () => {
      const res = await run(GUIDE, { slug: 'best-afternoon-tea-glasgow' });
      expect(res.body.errors).toBeUndefined();
      const guide = res.body.data.guide;
      expect(guide).toMatchObject({ slug: 'best-afternoon-tea-glasgow', url: '/guides/best-afternoon-tea-glasgow', listicleView: true, redirectUrl: null });
      expect(guide.listicle.length).toBeGreaterThan(0);
      expect(guide.deals.pageSize).toBe(30);
      expect(guide.deals.strategy).toBe('A');
      expect(guide.deals.edges.length).toBeGreaterThan(0);
      expect(guide.deals.edges.every((e: GuideDeals['edges'][number]) => e.node.location.slug === 'glasgow')).toBe(true);
    });

    it('slugs with several segments; unknown and malformed slugs are null (no call for malformed)', async () => {
      expect((await run(GUIDE, { slug: 'affiliate/student-deals' })).body.data.guide.slug).toBe('affiliate/student-deals');
      expect((await run(GUIDE, { slug: 'no-such-guide' })).body.data.guide).toBeNull();
      for (const slug of ['', '../etc/passwd', 'a//b', 'A', 'a/b/c/d/e/f', 'x'.repeat(201)]) {
        const res = await run(GUIDE, { slug });
        expect(res.body).toEqual({ data: { guide: null } });
        expect(res.headers.get('x-rest-calls')).toBe('0');
      }
    });

    it("the deals feed honours the guide's price range, excluded categories and excluded deals", async () => {
      const student = (await run(GUIDE, { slug: 'affiliate/student-deals' })).body.data.guide.deals as GuideDeals;
      expect(student.edges.length).toBeGreaterThan(0);
      expect(student.edges.every((e) => e.node.category.slug !== 'spa' && e.node.price.amount <= 2000)).toBe(true);

      // Exclude the first two deals and the first deal's category of a guide, and run it again.
      const before = (await run(GUIDE, { slug: 'best-afternoon-tea-glasgow', first: 48 })).body.data.guide.deals as GuideDeals;
      expect(before.edges.length).toBeGreaterThan(2);
      const excludedDeals = before.edges.slice(0, 2).map((e) => e.node.dealId);
      const kept = before.edges.slice(2).map((e) => e.node.category.slug);
      const excludedCategory = before.edges.map((e) => e.node.category.slug).find((c) => c !== kept[0]) ?? 'no-such-category';
      const db = services.database.db;
      const row = await db.selectFrom('deals.guide as g' as never).select('g.deals_feed as feed' as never).where('g.slug' as never, '=', 'best-afternoon-tea-glasgow' as never).executeTakeFirstOrThrow();
      const feed = (row as { feed: Record<string, unknown> }).feed;
      await db
        .updateTable('deals.guide' as never)
        .set({ deals_feed: JSON.stringify({ ...feed, excludedDeals, excludedCategories: [excludedCategory] }) } as never)
        .where('slug' as never, '=', 'best-afternoon-tea-glasgow' as never)
        .execute();
      try {
        const after = (await run(GUIDE, { slug: 'best-afternoon-tea-glasgow', first: 48 })).body.data.guide.deals as GuideDeals;
        const ids = after.edges.map((e) => e.node.dealId);
        expect(ids.some((id) => excludedDeals.includes(id))).toBe(false);
        expect(after.edges.some((e) => e.node.category.slug === excludedCategory)).toBe(false);
        expect(after.totalCount).toBeLessThan(before.totalCount);
      } finally {
        await db.updateTable('deals.guide' as never).set({ deals_feed: JSON.stringify(feed) } as never).where('slug' as never, '=', 'best-afternoon-tea-glasgow' as never).execute();
      }
    });

    it('a moved guide carries its redirectUrl', async () => {
      expect((await run(GUIDE, { slug: 'old-spa-guide' })).body.data.guide.redirectUrl).toBe('/guides/spa-days-edinburgh');
    });

    it('node() refetches a guide by its global id', async () => {
      const { id } = (await run(GUIDE, { slug: 'affiliate/student-deals' })).body.data.guide;
      const back = await run('query($id: ID!) { node(id: $id) { __typename id ... on Guide { slug displayName } } }', { id });
      expect(back.body.data.node).toMatchObject({ __typename: 'Guide', id, slug: 'affiliate/student-deals' });
    });
  });

  it('nothing above logged an unexpected error', () => {
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
