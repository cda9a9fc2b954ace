import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealSchema, DealsResponseSchema } from '../contract.ts';
import { expectProblem } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { DealPreviewSchema, DealPreviewsSchema } from './preview.routes.ts';
import { ensureUpcomingDeals, publishDueDeals } from './preview.store.ts';

const DAY_MS = 86_400_000;

describe.each(testDatabases())('deal preview on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());

  async function upcoming() {
    return f.db.withSchema('deals').selectFrom('upcoming_deal').select(['id', 'merchant_id', 'status', 'location_id']).orderBy('id').execute();
  }
  const glasgowTotal = async () => DealsResponseSchema.parse(await f.json('/deals/glasgow?pageSize=1')).searchResult.totalResults;

  it('the demo seed: a scheduled deal and a draft for each of the three lowest-id local merchants of each city, once', async () => {
    const before = await glasgowTotal();
    expect(await ensureUpcomingDeals(f.db, TEST_NOW)).toBe(true);
    expect(await ensureUpcomingDeals(f.db, TEST_NOW)).toBe(false);
    const rows = await upcoming();
    expect(rows).toHaveLength(18);
    expect(rows.filter((r) => r.status === 'scheduled')).toHaveLength(9);
    expect(rows.every((r) => r.id > 950_000_000 && r.id < 990_000_000)).toBe(true);
    // Not live: no list counts them.
    expect(await glasgowTotal()).toBe(before);
  });

  it('GET /preview-deal/{id}: a scheduled deal with its live-from and its own products; a draft with none', async () => {
    const [scheduled, draft] = (await upcoming()).slice(0, 2);
    const s = DealPreviewSchema.parse(await f.json(`/preview-deal/${scheduled!.id}`));
    expect(s).toMatchObject({ status: 'scheduled', liveFrom: new Date(TEST_NOW.getTime() + 21 * DAY_MS).toISOString() });
    expect(s.deal.id).toBe(scheduled!.id);
    expect(s.deal.business.id).toBe(scheduled!.merchant_id);
    expect(s.deal.products.map((p) => p.price.amount)).toEqual([2500, 4500]);
    expect(s.deal.shareUrl).toMatch(new RegExp(`/${scheduled!.id}/[a-z0-9-]+\\.html$`));
    const d = DealPreviewSchema.parse(await f.json(`/preview-deal/${draft!.id}`));
    expect(d).toMatchObject({ status: 'draft', liveFrom: null });
    expect(d.deal.products).toHaveLength(2);
  });

  it('a deal that is not live is in no shopper-facing route: by id, the batch, the search index feed', async () => {
    const ids = (await upcoming()).map((r) => r.id);
    await expectProblem(f, `/deal/${ids[0]}`, 404);
    expect((await f.json<{ deals: unknown[] }>(`/deal?ids=${ids.join(',')}`)).deals).toEqual([]);
    let after = 0;
    const feedIds: number[] = [];
    for (;;) {
      const page = await f.json<{ deals: { id: number }[]; nextAfter: number | null }>(`/index/deals?after=${after}&limit=1000`);
      feedIds.push(...page.deals.map((x) => x.id));
      if (page.nextAfter === null) break;
      after = page.nextAfter;
    }
    expect(feedIds.length).toBeGreaterThan(200);
    expect(feedIds.filter((id) => ids.includes(id))).toEqual([]);
  });

  it('GET /preview-deal/{id} of a deal in the catalogue: live, or closed once its closing date has passed', async () => {
    const rows = await f.db.withSchema('deals').selectFrom('deal').select(['id', 'closing_date']).orderBy('id').execute();
    const open = rows.find((r) => r.closing_date === null || r.closing_date > TEST_NOW)!;
    const closed = rows.find((r) => r.closing_date !== null && r.closing_date <= TEST_NOW)!;
    expect(DealPreviewSchema.parse(await f.json(`/preview-deal/${open.id}`))).toMatchObject({ status: 'live', liveFrom: null, deal: { id: open.id } });
    expect(DealPreviewSchema.parse(await f.json(`/preview-deal/${closed.id}`))).toMatchObject({ status: 'closed', deal: { id: closed.id } });
  });

  it('GET /preview-deal/{id}: 404 for no such deal; 400 naming dealId for a malformed id', async () => {
    expect((await expectProblem(f, '/preview-deal/989999999', 404)).detail).toBe('Sorry, we could not find that deal.');
    const bad = await expectProblem(f, '/preview-deal/12x', 400);
    expect(JSON.stringify(bad)).toContain('dealId');
  });

  it('GET /preview-deals?merchantIds=: the merchants’ upcoming deals, scheduled first; 400 naming merchantIds otherwise', async () => {
    const rows = await upcoming();
    const merchant = rows[0]!.merchant_id;
    const body = DealPreviewsSchema.parse(await f.json(`/preview-deals?merchantIds=${merchant},1`));
    const mine = rows.filter((r) => r.merchant_id === merchant || r.merchant_id === 1);
    expect(body.previews).toHaveLength(mine.length);
    expect(body.previews.map((p) => p.status).slice(0, 1)).toEqual(['scheduled']);
    expect(body.previews.at(-1)!.status).toBe('draft');
    expect(DealPreviewsSchema.parse(await f.json('/preview-deals?merchantIds=989999999')).previews).toEqual([]);
    const bad = await expectProblem(f, '/preview-deals?merchantIds=a,b', 400);
    expect(JSON.stringify(bad)).toContain('merchantIds');
  });

  it('publishDueDeals moves each due scheduled deal into the catalogue with its id and products, once; drafts stay', async () => {
    const rows = await upcoming();
    const scheduled = rows.filter((r) => r.status === 'scheduled').map((r) => r.id);
    expect(await publishDueDeals(f.db, new Date(TEST_NOW.getTime() + 20 * DAY_MS))).toEqual([]);
    const due = new Date(TEST_NOW.getTime() + 22 * DAY_MS);
    const [a, b] = await Promise.all([publishDueDeals(f.db, due), publishDueDeals(f.db, due)]);
    expect([...a, ...b].sort()).toEqual(scheduled);
    expect(await publishDueDeals(f.db, due)).toEqual([]);
    const live = DealSchema.parse(await f.json(`/deal/${scheduled[0]}`));
    expect(live.products.map((p) => p.price.amount)).toEqual([2500, 4500]);
    expect(DealPreviewSchema.parse(await f.json(`/preview-deal/${scheduled[0]}`)).status).toBe('live');
    expect((await upcoming()).map((r) => r.status)).toEqual(Array(9).fill('draft'));
    // Tagged for the gift finder as they go live (not left for the next start).
    const tagged = await f.db.withSchema('deals').selectFrom('deal').select(['id', 'gift_tags']).where('id', 'in', scheduled).execute();
    expect(tagged.map((d) => d.gift_tags)).not.toContain(null);
  });
});
