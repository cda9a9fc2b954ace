import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { SpecialEventResponseSchema } from '../contract.ts';
import { expectProblem, isLiveDeal, walkPages } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';

describe.each(testDatabases())('special events on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());

  /** The event's deals for a location, as the route should list them: live, by position then id. */
  async function expectedDeals(slug: string, locationSlugs: string[]): Promise<number[]> {
    const rows = await f.db
      .withSchema('deals')
      .selectFrom('special_event_deal')
      .innerJoin('special_event', 'special_event.id', 'special_event_deal.event_id')
      .innerJoin('deal', 'deal.id', 'special_event_deal.deal_id')
      .innerJoin('location', 'location.id', 'deal.location_id')
      .select(['deal.id', 'special_event_deal.position'])
      .where('special_event.slug', '=', slug)
      .where('location.slug', 'in', locationSlugs)
      .where((eb) => eb.or([eb('deal.closing_date', 'is', null), eb('deal.closing_date', '>', TEST_NOW)]))
      .orderBy('special_event_deal.position')
      .orderBy('deal.id')
      .execute();
    return rows.map((r) => r.id);
  }

  it("GET /special/{location}/{slug}: the event and its live deals of the location and national deals, by position", async () => {
    const body = SpecialEventResponseSchema.parse(await f.json('/special/glasgow/black-friday'));
    expect(body.event).toMatchObject({ slug: 'black-friday', title: 'Black Friday Deals', location: null, url: '/deals/glasgow/special/black-friday' });
    expect(new Date(body.event.startsAt).getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
    expect(body.location.slug).toBe('glasgow');
    expect(body.searchResult).toMatchObject({ page: 0, pageSize: 9, nextCursor: null });
    const expected = await expectedDeals('black-friday', ['glasgow', 'shop']);
    expect(expected.length).toBeGreaterThan(9);
    expect(body.searchResult.totalResults).toBe(expected.length);
    expect(body.deals.map((d) => d.id)).toEqual(expected.slice(0, 9));
    const { deals } = await walkPages(f, '/special/glasgow/black-friday', 4, (v) => SpecialEventResponseSchema.parse(v));
    expect(deals.map((d) => d.id)).toEqual(expected);
    expect(deals.every((d) => ['glasgow', 'shop'].includes(d.location.slug) && isLiveDeal(d))).toBe(true);
  });

  it('never lists a closed deal', async () => {
    const before = await expectedDeals('christmas-gifts', ['edinburgh', 'shop']);
    const victim = before[1]!;
    await f.db.withSchema('deals').updateTable('deal').set({ closing_date: new Date(TEST_NOW.getTime() - 1000) }).where('id', '=', victim).execute();
    const { deals } = await walkPages(f, '/special/edinburgh/christmas-gifts', 48, (v) => SpecialEventResponseSchema.parse(v));
    expect(deals.map((d) => d.id)).toEqual(before.filter((id) => id !== victim));
  });

  it('an event of one location is only found there; national-deal reads as shop', async () => {
    const valentines = SpecialEventResponseSchema.parse(await f.json('/special/glasgow/valentines'));
    expect(valentines.event.location).toBe('glasgow');
    expect(valentines.deals.every((d) => ['glasgow', 'shop'].includes(d.location.slug))).toBe(true);
    await expectProblem(f, '/special/edinburgh/valentines', 404);
    const shop = SpecialEventResponseSchema.parse(await f.json('/special/national-deal/christmas-gifts?pageSize=48'));
    expect(shop.location.slug).toBe('shop');
    expect(shop.deals.every((d) => d.location.slug === 'shop')).toBe(true);
  });

  it('answers 404 for unknown, ended and not yet started events and unknown locations; 400 for bad slugs', async () => {
    expect((await expectProblem(f, '/special/glasgow/no-such-event', 404)).code).toBe('NOT_FOUND');
    await expectProblem(f, '/special/glasgow/summer-sale', 404);
    await expectProblem(f, '/special/glasgow/easter-treats', 404);
    await expectProblem(f, '/special/atlantis/black-friday', 404);
    expect((await expectProblem(f, '/special/glasgow/Black_Friday', 400)).errors?.[0]?.field).toBe('slug');
    expect((await expectProblem(f, '/special/glasgow/black-friday?page=x', 400)).errors?.[0]?.field).toBe('page');
  });

  it('the window is [startsAt, endsAt): live at the start, gone at the end', async () => {
    const setWindow = (starts: Date, ends: Date) =>
      f.db.withSchema('deals').updateTable('special_event').set({ starts_at: starts, ends_at: ends }).where('slug', '=', 'burns-night').execute();
    const ms = (d: number) => new Date(TEST_NOW.getTime() + d);
    await setWindow(TEST_NOW, ms(1));
    expect((await f.get('/special/aberdeen/burns-night')).status).toBe(200);
    await setWindow(ms(-10_000), TEST_NOW);
    expect((await f.get('/special/aberdeen/burns-night')).status).toBe(404);
    await setWindow(ms(1), ms(10_000));
    expect((await f.get('/special/aberdeen/burns-night')).status).toBe(404);
    expect(f.logged).toEqual([]);
  });
});
