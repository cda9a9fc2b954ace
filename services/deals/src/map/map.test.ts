import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { mapDealsForZoom } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { expectProblem } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { MapDealsResponseSchema } from './map.contract.ts';

/** A box around Glasgow at about zoom 11, and one around Edinburgh. */
const GLASGOW = { west: -4.45, south: 55.78, east: -4.07, north: 55.94 };
const EDINBURGH = { west: -3.35, south: 55.9, east: -3.05, north: 56.0 };
const qs = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe.each(testDatabases())('map deals on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 400), (fixture) => fixture.database.close());

  /** Every live, placed deal in the box by the merchant's coordinates (the truth the index must match). */
  async function liveDealsIn(box: typeof GLASGOW, maxPence?: number) {
    const rows = await f.db
      .withSchema('deals')
      .selectFrom('deal')
      .innerJoin('merchant', 'merchant.id', 'deal.merchant_id')
      .innerJoin('location', 'location.id', 'deal.location_id')
      .select(['deal.id', 'merchant.lat', 'merchant.lon', 'deal.headline_price_pence'])
      .where('location.is_national', '=', false)
      .where((eb) => eb.or([eb('deal.closing_date', 'is', null), eb('deal.closing_date', '>', TEST_NOW)]))
      .execute();
    return rows.filter((r) => r.lon >= box.west && r.lon <= box.east && r.lat >= box.south && r.lat <= box.north && (maxPence === undefined || r.headline_price_pence <= maxPence));
  }

  it('seeded deals sit at their merchant, in their city; national shop deals have no place on the map', async () => {
    const rows = await sql<{ slug: string; placed: number; unplaced: number; off: number }>`
      select l.slug,
             count(*) filter (where d.map_point is not null)::int as placed,
             count(*) filter (where d.map_point is null)::int as unplaced,
             count(*) filter (where d.map_point is not null and (d.map_point[0] <> m.lon or d.map_point[1] <> m.lat))::int as off
        from deals.deal d join deals.location l on l.id = d.location_id join deals.merchant m on m.id = d.merchant_id
       group by l.slug order by l.slug`.execute(f.db);
    const by = Object.fromEntries(rows.rows.map((r) => [r.slug, r]));
    for (const city of ['glasgow', 'edinburgh', 'aberdeen']) {
      expect(by[city]!.placed, city).toBeGreaterThan(0);
      expect(by[city]!.unplaced, city).toBe(0);
      expect(by[city]!.off, city).toBe(0);
    }
    expect(by['shop']!.placed).toBe(0);
    const glasgow = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 11 })}`));
    expect(glasgow.deals.length).toBeGreaterThan(0);
    expect(new Set(glasgow.deals.map((d) => d.location))).toEqual(new Set(['glasgow']));
  });

  it('answers every live deal of the box, nearest its centre first, with what a pin and a list line need', async () => {
    const expected = await liveDealsIn(GLASGOW);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(200);
    const body = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 11 })}`));
    expect(body).toMatchObject({ limit: 200, more: false, zoom: 11, layout: 'desktop', bounds: GLASGOW });
    expect(body.deals.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b));
    const cx = (GLASGOW.west + GLASGOW.east) / 2;
    const cy = (GLASGOW.south + GLASGOW.north) / 2;
    const dist = (d: { lat: number; lon: number }) => Math.hypot(d.lon - cx, d.lat - cy);
    for (let i = 1; i < body.deals.length; i++) expect(dist(body.deals[i]!)).toBeGreaterThanOrEqual(dist(body.deals[i - 1]!) - 1e-12);
    const deal = body.deals[0]!;
    expect(deal.url).toMatch(/^\/deals\/glasgow\/.+\/\d+\/.+\.html$/);
    expect(deal.url).toContain(`/${deal.id}/`);
    expect(deal.imageUrl).toMatch(/^\/api\/deals\/images\/\d+\/v\d+\/240\.webp$/);
    expect(deal.price.currency).toBe('GBP');
    expect(Number.isInteger(deal.price.amount)).toBe(true);
    expect(deal.merchantName.length).toBeGreaterThan(0);
  });

  it('the number of deals follows the zoom and layout (spec §9), and says when the box holds more', async () => {
    const all = await liveDealsIn(GLASGOW);
    for (const [zoom, layout] of [[11, 'desktop'], [12, 'desktop'], [14, 'desktop'], [9, 'mobile'], [10, 'mobile'], [12, 'mobile']] as const) {
      const body = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom, layout })}`));
      const limit = mapDealsForZoom(zoom, layout);
      expect(body.limit, `${layout} ${zoom}`).toBe(limit);
      expect(body.deals.length, `${layout} ${zoom}`).toBe(Math.min(limit, all.length));
      expect(body.more, `${layout} ${zoom}`).toBe(all.length > limit);
    }
    // Without a zoom: 200, or 80 on mobile.
    expect(MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs(GLASGOW)}`)).limit).toBe(200);
    const mobile = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, layout: 'mobile' })}`));
    expect(mobile.limit).toBe(80);
    // The 40 of a mobile zoom 12 are the 40 nearest the centre.
    const forty = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 12, layout: 'mobile' })}`));
    const full = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 11 })}`));
    expect(forty.deals.map((d) => d.id)).toEqual(full.deals.slice(0, forty.deals.length).map((d) => d.id));
  });

  it('filters by headline price and leaves out closed deals and other cities', async () => {
    const cheap = await liveDealsIn(EDINBURGH, 5000);
    const body = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...EDINBURGH, zoom: 11, maxPrice: 5000 })}`));
    expect(body.deals.map((d) => d.id).sort((a, b) => a - b)).toEqual(cheap.map((c) => c.id).sort((a, b) => a - b));
    expect(body.deals.every((d) => d.price.amount <= 5000 && d.location === 'edinburgh')).toBe(true);
    const dear = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...EDINBURGH, zoom: 11, minPrice: 5001 })}`));
    expect(dear.deals.every((d) => d.price.amount >= 5001)).toBe(true);
    expect(dear.deals.length + body.deals.length).toBe((await liveDealsIn(EDINBURGH)).length);

    // Closing a deal takes it off the map.
    const first = body.deals[0]!;
    await f.db.withSchema('deals').updateTable('deal').set({ closing_date: new Date(TEST_NOW.getTime() - 1000) }).where('id', '=', first.id).execute();
    const after = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...EDINBURGH, zoom: 11, maxPrice: 5000 })}`));
    expect(after.deals.map((d) => d.id)).not.toContain(first.id);
    expect(after.deals).toHaveLength(body.deals.length - 1);
  });

  it('a merchant that moves moves its deals (the trigger keeps the point)', async () => {
    const body = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 14 })}`));
    const deal = body.deals[0]!;
    const { merchant_id } = await f.db.withSchema('deals').selectFrom('deal').select('merchant_id').where('id', '=', deal.id).executeTakeFirstOrThrow();
    await f.db.withSchema('deals').updateTable('merchant').set({ lat: 57.15, lon: -2.1 }).where('id', '=', merchant_id).execute();
    const glasgow = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ ...GLASGOW, zoom: 11 })}`));
    expect(glasgow.deals.map((d) => d.id)).not.toContain(deal.id);
    const aberdeen = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ west: -2.2, south: 57.1, east: -2.0, north: 57.2, zoom: 11 })}`));
    expect(aberdeen.deals.find((d) => d.id === deal.id)).toMatchObject({ lat: 57.15, lon: -2.1 });
  });

  it('edges to 3 decimals, rounded outwards', async () => {
    const body = MapDealsResponseSchema.parse(await f.json(`/map/deals?${qs({ west: -4.45049, south: 55.78001, east: -4.06999, north: 55.93999, zoom: 11 })}`));
    expect(body.bounds).toEqual({ west: -4.451, south: 55.78, east: -4.069, north: 55.94 });
  });

  it('the statement is the GiST index scan nearest first, stopped by the limit (no bitmap, no sort of the box)', async () => {
    const plan = await f.db.transaction().execute(async (trx) => {
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select d.id from deals.deal d
        where d.map_point <@ box(point(-4.45, 55.78), point(-4.07, 55.94)) and (d.closing_date is null or d.closing_date > now())
        order by d.map_point <-> point(-4.26, 55.86) limit 201`.execute(trx);
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Index Scan using deal_map_point_idx');
    expect(text).toMatch(/Order By: \(map_point <-> /);
    expect(text).not.toContain('Sort');
  });

  it.each([
    ['west=-4.45&south=55.78&east=-4.07', 'north'],
    ['west=abc&south=55.78&east=-4.07&north=55.94', 'west'],
    ['west=-4.45&south=95&east=-4.07&north=55.94', 'south'],
    ['west=-4.07&south=55.78&east=-4.45&north=55.94', 'east'],
    ['west=-4.45&south=55.94&east=-4.07&north=55.78', 'north'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&zoom=5', 'zoom'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&zoom=17', 'zoom'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&layout=tablet', 'layout'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&maxPrice=12.5', 'maxPrice'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&minPrice=-1', 'minPrice'],
    ['west=-4.45&south=55.78&east=-4.07&north=55.94&minPrice=5000&maxPrice=1000', 'maxPrice'],
  ])('bad input %s: a 400 naming %s', async (query, field) => {
    const problem = await expectProblem(f, `/map/deals?${query}`, 400);
    expect(problem.errors?.map((e) => e.field)).toContain(field);
    expect(f.logged).toEqual([]);
  });
});
