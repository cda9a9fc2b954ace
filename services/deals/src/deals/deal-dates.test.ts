/**
 * `date` columns (a product's check-in and check-out) must come out as the calendar day stored,
 * whatever the process time zone: pg used to read them as local-midnight Dates, which
 * toISOString() turned into the previous day east of UTC.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealSchema } from '../contract.ts';
import { dealsFixture } from '../test/deals-fixture.ts';
import { findProductRows } from './deals.store.ts';

const savedTz = process.env.TZ;
beforeAll(() => {
  // Well east of UTC: local midnight is the previous day in UTC. Node applies TZ on assignment.
  process.env.TZ = 'Pacific/Auckland';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe.each(testDatabases())('date columns on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 20), (fixture) => fixture.database.close());

  it('reads check-in and check-out dates as the stored day, as YYYY-MM-DD text', async () => {
    expect(new Date(2026, 11, 24).getTimezoneOffset()).toBeLessThan(0); // the zone really is east of UTC
    const { rows } = await sql<{ id: number; deal_id: number }>`select id, deal_id from deals.product order by id limit 1`.execute(f.database.db);
    const { id, deal_id: dealId } = rows[0]!;
    await sql`update deals.product set check_in_date = ${'2026-12-24'}, check_out_date = ${'2027-01-01'} where id = ${id}`.execute(f.database.db);

    const [row] = (await findProductRows(f.database.db, [Number(dealId)])).filter((p) => p.id === Number(id));
    expect(row!.check_in_date).toBe('2026-12-24');
    expect(row!.check_out_date).toBe('2027-01-01');

    const deal = DealSchema.parse(await f.json(`/deal/${dealId}`));
    const product = deal.products.find((p) => p.id === Number(id))!;
    expect(product.checkInDate).toBe('2026-12-24');
    expect(product.checkOutDate).toBe('2027-01-01');
    expect(deal.products.filter((p) => p.id !== Number(id)).every((p) => p.checkInDate === null)).toBe(true);
  });
});
