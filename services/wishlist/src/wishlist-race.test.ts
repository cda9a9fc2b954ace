import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { WishlistSchema } from './index.ts';
import { wishlistFixture } from './test/wishlist-fixture.ts';

const ROUNDS = process.env.CI ? 3 : 10;

describe.each(testDatabases())('wishlist races on %s', (_name, open) => {
  const f = suiteFixture(
    () => wishlistFixture(open),
    async (fixture) => {
      expect(fixture.logged).toEqual([]);
      await fixture.close();
    },
  );
  const make = async (dealId: number, customerToken?: string) => {
    const res = await f.call('POST', `/wishlist/deal/${dealId}`, customerToken ? { customerToken } : undefined);
    expect(res.status).toBe(201);
    return WishlistSchema.parse(await res.json()).id;
  };
  const rows = async (id: string) =>
    (await sql<{ deal_id: number }>`select deal_id from wishlist.wishlist_deal where wishlist_id = ${id} order by deal_id`.execute(f.database.db)).rows.map((r) => Number(r.deal_id));

  it('20 concurrent adds of one deal: one entry', async () => {
    const id = await make(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.call('POST', `/wishlist/${id}/deal/42`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await rows(id)).toEqual([1, 42]);
  });

  it('60 concurrent adds of different deals to a list of 45: exactly 50, the rest refused', async () => {
    const id = await make(1);
    await f.call('PATCH', `/wishlist/${id}`, Array.from({ length: 44 }, (_, i) => ({ op: 'add', path: '/deals', value: i + 2 })));
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => f.call('POST', `/wishlist/${id}/deal/${1000 + i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(55);
    expect(await rows(id)).toHaveLength(50);
  });

  it(`a merge racing adds to both lists, ${ROUNDS} rounds: every deal in the customer's list once, nothing lost`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = `ct-race-${String(round).padStart(4, '0')}-0123456789`;
      const theirs = await make(10, token);
      await f.call('POST', `/wishlist/${theirs}/deal/11`);
      const guest = await make(11);
      await f.call('POST', `/wishlist/${guest}/deal/12`);
      // At once: the merge, the guest adding a deal, the customer adding the guest's deal and a new one.
      const [merge, guestAdd, theirAdd, theirNew] = await Promise.all([
        f.call('PATCH', `/wishlist/${guest}`, [{ op: 'merge', path: '/customerToken', value: token }]),
        f.call('POST', `/wishlist/${guest}/deal/13`),
        f.call('POST', `/wishlist/${theirs}/deal/12`),
        f.call('POST', `/wishlist/${theirs}/deal/14`),
      ]);
      expect([merge.status, theirAdd.status, theirNew.status], `round ${round}`).toEqual([200, 200, 200]);
      expect(WishlistSchema.parse(await merge.json()).id).toBe(theirs);
      // The guest's add either came first (merged in) or after (its list was gone: 404, the caller syncs again).
      expect([200, 404], `round ${round}`).toContain(guestAdd.status);
      expect(await rows(theirs), `round ${round}`).toEqual(guestAdd.status === 200 ? [10, 11, 12, 13, 14] : [10, 11, 12, 14]);
      expect(await rows(guest)).toEqual([]);
    }
  });

  it('two guest lists merged into one new customer at once: one list, both lists\' deals', async () => {
    const token = 'ct-twin-000123456789';
    const a = await make(21);
    const b = await make(22);
    const answers = await Promise.all([a, b].map((id) => f.call('PATCH', `/wishlist/${id}`, [{ op: 'merge', path: '/customerToken', value: token }])));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const lists = (await sql<{ id: string }>`select id from wishlist.wishlist where customer_token = ${token}`.execute(f.database.db)).rows;
    expect(lists).toHaveLength(1);
    expect(await rows(lists[0]!.id)).toEqual([21, 22]);
  });
});
