/**
 * Per-deal commission (issue 17 point 6) on PGlite and PostgreSQL: a business's rates are its own
 * and its deals' own; staff set and remove a deal's rate; a deal of another business, an unknown
 * business and bad input are refused, naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { seedMerchants } from '../seed/seed.ts';
import { merchantsFixture, TEST_NOW, type MerchantsFixture, type Problem } from '../test/merchants-fixture.ts';
import type { CommissionRatesResponse } from './commission.contract.ts';
import { commissionRatesOf } from './commission.store.ts';

describe.each(testDatabases())('deal commission on %s', (_name, open) => {
  let f: MerchantsFixture;
  let mine: { id: number; deals: number[] };
  let theirs: { id: number; deals: number[] };
  beforeAll(async () => {
    f = await merchantsFixture(open, 40);
    await seedMerchants(f.db, { demoMerchants: false, now: TEST_NOW });
    const rows = (await sql<{ id: number; catalogue_merchant_id: number }>`select id, catalogue_merchant_id from merchants.business order by id limit 2`.execute(f.db)).rows;
    const dealsOf = async (m: number) => (await sql<{ id: number }>`select id from deals.deal where merchant_id = ${m} order by id`.execute(f.db)).rows.map((r) => Number(r.id));
    mine = { id: Number(rows[0]!.id), deals: await dealsOf(Number(rows[0]!.catalogue_merchant_id)) };
    theirs = { id: Number(rows[1]!.id), deals: await dealsOf(Number(rows[1]!.catalogue_merchant_id)) };
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });
  const put = (businessId: number | string, dealId: number | string, body: unknown) => f.call('PUT', `/businesses/${businessId}/deals/${dealId}/commission`, body);

  it("a business's rates: its own for every deal until staff give a deal its own; removing it falls back", async () => {
    expect(await f.expect<CommissionRatesResponse>(f.call('GET', `/businesses/${mine.id}/commission`), 200)).toEqual({ businessId: mine.id, defaultBp: 2500, perDeal: [] });
    const dealId = mine.deals[0]!;
    const set = await f.expect<CommissionRatesResponse>(put(mine.id, dealId, { commissionBp: 1500, actorRef: 'staff:anna' }), 200);
    expect(set.perDeal).toEqual([{ dealId, commissionBp: 1500 }]);
    // Set again: the last rate wins, one row.
    expect((await f.expect<CommissionRatesResponse>(put(mine.id, dealId, { commissionBp: 1250, actorRef: 'staff:anna' }), 200)).perDeal).toEqual([{ dealId, commissionBp: 1250 }]);
    expect((await commissionRatesOf(f.db, mine.id))!.perDeal).toEqual([{ dealId, commissionBp: 1250 }]);
    expect((await commissionRatesOf(f.db, theirs.id))!.perDeal).toEqual([]);
    expect((await f.expect<CommissionRatesResponse>(put(mine.id, dealId, { commissionBp: null, actorRef: 'staff:anna' }), 200)).perDeal).toEqual([]);
  });

  it("another business's deal, an unknown business and a malformed id are the same 404; bad input names the field", async () => {
    const foreign = await f.expect<Problem>(put(mine.id, theirs.deals[0]!, { commissionBp: 100, actorRef: 'staff:anna' }), 404);
    const unknown = await f.expect<Problem>(put(999_999, mine.deals[0]!, { commissionBp: 100, actorRef: 'staff:anna' }), 404);
    expect(foreign).toEqual(unknown);
    await f.expect<Problem>(f.call('GET', '/businesses/999999/commission'), 404);
    await f.expect<Problem>(f.call('GET', '/businesses/abc/commission'), 404);
    for (const [body, field] of [
      [{ commissionBp: 10_001, actorRef: 'staff:anna' }, 'commissionBp'],
      [{ commissionBp: 12.5, actorRef: 'staff:anna' }, 'commissionBp'],
      [{ commissionBp: 100, actorRef: 'a\u0000b' }, 'actorRef'],
      [{ commissionBp: 100 }, 'actorRef'],
    ] as const) {
      const problem = await f.expect<Problem>(put(mine.id, mine.deals[0]!, body), 400);
      expect(problem.errors!.map((e) => e.field)).toContain(field);
    }
    const badDeal = await f.expect<Problem>(put(mine.id, 3_000_000_000, { commissionBp: 100, actorRef: 'staff:anna' }), 400);
    expect(badDeal.errors!.map((e) => e.field)).toContain('dealId');
    const rows = (await sql<{ n: string | number }>`select count(*) as n from merchants.deal_commission`.execute(f.db)).rows[0]!.n;
    expect(Number(rows)).toBe(0);
  });
});
