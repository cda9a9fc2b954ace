import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { catalogueMerchants, dealIdsOfMerchant } from '@shop/deals';
import type { DealsDb } from '@shop/deals/db/database';
import { testDatabases } from '@shop/platform/test-databases';
import { businessesOf, dealIdsOfBusiness } from '../businesses/businesses.store.ts';
import { merchantsFixture, type MerchantsFixture } from '../test/merchants-fixture.ts';
import { DEMO_MERCHANT_PASSWORD, DEMO_MERCHANTS, merchantCityOf, merchantTypeOf, seedMerchants } from './seed.ts';

describe.each(testDatabases())('the merchants seed on %s', (_name, open) => {
  let f: MerchantsFixture;
  beforeAll(async () => {
    f = await merchantsFixture(open, 300);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  const snapshot = async () => ({
    businesses: (await sql<Record<string, unknown>>`select * from merchants.business order by id`.execute(f.db)).rows,
    memberships: (await sql<Record<string, unknown>>`select * from merchants.membership order by business_id, customer_token`.execute(f.db)).rows,
    accounts: (await sql<Record<string, unknown>>`select id, email, password_hash, email_verified from users.account order by id`.execute(f.db)).rows,
  });

  it('makes every catalogue merchant exactly one business, typed by its deals and placed by its location; a second run changes nothing', async () => {
    const first = await seedMerchants(f.db, { demoMerchants: true });
    const merchants = await catalogueMerchants(f.db as unknown as DealsDb);
    expect(merchants.length).toBeGreaterThan(20);
    expect(first).toEqual({ inserted: merchants.length, total: merchants.length, demoAccounts: DEMO_MERCHANTS.length });
    const before = await snapshot();
    const rows = before.businesses as Array<{ catalogue_merchant_id: number; type: string; city: string; name: string; category: string }>;
    for (const m of merchants) {
      const mine = rows.filter((b) => Number(b.catalogue_merchant_id) === m.id);
      expect(mine, m.name).toHaveLength(1);
      expect(mine[0]).toMatchObject({ name: m.name, type: merchantTypeOf(m), city: merchantCityOf(m), category: m.topCategory });
    }
    // The rule, on the catalogue as seeded: each type and each city is there.
    const types = new Set(rows.map((b) => b.type));
    expect([...types].sort()).toEqual(['local', 'shop', 'travel']);
    expect(new Set(rows.map((b) => b.city))).toEqual(new Set(['Glasgow', 'Edinburgh', 'Aberdeen', 'national']));
    for (const m of merchants) {
      if (m.locationScope === 'travel') expect(merchantTypeOf(m)).toBe('travel');
      if (m.locationScope === 'shop') expect(merchantTypeOf(m)).toBe('shop');
      if (m.locationScope === 'local' && m.postalDeals === 0 && m.travelDeals === 0) expect(merchantTypeOf(m)).toBe('local');
    }

    expect(await seedMerchants(f.db, { demoMerchants: true })).toEqual({ inserted: 0, total: merchants.length, demoAccounts: 0 });
    // A second run takes no ids from the sequence (business ids do not jump at every restart).
    const seq = async () => Number((await sql<{ last: string }>`select last_value as last from merchants.business_id_seq`.execute(f.db)).rows[0]!.last);
    const idsBefore = await seq();
    await seedMerchants(f.db, { demoMerchants: true });
    expect(await seq()).toBe(idsBefore);
    expect(await snapshot()).toEqual(before);
  });

  it("dealIdsOfBusiness reads the catalogue merchant's deals through the deals module", async () => {
    const merchants = await catalogueMerchants(f.db as unknown as DealsDb);
    const busiest = merchants.reduce((a, b) => (b.deals > a.deals ? b : a));
    const business = (await sql<{ id: string }>`select id from merchants.business where catalogue_merchant_id = ${busiest.id}`.execute(f.db)).rows[0]!;
    const ids = await dealIdsOfBusiness(f.db, Number(business.id));
    expect(ids).toEqual(await dealIdsOfMerchant(f.db as unknown as DealsDb, busiest.id));
    expect(ids).toHaveLength(busiest.deals);
    expect(await dealIdsOfBusiness(f.db, 999_999_999)).toEqual([]);
  });

  it('the demo merchants sign in through the users service and own their businesses', async () => {
    for (const demo of DEMO_MERCHANTS) {
      const res = await f.login(demo.email, DEMO_MERCHANT_PASSWORD);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      const token = (JSON.parse(text) as { data: { user: { customerToken: string; emailVerified: boolean } } }).data.user;
      expect(token.emailVerified).toBe(true);
      const mine = await businessesOf(f.db, token.customerToken);
      const expected = demo.memberships.reduce((n, m) => n + m.count, 0);
      expect(mine, demo.email).toHaveLength(expected);
      for (const m of demo.memberships) {
        const matching = mine.filter((b) => b.type === m.type && b.city === m.city && b.role === m.role);
        expect(matching, `${demo.email} ${m.type} ${m.city}`).toHaveLength(m.count);
        for (const b of matching) expect((await dealIdsOfBusiness(f.db, b.id)).length).toBeGreaterThan(0);
      }
    }
    expect((await f.login(DEMO_MERCHANTS[0]!.email, 'wrong-password')).status).toBe(401);
  });

  it('without demo merchants (production) it makes no accounts', async () => {
    const g = await merchantsFixture(open, 30);
    try {
      const result = await seedMerchants(g.db, { demoMerchants: false });
      expect(result.demoAccounts).toBe(0);
      expect(result.total).toBeGreaterThan(0);
      expect(Number((await sql<{ n: string }>`select count(*) as n from users.account`.execute(g.db)).rows[0]!.n)).toBe(0);
      expect(Number((await sql<{ n: string }>`select count(*) as n from merchants.membership`.execute(g.db)).rows[0]!.n)).toBe(0);
    } finally {
      await g.close();
    }
  });
});
