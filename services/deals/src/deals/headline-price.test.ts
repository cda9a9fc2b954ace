/**
 * The headline price on the deal row (migration 2026_11_25_0900_deal_headline_price): its backfill
 * and trigger agree with the domain's dealHeadline, and list pages sort, filter and page by it.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dealHeadline, deliveryPricesOf, headlinePriceProducts } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealsResponseSchema, type Deal, type DealsResponse } from '../contract.ts';
import * as headlineMigration from '../db/migrations/2026_11_25_0900_deal_headline_price.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';

describe.each(testDatabases())('deal headline price on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open), (fixture) => fixture.database.close());

  const list = async (path: string): Promise<DealsResponse> => DealsResponseSchema.parse(await f.json(path));
  async function walk(base: string): Promise<Deal[]> {
    const all: Deal[] = [];
    let after: string | null = null;
    for (let i = 0; i < 500; i++) {
      const page: DealsResponse = await list(after ? `${base}&after=${after}` : base);
      all.push(...page.deals);
      after = page.searchResult.nextCursor;
      if (!after) return all;
    }
    throw new Error(`${base}: no last page after 500 pages`);
  }

  /** Every deal's stored headline against dealHeadline of its products as they are now. */
  async function storedVersusDomain() {
    const db = f.database.db.withSchema('deals');
    const deals = await db.selectFrom('deal').select(['id', 'price_pence', 'discount_percentage', 'headline_price_pence', 'headline_discount_percentage']).orderBy('id').execute();
    const products = await db.selectFrom('product').selectAll().orderBy('deal_id').orderBy('position').execute();
    const byDeal = Map.groupBy(products, (p) => p.deal_id);
    const stored = deals.map((d) => ({ id: d.id, price: d.headline_price_pence, discount: d.headline_discount_percentage }));
    const expected = deals.map((d) => {
      const options = (byDeal.get(d.id) ?? []).map((p) => ({
        price: p.price_pence,
        originalPrice: p.original_price_pence,
        deliveryPrices: deliveryPricesOf(p.postage_pence),
        vipExclusive: p.vip_exclusive,
        disabled: p.disabled,
      }));
      // No enabled product: the deal keeps its own price (as the index feed does).
      if (headlinePriceProducts(options).length === 0) return { id: d.id, price: d.price_pence, discount: d.discount_percentage };
      const h = dealHeadline(options);
      return { id: d.id, price: h.price, discount: h.discountPercentage };
    });
    return { stored, expected };
  }

  it('the seed, and the migration backfill over the seeded catalogue, give dealHeadline for every deal', async () => {
    const seeded = await storedVersusDomain();
    expect(seeded.stored).toEqual(seeded.expected);
    // The seed's posted goods really differ from their product-only price.
    const posted = await sql<{ n: number }>`select count(*)::int as n from deals.deal where headline_price_pence > price_pence`.execute(f.database.db);
    expect(Number(posted.rows[0]!.n)).toBeGreaterThan(10);

    // Undo the migration and run it again: the backfill computes every figure from the products.
    await headlineMigration.down(f.database.db);
    const columns = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_schema = 'deals' and table_name = 'deal' and column_name like 'headline_%'`.execute(f.database.db);
    expect(Number(columns.rows[0]!.n)).toBe(0);
    await headlineMigration.up(f.database.db);
    const backfilled = await storedVersusDomain();
    expect(backfilled.stored).toEqual(seeded.expected);
  });

  it('the trigger keeps it right when a product changes, comes, goes or moves, and ignores stock moves', async () => {
    const db = f.database.db;
    const pick = await sql<{ deal_id: number; id: number; n: number }>`
      select deal_id, min(id) as id, count(*)::int as n from deals.product group by deal_id having count(*) >= 2 order by deal_id limit 2`.execute(db);
    const [a, b] = pick.rows.map((r) => ({ deal: Number(r.deal_id), product: Number(r.id) }));
    const check = async (what: string) => {
      const { stored, expected } = await storedVersusDomain();
      expect(stored, what).toEqual(expected);
    };
    await sql`update deals.product set postage_pence = 499 where id = ${a!.product}`.execute(db);
    await check('postage added');
    await sql`update deals.product set price_pence = 100, original_price_pence = 5000 where id = ${a!.product}`.execute(db);
    await check('price and original price');
    await sql`update deals.product set vip_exclusive = true where deal_id = ${a!.deal}`.execute(db);
    await check('every option VIP-exclusive');
    await sql`update deals.product set vip_exclusive = false, disabled = (id <> ${a!.product}) where deal_id = ${a!.deal}`.execute(db);
    await check('all but one disabled');
    await sql`update deals.product set disabled = true where deal_id = ${a!.deal}`.execute(db);
    await check('every option disabled: the deal keeps its own price');
    await sql`update deals.deal set price_pence = 4321, discount_percentage = 12 where id = ${a!.deal}`.execute(db);
    await check("the deal's own price changed while no option is enabled");
    await sql`update deals.product set disabled = false where deal_id = ${a!.deal}`.execute(db);
    await check('options enabled again');
    await sql`insert into deals.product (id, deal_id, position, title, price_pence, original_price_pence, display_discount, has_deposit, postage_pence, vip_exclusive, disabled)
      values (990001, ${b!.deal}, 99, 'Cheapest option', 150, 300, true, false, 250, false, false)`.execute(db);
    await check('a new cheaper option');
    await sql`update deals.product set deal_id = ${a!.deal} where id = 990001`.execute(db);
    await check('the option moved to another deal (both deals)');
    await sql`delete from deals.product where id = 990001`.execute(db);
    await check('the option deleted');

    // Stock moves do not touch the deal row (the checkout's hot path stays one row).
    const before = await sql<{ xmin: string }>`select xmin::text as xmin from deals.deal where id = ${a!.deal}`.execute(db);
    await sql`update deals.product set remaining = 7 where deal_id = ${a!.deal}`.execute(db);
    const after = await sql<{ xmin: string }>`select xmin::text as xmin from deals.deal where id = ${a!.deal}`.execute(db);
    expect(after.rows[0]!.xmin).toBe(before.rows[0]!.xmin);
  });

  it('a posted goods deal sorts and filters at its headline on a list page', async () => {
    // A posted deal of the shop whose postage lifts it past other deals' prices.
    const { rows } = await sql<{ id: number; price: number; headline: number }>`
      select d.id, d.price_pence as price, d.headline_price_pence as headline
        from deals.deal d join deals.location l on l.id = d.location_id
       where l.slug = 'shop' and d.headline_price_pence > d.price_pence and (d.closing_date is null or d.closing_date > ${TEST_NOW})
         and not d.vip_exclusive
       order by d.headline_price_pence - d.price_pence desc, d.id limit 1`.execute(f.database.db);
    const posted = rows[0]!;
    expect(posted).toBeDefined();
    const [price, headline] = [Number(posted.price), Number(posted.headline)];
    expect(headline - price).toBeGreaterThan(1);
    // Another listed shop deal becomes a penny dearer than the posted one's product price, with
    // nothing posted: by product price it would come after, by headline it comes before.
    const other = await sql<{ id: number }>`
      select d.id from deals.deal d join deals.location l on l.id = d.location_id
       where l.slug = 'shop' and d.id <> ${posted.id} and (d.closing_date is null or d.closing_date > ${TEST_NOW}) and not d.vip_exclusive
       order by d.id limit 1`.execute(f.database.db);
    const rival = Number(other.rows[0]!.id);
    await sql`update deals.product set price_pence = ${price + 1}, original_price_pence = ${price + 1000}, postage_pence = null, vip_exclusive = false, disabled = false
      where deal_id = ${rival}`.execute(f.database.db);
    const ids = async (path: string) => (await walk(path)).map((d) => d.id);

    // The price slider: at the headline it is in, a penny under it is out, even though the
    // product price alone (without postage) is under that limit.
    expect(await ids(`/deals/shop?maxPrice=${headline}&pageSize=48`)).toContain(posted.id);
    expect(await ids(`/deals/shop?maxPrice=${headline - 1}&pageSize=48`)).not.toContain(posted.id);
    expect(await ids(`/deals/shop?maxPrice=${price}&pageSize=48`)).not.toContain(posted.id);
    expect(await ids(`/deals/shop?minPrice=${headline}&pageSize=48`)).toContain(posted.id);
    expect(await ids(`/deals/shop?minPrice=${headline + 1}&pageSize=48`)).not.toContain(posted.id);
    // The facet counts and the total take the same filter.
    const filtered = await list(`/deals/shop?maxPrice=${headline - 1}`);
    expect(filtered.facetedNavigation.navigations.reduce((s, n) => s + n.count, 0)).toBe(filtered.searchResult.totalResults);

    // The price sort: every deal before it has a headline no higher, every one after no lower.
    const sorted = await walk('/deals/shop?sort=pricelow&pageSize=48');
    const at = sorted.findIndex((d) => d.id === posted.id);
    expect(at).toBeGreaterThanOrEqual(0);
    const stored = await sql<{ id: number; headline: number }>`select id, headline_price_pence as headline from deals.deal`.execute(f.database.db);
    const headlineById = new Map(stored.rows.map((r) => [Number(r.id), Number(r.headline)]));
    for (const d of sorted.slice(0, at)) expect(headlineById.get(d.id)!).toBeLessThanOrEqual(headline);
    for (const d of sorted.slice(at + 1)) expect(headlineById.get(d.id)!).toBeGreaterThanOrEqual(headline);
    expect(sorted.findIndex((d) => d.id === rival)).toBeLessThan(at);
    const cheap = await ids(`/deals/shop?maxPrice=${price + 1}&pageSize=48`);
    expect(cheap).toContain(rival);
    expect(cheap).not.toContain(posted.id);
  });

  it('cursors page without gaps or repeats under the price sorts, ties included', async () => {
    // Many equal headlines: the id breaks the tie, so a cursor can never skip or repeat one.
    await sql`update deals.product set price_pence = 1500, original_price_pence = 3000, postage_pence = 399
      where deal_id in (select d.id from deals.deal d join deals.location l on l.id = d.location_id where l.slug = 'shop' and d.id % 3 = 0)`.execute(f.database.db);
    for (const base of ['/deals/shop?sort=pricelow&pageSize=7', '/deals/shop?sort=price&pageSize=7', '/deals/shop?sort=discountPercentage&pageSize=7', '/deals/shop?sort=pricelow&pageSize=5&minPrice=1899&maxPrice=1899']) {
      const byCursor = (await walk(base)).map((d) => d.id);
      const first = await list(base);
      expect(byCursor, base).toHaveLength(first.searchResult.totalResults);
      expect(new Set(byCursor).size, base).toBe(byCursor.length);
      const byOffset: number[] = [];
      for (let offset = 0; offset < first.searchResult.totalResults; offset += 48) {
        byOffset.push(...(await list(`${base.replace(/pageSize=\d+/, 'pageSize=48')}&offset=${offset}`)).deals.map((d) => d.id));
      }
      expect(byCursor, base).toEqual(byOffset);
    }
    const tied = await list('/deals/shop?sort=pricelow&minPrice=1899&maxPrice=1899&pageSize=48');
    expect(tied.searchResult.totalResults).toBeGreaterThan(5);
    expect(tied.deals.map((d) => d.id)).toEqual(tied.deals.map((d) => d.id).toSorted((x, y) => x - y));
  });
});
