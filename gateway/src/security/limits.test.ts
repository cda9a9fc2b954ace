/**
 * G1: each query limit at exactly the limit (accepted) and one over (refused before execution:
 * no resolver runs, no REST call), and our own largest queries fit with a margin.
 */
import type { Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../test/helpers.ts';
import { createGateway } from '../yoga.ts';
import { LIMITS, type LimitName } from './limits.ts';
import { shippedOperations } from './operation-access.ts';
import { DEAL_PAGE_QUERY, GUIDE_PAGE_QUERY, HOMEPAGE_QUERY, SEARCH_PAGE_QUERY } from './reference-queries.ts';

/** A search answer with no results (the search service's contract), for counting what reaches the service. */
const EMPTY_SEARCH = {
  deals: [],
  facetedNavigation: { navigations: [], count: 0 },
  searchResult: { totalResults: 0, page: 0, pageSize: 12, query: '', correctedQuery: null, sort: 'popularity', order: 'desc', strategy: 'a' },
  sponsored: { deals: [], sessionId: null },
  mainDeal: null,
};

function setup(dev = false) {
  const deals = fakeService(() => new Response(JSON.stringify({ type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' }), { status: 404 }));
  const search = fakeService((request) =>
    new URL(request.url).pathname.startsWith('/search')
      ? new Response(JSON.stringify(EMPTY_SEARCH), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ suggestions: [] }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  const measured: Partial<Record<LimitName, number>> = {};
  let executions = 0;
  const countExecutions: Plugin = {
    onExecute() {
      executions += 1;
    },
  };
  const yoga = createGateway({
    services: { deals: { app: deals }, search: { app: search } },
    serviceToken: TEST_TOKEN,
    logger: captureLogger(),
    dev,
    plugins: [countExecutions],
    limits: { onMeasure: (limit, value) => (measured[limit] = value) },
  });
  return {
    deals,
    search,
    measured,
    executions: () => executions,
    run: (query: string, variables: Record<string, unknown> = {}) => gql(yoga, query, variables),
  };
}

const depthDoc = (n: number) =>
  `{ location(slug: "glasgow") { category(slug: "spa") { ${'parent { '.repeat(n - 3)}id${' }'.repeat(n - 3)} } } }`;
const aliasDoc = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: location(slug: "glasgow") { id }`).join(' ')} }`;
const directiveDoc = (n: number) => `{ ${'__typename @include(if: true) '.repeat(n)}}`;
/**
 * A document of exactly n tokens (armor counts every lexical token) that needs no service call.
 * Mixed fields, because graphql 17 aborts validation of ~1000 identical fields (overlap budget).
 */
function tokenDoc(n: number) {
  const units: [string, number][] = [
    ['node(id: "x") { id }', 9],
    ['deal(dealId: "x") { id }', 9],
    ['nodes(ids: []) { id }', 10],
  ];
  const parts: string[] = [];
  let tokens = 2;
  for (let i = 0; tokens + 10 <= n; i++) {
    const [text, count] = units[i % units.length]!;
    parts.push(text);
    tokens += count;
  }
  while (tokens < n) {
    parts.push('__typename');
    tokens += 1;
  }
  return `{ ${parts.join(' ')} }`;
}
/** cost = 2 + 1.5 × (2 + 1.5 × 1) × first + k (one per top-level __typename); first is a multiple of 4 so it is whole. */
function costDoc(cost: number) {
  const first = 4 * Math.floor((cost - 2) / 21);
  const k = cost - (2 + 5.25 * first);
  return `{ location(slug: "glasgow") { deals(first: ${first}) { totalCount } } ${'__typename '.repeat(k)}}`;
}

/** cost = 3.5 × first (search 2 + 1.5 × totalCount) + k top-level __typename; first even so it is whole. */
function searchCostDoc(cost: number) {
  const first = 2 * Math.floor(cost / 7);
  const k = cost - 3.5 * first;
  return `{ search(query: "spa", first: ${first}) { totalCount } ${'__typename '.repeat(k)}}`;
}

const cases: { limit: LimitName; max: number; doc: (n: number) => string }[] = [
  { limit: 'depth', max: LIMITS.maxDepth, doc: depthDoc },
  { limit: 'aliases', max: LIMITS.maxAliases, doc: aliasDoc },
  { limit: 'directives', max: LIMITS.maxDirectives, doc: directiveDoc },
  { limit: 'tokens', max: LIMITS.maxTokens, doc: tokenDoc },
  { limit: 'cost', max: LIMITS.maxCost, doc: costDoc },
  { limit: 'cost', max: LIMITS.maxCost, doc: searchCostDoc },
];

describe('query limits (G1)', () => {
  it.each(cases)('$limit: a document at the limit ($max) is accepted', async ({ limit, max, doc }) => {
    const t = setup();
    const res = await t.run(doc(max));
    expect(t.measured[limit]).toBe(max);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toBeDefined();
    expect(t.executions()).toBe(1);
  });

  it.each(cases)('$limit: one over the limit is refused before anything runs', async ({ max, doc }) => {
    const t = setup();
    const res = await t.run(doc(max + 1));
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0]?.message).toMatch(/Query validation error\.$/);
    // Nothing executed, no service called.
    expect(t.executions()).toBe(0);
    expect(t.deals.requests).toHaveLength(0);
    expect(t.search.requests).toHaveLength(0);
  });

  it('names the limit in development only', async () => {
    const res = await setup(true).run(depthDoc(LIMITS.maxDepth + 1));
    expect(res.body.errors?.[0]?.message).toContain(`Query depth limit of ${LIMITS.maxDepth} exceeded`);
  });

  it.each([
    ['search', 'query($n: Int) { search(query: "spa", first: $n) { pageSize } }'],
    ['Guide.deals', 'query($n: Int) { guide(slug: "g") { deals(first: $n) { pageSize } } }'],
    ['earlyBirdDeals', 'query($n: Int) { earlyBirdDeals(location: "glasgow", first: $n) { pageSize } }'],
    ['recommendedDeals', 'query($n: Int) { recommendedDeals(first: $n) { pageSize } }'],
    ['recentlyViewedDeals', 'query($n: Int) { recentlyViewedDeals(dealIds: [], first: $n) { pageSize } }'],
    ['buyAgainDeals', 'query($n: Int) { buyAgainDeals(first: $n) { pageSize } }'],
    ['searchSuggestions', 'query($n: Int) { searchSuggestions(query: "spa", first: $n) { text } }'],
  ])('%s: `first: 100000` from a variable is clamped (cost counts it once)', async (name, query) => {
    const t = setup();
    const res = await t.run(query, { n: 100000 });
    expect(res.body.errors).toBeUndefined();
    expect(t.measured.cost).toBeLessThan(20);
    // Every pageSize the answer holds (null where the guide or list is not there).
    for (const size of JSON.stringify(res.body.data).matchAll(/"pageSize":(\d+)/g)) expect(Number(size[1])).toBeLessThanOrEqual(48);
    for (const request of [...t.search.requests, ...t.deals.requests]) {
      const params = new URL(request.url).searchParams;
      for (const key of ['pageSize', 'limit']) if (params.has(key)) expect(Number(params.get(key)), `${name}: ${request.url}`).toBeLessThanOrEqual(48);
    }
    if (name === 'search') expect(new URL(t.search.requests[0]!.url).searchParams.get('pageSize')).toBe('48');
  });

  it('a page size given as a variable is not multiplied into the cost, but clamped by the resolver', async () => {
    const t = setup();
    await t.run('query($n: Int) { location(slug: "glasgow") { deals(first: $n) { totalCount } } }', { n: 100000 });
    expect(t.measured.cost).toBeLessThan(20);
  });
});

describe('our own largest queries fit the limits with a margin', () => {
  it.each([
    ['homepage (first: 48)', HOMEPAGE_QUERY],
    ['deal page', DEAL_PAGE_QUERY],
    ['search page (first: 48)', SEARCH_PAGE_QUERY],
    ['guide page (30 deals)', GUIDE_PAGE_QUERY],
  ])('%s', async (_name, query) => {
    const t = setup();
    const res = await t.run(query, { dealId: '1' });
    expect(res.body.errors?.some((e) => /validation/i.test(e.message)) ?? false).toBe(false);
    const m = t.measured;
    console.info(`[limits] ${_name}: ${JSON.stringify(m)}`);
    expect(m.depth!).toBeLessThanOrEqual(LIMITS.maxDepth - 3);
    expect(m.cost!).toBeLessThanOrEqual(LIMITS.maxCost / 2);
    expect(m.tokens!).toBeLessThanOrEqual(LIMITS.maxTokens / 4);
    expect(m.aliases!).toBeLessThanOrEqual(LIMITS.maxAliases);
    expect(m.directives!).toBeLessThanOrEqual(LIMITS.maxDirectives);
  });
});

/**
 * Every operation the shipped client sends, from the Relay compiler's artifacts and the persisted
 * map (`npm test` runs the compiler before the tests): the limits are measured against our own
 * largest query.
 */
describe('every client operation fits the limits with a margin', () => {
  const ops = shippedOperations();
  it('the Relay artifacts are there (run relay-compiler --noWatchman)', () => {
    expect(ops.map(([name]) => name)).toEqual(expect.arrayContaining(['HomePageQuery', 'CategoryPageQuery', 'DealPageQuery', 'LocationLayoutQuery']));
  });
  it.each(ops)('%s', async (_name, query) => {
    const t = setup();
    const res = await t.run(query, { location: 'glasgow', dealId: '1', first: 48, category: 'spa', count: 48, sort: 'POPULARITY' });
    expect(res.body.errors?.some((e) => /validation/i.test(e.message)) ?? false).toBe(false);
    const m = t.measured;
    expect(m.depth!).toBeLessThanOrEqual(LIMITS.maxDepth - 2);
    expect(m.cost!).toBeLessThanOrEqual(LIMITS.maxCost / 2);
    expect(m.tokens!).toBeLessThanOrEqual(LIMITS.maxTokens / 2);
    expect(m.aliases!).toBeLessThanOrEqual(LIMITS.maxAliases);
  });
});
