import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { NearMeAreaDealsResponseSchema, NearMeHubResponseSchema, NearMeLocationSchema } from '../contract.ts';
import { expectProblem, isLiveDeal, walkPages } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { haversineKm } from './nearme.store.ts';

describe.each(testDatabases())('near me on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());

  it('GET /nearmelocation: the cities with their real neighbourhoods and live-deal counts', async () => {
    const hub = NearMeHubResponseSchema.parse(await f.json('/nearmelocation'));
    expect(hub.locations.map((l) => l.location.slug)).toEqual(['glasgow', 'edinburgh', 'aberdeen']);
    const slugs = (i: number) => hub.locations[i]!.areas.map((a) => a.slug);
    expect(slugs(0)).toEqual(expect.arrayContaining(['west-end', 'merchant-city', 'southside', 'finnieston', 'city-centre']));
    expect(slugs(1)).toEqual(expect.arrayContaining(['leith', 'old-town', 'new-town', 'stockbridge', 'morningside']));
    expect(slugs(2)).toEqual(expect.arrayContaining(['city-centre', 'old-aberdeen', 'footdee']));
    const glasgow = hub.locations[0]!;
    expect(glasgow.url).toBe('/near-me/glasgow');
    const westEnd = glasgow.areas.find((a) => a.slug === 'west-end')!;
    expect(westEnd).toMatchObject({ name: 'West End', location: 'glasgow', url: '/near-me/glasgow/west-end' });
    expect(westEnd.latLon.lat).toBeCloseTo(55.87, 1);
    expect(westEnd.latLon.lon).toBeCloseTo(-4.29, 1);
    expect(glasgow.areas.some((a) => a.dealCount > 0)).toBe(true);
    // Every count is what the area's list holds.
    for (const loc of hub.locations) {
      for (const area of loc.areas) {
        const list = NearMeAreaDealsResponseSchema.parse(await f.json(`/nearmelocation/area/${loc.location.slug}/${area.slug}?pageSize=1`));
        expect(list.searchResult.totalResults, area.url).toBe(area.dealCount);
      }
    }
    const one = NearMeLocationSchema.parse(await f.json('/nearmelocation/glasgow'));
    expect(one).toEqual(glasgow);
    const shop = NearMeLocationSchema.parse(await f.json('/nearmelocation/shop'));
    expect(shop.areas).toEqual([]);
  });

  it('GET /nearmelocation/area/{location}/{area}: every live deal within the radius, nearest first, ties by id', async () => {
    const area = (await f.db.withSchema('deals').selectFrom('near_me_area').selectAll().where('slug', '=', 'west-end').where('location_id', '=', 1).executeTakeFirstOrThrow());
    const centre = { lat: Number(area.lat), lon: Number(area.lon) };
    const candidates = await f.db
      .withSchema('deals')
      .selectFrom('deal')
      .innerJoin('merchant', 'merchant.id', 'deal.merchant_id')
      .select(['deal.id', 'merchant.lat', 'merchant.lon'])
      .where('deal.location_id', '=', 1)
      .where((eb) => eb.or([eb('deal.closing_date', 'is', null), eb('deal.closing_date', '>', TEST_NOW)]))
      .execute();
    const expected = candidates
      .map((c) => ({ id: c.id, km: haversineKm(centre, { lat: Number(c.lat), lon: Number(c.lon) }) }))
      .filter((c) => c.km <= Number(area.radius_km))
      .sort((a, b) => a.km - b.km || a.id - b.id);
    expect(expected.length).toBeGreaterThan(4);

    const { pages, deals } = await walkPages(f, '/nearmelocation/area/glasgow/west-end', 4, (v) => NearMeAreaDealsResponseSchema.parse(v));
    expect(deals.map((d) => d.id)).toEqual(expected.map((e) => e.id));
    const distances = pages.flatMap((p) => p.distances);
    expect(distances.map((d) => d.dealId)).toEqual(deals.map((d) => d.id));
    for (const [i, d] of distances.entries()) {
      expect(d.distanceKm).toBeCloseTo(expected[i]!.km, 2);
      expect(d.distanceKm).toBeLessThanOrEqual(Number(area.radius_km));
      if (i > 0) expect(d.distanceKm).toBeGreaterThanOrEqual(distances[i - 1]!.distanceKm);
      const deal = deals[i]!;
      expect(haversineKm(centre, deal.business.latLon)).toBeCloseTo(d.distanceKm, 2);
    }
    expect(deals.every((d) => d.location.slug === 'glasgow' && isLiveDeal(d))).toBe(true);
    expect(pages[0]!.area).toMatchObject({ slug: 'west-end', dealCount: expected.length, radiusKm: Number(area.radius_km) });
  });

  it('drops a deal once it closes', async () => {
    const before = NearMeAreaDealsResponseSchema.parse(await f.json('/nearmelocation/area/edinburgh/leith?pageSize=48'));
    const victim = before.deals[0]!.id;
    await f.db.withSchema('deals').updateTable('deal').set({ closing_date: TEST_NOW }).where('id', '=', victim).execute();
    const after = NearMeAreaDealsResponseSchema.parse(await f.json('/nearmelocation/area/edinburgh/leith?pageSize=48'));
    expect(after.deals.map((d) => d.id)).toEqual(before.deals.map((d) => d.id).filter((id) => id !== victim));
    expect(after.searchResult.totalResults).toBe(before.searchResult.totalResults - 1);
  });

  it('answers 404 for unknown locations and areas, 400 for bad slugs', async () => {
    await expectProblem(f, '/nearmelocation/atlantis', 404);
    await expectProblem(f, '/nearmelocation/area/glasgow/leith', 404);
    await expectProblem(f, '/nearmelocation/area/atlantis/west-end', 404);
    expect((await expectProblem(f, '/nearmelocation/area/glasgow/West%20End', 400)).errors?.[0]?.field).toBe('area');
    expect(f.logged).toEqual([]);
  });
});
