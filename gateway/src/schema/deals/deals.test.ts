/**
 * The deals part of the schema, executed through yoga.fetch against the real deals service
 * (in-process) over a seeded database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { dealHeadline, DEALS_PAGE_SIZE, discountPercentage, ERROR_CODES, formatMoney, linePrice } from '@shop/domain';
import { isFairVipPrice } from '@shop/domain/vip';
import { testDatabases } from '@shop/platform/test-databases';
import { buildSchema, isEnumType } from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../relay/global-id.ts';
import { HOMEPAGE_QUERY } from '../../security/reference-queries.ts';
import { openSeededDeals } from '../../test/deals-service.ts';
import { captureLogger, gql, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';
import { SCHEMA_PATH } from '../schema.ts';

const PAGE = /* GraphQL */ `
  query Page($location: String!, $first: Int, $after: String, $page: Int, $sort: DealSort, $category: String, $subcategory: String) {
    location(slug: $location) {
      deals(first: $first, after: $after, page: $page, sort: $sort, category: $category, subcategory: $subcategory) {
        totalCount
        page
        pageSize
        canonicalUrl
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { id dealId title price { amount currency formatted } category { slug } location { slug } } }
      }
    }
  }
`;

/** A deal-card grid like the client's homepage: location, navigation and one page of cards. */
const CARDS = /* GraphQL */ `
  query Cards($first: Int) {
    location(slug: "glasgow") {
      name
      navigation { id linkText url subNavigations { id linkText url } }
      deals(first: $first) {
        pageInfo { hasNextPage endCursor }
        edges { cursor node { id dealId title url price { formatted } originalPrice { formatted } discountPercentage
          image { url alt } merchant { id name rating } location { id slug } category { id name url } subCategory { id url }
          products { id title price { amount formatted } soldOut } } }
      }
    }
  }
`;

type Edge = { cursor: string; node: { id: string; dealId: number; title: string; price: { amount: number; currency: string; formatted: string }; category: { slug: string }; location: { slug: string } } };

describe('ErrorCode', () => {
  it('the GraphQL enum lists exactly the codes of domain/src/error-codes.ts', () => {
    const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
    const type = schema.getType('ErrorCode');
    expect(isEnumType(type)).toBe(true);
    const values = isEnumType(type) ? type.getValues().map((v) => v.name) : [];
    expect([...values].sort()).toEqual([...ERROR_CODES].sort());
  });
});

/** Deals with their merchants, for finding a merchant with several deals. */
const MERCHANT_PAGE = /* GraphQL */ `
  query MerchantPage($after: String) {
    location(slug: "glasgow") {
      deals(first: 48, after: $after) {
        pageInfo { hasNextPage endCursor }
        edges { node { dealId merchant { id name address postcode website rating reviewCount latLon { lat lon } } } }
      }
    }
  }
`;

describe.each(testDatabases())('deals over the real deals service on %s', (_name, open) => {
  let close = async () => {};
  let yoga: Gateway;
  let dealsApp: { fetch(request: Request): Response | Promise<Response> };
  const run = (query: string, variables: Record<string, unknown> = {}) => gql(yoga, query, variables);
  const page = async (variables: Record<string, unknown>) => {
    const res = await run(PAGE, { location: 'glasgow', ...variables });
    expect(res.body.errors).toBeUndefined();
    return res.body.data.location.deals as { totalCount: number; page: number; pageSize: number; canonicalUrl: string; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null }; edges: Edge[] };
  };
  /** Every glasgow deal in order, walking `after` cursors. */
  const all: Edge[] = [];

  beforeAll(async () => {
    const deals = await openSeededDeals(open);
    close = deals.close;
    dealsApp = deals.app;
    yoga = createGateway({ services: { deals: { app: deals.app } }, serviceToken: TEST_TOKEN, logger: captureLogger(), exposeRestCalls: true });
    let after: string | null = null;
    for (let i = 0; i < 100; i++) {
      const d = await page({ first: 9, after });
      all.push(...d.edges);
      if (!d.pageInfo.hasNextPage) break;
      after = d.pageInfo.endCursor;
    }
  });
  afterAll(() => close());

  it('the homepage query returns Glasgow, its navigation and deals with formatted money', async () => {
    const res = await run(HOMEPAGE_QUERY, { location: 'glasgow' });
    expect(res.body.errors).toBeUndefined();
    const location = res.body.data.location;
    expect(location).toMatchObject({ slug: 'glasgow', name: expect.stringMatching(/Glasgow/), url: '/deals/glasgow', isDefault: true });
    expect(location.navigation.length).toBeGreaterThan(0);
    const { edges, totalCount, pageInfo } = location.deals;
    expect(edges.length).toBe(Math.min(48, totalCount));
    expect(totalCount).toBe(all.length);
    expect(pageInfo.hasNextPage).toBe(totalCount > 48);
    for (const { node } of edges) {
      expect(node.location.slug).toBe('glasgow');
      expect(node.price.currency).toBe('GBP');
      expect(node.price.formatted).toBe(formatMoney(node.price.amount, 'GBP'));
      expect(node.price.formatted).toMatch(/^£\d+(\.\d\d)?$/);
      expect(node.url).toMatch(new RegExp(`^/deals/glasgow/.+/${node.dealId}/[a-z0-9-]+\\.html$`));
      expect(node.products.length).toBeGreaterThan(0);
    }
  });

  it("a deal's image: the 1200px JPEG as url, srcSet of every width and a WebP source (issue 19 point 10)", async () => {
    const res = await run(/* GraphQL */ `query DealImage($id: ID!) { deal(dealId: $id) { image { url alt width height srcSet sources { type srcSet } } } }`, { id: String(all[0]!.node.dealId) });
    expect(res.body.errors).toBeUndefined();
    const image = res.body.data.deal.image;
    expect(image).toMatchObject({ url: expect.stringMatching(/^\/api\/deals\/images\/\d+\/v\d+\/1200\.jpg$/), width: 1200, height: 800 });
    expect(image.srcSet.split(', ')).toHaveLength(7);
    expect(image.srcSet).toMatch(/\/120\.jpg 120w, .*\/1200\.jpg 1200w$/);
    expect(image.sources).toEqual([{ type: 'image/webp', srcSet: image.srcSet.replaceAll('.jpg', '.webp') }]);
  });

  it('walking `after` cursors gives every deal once, without gaps, and ends with hasNextPage false', async () => {
    expect(all.length).toBeGreaterThan(18);
    expect(new Set(all.map((e) => e.node.dealId)).size).toBe(all.length);
    // The same list in one go (up to 48) has the same order.
    const first48 = await page({ first: 48 });
    expect(first48.edges.map((e) => e.node.dealId)).toEqual(all.slice(0, 48).map((e) => e.node.dealId));
    const last = await page({ first: 9, after: all[all.length - 1]!.cursor });
    expect(last.edges).toEqual([]);
    expect(last.pageInfo.hasNextPage).toBe(false);
  });

  it('`page` (1-based) starts at that page for ?page=N links', async () => {
    const second = await page({ first: 9, page: 2 });
    expect(second.page).toBe(2);
    expect(second.pageSize).toBe(9);
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    expect(second.edges.map((e) => e.node.dealId)).toEqual(all.slice(9, 18).map((e) => e.node.dealId));
    // And continuing from it with its end cursor gives page 3.
    const third = await page({ first: 9, after: second.pageInfo.endCursor });
    expect(third.page).toBe(3);
    expect(third.edges.map((e) => e.node.dealId)).toEqual(all.slice(18, 27).map((e) => e.node.dealId));
  });

  it('a cursor from the middle of a page continues right after that edge', async () => {
    const third = all[3]!;
    const rest = await page({ first: 9, after: third.cursor });
    expect(rest.edges.map((e) => e.node.dealId)).toEqual(all.slice(4, 13).map((e) => e.node.dealId));
    const next = await page({ first: 9, after: rest.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node.dealId)).toEqual(all.slice(13, 22).map((e) => e.node.dealId));
  });

  it('a page past the end is empty', async () => {
    const beyond = await page({ first: 9, page: 1000 });
    expect(beyond.edges).toEqual([]);
    expect(beyond.pageInfo.hasNextPage).toBe(false);
  });

  it('`first` over 48 is clamped, also when passed as a variable', async () => {
    const res = await run('query($n: Int) { location(slug: "glasgow") { deals(first: $n) { pageSize edges { cursor } } } }', { n: 100000 });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.location.deals.pageSize).toBe(48);
    expect(res.body.data.location.deals.edges.length).toBe(Math.min(48, all.length));
  });

  it.each([0, -1])('`first: %i` is a BAD_USER_INPUT error', async (n) => {
    const res = await run('query($n: Int) { location(slug: "glasgow") { deals(first: $n) { pageSize } } }', { n });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.headers.get('x-rest-calls')).toBe('1'); // the location only: no list was fetched
  });

  it('a made-up `after` is a BAD_USER_INPUT error', async () => {
    const res = await run(PAGE, { location: 'glasgow', after: 'not-a-cursor' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('REST calls do not grow with the page size (9, 24, 48)', async () => {
    const counts: string[] = [];
    for (const first of [9, 24, 48]) {
      const res = await run(CARDS, { first });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.location.deals.edges.length).toBe(Math.min(first, all.length));
      counts.push(res.headers.get('x-rest-calls')!);
    }
    expect(counts).toEqual(['3', '3', '3']); // location, navigation, deals list
  });

  it('sorts by price, low to high', async () => {
    const d = await page({ first: 48, sort: 'PRICE_LOW_TO_HIGH' });
    const prices = d.edges.map((e) => e.node.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  // Posted goods ('shop'): the price a card shows first includes the postage, and the price
  // sorts and the price filter use that same headline price.
  const HEADLINE_PAGE = /* GraphQL */ `
    query HeadlinePage($first: Int, $after: String, $sort: DealSort, $minPrice: Int, $maxPrice: Int) {
      location(slug: "shop") {
        deals(first: $first, after: $after, sort: $sort, minPrice: $minPrice, maxPrice: $maxPrice) {
          totalCount
          pageInfo { hasNextPage endCursor }
          edges { node { dealId price { amount } headlinePrice { amount } includedPostage { amount } } }
        }
      }
    }
  `;
  type HeadlineNode = { dealId: number; price: { amount: number }; headlinePrice: { amount: number }; includedPostage: { amount: number } };
  async function walkShop(variables: Record<string, unknown>): Promise<HeadlineNode[]> {
    const nodes: HeadlineNode[] = [];
    let after: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await run(HEADLINE_PAGE, { first: 48, ...variables, after });
      expect(res.body.errors).toBeUndefined();
      const deals = res.body.data.location.deals as { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: HeadlineNode }> };
      nodes.push(...deals.edges.map((e) => e.node));
      if (!deals.pageInfo.hasNextPage) return nodes;
      after = deals.pageInfo.endCursor;
    }
    throw new Error('no last page');
  }

  it('price sorts and the price filter use the headline price, postage included', async () => {
    const low = await walkShop({ sort: 'PRICE_LOW_TO_HIGH' });
    expect(low.some((n) => n.includedPostage.amount > 0)).toBe(true);
    const lowPrices = low.map((n) => n.headlinePrice.amount);
    expect(lowPrices).toEqual([...lowPrices].sort((a, b) => a - b));
    const high = (await walkShop({ sort: 'PRICE_HIGH_TO_LOW' })).map((n) => n.headlinePrice.amount);
    expect(high).toEqual([...lowPrices].sort((a, b) => b - a));

    const posted = low.find((n) => n.includedPostage.amount > 0)!;
    const under = await walkShop({ maxPrice: posted.headlinePrice.amount - 1 });
    expect(under.map((n) => n.dealId)).not.toContain(posted.dealId);
    expect(under.every((n) => n.headlinePrice.amount <= posted.headlinePrice.amount - 1)).toBe(true);
    const at = await walkShop({ minPrice: posted.headlinePrice.amount, maxPrice: posted.headlinePrice.amount });
    expect(at.map((n) => n.dealId)).toContain(posted.dealId);
    expect(at.every((n) => n.headlinePrice.amount === posted.headlinePrice.amount)).toBe(true);
  });

  it('narrows to a category; an unknown category is an empty list', async () => {
    const slug = all[0]!.node.category.slug;
    const d = await page({ first: 48, category: slug });
    expect(d.edges.length).toBeGreaterThan(0);
    expect(d.edges.every((e) => e.node.category.slug === slug)).toBe(true);
    expect(d.canonicalUrl).toContain(`/deals/glasgow/${slug}`);
    const none = await page({ first: 9, category: 'no-such-category' });
    expect(none.edges).toEqual([]);
    expect(none.totalCount).toBe(0);
  });

  it('deal(dealId:) finds a deal by the id in its url, and is null for unknown or non-numeric ids', async () => {
    const dealId = all[0]!.node.dealId;
    const res = await run('query($a: ID!, $b: ID!, $c: ID!) { a: deal(dealId: $a) { dealId title } b: deal(dealId: $b) { id } c: deal(dealId: $c) { id } }', {
      a: String(dealId),
      b: '987654321',
      c: 'abc',
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ a: { dealId, title: all[0]!.node.title }, b: null, c: null });
  });

  it('node(id:) round-trips every Node type', async () => {
    const res = await run(`{
      location(slug: "glasgow") {
        id
        category(slug: "${all[0]!.node.category.slug}") { id url }
        deals(first: 1) { edges { node { id merchant { id } category { id } subCategory { id } products { id } } } }
      }
    }`);
    expect(res.body.errors).toBeUndefined();
    const location = res.body.data.location;
    const deal = location.deals.edges[0].node;
    const ids: string[] = [location.id, location.category.id, deal.id, deal.merchant.id, deal.category.id, deal.products[0].id];
    if (deal.subCategory) ids.push(deal.subCategory.id);
    for (const id of ids) {
      const back = await run('query($id: ID!) { node(id: $id) { __typename id } }', { id });
      expect(back.body.errors).toBeUndefined();
      expect(back.body.data.node?.id).toBe(id);
    }
    // The same deal's category reached two ways has one id.
    expect(deal.category.id).toBe(location.category.id === deal.category.id ? location.category.id : deal.category.id);
    const typed = await run('query($ids: [ID!]!) { nodes(ids: $ids) { __typename } }', { ids });
    expect(typed.body.data.nodes.map((n: { __typename: string }) => n.__typename).slice(0, 6)).toEqual([
      'Location',
      'Category',
      'Deal',
      'Merchant',
      'Category',
      'DealProduct',
    ]);
  });

  it('node(id:) is null for garbage and unknown ids; nodes(ids:) keeps order and length', async () => {
    const garbage = [
      'garbage',
      '',
      '!!!',
      Buffer.from('Deal:abc').toString('base64'),
      Buffer.from('Nope:1').toString('base64'),
      toGlobalId('Deal', 987654321),
      toGlobalId('Location', 'atlantis'),
      toGlobalId('DealProduct', '1:999999'),
      toGlobalId('Merchant', 987654321),
      toGlobalId('Merchant', '1:1'), // the old Merchant:{merchantId}:{dealId} form
      toGlobalId('Merchant', 'abc'),
      toGlobalId('Category', 'glasgow:999999'),
    ];
    for (const id of garbage) {
      const res = await run('query($id: ID!) { node(id: $id) { id } }', { id });
      expect(res.body).toEqual({ data: { node: null } });
    }
    const first = all[0]!.node.id;
    const res = await run('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ['garbage', first, toGlobalId('Deal', 987654321), first] });
    expect(res.body.data.nodes).toEqual([null, { id: first }, null, { id: first }]);
  });

  it('a merchant has one id everywhere: two deals of the same merchant give the same Merchant id, and node() refetches it', async () => {
    // The REST paths the gateway asks the deals service for.
    const { paths, run } = recordingGateway();
    const runRecorded = async (query: string, variables: Record<string, unknown> = {}) => {
      paths.length = 0;
      const res = await run(query, variables);
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };
    type Merchant = { id: string; name: string };
    const merchantKey = (id: string) => /^Merchant:(\d+)$/.exec(Buffer.from(id, 'base64').toString('utf8'))?.[1];

    // A list page where one merchant runs two deals: the same id, and no call for merchants.
    let pair: { merchant: Merchant; dealIds: [number, number] } | undefined;
    let other: Merchant | undefined;
    let after: string | null = null;
    for (let i = 0; i < 20 && !pair; i++) {
      const data = await runRecorded(MERCHANT_PAGE, { after });
      expect(paths.some((p) => p.startsWith('/merchants'))).toBe(false);
      const edges: { node: { dealId: number; merchant: Merchant } }[] = data.location.deals.edges;
      const seen = new Map<string, { dealId: number; merchant: Merchant }>();
      for (const { node } of edges) {
        expect(merchantKey(node.merchant.id), node.merchant.id).toMatch(/^\d+$/);
        const earlier = seen.get(node.merchant.id);
        if (earlier) {
          expect(node.merchant).toEqual(earlier.merchant);
          pair ??= { merchant: node.merchant, dealIds: [earlier.dealId, node.dealId] };
        } else seen.set(node.merchant.id, node);
      }
      other = [...seen.values()].find((e) => pair && e.merchant.id !== pair.merchant.id)?.merchant;
      if (!data.location.deals.pageInfo.hasNextPage) break;
      after = data.location.deals.pageInfo.endCursor;
    }
    expect(pair, 'the seed has a Glasgow merchant with two deals').toBeDefined();
    expect(other).toBeDefined();
    const { merchant, dealIds } = pair!;

    // The same two deals looked up by id: one batched call for the deals, none for merchants.
    const byId = await runRecorded('query($a: ID!, $b: ID!) { a: deal(dealId: $a) { merchant { id name } } b: deal(dealId: $b) { merchant { id name } } }', {
      a: String(dealIds[0]),
      b: String(dealIds[1]),
    });
    expect(byId.a.merchant).toEqual({ id: merchant.id, name: merchant.name });
    expect(byId.b.merchant).toEqual(byId.a.merchant);
    expect(paths).toEqual([`/deal?ids=${dealIds[0]},${dealIds[1]}`]);

    // node(id:) refetches the merchant through the merchant lookup.
    const node = await runRecorded(
      'query($id: ID!) { node(id: $id) { __typename id ... on Merchant { name address postcode website rating reviewCount latLon { lat lon } } } }',
      { id: merchant.id },
    );
    expect(node.node).toEqual({ __typename: 'Merchant', ...merchant });
    expect(paths).toEqual([`/merchants?ids=${merchantKey(merchant.id)}`]);

    // nodes(ids:) batches merchants into one call; unknown ones are null.
    const unknown = toGlobalId('Merchant', 987654321);
    const nodes = await runRecorded('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [merchant.id, other!.id, unknown, merchant.id] });
    expect(nodes.nodes).toEqual([{ id: merchant.id }, { id: other!.id }, null, { id: merchant.id }]);
    expect(paths).toEqual([`/merchants?ids=${merchantKey(merchant.id)},${merchantKey(other!.id)},987654321`]);

    // A deal and its merchant's node in one request: the node id is the deal's merchant id.
    const both = await runRecorded('query($d: ID!, $id: ID!) { deal(dealId: $d) { merchant { id } } node(id: $id) { id } }', { d: String(dealIds[1]), id: merchant.id });
    expect(both.deal.merchant.id).toBe(both.node.id);
  });

  /** A gateway over the same deals service that records the REST paths it asks for. */
  const recordingGateway = () => {
    const paths: string[] = [];
    const gateway = createGateway({
      services: {
        deals: {
          app: {
            fetch(request: Request) {
              const url = new URL(request.url);
              paths.push(url.pathname + url.search);
              return dealsApp.fetch(request);
            },
          },
        },
      },
      serviceToken: TEST_TOKEN,
      logger: captureLogger(),
    });
    return { paths, run: (query: string, variables: Record<string, unknown> = {}) => gql(gateway, query, variables) };
  };

  describe('numeric ids the deals service would refuse (over 9 digits) are "no such object" and never reach REST', () => {
    const TOO_BIG = ['1234567890', '2147483647', '2147483648', '999999999999999', '9007199254740993'];

    it.each(TOO_BIG)('deal(dealId: "%s") is null, with no error and no call', async (dealId) => {
      const recorded = recordingGateway();
      const res = await recorded.run('query($id: ID!) { deal(dealId: $id) { id } }', { id: dealId });
      expect(res.body).toEqual({ data: { deal: null } });
      expect(recorded.paths).toEqual([]);
    });

    it('one too-large id does not fail the batch it would have joined: node(), node() and deal() together', async () => {
      const { dealId, id } = all[0]!.node;
      const recorded = recordingGateway();
      const res = await recorded.run('query($a: ID!, $b: ID!, $d: ID!) { a: node(id: $a) { id } b: node(id: $b) { id } d: deal(dealId: $d) { dealId } }', {
        a: id,
        b: toGlobalId('Deal', '1234567890'),
        d: String(dealId),
      });
      expect(res.body).toEqual({ data: { a: { id }, b: null, d: { dealId } } });
      expect(recorded.paths).toEqual([`/deal?ids=${dealId}`]);
    });

    it('nodes(ids:) with a mix of good and too-large deal, product, category and merchant ids', async () => {
      const recorded = recordingGateway();
      const cards = await recorded.run('{ location(slug: "glasgow") { deals(first: 2) { edges { node { id dealId merchant { id } products { id } category { id } } } } } }');
      const [first, second] = cards.body.data.location.deals.edges.map((e: { node: unknown }) => e.node) as {
        id: string;
        dealId: number;
        merchant: { id: string };
        products: { id: string }[];
        category: { id: string };
      }[];
      const ids = [
        first!.id,
        toGlobalId('Deal', '1234567890'),
        first!.merchant.id,
        toGlobalId('Merchant', '1234567890'),
        toGlobalId('Merchant', '99999999999999'),
        first!.products[0]!.id,
        toGlobalId('DealProduct', `1234567890:1`),
        toGlobalId('DealProduct', `${first!.dealId}:1234567890`),
        first!.category.id,
        toGlobalId('Category', 'glasgow:1234567890'),
        second!.id,
      ];
      // Fresh gateway: nothing primed by the list above, so every lookup is a REST call.
      const fresh = recordingGateway();
      const res = await fresh.run('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.nodes).toEqual([
        { id: first!.id },
        null,
        { id: first!.merchant.id },
        null,
        null,
        { id: first!.products[0]!.id },
        null,
        null,
        { id: first!.category.id },
        null,
        { id: second!.id },
      ]);
      for (const path of fresh.paths) expect(path).not.toMatch(/\d{10}/);
    });

    it('a merchant id over 9 digits is null; the good merchant in the same batch is found', async () => {
      const merchantId = (await run('{ location(slug: "glasgow") { deals(first: 1) { edges { node { merchant { id } } } } } }')).body.data.location.deals.edges[0].node.merchant.id;
      const recorded = recordingGateway();
      const res = await recorded.run('query($a: ID!, $b: ID!) { a: node(id: $a) { id } b: node(id: $b) { id } }', { a: merchantId, b: toGlobalId('Merchant', '1234567890') });
      expect(res.body).toEqual({ data: { a: { id: merchantId }, b: null } });
      expect(recorded.paths).toHaveLength(1);
      expect(recorded.paths[0]).toMatch(/^\/merchants\?ids=\d{1,9}$/);
    });
  });

  it('navigation item and sub-navigation ids are unique across locations (Glasgow and Edinburgh share none)', async () => {
    const res = await run('{ g: location(slug: "glasgow") { navigation { id url subNavigations { id url } } } e: location(slug: "edinburgh") { navigation { id url subNavigations { id url } } } }');
    expect(res.body.errors).toBeUndefined();
    type Nav = { id: string; url: string; subNavigations: { id: string; url: string }[] };
    const idsOf = (nav: Nav[]) => nav.flatMap((n) => [n.id, ...n.subNavigations.map((s) => s.id)]);
    const glasgow = idsOf(res.body.data.g.navigation);
    const edinburgh = idsOf(res.body.data.e.navigation);
    expect(glasgow.length).toBeGreaterThan(10);
    expect(new Set(glasgow).size).toBe(glasgow.length);
    expect(new Set(edinburgh).size).toBe(edinburgh.length);
    expect(glasgow.filter((id) => edinburgh.includes(id))).toEqual([]);
    // The 'all' entries: different urls, different ids; and the ids are opaque (no bare category ids).
    const [gAll, eAll] = [res.body.data.g.navigation[0] as Nav, res.body.data.e.navigation[0] as Nav];
    expect([gAll.url, eAll.url]).toEqual(['/deals/glasgow', '/deals/edinburgh']);
    expect(gAll.id).not.toBe(eAll.id);
    for (const id of [...glasgow, ...edinburgh]) expect(id).not.toMatch(/^\d+$/);
  });

  describe("a category outside the location's scope (city, shop, travel)", () => {
    it('Location.category is null for it, and found under a location of its scope', async () => {
      const res = await run(`{
        glasgow: location(slug: "glasgow") {
          electricals: category(slug: "electricals") { id }
          gadgets: category(slug: "electricals", subcategory: "gadgets") { id }
          europe: category(slug: "europe") { id }
          spa: category(slug: "spa") { slug url }
          spaDays: category(slug: "spa", subcategory: "spa-days") { slug url }
          wrongParent: category(slug: "spa", subcategory: "gadgets") { id }
        }
        shop: location(slug: "shop") {
          electricals: category(slug: "electricals") { slug url }
          gadgets: category(slug: "electricals", subcategory: "gadgets") { slug url }
          spa: category(slug: "spa") { id }
        }
        travel: location(slug: "travel") {
          europe: category(slug: "europe") { slug url }
          spa: category(slug: "spa") { id }
        }
      }`);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data).toEqual({
        glasgow: {
          electricals: null,
          gadgets: null,
          europe: null,
          spa: { slug: 'spa', url: '/deals/glasgow/spa' },
          spaDays: { slug: 'spa-days', url: '/deals/glasgow/spa/spa-days' },
          wrongParent: null,
        },
        shop: {
          electricals: { slug: 'electricals', url: '/deals/shop/electricals' },
          gadgets: { slug: 'gadgets', url: '/deals/shop/electricals/gadgets' },
          spa: null,
        },
        travel: { europe: { slug: 'europe', url: '/deals/travel/europe' }, spa: null },
      });
    });

    it('Location.deals for it is an empty connection, like the REST 404', async () => {
      const glasgow = await page({ first: 9, category: 'electricals' });
      expect(glasgow).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
      const sub = await page({ first: 9, category: 'electricals', subcategory: 'gadgets' });
      expect(sub).toMatchObject({ totalCount: 0, edges: [] });
      const rest = await dealsApp.fetch(new Request('http://deals/deals/glasgow/electricals', { headers: { 'x-service-token': TEST_TOKEN } }));
      expect(rest.status).toBe(404);
    });
  });

  it('Location.deals shows 9 deals per page by default (spec §9)', async () => {
    const res = await run('{ location(slug: "glasgow") { deals { pageSize edges { cursor } } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.location.deals.pageSize).toBe(DEALS_PAGE_SIZE);
    expect(res.body.data.location.deals.edges).toHaveLength(Math.min(DEALS_PAGE_SIZE, all.length));
  });

  describe('headline price, discount and "from" of every seeded deal', () => {
    type Amount = { amount: number };
    type Product = {
      price: Amount; originalPrice: Amount; vipExclusive: boolean; disabled: boolean;
      postagePrice: Amount | null; headlinePrice: Amount & { formatted: string }; includedPostage: Amount; headlineOriginalPrice: Amount; headlineDiscountPercentage: number;
    };
    type Card = {
      dealId: number; price: Amount; originalPrice: Amount; discountPercentage: number; showFromPrice: boolean; products: Product[];
      headlinePrice: Amount & { currency: string; formatted: string }; includedPostage: Amount; headlineOriginalPrice: Amount; headlineDiscountPercentage: number;
      priceDisplay: string; vipPrice: (Amount & { currency: string }) | null; vipHeadlinePrice: Amount | null;
    };
    let cards: Card[] = [];
    beforeAll(async () => {
      const locations = ['glasgow', 'edinburgh', 'aberdeen', 'shop', 'travel'];
      for (const location of locations) {
        let after: string | null = null;
        for (let i = 0; i < 50; i++) {
          const res = await run(
            `query($location: String!, $after: String) { location(slug: $location) { deals(first: 48, after: $after) {
              pageInfo { hasNextPage endCursor }
              edges { node { dealId price { amount } originalPrice { amount } discountPercentage showFromPrice priceDisplay
                vipPrice { amount currency } vipHeadlinePrice { amount }
                headlinePrice { amount currency formatted } includedPostage { amount } headlineOriginalPrice { amount } headlineDiscountPercentage
                products { price { amount } originalPrice { amount } vipExclusive disabled postagePrice { amount }
                  headlinePrice { amount formatted } includedPostage { amount } headlineOriginalPrice { amount } headlineDiscountPercentage } } } } } }`,
            { location, after },
          );
          expect(res.body.errors).toBeUndefined();
          const deals = res.body.data.location.deals;
          cards.push(...deals.edges.map((e: { node: Card }) => e.node));
          if (!deals.pageInfo.hasNextPage) break;
          after = deals.pageInfo.endCursor;
        }
      }
      cards = [...new Map(cards.map((c) => [c.dealId, c])).values()];
    });
    /** The products the price is taken from: enabled, and public unless there are only VIP ones. */
    const priced = (c: Card) => {
      const enabled = c.products.filter((p) => !p.disabled);
      const publicOnes = enabled.filter((p) => !p.vipExclusive);
      return publicOnes.length ? publicOnes : enabled;
    };

    it('the discount badge is the saving of the price shown against the original price shown (CMA)', () => {
      expect(cards.length).toBeGreaterThan(100);
      const overstated = cards.filter((c) => c.discountPercentage !== discountPercentage(c.price.amount, c.originalPrice.amount));
      expect(overstated.map((c) => `${c.dealId}: ${c.price.amount} was ${c.originalPrice.amount} -${c.discountPercentage}%`)).toEqual([]);
      // And the pair shown is a real product's pair, the cheapest of the priced ones.
      for (const c of cards) {
        const cheapest = Math.min(...priced(c).map((p) => p.price.amount));
        expect(c.price.amount).toBe(cheapest);
        expect(priced(c).some((p) => p.price.amount === c.price.amount && p.originalPrice.amount === c.originalPrice.amount)).toBe(true);
      }
    });

    it('every option headline is its price plus its postage for one unit: what checkout charges for a line of one', () => {
      const products = cards.flatMap((c) => c.products);
      const posted = products.filter((p) => (p.postagePrice?.amount ?? 0) > 0);
      expect(posted.length, 'the seed has goods with paid postage').toBeGreaterThan(0);
      for (const p of products) {
        const postage = p.postagePrice?.amount ?? 0;
        expect(p.includedPostage.amount).toBe(postage);
        expect(p.headlinePrice.amount).toBe(linePrice({ pricePence: p.price.amount, postagePence: p.postagePrice?.amount ?? null, quantity: 1 }).totalPence);
        expect(p.headlinePrice.formatted).toBe(formatMoney(p.headlinePrice.amount, 'GBP'));
        expect(p.headlineOriginalPrice.amount).toBe(p.originalPrice.amount + postage);
        expect(p.headlineDiscountPercentage).toBe(discountPercentage(p.headlinePrice.amount, p.headlineOriginalPrice.amount));
        // The saving beside the headline is never larger than the product's own (no overstated saving).
        expect(p.headlineDiscountPercentage).toBeLessThanOrEqual(discountPercentage(p.price.amount, p.originalPrice.amount));
      }
    });

    it("the deal's headline is the cheapest option headline, its saving on the same basis", () => {
      for (const c of cards) {
        const expected = dealHeadline(
          c.products.map((p) => ({ price: p.price.amount, originalPrice: p.originalPrice.amount, deliveryPrices: p.postagePrice ? [p.postagePrice.amount] : [], vipExclusive: p.vipExclusive, disabled: p.disabled })),
        );
        expect({ dealId: c.dealId, price: c.headlinePrice.amount, postage: c.includedPostage.amount, original: c.headlineOriginalPrice.amount, pct: c.headlineDiscountPercentage }).toEqual({
          dealId: c.dealId,
          price: expected.price,
          postage: expected.includedPostage,
          original: expected.originalPrice,
          pct: expected.discountPercentage,
        });
        expect(c.headlinePrice.currency).toBe('GBP');
        expect(priced(c).some((p) => p.headlinePrice.amount === c.headlinePrice.amount)).toBe(true);
      }
      const withPostage = cards.filter((c) => c.includedPostage.amount > 0);
      expect(withPostage.length, 'some seeded deals have postage in their headline').toBeGreaterThan(0);
      for (const c of withPostage) expect(c.headlinePrice.amount).toBeGreaterThan(c.price.amount);
      // A deal without postage keeps its price as the headline.
      for (const c of cards.filter((c) => c.products.every((p) => !p.postagePrice || p.postagePrice.amount === 0))) {
        expect([c.headlinePrice.amount, c.headlineOriginalPrice.amount, c.headlineDiscountPercentage]).toEqual([c.price.amount, c.originalPrice.amount, c.discountPercentage]);
      }
    });

    it("'from' follows the products the price is taken from: a VIP-exclusive option beside one public product is not 'from'", () => {
      for (const c of cards) expect({ dealId: c.dealId, showFromPrice: c.showFromPrice }).toEqual({ dealId: c.dealId, showFromPrice: priced(c).length > 1 });
      const vipBesideOnePublic = cards.filter((c) => c.products.some((p) => p.vipExclusive && !p.disabled) && priced(c).length === 1 && !priced(c)[0]!.vipExclusive);
      expect(vipBesideOnePublic.length, 'the seed has a deal with one public product and a VIP-exclusive one').toBeGreaterThan(0);
      for (const c of vipBesideOnePublic) expect(c.showFromPrice).toBe(false);
    });

    it('vipPrice (spec §3 mainDeal.vipPrice) is the cheapest enabled VIP-exclusive option, null without one; the seeded ones show it, a fair saving', () => {
      const vipOptions = (c: Card) => c.products.filter((p) => p.vipExclusive && !p.disabled);
      const withVip = cards.filter((c) => vipOptions(c).length > 0);
      expect(withVip.length, 'the seed has deals with VIP options').toBeGreaterThan(0);
      for (const c of cards.filter((c) => vipOptions(c).length === 0)) expect({ dealId: c.dealId, vip: c.vipPrice, headline: c.vipHeadlinePrice }).toEqual({ dealId: c.dealId, vip: null, headline: null });
      for (const c of withVip) {
        const cheapest = vipOptions(c).reduce((a, b) => (b.price.amount < a.price.amount ? b : a));
        expect({ dealId: c.dealId, vip: c.vipPrice, headline: c.vipHeadlinePrice?.amount }).toEqual({ dealId: c.dealId, vip: { amount: cheapest.price.amount, currency: 'GBP' }, headline: cheapest.headlinePrice.amount });
        // Seeded as 'show VIP discount price', at most 10% below the deal's price (spec §9).
        expect({ dealId: c.dealId, display: c.priceDisplay, fair: isFairVipPrice(c.vipPrice!.amount, c.price.amount) }).toEqual({ dealId: c.dealId, display: 'SHOW_VIP_DISCOUNT_PRICE', fair: true });
      }
    });
  });

  it('locations and defaultLocation', async () => {
    const res = await run('{ locations { slug url isDefault } defaultLocation { slug } }');
    expect(res.body.errors).toBeUndefined();
    const slugs = res.body.data.locations.map((l: { slug: string }) => l.slug);
    expect(slugs).toEqual(expect.arrayContaining(['glasgow', 'edinburgh', 'aberdeen', 'travel']));
    expect(res.body.data.defaultLocation.slug).toBe('glasgow');
    expect(res.body.data.locations.filter((l: { isDefault: boolean }) => l.isDefault)).toHaveLength(1);
  });

  it('an unknown location is null', async () => {
    const res = await run('{ a: location(slug: "atlantis") { id } b: location(slug: "NOT A SLUG") { id } }');
    expect(res.body).toEqual({ data: { a: null, b: null } });
  });
});

describe('dealFilterValidate', () => {
  const yoga = createGateway({
    services: { deals: { app: { fetch: () => new Response(null, { status: 500 }) } } },
    serviceToken: TEST_TOKEN,
    logger: captureLogger(),
  });
  const MUTATION = /* GraphQL */ `
    mutation($input: DealFilterValidateInput!) {
      dealFilterValidate(input: $input) {
        __typename
        ... on DealFilter { minPrice maxPrice sort }
        ... on UserError { code message field }
      }
    }
  `;

  it('returns the normalised filter', async () => {
    const res = await gql(yoga, MUTATION, { input: { minPrice: 1000, maxPrice: 5000 } });
    expect(res.body).toEqual({ data: { dealFilterValidate: { __typename: 'DealFilter', minPrice: 1000, maxPrice: 5000, sort: 'POPULARITY' } } });
  });

  it.each([
    [{ minPrice: -1 }, 'minPrice'],
    [{ maxPrice: 100_000_000 }, 'maxPrice'],
    [{ minPrice: 5000, maxPrice: 1000 }, 'maxPrice'],
  ])('returns a ValidationError naming the field for %j', async (input, field) => {
    const res = await gql(yoga, MUTATION, { input });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.dealFilterValidate).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field });
    expect(res.body.data.dealFilterValidate.message).toMatch(/price/);
  });
});
