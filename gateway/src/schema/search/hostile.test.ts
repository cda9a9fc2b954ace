/**
 * V2/V4: hostile values in every argument of the issue-4 fields (search, suggestions, lists,
 * special events, near-me, guides, sponsored mutations) never produce a 500 or an unmasked
 * error: each answer is data, a BAD_USER_INPUT naming the field, a user error, or a GraphQL
 * validation error, and nothing unexpected is logged. Run against the real services.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededShopServices, shopGateway } from '../../test/search-service.ts';
import { captureLogger, gql } from '../../test/helpers.ts';
import type { Gateway } from '../../yoga.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const STRINGS = [
  '',
  ' ',
  '\u0000',
  'spa\u0007',
  'x'.repeat(201),
  'x'.repeat(5000),
  "'; drop table deals.deal; --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u202egnp.exe',
  '😀🎉',
  'ALL',
  'all',
  '-1',
  'NaN',
  '{"$ne":1}',
  'glasgow\n',
  'a,b',
  '//evil.example',
  'spa:1',
  b64('{"o":9007199254740991}'),
  b64('{"o":-5}'),
  b64('{"o":1e400}'),
  b64('{"o":1,"k":"x"}'),
];
const INTS = [-2147483648, -1, 0, 1, 1001, 2147483647];

type Case = { name: string; query: string; variables: Record<string, unknown>[] };

const strings = (name: string) => STRINGS.map((v) => ({ [name]: v }));
const ints = (name: string) => INTS.map((v) => ({ [name]: v }));
const lists = (name: string) => [
  { [name]: [] },
  { [name]: STRINGS },
  { [name]: Array(1000).fill('1') },
  ...STRINGS.map((v) => ({ [name]: [v] })),
];

const SEARCH = `query($query: String, $location: String, $categories: [String!], $category: String, $subcategory: String, $tag: String,
  $minPrice: Int, $maxPrice: Int, $first: Int, $after: String, $page: Int) {
  search(query: $query, location: $location, categories: $categories, category: $category, subcategory: $subcategory, tag: $tag,
    minPrice: $minPrice, maxPrice: $maxPrice, first: $first, after: $after, page: $page) {
    totalCount page query strategy facets { value } sponsored { adId deal { dealId } } edges { node { dealId } } pageInfo { endCursor } } }`;
const PAGING = (field: string, args: string) =>
  `query($first: Int, $after: String, $page: Int, $s: String!) { ${field.replace('$ARGS', args)} }`;

const cases: Case[] = [
  { name: 'search(query)', query: SEARCH, variables: strings('query') },
  { name: 'search(location)', query: SEARCH, variables: strings('location') },
  { name: 'search(categories)', query: SEARCH, variables: lists('categories') },
  { name: 'search(category)', query: SEARCH, variables: strings('category') },
  { name: 'search(subcategory)', query: SEARCH, variables: STRINGS.map((v) => ({ category: 'spa', subcategory: v })) },
  { name: 'search(tag)', query: SEARCH, variables: strings('tag') },
  { name: 'search(after)', query: SEARCH, variables: strings('after') },
  { name: 'search(first, page, prices)', query: SEARCH, variables: [...ints('first'), ...ints('page'), ...ints('minPrice'), ...ints('maxPrice')] },
  {
    name: 'searchSuggestions',
    query: 'query($q: String!, $location: String, $first: Int) { searchSuggestions(query: $q, location: $location, first: $first) { kind text url deal { dealId } } }',
    variables: [...STRINGS.map((q) => ({ q })), ...STRINGS.map((location) => ({ q: 'spa', location })), ...INTS.map((first) => ({ q: 'spa', first }))],
  },
  {
    name: 'recentlyViewedDeals',
    query: 'query($ids: [ID!]!, $first: Int) { recentlyViewedDeals(dealIds: $ids, first: $first) { totalCount edges { node { dealId } } } }',
    variables: [...lists('ids'), ...INTS.map((first) => ({ ids: ['1'], first }))],
  },
  {
    name: 'recommendedDeals',
    query: `query($location: String, $ids: [ID!], $first: Int, $after: String, $page: Int) {
      recommendedDeals(location: $location, viewedDealIds: $ids, first: $first, after: $after, page: $page) { totalCount edges { node { dealId } } } }`,
    variables: [...strings('location'), ...lists('ids'), ...ints('first'), ...ints('page'), ...strings('after')],
  },
  {
    name: 'buyAgainDeals',
    query: 'query($first: Int, $after: String, $page: Int) { buyAgainDeals(first: $first, after: $after, page: $page) { totalCount } }',
    variables: [...ints('first'), ...ints('page'), ...strings('after')],
  },
  {
    name: 'earlyBirdDeals',
    query: 'query($location: String!, $first: Int, $after: String, $page: Int) { earlyBirdDeals(location: $location, first: $first, after: $after, page: $page) { totalCount edges { node { dealId } } } }',
    variables: [...strings('location'), ...INTS.map((first) => ({ location: 'glasgow', first })), ...INTS.map((page) => ({ location: 'glasgow', page })), ...STRINGS.map((after) => ({ location: 'glasgow', after }))],
  },
  {
    name: 'specialEvent',
    query: 'query($location: String!, $slug: String!) { specialEvent(location: $location, slug: $slug) { id title } }',
    variables: [...STRINGS.map((location) => ({ location, slug: 'black-friday' })), ...STRINGS.map((slug) => ({ location: 'glasgow', slug }))],
  },
  {
    name: 'SpecialEvent.deals',
    query: PAGING('specialEvent(location: "glasgow", slug: "black-friday") { deals($ARGS) { totalCount edges { node { dealId } } } }', 'first: $first, after: $after, page: $page'),
    variables: [...ints('first'), ...ints('page'), ...strings('after')].map((v) => ({ s: '', ...v })),
  },
  {
    name: 'nearMeArea',
    query: 'query($location: String!, $area: String!) { nearMeArea(location: $location, area: $area) { id name } }',
    variables: [...STRINGS.map((location) => ({ location, area: 'west-end' })), ...STRINGS.map((area) => ({ location: 'glasgow', area }))],
  },
  {
    name: 'NearMeArea.deals',
    query: PAGING('nearMeArea(location: "glasgow", area: "west-end") { deals($ARGS) { totalCount edges { node { dealId } } } }', 'first: $first, after: $after, page: $page'),
    variables: [...ints('first'), ...ints('page'), ...strings('after')].map((v) => ({ s: '', ...v })),
  },
  {
    name: 'guide',
    query: 'query($s: String!) { guide(slug: $s) { id displayName } }',
    variables: [...strings('s'), { s: 'a/'.repeat(100) }, { s: 'best-afternoon-tea-glasgow/' }, { s: '/best-afternoon-tea-glasgow' }],
  },
  {
    name: 'Guide.deals',
    query: PAGING('guide(slug: $s) { deals($ARGS) { totalCount edges { node { dealId } } } }', 'first: $first, after: $after, page: $page'),
    variables: [...ints('first'), ...ints('page'), ...strings('after')].map((v) => ({ s: 'best-afternoon-tea-glasgow', ...v })),
  },
  {
    name: 'node(id)',
    query: 'query($id: ID!) { node(id: $id) { id } }',
    variables: [...strings('id'), ...['Guide:', 'SpecialEvent::', 'NearMeArea:a:b:c', 'Guide:a//b', 'SpecialEvent:glasgow:\u0000'].map((k) => ({ id: Buffer.from(k).toString('base64') }))],
  },
  {
    name: 'sponsoredSession',
    query: 'mutation($input: SponsoredSessionInput!) { sponsoredSession(input: $input) { __typename ... on UserError { field } } }',
    variables: STRINGS.map((sessionId) => ({ input: { sessionId } })),
  },
  {
    name: 'recordSponsoredEvents',
    query: 'mutation($input: RecordSponsoredEventsInput!) { recordSponsoredEvents(input: $input) { __typename ... on UserError { field } } }',
    variables: [
      ...STRINGS.map((sessionId) => ({ input: { type: 'CLICK', sessionId, adIds: ['1'], dealIds: ['1'] } })),
      ...STRINGS.map((a) => ({ input: { type: 'IMPRESSION', sessionId: '00000000-0000-4000-8000-000000000000', adIds: [a], dealIds: ['1'] } })),
      ...STRINGS.map((d) => ({ input: { type: 'IMPRESSION', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['1'], dealIds: [d] } })),
      { input: { type: 'CLICK', sessionId: '00000000-0000-4000-8000-000000000000', adIds: Array(1000).fill('1'), dealIds: Array(1000).fill('1') } },
      { input: { type: 'NOPE', sessionId: '00000000-0000-4000-8000-000000000000', adIds: ['1'], dealIds: ['1'] } },
    ],
  },
];

describe.each(testDatabases())('hostile inputs to the issue-4 fields on %s', (_name, open) => {
  let close = async () => {};
  let yoga: Gateway;
  const logger = captureLogger();

  beforeAll(async () => {
    const services = await openSeededShopServices(open, 120);
    close = services.close;
    yoga = shopGateway(services, { logger });
  });
  afterAll(() => close());

  it.each(cases)('$name: never a 500 or an unmasked error', async ({ query, variables }) => {
    logger.lines.length = 0;
    for (const v of variables) {
      const res = await gql(yoga, query, v);
      const what = `${JSON.stringify(v).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
      expect(res.status, what).toBeLessThan(500);
      for (const error of res.body.errors ?? []) {
        expect(error.message, what).not.toBe('Unexpected error.');
        expect(error.extensions?.code, what).not.toBe('INTERNAL_SERVER_ERROR');
        if (error.extensions?.code === 'BAD_USER_INPUT') expect(typeof error.extensions.field, what).toBe('string');
      }
    }
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
