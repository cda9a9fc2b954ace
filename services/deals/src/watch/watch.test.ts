/**
 * Watching deals (issue 19 point 2): headline price and availability by id (module function and
 * REST), and the operators' price change whose headline the wish list alerts then see.
 */
import { discountPercentage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { dealsFixture, TEST_NOW, TEST_TOKEN } from '../test/deals-fixture.ts';
import { dealWatchStates } from './deal-watch.ts';
import { DealWatchStatesSchema, ProductPriceChangedSchema } from './watch.routes.ts';

describe.each(testDatabases())('deal watch on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 30), (fixture) => fixture.database.close());
  const put = (path: string, body: unknown) =>
    Promise.resolve(f.app.request(path, { method: 'PUT', headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify(body) }));

  it('answers the headline price and availability of the deals found; sold out (every option) or closed is unavailable', async () => {
    const [a, b, c] = (await sql<{ id: number }>`select id from deals.deal where product_count > 0 order by id limit 3`.execute(f.db)).rows.map((r) => Number(r.id));
    await sql`update deals.deal set closing_date = null where id in (${a}, ${b}, ${c})`.execute(f.db);
    await sql`update deals.product set remaining = 5, disabled = false where deal_id in (${a}, ${b}, ${c})`.execute(f.db);
    await sql`update deals.product set remaining = 0 where deal_id = ${b}`.execute(f.db);
    await sql`update deals.deal set closing_date = ${new Date(TEST_NOW.getTime() - 1000)} where id = ${c}`.execute(f.db);
    const states = await dealWatchStates(f.db, [a!, b!, c!, 999_999_999, -1, 2_147_483_648], TEST_NOW);
    expect([...states.keys()].sort((x, y) => x - y)).toEqual([a, b, c]);
    expect(states.get(a!)).toMatchObject({ id: a, available: true, currency: 'GBP' });
    expect(states.get(a!)!.path).toMatch(new RegExp(`^/deals/[a-z-]+/[a-z-]+(/[a-z-]+)?/${a}/[a-z0-9-]+\\.html$`));
    expect(states.get(b!)!.available).toBe(false);
    expect(states.get(c!)!.available).toBe(false);
    const headline = (await sql<{ p: number }>`select headline_price_pence as p from deals.deal where id = ${a}`.execute(f.db)).rows[0]!.p;
    expect(states.get(a!)!.headlinePricePence).toBe(Number(headline));

    const rest = DealWatchStatesSchema.parse(await f.json(`/deal-watch?ids=${a},${b},999999999`));
    expect(rest.deals.map((d) => d.id).sort((x, y) => x - y)).toEqual([a, b]);
    expect((await f.get('/deal-watch?ids=1,x')).status).toBe(400);
  });

  it("PUT /deal/{dealId}/products/{productId}/price changes one option's price and the headline follows; another deal's option is a 404; bad prices are 400 naming the field", async () => {
    const deal = Number((await sql<{ id: number }>`select id from deals.deal where product_count = 1 order by id limit 1`.execute(f.db)).rows[0]!.id);
    const product = (await sql<{ id: number; postage_pence: number | null }>`select id, postage_pence from deals.product where deal_id = ${deal}`.execute(f.db)).rows[0]!;
    const res = await put(`/deal/${deal}/products/${product.id}/price`, { pricePence: 1234 });
    expect(res.status).toBe(200);
    const changed = ProductPriceChangedSchema.parse(await res.json());
    expect(changed).toEqual({ dealId: deal, productId: Number(product.id), pricePence: 1234, headlinePricePence: 1234 + (product.postage_pence ?? 0) });
    expect((await dealWatchStates(f.db, [deal], TEST_NOW)).get(deal)!.headlinePricePence).toBe(changed.headlinePricePence);
    // The deal's own price summary follows too (its one option: price 1234, the saving against the original).
    const summary = (await sql<{ price_pence: number; original_price_pence: number; discount_percentage: number }>`select price_pence, original_price_pence, discount_percentage from deals.deal where id = ${deal}`.execute(f.db)).rows[0]!;
    expect(summary.price_pence).toBe(1234);
    expect(summary.discount_percentage).toBe(discountPercentage(1234, summary.original_price_pence));
    expect((await put(`/deal/${deal + 1}/products/${product.id}/price`, { pricePence: 100 })).status).toBe(404);
    for (const [body, field] of [
      [{ pricePence: -1 }, 'pricePence'],
      [{ pricePence: 12.5 }, 'pricePence'],
      [{ pricePence: '100' }, 'pricePence'],
      [{ pricePence: 100, extra: 1 }, 'extra'],
    ] as const) {
      const bad = await put(`/deal/${deal}/products/${product.id}/price`, body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
    }
    expect(f.logged).toEqual([]);
  });
});
