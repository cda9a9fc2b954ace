import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealListResponseSchema, EarlyBirdResponseSchema, RecommendationsResponseSchema, type Deal } from '../contract.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { recordDealView, recordPurchase } from './history.ts';
import { ago, DAY_MS, expectProblem, isLiveDeal, post, walkPages } from './list-test-helpers.ts';

const GLASGOW = 1;
const SHOP = 4;

describe.each(testDatabases())('deal lists on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());

  const liveRows = (locationId: number) =>
    f.db
      .withSchema('deals')
      .selectFrom('deal')
      .select(['id', 'category_id', 'subcategory_id', 'sold_count', 'created_at'])
      .where('location_id', '=', locationId)
      .where((eb) => eb.or([eb('closing_date', 'is', null), eb('closing_date', '>', TEST_NOW)]))
      .orderBy('id')
      .execute();

  /** A closed deal of the location (one is closed for the test if the seed has none). */
  async function closedDealId(locationId: number): Promise<number> {
    const closed = await f.db.withSchema('deals').selectFrom('deal').select('id').where('location_id', '=', locationId).where('closing_date', '<', TEST_NOW).orderBy('id').executeTakeFirst();
    if (closed) return closed.id;
    const [victim] = await liveRows(locationId);
    await f.db.withSchema('deals').updateTable('deal').set({ closing_date: new Date(TEST_NOW.getTime() - 3_600_000) }).where('id', '=', victim!.id).execute();
    return victim!.id;
  }

  /** The sub-categories of the location's live deals, biggest first. */
  async function subcategories(locationId: number) {
    const rows = await liveRows(locationId);
    const bySub = new Map<number, typeof rows>();
    for (const r of rows) if (r.subcategory_id !== null) bySub.set(r.subcategory_id, [...(bySub.get(r.subcategory_id) ?? []), r]);
    return [...bySub.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]).map(([id, deals]) => ({ id, categoryId: deals[0]!.category_id, deals }));
  }

  describe('GET /recently-viewed', () => {
    it('returns the live deals in the order given, dropping closed, unknown and repeated ids', async () => {
      const live = await liveRows(GLASGOW);
      const [a, b, c] = [live[5]!.id, live[1]!.id, live[9]!.id];
      const closed = await closedDealId(GLASGOW);
      const qs = [b, closed, a, 99_999_999, c].map((id) => `recentViewedDeal=${id}`).join('&');
      const body = DealListResponseSchema.parse(await f.json(`/recently-viewed?${qs}`));
      expect(body.deals.map((d) => d.id)).toEqual([b, a, c]);
      expect(body.searchResult).toMatchObject({ totalResults: 3, page: 0, nextCursor: null });
      const repeated = DealListResponseSchema.parse(await f.json(`/recently-viewed?recentViewedDeal=${a}&recentViewedDeal=${a}`));
      expect(repeated.deals.map((d) => d.id)).toEqual([a]);
      const one = DealListResponseSchema.parse(await f.json(`/recently-viewed?recentViewedDeal=${c}`));
      expect(one.deals.map((d) => d.id)).toEqual([c]);
    });

    it('rejects more than 5 ids, none, and non-numeric ids with a problem naming recentViewedDeal', async () => {
      const six = [1, 2, 3, 4, 5, 6].map((id) => `recentViewedDeal=${id}`).join('&');
      const p = await expectProblem(f, `/recently-viewed?${six}`, 400);
      expect(p.errors?.map((e) => e.field)).toEqual(['recentViewedDeal']);
      expect((await expectProblem(f, '/recently-viewed', 400)).errors?.[0]?.field).toBe('recentViewedDeal');
      expect((await expectProblem(f, '/recently-viewed?recentViewedDeal=abc', 400)).errors?.[0]?.field).toMatch(/^recentViewedDeal/);
    });
  });

  describe('POST /deal-views', () => {
    it('records a view (202), and refuses bad tokens, unknown deals and non-JSON bodies', async () => {
      const [deal] = await liveRows(GLASGOW);
      expect((await post(f, '/deal-views', { customerToken: 'view-token-0001', dealId: deal!.id })).status).toBe(202);
      const views = await f.db.withSchema('deals').selectFrom('deal_view').selectAll().where('customer_token', '=', 'view-token-0001').execute();
      expect(views.map((v) => [v.deal_id, new Date(v.viewed_at).toISOString()])).toEqual([[deal!.id, TEST_NOW.toISOString()]]);

      const short = await post(f, '/deal-views', { customerToken: 'short', dealId: deal!.id });
      expect(short.status).toBe(400);
      expect((await short.json()).errors[0].field).toBe('customerToken');
      const badId = await post(f, '/deal-views', { customerToken: 'view-token-0001', dealId: 'x' });
      expect((await badId.json()).errors[0].field).toBe('dealId');
      expect((await post(f, '/deal-views', { customerToken: 'view-token-0001', dealId: 99_999_999 })).status).toBe(404);
      expect((await post(f, '/deal-views', '{not json')).status).toBe(400);
      expect((await post(f, '/deal-views', 'a=b', 'text/plain')).status).toBe(415);
      expect(f.logged).toEqual([]);
    });

    it('recordDealView and recordPurchase refuse invalid input', async () => {
      await expect(recordDealView(f.db, { customerToken: 'short', dealId: 1 })).rejects.toThrow(/customerToken/);
      await expect(recordPurchase(f.db, { customerToken: 'long-enough-token', dealId: 1, quantity: 0 })).rejects.toThrow(/quantity/);
      await expect(recordPurchase(f.db, { customerToken: 'long-enough-token', dealId: -1, quantity: 1 })).rejects.toThrow(/dealId/);
    });
  });

  describe('GET /recommendations/ct/{customerToken}', () => {
    it("ranks the viewed sub-category first, then its category, excludes bought deals, caps at 40 and pages without gaps", async () => {
      const [s] = await subcategories(GLASGOW);
      expect(s!.deals.length).toBeGreaterThanOrEqual(3);
      const token = 'cust-recs-0001';
      for (const id of [s!.deals[0]!.id, s!.deals[0]!.id, s!.deals[1]!.id]) {
        expect((await post(f, '/deal-views', { customerToken: token, dealId: id })).status).toBe(202);
      }
      const bought = s!.deals[2]!.id;
      await recordPurchase(f.db, { customerToken: token, dealId: bought, quantity: 1, at: ago(2 * DAY_MS) });

      const all = RecommendationsResponseSchema.parse(await f.json(`/recommendations/ct/${token}?limit=40&pageSize=40`));
      expect(all.basis).toBe('history');
      expect(all.searchResult.totalResults).toBe(40);
      expect(all.deals).toHaveLength(40);
      const ids = all.deals.map((d) => d.id);
      expect(ids).not.toContain(bought);
      expect(all.deals.every(isLiveDeal)).toBe(true);
      const inSub = s!.deals.length - 1;
      expect(all.deals.slice(0, inSub).every((d) => d.subCategory?.id === s!.id)).toBe(true);
      expect(all.deals.slice(inSub).some((d) => d.subCategory?.id === s!.id)).toBe(false);
      // Then the rest of that category, before anything else.
      const inCat = all.deals.map((d) => d.category.id === s!.categoryId);
      const lastInCat = inCat.lastIndexOf(true);
      expect(inCat.slice(0, lastInCat + 1).every(Boolean)).toBe(true);
      expect(all.deals.every((d) => d.location.slug === 'glasgow')).toBe(true);

      // Default paging: 25 then 15, the same order, no duplicates.
      const { deals } = await walkPages(f, `/recommendations/ct/${token}`, 25, (v) => RecommendationsResponseSchema.parse(v));
      expect(deals.map((d) => d.id)).toEqual(ids);
      const capped = RecommendationsResponseSchema.parse(await f.json(`/recommendations/ct/${token}?limit=10`));
      expect(capped.searchResult).toMatchObject({ totalResults: 10, pageSize: 25 });
      expect(capped.deals.map((d) => d.id)).toEqual(ids.slice(0, 10));
    });

    it('weighs recent and frequent interest more', async () => {
      const subs = await subcategories(GLASGOW);
      const [s1, s2] = [subs[0]!, subs.find((x) => x.categoryId !== subs[0]!.categoryId)!];
      await recordDealView(f.db, { customerToken: 'cust-recency-01', dealId: s1.deals[0]!.id, at: ago(30 * DAY_MS) });
      await recordDealView(f.db, { customerToken: 'cust-recency-01', dealId: s2.deals[0]!.id, at: ago(DAY_MS) });
      const recent = RecommendationsResponseSchema.parse(await f.json('/recommendations/ct/cust-recency-01?pageSize=5'));
      expect(recent.deals[0]!.subCategory?.id).toBe(s2.id);

      for (const at of [ago(DAY_MS), ago(DAY_MS), ago(DAY_MS)]) await recordDealView(f.db, { customerToken: 'cust-frequent-1', dealId: s1.deals[0]!.id, at });
      await recordDealView(f.db, { customerToken: 'cust-frequent-1', dealId: s2.deals[0]!.id, at: ago(DAY_MS) });
      const frequent = RecommendationsResponseSchema.parse(await f.json('/recommendations/ct/cust-frequent-1?pageSize=5'));
      expect(frequent.deals[0]!.subCategory?.id).toBe(s1.id);
    });

    it("falls back to the location's most popular live deals with no history", async () => {
      const body = RecommendationsResponseSchema.parse(await f.json('/recommendations/ct/no-history-0001?pageSize=40'));
      expect(body.basis).toBe('popular');
      expect(body.location.slug).toBe('glasgow');
      const live = (await liveRows(GLASGOW)).sort((a, b) => b.sold_count - a.sold_count || a.id - b.id);
      expect(body.deals.map((d) => d.id)).toEqual(live.slice(0, 40).map((d) => d.id));
      const edinburgh = RecommendationsResponseSchema.parse(await f.json('/recommendations/ct/no-history-0001?location=edinburgh'));
      expect(edinburgh.deals.every((d) => d.location.slug === 'edinburgh')).toBe(true);
      await expectProblem(f, '/recommendations/ct/no-history-0001?location=atlantis', 404);
    });

    it('validates the token (at least 10 characters), limit and paging', async () => {
      expect((await expectProblem(f, '/recommendations/ct/short', 400)).errors?.[0]?.field).toBe('customerToken');
      expect((await expectProblem(f, '/recommendations/ct/cust-recs-0001?limit=41', 400)).errors?.[0]?.field).toBe('limit');
      expect((await expectProblem(f, '/recommendations/ct/cust-recs-0001?pageSize=0', 400)).errors?.[0]?.field).toBe('pageSize');
      expect((await expectProblem(f, '/recommendations/ct/cust-recs-0001?page=-1', 400)).errors?.[0]?.field).toBe('page');
      const beyond = RecommendationsResponseSchema.parse(await f.json('/recommendations/ct/cust-recs-0001?page=5'));
      expect(beyond.deals).toEqual([]);
    });
  });

  describe('GET /recommendations/location/{location}', () => {
    it("ranks the sub-categories of the locally viewed deals first and leaves the viewed ones out", async () => {
      const [s] = await subcategories(GLASGOW);
      const viewed = s!.deals[0]!.id;
      const body = RecommendationsResponseSchema.parse(await f.json(`/recommendations/location/glasgow?viewed=${viewed}&pageSize=40`));
      expect(body.basis).toBe('viewed');
      expect(body.searchResult.totalResults).toBe(40);
      expect(body.deals.map((d) => d.id)).not.toContain(viewed);
      const inSub = s!.deals.length - 1;
      expect(body.deals.slice(0, inSub).every((d) => d.subCategory?.id === s!.id)).toBe(true);
      expect(body.deals.every((d) => d.location.slug === 'glasgow' && isLiveDeal(d))).toBe(true);
    });

    it("without viewed ids (or with unknown ones) gives the location's most popular live deals", async () => {
      const body = RecommendationsResponseSchema.parse(await f.json('/recommendations/location/glasgow?pageSize=40'));
      expect(body.basis).toBe('popular');
      const live = (await liveRows(GLASGOW)).sort((a, b) => b.sold_count - a.sold_count || a.id - b.id);
      expect(body.deals.map((d) => d.id)).toEqual(live.slice(0, 40).map((d) => d.id));
      const unknown = RecommendationsResponseSchema.parse(await f.json('/recommendations/location/glasgow?viewed=99999999&pageSize=40'));
      expect(unknown.basis).toBe('popular');
      expect(unknown.deals.map((d) => d.id)).toEqual(body.deals.map((d) => d.id));
      const small = RecommendationsResponseSchema.parse(await f.json('/recommendations/location/glasgow?limit=5'));
      expect(small.deals.map((d) => d.id)).toEqual(body.deals.slice(0, 5).map((d) => d.id));
      await expectProblem(f, '/recommendations/location/atlantis', 404);
      const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
      expect((await expectProblem(f, `/recommendations/location/glasgow?viewed=${many}`, 400)).errors?.[0]?.field).toBe('viewed');
      expect((await expectProblem(f, '/recommendations/location/glasgow?viewed=1,x', 400)).errors?.[0]?.field).toBe('viewed');
    });
  });

  describe('GET /buy-again/deals', () => {
    it('lists the live deals bought before, each once, most recent purchase first', async () => {
      const live = await liveRows(GLASGOW);
      const [a, b, d] = [live[3]!.id, live[4]!.id, live[7]!.id];
      const closed = await closedDealId(GLASGOW);
      const token = 'buy-again-0001';
      await recordPurchase(f.db, { customerToken: token, dealId: a, quantity: 1, at: ago(5 * DAY_MS) });
      await recordPurchase(f.db, { customerToken: token, dealId: b, quantity: 2, at: ago(3 * DAY_MS) });
      await recordPurchase(f.db, { customerToken: token, dealId: a, quantity: 1, at: ago(1 * DAY_MS) });
      await recordPurchase(f.db, { customerToken: token, dealId: closed, quantity: 1, at: ago(DAY_MS / 2) });
      await recordPurchase(f.db, { customerToken: token, dealId: d, quantity: 1, at: ago(2 * DAY_MS) });
      await recordPurchase(f.db, { customerToken: 'someone-else-01', dealId: live[8]!.id, quantity: 1, at: ago(DAY_MS) });

      const body = DealListResponseSchema.parse(await f.json(`/buy-again/deals?customerToken=${token}`));
      expect(body.deals.map((x) => x.id)).toEqual([a, d, b]);
      expect(body.searchResult).toEqual({ totalResults: 3, page: 0, pageSize: 10, nextCursor: null });
      const { deals } = await walkPages(f, `/buy-again/deals?customerToken=${token}`, 2, (v) => DealListResponseSchema.parse(v));
      expect(deals.map((x) => x.id)).toEqual([a, d, b]);
      const none = DealListResponseSchema.parse(await f.json('/buy-again/deals?customerToken=never-bought-1'));
      expect(none.deals).toEqual([]);
      expect((await expectProblem(f, '/buy-again/deals', 400)).errors?.[0]?.field).toBe('customerToken');
      expect((await expectProblem(f, '/buy-again/deals?customerToken=short', 400)).errors?.[0]?.field).toBe('customerToken');
    });
  });

  describe('GET /early-bird-deal/{location}', () => {
    it('lists the live deals whose window is open (now < early_bird_until), newest first, paged without gaps', async () => {
      await f.db.withSchema('deals').updateTable('deal').set({ early_bird_until: null }).execute();
      const live = await liveRows(GLASGOW);
      const closed = await closedDealId(GLASGOW);
      const set = (ids: number[], until: Date) => f.db.withSchema('deals').updateTable('deal').set({ early_bird_until: until }).where('id', 'in', ids).execute();
      const open = [live[0]!.id, ...live.slice(10, 15).map((r) => r.id)];
      await set([live[0]!.id], new Date(TEST_NOW.getTime() + 1)); // closes a millisecond from now: still early bird
      await set(live.slice(10, 15).map((r) => r.id), new Date(TEST_NOW.getTime() + 3 * DAY_MS));
      await set([live[1]!.id], TEST_NOW); // closes exactly now: no longer
      await set([live[2]!.id], new Date(TEST_NOW.getTime() - 1));
      await set([closed], new Date(TEST_NOW.getTime() + 5 * DAY_MS));
      const shopDeal = (await liveRows(SHOP))[0]!.id;
      await set([shopDeal], new Date(TEST_NOW.getTime() + DAY_MS));

      const expected = live
        .filter((r) => open.includes(r.id))
        .sort((x, y) => new Date(y.created_at).getTime() - new Date(x.created_at).getTime() || y.id - x.id)
        .map((r) => r.id);
      const body = EarlyBirdResponseSchema.parse(await f.json('/early-bird-deal/glasgow'));
      expect(body.location.slug).toBe('glasgow');
      expect(body.deals.map((d) => d.id)).toEqual(expected);
      const { deals } = await walkPages(f, '/early-bird-deal/glasgow', 4, (v) => EarlyBirdResponseSchema.parse(v));
      expect(deals.map((d) => d.id)).toEqual(expected);
      const created = deals.map((d: Deal) => new Date(d.createdAt).getTime());
      expect(created).toEqual([...created].sort((x, y) => y - x));

      for (const slug of ['shop', 'national-deal']) {
        const shop = EarlyBirdResponseSchema.parse(await f.json(`/early-bird-deal/${slug}`));
        expect(shop.deals.map((d) => d.id)).toEqual([shopDeal]);
        expect(shop.location.slug).toBe('shop');
      }
      await expectProblem(f, '/early-bird-deal/atlantis', 404);
      expect((await expectProblem(f, '/early-bird-deal/glasgow?pageSize=49', 400)).errors?.[0]?.field).toBe('pageSize');
    });
  });

  it('answers 401 without the service token on every list route (reliability Z5)', async () => {
    for (const path of ['/recently-viewed?recentViewedDeal=1', '/recommendations/ct/cust-recs-0001', '/recommendations/location/glasgow', '/buy-again/deals?customerToken=buy-again-0001', '/early-bird-deal/glasgow', '/special/glasgow/black-friday', '/nearmelocation', '/nearmelocation/glasgow', '/nearmelocation/area/glasgow/west-end', '/guides/best-afternoon-tea-glasgow', '/guides/affiliate/student-deals']) {
      expect((await f.app.request(path)).status, path).toBe(401);
    }
    expect((await f.app.request('/deal-views', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });

  it('logged no errors', async () => {
    await sql`select 1`.execute(f.db);
    expect(f.logged).toEqual([]);
  });
});
