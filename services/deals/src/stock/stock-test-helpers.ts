/**
 * Small catalogues for the stock tests (not a test file itself): a seeded 5-deal catalogue whose
 * first products get the stock, caps and dates a test asks for.
 */
import { sql } from 'kysely';
import type { Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { migrateDeals } from '../db/database.ts';
import { seedDeals } from '../seed/seed.ts';
import { TEST_NOW } from '../test/deals-fixture.ts';

export { TEST_NOW };

export interface ProductSetup {
  remaining: number | null;
  purchaseCap?: number | null;
  disabled?: boolean;
  vipExclusive?: boolean;
  closingDate?: Date | null;
}

export interface StockFixture {
  database: Database;
  /** Product ids, one per requested setup, each of a different deal. */
  ids: number[];
  remaining(id: number): Promise<number | null>;
  soldCount(id: number): Promise<number>;
}

export async function stockFixture(open: OpenTestDatabase, setups: ProductSetup[]): Promise<StockFixture> {
  const database = await open();
  const db = database.db;
  await migrateDeals(db);
  await seedDeals(db, { deals: Math.max(5, setups.length), seed: 7, now: TEST_NOW });
  const { rows } = await sql<{ id: number; deal_id: number }>`select distinct on (deal_id) id, deal_id from deals.product order by deal_id, position`.execute(db);
  const ids: number[] = [];
  for (const [i, s] of setups.entries()) {
    const p = rows[i]!;
    await sql`update deals.product set remaining = ${s.remaining}, purchase_cap = ${s.purchaseCap ?? null}, disabled = ${s.disabled ?? false},
      vip_exclusive = ${s.vipExclusive ?? false} where id = ${p.id}`.execute(db);
    await sql`update deals.deal set closing_date = ${s.closingDate ?? null}, vip_exclusive = false, sold_count = 0 where id = ${p.deal_id}`.execute(db);
    ids.push(p.id);
  }
  return {
    database,
    ids,
    async remaining(id) {
      return (await sql<{ remaining: number | null }>`select remaining from deals.product where id = ${id}`.execute(db)).rows[0]!.remaining;
    },
    async soldCount(id) {
      return (await sql<{ sold_count: number }>`select d.sold_count from deals.deal d join deals.product p on p.deal_id = d.id where p.id = ${id}`.execute(db)).rows[0]!
        .sold_count;
    },
  };
}

export const inMinutes = (m: number, from = TEST_NOW): Date => new Date(from.getTime() + m * 60_000);
