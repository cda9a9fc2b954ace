import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOnLoopback } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { SearchResponseSchema } from '../contract.ts';
import { searchFixture, TEST_NOW, TEST_TOKEN, type SearchFixture } from '../test/search-fixture.ts';
import { isSponsoredDealId } from './campaigns.ts';
import { syncSearchIndex } from './sync.ts';

describe.each(testDatabases())('syncSearchIndex on %s', (_name, open) => {
  let f: SearchFixture;
  const DEALS = 150;
  beforeAll(async () => {
    f = await searchFixture(open, DEALS);
  });
  afterAll(async () => {
    await f?.database.close();
  });

  const indexedIds = async () =>
    (await sql<{ id: number }>`select id from search.deal_document order by id`.execute(f.database.db)).rows.map((r) => Number(r.id));
  const search = async (path: string) => SearchResponseSchema.parse(await f.json(path));

  it('indexes every deal of the feed, live or closed, with terms and ~3% sponsored campaigns', async () => {
    expect(f.sync).toMatchObject({ deals: DEALS, inserted: DEALS, updated: 0, deleted: 0, bulk: true });
    expect(f.sync.pages).toBe(2);
    expect(await indexedIds()).toEqual(Array.from({ length: DEALS }, (_, i) => i + 1));
    const terms = await sql<{ kind: string; n: number }>`select kind, count(*)::int as n from search.term group by kind`.execute(f.database.db);
    const byKind = Object.fromEntries(terms.rows.map((r) => [r.kind, Number(r.n)]));
    expect(byKind.term).toBeGreaterThan(50);
    expect(byKind.category).toBeGreaterThan(10);
    expect(byKind.location).toBe(5);
    expect(byKind.deal).toBeGreaterThan(50);
    const campaigns = await sql<{ deal_id: number }>`select deal_id from search.sponsored_campaign order by deal_id`.execute(f.database.db);
    const expected = Array.from({ length: DEALS }, (_, i) => i + 1).filter(isSponsoredDealId);
    expect(campaigns.rows.map((r) => Number(r.deal_id))).toEqual(expected);
    expect(f.sync.campaignsSeeded).toBe(expected.length);
  });

  it('is idempotent: a second run over the same catalogue writes no document', async () => {
    const before = await sql<{ id: number; indexed_at: Date }>`select id, indexed_at from search.deal_document order by id`.execute(f.database.db);
    const again = await f.resync();
    expect(again).toMatchObject({ deals: DEALS, inserted: 0, updated: 0, unchanged: DEALS, deleted: 0, campaignsSeeded: 0, bulk: false });
    const after = await sql<{ id: number; indexed_at: Date }>`select id, indexed_at from search.deal_document order by id`.execute(f.database.db);
    expect(after.rows.map((r) => new Date(r.indexed_at).getTime())).toEqual(before.rows.map((r) => new Date(r.indexed_at).getTime()));
  });

  it('updates changed deals and deletes the ones no longer in the feed (first, middle and last ids)', async () => {
    const db = f.database.db;
    await sql`update deals.deal set title = 'Zebra Safari Afternoon', sold_count = sold_count + 1 where id = 20`.execute(db);
    const gone = [1, 77, 78, DEALS];
    await sql`delete from deals.product where deal_id in (${sql.join(gone)})`.execute(db);
    await sql`delete from deals.deal where id in (${sql.join(gone)})`.execute(db);
    const report = await f.resync();
    expect(report).toMatchObject({ deals: DEALS - gone.length, inserted: 0, updated: 1, deleted: gone.length });
    expect(await indexedIds()).toEqual(Array.from({ length: DEALS }, (_, i) => i + 1).filter((id) => !gone.includes(id)));
    const zebra = await search('/search/all?q=zebra');
    expect(zebra.deals.map((d) => d.id)).toEqual([20]);
    expect(zebra.deals[0]!.title).toBe('Zebra Safari Afternoon');
    const everything = await search('/search/all?pageSize=48&sort=pricelow');
    expect(everything.deals.some((d) => gone.includes(d.id))).toBe(false);
  });

  it('drops a deal from results once it has closed', async () => {
    const db = f.database.db;
    const target = (await search('/search/glasgow?sort=popularity')).deals[0]!;
    await sql`update deals.deal set closing_date = ${new Date(TEST_NOW.getTime() - 60_000)} where id = ${target.id}`.execute(db);
    expect((await f.resync()).updated).toBe(1);
    const after = await search('/search/glasgow?sort=popularity');
    expect(after.deals.map((d) => d.id)).not.toContain(target.id);
  });

  it('reads the feed over real HTTP when given a base URL, and one sync waits for another', async () => {
    const server = await serveOnLoopback(f.dealsApp.fetch, 0);
    try {
      const deals = { baseUrl: `http://127.0.0.1:${server.port}/` };
      const [a, b] = await Promise.all([
        syncSearchIndex({ db: f.database.db, deals, serviceToken: TEST_TOKEN, now: () => TEST_NOW }),
        syncSearchIndex({ db: f.database.db, deals, serviceToken: TEST_TOKEN, now: () => TEST_NOW }),
      ]);
      expect(a).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
      expect(b).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
      await expect(syncSearchIndex({ db: f.database.db, deals, serviceToken: 'wrong-token', now: () => TEST_NOW })).rejects.toThrow(/401/);
    } finally {
      await server.close();
    }
    // A failed sync leaves the index as it was.
    expect((await indexedIds()).length).toBe(DEALS - 4);
  });
});
