/**
 * Query.mapDeals (issue 19 point 4) through the gateway against the real deals service over a
 * seeded database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { mapDealsForZoom, MAP_ERROR_MESSAGE } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeededDeals } from '../../test/deals-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const QUERY = `query Map($bounds: MapBoundsInput!, $zoom: Float, $layout: MapLayout, $minPrice: Int, $maxPrice: Int) {
  mapDeals(bounds: $bounds, zoom: $zoom, layout: $layout, minPrice: $minPrice, maxPrice: $maxPrice) {
    __typename
    ... on MapDeals { zoom limit more bounds { west south east north } deals { id dealId title url merchantName lat lon price { amount formatted } } }
    ... on ValidationError { code field message }
  }
}`;
/** All of Glasgow, and a wider box over the central belt (Glasgow and Edinburgh). */
const GLASGOW = { west: -4.45, south: 55.78, east: -4.07, north: 55.94 };
const BELT = { west: -4.6, south: 55.7, east: -2.9, north: 56.1 };

describe.each(testDatabases())('map deals through the gateway on %s', (_name, open) => {
  let close = async () => {};
  let yoga: Gateway;
  const logger = captureLogger();
  const run = (variables: Record<string, unknown>) => gql(yoga, QUERY, variables);

  beforeAll(async () => {
    const services = await openSeededDeals(open, 900);
    close = services.close;
    yoga = createGateway({ services: { deals: { app: services.app } }, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true });
  });
  afterAll(() => close());

  it('the deals of the box for the zoom and layout, one REST call whatever their number', async () => {
    const full = await run({ bounds: BELT, zoom: 9 });
    expect(full.body.errors).toBeUndefined();
    const all = full.body.data.mapDeals;
    expect(all.__typename).toBe('MapDeals');
    expect(all.deals.length).toBeGreaterThan(150);
    expect(full.headers.get('x-rest-calls')).toBe('1');
    for (const [zoom, layout] of [[11, 'DESKTOP'], [12.5, 'DESKTOP'], [14, 'DESKTOP'], [9, 'MOBILE'], [11, 'MOBILE'], [12, 'MOBILE']] as const) {
      const res = await run({ bounds: BELT, zoom, layout });
      const answer = res.body.data.mapDeals;
      const limit = mapDealsForZoom(zoom, layout === 'MOBILE' ? 'mobile' : 'desktop');
      expect(answer.limit, `${layout} ${zoom}`).toBe(limit);
      expect(answer.deals.length, `${layout} ${zoom}`).toBe(Math.min(limit, all.deals.length + (all.more ? limit : 0)));
      expect(res.headers.get('x-rest-calls')).toBe('1');
      // The fewer deals of a closer zoom are the first of the wider answer (nearest the centre).
      expect(answer.deals.map((d: { dealId: number }) => d.dealId)).toEqual(all.deals.slice(0, answer.deals.length).map((d: { dealId: number }) => d.dealId));
    }
    const deal = all.deals[0];
    expect(deal.url).toMatch(/^\/deals\/(glasgow|edinburgh)\/.+\.html$/);
    expect(deal.price.formatted).toMatch(/^£\d/);
    expect(Buffer.from(deal.id, 'base64').toString()).toBe(`MapDeal:${deal.dealId}`);
  });

  it('prices in pence filter the headline price', async () => {
    const res = await run({ bounds: GLASGOW, zoom: 11, maxPrice: 3000 });
    const deals = res.body.data.mapDeals.deals as { price: { amount: number } }[];
    expect(deals.length).toBeGreaterThan(0);
    expect(deals.every((d) => d.price.amount <= 3000)).toBe(true);
  });

  it.each([
    [{ bounds: { ...GLASGOW, east: -4.5 } }, 'bounds.east'],
    [{ bounds: { ...GLASGOW, north: 55.7 } }, 'bounds.north'],
    [{ bounds: { ...GLASGOW, south: -95 } }, 'bounds.south'],
    [{ bounds: GLASGOW, zoom: 17 }, 'zoom'],
    [{ bounds: GLASGOW, zoom: 5.5 }, 'zoom'],
    [{ bounds: GLASGOW, minPrice: -1 }, 'minPrice'],
    [{ bounds: GLASGOW, minPrice: 5000, maxPrice: 1000 }, 'maxPrice'],
    [{ bounds: GLASGOW, maxPrice: 2_000_000_000 }, 'maxPrice'],
  ])('%j: a ValidationError naming %s, and no REST call', async (variables, field) => {
    const res = await run(variables);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.mapDeals).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field });
    expect(res.headers.get('x-rest-calls')).toBe('0');
  });

  it('a deals service failure is a masked error (the map shows the spec §8 words)', async () => {
    const broken = createGateway({ services: { deals: { app: fakeService(() => new Response('boom', { status: 500 })) } }, serviceToken: TEST_TOKEN, logger: captureLogger() });
    const res = await gql(broken, QUERY, { bounds: GLASGOW, zoom: 11 });
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(JSON.stringify(res.body)).not.toContain('boom');
    expect(MAP_ERROR_MESSAGE).toBe('Sorry there was a problem.');
  });
});
