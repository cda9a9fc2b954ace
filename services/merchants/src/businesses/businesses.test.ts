import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import type { MemberBusinessResponse } from '../contract.ts';
import { seedMerchants } from '../seed/seed.ts';
import { addMember } from './businesses.store.ts';
import { merchantsFixture, TEST_NOW, type MerchantsFixture, type Problem } from '../test/merchants-fixture.ts';

describe.each(testDatabases())("a member's businesses on %s", (_name, open) => {
  let f: MerchantsFixture;
  let member: string;
  let shopper: string;
  let mine: { id: number; catalogueMerchantId: number }[];
  let theirs: number;
  beforeAll(async () => {
    f = await merchantsFixture(open, 40);
    await seedMerchants(f.db, { demoMerchants: false, now: TEST_NOW });
    const rows = await sql<{ id: number; catalogue_merchant_id: number }>`select id, catalogue_merchant_id from merchants.business order by id limit 3`.execute(f.db);
    mine = rows.rows.slice(0, 2).map((r) => ({ id: Number(r.id), catalogueMerchantId: Number(r.catalogue_merchant_id) }));
    theirs = Number(rows.rows[2]!.id);
    member = await f.signUp(f.email('member'));
    shopper = await f.signUp(f.email('shopper'));
    await addMember(f.db, mine[0]!.id, member, 'owner', TEST_NOW);
    await addMember(f.db, mine[1]!.id, member, 'staff', TEST_NOW);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  const dealIdsOf = async (catalogueMerchantId: number) =>
    (await sql<{ id: number }>`select id from deals.deal where merchant_id = ${catalogueMerchantId} order by id`.execute(f.db)).rows.map((r) => Number(r.id));
  const q = (token: string) => `customerToken=${encodeURIComponent(token)}`;

  it('lists the businesses of a member with the role and each one\'s deal ids; an account with none gets an empty list', async () => {
    const { businesses } = await f.expect<{ businesses: MemberBusinessResponse[] }>(f.call('GET', `/businesses?${q(member)}`), 200);
    expect(businesses.map((b) => [b.id, b.role]).sort()).toEqual([[mine[0]!.id, 'owner'], [mine[1]!.id, 'staff']].sort());
    for (const b of businesses) {
      const expected = await dealIdsOf(mine.find((m) => m.id === b.id)!.catalogueMerchantId);
      expect(expected.length).toBeGreaterThan(0);
      expect([...b.dealIds].sort((x, y) => x - y)).toEqual(expected);
    }
    expect(await f.expect(f.call('GET', `/businesses?${q(shopper)}`), 200)).toEqual({ businesses: [] });
  });

  it("answers a member's business, and another business, an unknown and a malformed id the same 404 (Z)", async () => {
    const one = await f.expect<MemberBusinessResponse>(f.call('GET', `/businesses/${mine[0]!.id}?${q(member)}`), 200);
    expect(one).toMatchObject({ id: mine[0]!.id, role: 'owner' });
    expect(one.dealIds).toEqual(await dealIdsOf(mine[0]!.catalogueMerchantId));
    const answers = await Promise.all([`/businesses/${theirs}?${q(member)}`, `/businesses/${mine[0]!.id}?${q(shopper)}`, `/businesses/999999?${q(member)}`, `/businesses/x1?${q(member)}`].map((p) => f.call('GET', p)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]!.status).toBe(404);
  });

  it('a missing customer token is a 400 naming it', async () => {
    const problem = await f.expect<Problem>(f.call('GET', '/businesses'), 400);
    expect(problem.errors?.map((e) => e.field)).toContain('customerToken');
  });
});
