/**
 * The deal lists of issue 4 (recently viewed, recommended, buy again, early bird), special
 * events and near-me pages through the gateway, against the real deals service over a seeded
 * database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededShopServices, shopGateway } from '../../test/search-service.ts';
import { captureLogger, gql } from '../../test/helpers.ts';
import type { Gateway } from '../../yoga.ts';

const CONNECTION = 'totalCount page pageSize canonicalUrl pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { id dealId location { slug } } }';
type Connection = {
  totalCount: number;
  page: number;
  pageSize: number;
  canonicalUrl: string;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: { id: string; dealId: number; location: { slug: string } } }[];
};

describe.each(testDatabases())('deal lists, special events and near-me on %s', (_name, open) => {
  let close = async () => {};
  let yoga: Gateway;
  const logger = captureLogger();
  const run = (query: string, variables: Record<string, unknown> = {}) => gql(yoga, query, variables);
  const data = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await run(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  let glasgowIds: number[] = [];

  beforeAll(async () => {
    const services = await openSeededShopServices(open);
    close = services.close;
    yoga = shopGateway(services, { logger, exposeRestCalls: true });
    const home = await data('{ location(slug: "glasgow") { deals(first: 10) { edges { node { dealId } } } } }');
    glasgowIds = home.location.deals.edges.map((e: { node: { dealId: number } }) => e.node.dealId);
  });
  afterAll(() => close());

  describe('recentlyViewedDeals', () => {
    const Q = `query($ids: [ID!]!, $first: Int) { recentlyViewedDeals(dealIds: $ids, first: $first) { ${CONNECTION} } }`;

    it('the deals of the ids, in that order, 4 by default (spec §9), Deal global ids accepted', async () => {
      const ids = glasgowIds.slice(0, 5).map(String);
      const list = (await data(Q, { ids })).recentlyViewedDeals as Connection;
      expect(list.edges.map((e) => e.node.dealId)).toEqual(glasgowIds.slice(0, 4));
      expect(list).toMatchObject({ totalCount: 5, pageSize: 4, canonicalUrl: '/recently-viewed', pageInfo: { hasNextPage: true } });
      const globalIds = (await data(Q, { ids: ids.slice(0, 2), first: 5 })).recentlyViewedDeals.edges.map((e: { node: { id: string } }) => e.node.id);
      const again = (await data(Q, { ids: [globalIds[1], ids[0]] })).recentlyViewedDeals as Connection;
      expect(again.edges.map((e) => e.node.dealId)).toEqual([glasgowIds[1], glasgowIds[0]]);
    });

    it('no ids: an empty list without a call; unknown ids are left out', async () => {
      const empty = await run(Q, { ids: [] });
      expect(empty.body.data.recentlyViewedDeals).toMatchObject({ totalCount: 0, edges: [] });
      expect(empty.headers.get('x-rest-calls')).toBe('0');
      const unknown = (await data(Q, { ids: ['999999999', String(glasgowIds[0])] })).recentlyViewedDeals as Connection;
      expect(unknown.edges.map((e) => e.node.dealId)).toEqual([glasgowIds[0]]);
    });

    it.each([
      [['1', '2', '3', '4', '5', '6'], 'dealIds'],
      [['abc'], 'dealIds'],
      [['1e3'], 'dealIds'],
      [['9999999999'], 'dealIds'],
    ])('%j is BAD_USER_INPUT on `%s`', async (ids, field) => {
      const res = await run(Q, { ids });
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(res.headers.get('x-rest-calls')).toBe('0');
    });
  });

  describe('recommendedDeals (guests: no customer token yet)', () => {
    const Q = `query($location: String, $viewed: [ID!], $first: Int, $after: String, $page: Int) {
      recommendedDeals(location: $location, viewedDealIds: $viewed, first: $first, after: $after, page: $page) { ${CONNECTION} } }`;

    it('25 a page of at most 40 in all (spec §9); pages never overlap', async () => {
      const first = (await data(Q, { location: 'glasgow' })).recommendedDeals as Connection;
      expect(first).toMatchObject({ pageSize: 25, totalCount: 40, canonicalUrl: '/recommended-for-you', pageInfo: { hasNextPage: true } });
      expect(first.edges).toHaveLength(25);
      const second = (await data(Q, { location: 'glasgow', after: first.pageInfo.endCursor })).recommendedDeals as Connection;
      expect(second.edges).toHaveLength(15);
      expect(second.pageInfo.hasNextPage).toBe(false);
      const all = [...first.edges, ...second.edges].map((e) => e.node.dealId);
      expect(new Set(all).size).toBe(40);
      const byPage = (await data(Q, { location: 'glasgow', page: 2 })).recommendedDeals as Connection;
      expect(byPage.edges.map((e) => e.node.dealId)).toEqual(second.edges.map((e) => e.node.dealId));
      // No page is bigger than the 40 in all.
      expect(((await data(Q, { location: 'glasgow', first: 100 })).recommendedDeals as Connection).pageSize).toBe(40);
    });

    it('viewed deals steer the list and are left out of it', async () => {
      const viewed = glasgowIds.slice(0, 3).map(String);
      const list = (await data(Q, { location: 'glasgow', viewed, first: 40 })).recommendedDeals as Connection;
      expect(list.edges.length).toBeGreaterThan(0);
      expect(list.edges.some((e) => viewed.includes(String(e.node.dealId)))).toBe(false);
    });

    it('an unknown location is an empty list; too many viewed ids is BAD_USER_INPUT on `viewedDealIds`', async () => {
      expect(((await data(Q, { location: 'atlantis' })).recommendedDeals as Connection).edges).toEqual([]);
      const res = await run(Q, { location: 'glasgow', viewed: Array.from({ length: 21 }, (_, i) => String(i + 1)) });
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'viewedDealIds' });
    });
  });

  it('buyAgainDeals is empty for a guest, without a call', async () => {
    const res = await run(`{ buyAgainDeals { ${CONNECTION} } }`);
    expect(res.body.data.buyAgainDeals).toMatchObject({ totalCount: 0, pageSize: 10, edges: [], canonicalUrl: '/buy-again' });
    expect(res.headers.get('x-rest-calls')).toBe('0');
  });

  describe('earlyBirdDeals', () => {
    const Q = `query($location: String!, $first: Int, $page: Int) { earlyBirdDeals(location: $location, first: $first, page: $page) { ${CONNECTION} } }`;

    it("a location's early-bird deals; an unknown location is empty", async () => {
      const found: Connection[] = [];
      for (const location of ['glasgow', 'edinburgh', 'aberdeen', 'shop']) found.push((await data(Q, { location, first: 48 })).earlyBirdDeals);
      expect(found.some((c) => c.edges.length > 0)).toBe(true);
      expect(found[0]!.edges.every((e) => e.node.location.slug === 'glasgow')).toBe(true);
      expect(((await data(Q, { location: 'atlantis' })).earlyBirdDeals as Connection).edges).toEqual([]);
    });

    it('REST calls do not grow with the page size (9 vs 48)', async () => {
      const counts: string[] = [];
      for (const first of [9, 48]) {
        const res = await run(`query($first: Int) { earlyBirdDeals(location: "glasgow", first: $first) { edges { node { dealId title merchant { name } products { id price { formatted } } } } } }`, { first });
        expect(res.body.errors).toBeUndefined();
        counts.push(res.headers.get('x-rest-calls')!);
      }
      expect(counts).toEqual(['1', '1']);
    });
  });

  describe('specialEvent', () => {
    const Q = `query($location: String!, $slug: String!, $first: Int, $after: String) { specialEvent(location: $location, slug: $slug) {
      id slug title description location { slug name } deals(first: $first, after: $after) { ${CONNECTION} } } }`;

    it('a live event with its deals; unknown and ended events are null', async () => {
      const event = (await data(Q, { location: 'glasgow', slug: 'black-friday', first: 5 })).specialEvent;
      expect(event).toMatchObject({ slug: 'black-friday', title: 'Black Friday Deals', location: { slug: 'glasgow' } });
      expect(event.deals.edges.length).toBeGreaterThan(0);
      expect(event.deals.canonicalUrl).toBe('/deals/glasgow/special/black-friday');
      if (event.deals.pageInfo.hasNextPage) {
        const next = (await data(Q, { location: 'glasgow', slug: 'black-friday', first: 5, after: event.deals.pageInfo.endCursor })).specialEvent.deals as Connection;
        const ids = [...event.deals.edges, ...next.edges].map((e: { node: { dealId: number } }) => e.node.dealId);
        expect(new Set(ids).size).toBe(ids.length);
      }
      expect((await data(Q, { location: 'glasgow', slug: 'no-such-event' })).specialEvent).toBeNull();
      expect((await data(Q, { location: 'glasgow', slug: 'summer-sale' })).specialEvent).toBeNull(); // over
      const malformed = await run(Q, { location: 'glasgow', slug: '../x' });
      expect(malformed.body).toEqual({ data: { specialEvent: null } });
      expect(malformed.headers.get('x-rest-calls')).toBe('0');
    });

    it('the default page of deals shares the call that loaded the event', async () => {
      const res = await run('{ specialEvent(location: "glasgow", slug: "black-friday") { title deals { edges { node { dealId } } } } }');
      expect(res.body.errors).toBeUndefined();
      expect(res.headers.get('x-rest-calls')).toBe('1');
    });

    it('node() refetches it', async () => {
      const { id } = (await data(Q, { location: 'glasgow', slug: 'black-friday' })).specialEvent;
      const back = await data('query($id: ID!) { node(id: $id) { __typename id ... on SpecialEvent { slug title } } }', { id });
      expect(back.node).toMatchObject({ __typename: 'SpecialEvent', id, slug: 'black-friday' });
    });
  });

  describe('near-me', () => {
    it('the hub: every location with its areas, each with its url, centre, radius and deal count', async () => {
      const hub = (await data('{ nearMeLocations { location { slug name } areas { id slug name url latLon { lat lon } radiusKm dealCount location { slug } } } }')).nearMeLocations as {
        location: { slug: string };
        areas: { slug: string; url: string; radiusKm: number; dealCount: number; location: { slug: string } }[];
      }[];
      expect(hub.map((l) => l.location.slug)).toEqual(expect.arrayContaining(['glasgow', 'edinburgh']));
      for (const entry of hub) {
        for (const area of entry.areas) {
          expect(area.url).toBe(`/near-me/${entry.location.slug}/${area.slug}`);
          expect(area.location.slug).toBe(entry.location.slug);
          expect(area.radiusKm).toBeGreaterThan(0);
        }
      }
    });

    it('an area with its deals; an unknown area or location is null; node() refetches it', async () => {
      const Q = 'query($location: String!, $area: String!) { nearMeArea(location: $location, area: $area) { id slug name url dealCount deals(first: 48) { totalCount edges { node { dealId } } } } }';
      const area = (await data(Q, { location: 'glasgow', area: 'west-end' })).nearMeArea;
      expect(area).toMatchObject({ slug: 'west-end', name: 'West End', url: '/near-me/glasgow/west-end' });
      expect(area.deals.totalCount).toBe(area.dealCount);
      expect(area.deals.edges.length).toBe(Math.min(48, area.dealCount));
      expect((await data(Q, { location: 'glasgow', area: 'nowhere' })).nearMeArea).toBeNull();
      expect((await data(Q, { location: 'atlantis', area: 'west-end' })).nearMeArea).toBeNull();
      const back = await data('query($id: ID!) { node(id: $id) { __typename id ... on NearMeArea { slug } } }', { id: area.id });
      expect(back.node).toMatchObject({ __typename: 'NearMeArea', id: area.id, slug: 'west-end' });
    });
  });

  it('node() is null for made-up ids of the new types', async () => {
    const forged = ['Guide:', 'Guide:../x', 'SpecialEvent:glasgow', 'SpecialEvent:glasgow:black-friday:x', 'NearMeArea::', 'NearMeArea:glasgow:west-end:more'].map((k) =>
      Buffer.from(k, 'utf8').toString('base64'),
    );
    const res = await run('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: forged });
    expect(res.body).toEqual({ data: { nodes: forged.map(() => null) } });
  });

  it('nothing above logged an unexpected error', () => {
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
