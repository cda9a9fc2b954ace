import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ProblemSchema, SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { WishlistProblemSchema, WishlistSchema, WISHLIST_MAX_DEALS } from './index.ts';
import { wishlistFixture } from './test/wishlist-fixture.ts';

const ALICE = 'ct-alice-0123456789';
const BOB = 'ct-bob-00123456789';
const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

type List = ReturnType<typeof WishlistSchema.parse>;
const dealIds = (w: List) => w.deals.map((d) => d.dealId);

describe.each(testDatabases())('wishlist REST on %s', (_name, open) => {
  const f = suiteFixture(
    () => wishlistFixture(open),
    async (fixture) => {
      expect(fixture.logged).toEqual([]);
      await fixture.close();
    },
  );
  const list = async (res: Response, status = 200): Promise<List> => {
    expect(res.status).toBe(status);
    return WishlistSchema.parse(await res.json());
  };
  const refused = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    return WishlistProblemSchema.parse(await res.json());
  };
  const guestList = async (...deals: number[]) => {
    const made = await list(await f.call('POST', `/wishlist/deal/${deals[0]}`), 201);
    for (const d of deals.slice(1)) await list(await f.call('POST', `/wishlist/${made.id}/deal/${d}`));
    return made.id;
  };

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown>; servers: Array<{ url: string }> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths).sort()).toEqual(['/alerts/run', '/wishlist', '/wishlist/deal/{dealId}', '/wishlist/{id}', '/wishlist/{id}/deal/all', '/wishlist/{id}/deal/{dealId}']);
    expect(doc.servers[0]?.url).toBe('/api/wishlist');
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
  });

  it('every route needs the service token', async () => {
    for (const [method, path] of [['GET', `/wishlist?customerToken=${ALICE}`], ['GET', `/wishlist/${UNKNOWN_ID}`], ['POST', '/wishlist/deal/1'], ['POST', `/wishlist/${UNKNOWN_ID}/deal/1`], ['DELETE', `/wishlist/${UNKNOWN_ID}/deal/1`], ['DELETE', `/wishlist/${UNKNOWN_ID}/deal/all`], ['PATCH', `/wishlist/${UNKNOWN_ID}`]] as const) {
      const res = await f.app.request(path, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('a guest: create with a deal, add (once), remove, page, clear; the id is 22 unguessable characters', async () => {
    const made = await list(await f.call('POST', '/wishlist/deal/1001'), 201);
    expect(made).toMatchObject({ customerToken: null, totalDeals: 1, page: 0, pageSize: 50 });
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.id).not.toBe((await list(await f.call('POST', '/wishlist/deal/1001'), 201)).id);
    await f.call('POST', `/wishlist/${made.id}/deal/1002`);
    await f.call('POST', `/wishlist/${made.id}/deal/1003`);
    expect(dealIds(await list(await f.call('POST', `/wishlist/${made.id}/deal/1002`)))).toEqual([1003, 1002, 1001]);
    const page = await list(await f.call('GET', `/wishlist/${made.id}?page=1&pageSize=2&detailedView=false`));
    expect([dealIds(page), page.totalDeals]).toEqual([[1001], 3]);
    expect(dealIds(await list(await f.call('DELETE', `/wishlist/${made.id}/deal/1002`)))).toEqual([1003, 1001]);
    expect(dealIds(await list(await f.call('DELETE', `/wishlist/${made.id}/deal/999`)))).toEqual([1003, 1001]);
    expect(await list(await f.call('DELETE', `/wishlist/${made.id}/deal/all`))).toMatchObject({ id: made.id, deals: [], totalDeals: 0 });
    expect((await list(await f.call('GET', `/wishlist/${made.id}`))).totalDeals).toBe(0);
  });

  it('unknown ids and customers answer 404 with errorMessage', async () => {
    for (const [method, path] of [['GET', `/wishlist/${UNKNOWN_ID}`], ['GET', `/wishlist?customerToken=${BOB}`], ['POST', `/wishlist/${UNKNOWN_ID}/deal/1`], ['DELETE', `/wishlist/${UNKNOWN_ID}/deal/1`], ['DELETE', `/wishlist/${UNKNOWN_ID}/deal/all`]] as const) {
      expect(await refused(await f.call(method, path), 404), path).toMatchObject({ code: 'WISHLIST_NOT_FOUND', errorMessage: 'Sorry, we could not find that wishlist.' });
    }
    expect((await refused(await f.call('PATCH', `/wishlist/${UNKNOWN_ID}`, [{ op: 'merge', path: '/customerToken', value: BOB }]), 404)).errors).toEqual([{ field: 'id', message: 'Sorry, we could not find that wishlist.' }]);
  });

  it("a customer: create with a token, found by token; a second create adds to the same list", async () => {
    const made = await list(await f.call('POST', '/wishlist/deal/2001', { customerToken: ALICE }), 201);
    expect(made.customerToken).toBe(ALICE);
    const again = await list(await f.call('POST', '/wishlist/deal/2002', { customerToken: ALICE }), 200);
    expect([again.id, dealIds(again)]).toEqual([made.id, [2002, 2001]]);
    expect((await list(await f.call('GET', `/wishlist?customerToken=${ALICE}&page=0&pageSize=50&detailedView=false`))).id).toBe(made.id);
  });

  it('at most 50 deals: the 51st is refused naming dealId; a deal already in a full list is no change', async () => {
    const id = await guestList(1);
    await f.call('PATCH', `/wishlist/${id}`, Array.from({ length: WISHLIST_MAX_DEALS - 1 }, (_, i) => ({ op: 'add', path: '/deals', value: i + 2 })));
    expect((await list(await f.call('POST', `/wishlist/${id}/deal/7`))).totalDeals).toBe(50);
    expect(await refused(await f.call('POST', `/wishlist/${id}/deal/51`), 409)).toMatchObject({ code: 'WISHLIST_FULL', errors: [{ field: 'dealId' }] });
    // A bulk change that would pass 50 is undone whole: the remove before it too.
    const bulk = await refused(await f.call('PATCH', `/wishlist/${id}`, [{ op: 'remove', path: '/deals', value: 1 }, { op: 'add', path: '/deals', value: 60 }, { op: 'add', path: '/deals', value: 61 }]), 409);
    expect(bulk.errors).toEqual([{ field: '2.value', message: bulk.errorMessage }]);
    const after = await list(await f.call('GET', `/wishlist/${id}`));
    expect([after.totalDeals, dealIds(after).includes(1), dealIds(after).includes(60)]).toEqual([50, true, false]);
  });

  it('merge: a guest list without a customer list becomes theirs; with one, the deals move (once each) and the guest id is gone', async () => {
    const BEN = 'ct-ben-0000123456';
    const first = await guestList(3001, 3002);
    const attached = await list(await f.call('PATCH', `/wishlist/${first}`, [{ op: 'merge', path: '/customerToken', value: BEN }]));
    expect([attached.id, attached.customerToken, attached.dropped]).toEqual([first, BEN, 0]);
    // Merging again is no change.
    expect((await list(await f.call('PATCH', `/wishlist/${first}`, [{ op: 'merge', path: '/customerToken', value: BEN }]))).id).toBe(first);

    const guest = await guestList(3002, 3003);
    const merged = await list(await f.call('PATCH', `/wishlist/${guest}`, [{ op: 'merge', path: '/customerToken', value: BEN }, { op: 'add', path: '/deals', value: 3004 }]));
    expect([merged.id, merged.customerToken, merged.dropped, dealIds(merged)]).toEqual([first, BEN, 0, [3004, 3003, 3002, 3001]]);
    expect((await refused(await f.call('GET', `/wishlist/${guest}`), 404)).code).toBe('WISHLIST_NOT_FOUND');
    // Another customer's list is not taken over.
    expect(await refused(await f.call('PATCH', `/wishlist/${first}`, [{ op: 'merge', path: '/customerToken', value: ALICE }]), 409)).toMatchObject({ code: 'WISHLIST_OWNED', errors: [{ field: '0.value' }] });
  });

  it('merge past 50 keeps the newest 50 and says how many were dropped', async () => {
    const CAT = 'ct-cat-0000123456';
    const mine = await guestList(1);
    await f.call('PATCH', `/wishlist/${mine}`, [{ op: 'merge', path: '/customerToken', value: CAT }, ...Array.from({ length: 39 }, (_, i) => ({ op: 'add', path: '/deals', value: 100 + i }))]);
    const guest = await guestList(1);
    await f.call('PATCH', `/wishlist/${guest}`, Array.from({ length: 15 }, (_, i) => ({ op: 'add', path: '/deals', value: 500 + i })));
    // 40 + 16 with deal 1 in both: 55 distinct; the 5 oldest (the customer's first) go.
    const merged = await list(await f.call('PATCH', `/wishlist/${guest}`, [{ op: 'merge', path: '/customerToken', value: CAT }]));
    expect([merged.id, merged.totalDeals, merged.dropped]).toEqual([mine, 50, 5]);
    expect(dealIds(merged).filter((d) => d < 500).sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: 34 }, (_, i) => 105 + i)]);
    // Which went is kept on the list (never a silent loss) until the list next changes.
    expect(merged.takenOffAtMerge).toEqual([100, 101, 102, 103, 104]);
    expect((await list(await f.call('GET', `/wishlist/${mine}`))).takenOffAtMerge).toEqual([100, 101, 102, 103, 104]);
    // Another list joining before the shopper changed theirs: its overflow is added to what they are told.
    const another = await guestList(600, 601, 602);
    const again = await list(await f.call('PATCH', `/wishlist/${another}`, [{ op: 'merge', path: '/customerToken', value: CAT }]));
    expect([again.totalDeals, again.dropped, again.takenOffAtMerge]).toEqual([50, 3, [100, 101, 102, 103, 104, 105, 106, 107]]);
    const changed = await list(await f.call('DELETE', `/wishlist/${mine}/deal/500`));
    expect([changed.totalDeals, changed.takenOffAtMerge]).toEqual([49, []]);
    expect((await list(await f.call('GET', `/wishlist/${mine}`))).takenOffAtMerge).toEqual([]);
  });

  it('a list nothing was taken off says so: takenOffAtMerge is empty on every answer', async () => {
    const id = await guestList(7001);
    expect((await list(await f.call('GET', `/wishlist/${id}`))).takenOffAtMerge).toEqual([]);
  });

  it('hostile input: 400 naming the field, never a 500', async () => {
    const id = await guestList(1);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/wishlist/deal/0', undefined, 'dealId'],
      ['POST', '/wishlist/deal/-1', undefined, 'dealId'],
      ['POST', '/wishlist/deal/1e3', undefined, 'dealId'],
      ['POST', '/wishlist/deal/01', undefined, 'dealId'],
      ['POST', '/wishlist/deal/2147483648', undefined, 'dealId'],
      ['POST', '/wishlist/deal/1', { customerToken: 'short' }, 'customerToken'],
      ['POST', '/wishlist/deal/1', { customerToken: ALICE, extra: 1 }, 'extra'],
      ['POST', `/wishlist/${id}/deal/abc`, undefined, 'dealId'],
      ['DELETE', `/wishlist/${id}/deal/1.5`, undefined, 'dealId'],
      ['GET', '/wishlist/not-an-id', undefined, 'id'],
      ['GET', `/wishlist/${id}x`, undefined, 'id'],
      ['POST', `/wishlist/${encodeURIComponent("'; drop table x;--")}/deal/1`, undefined, 'id'],
      ['GET', '/wishlist?customerToken=short', undefined, 'customerToken'],
      ['GET', '/wishlist', undefined, 'customerToken'],
      ['GET', `/wishlist?customerToken=${ALICE}&pageSize=51`, undefined, 'pageSize'],
      ['GET', `/wishlist/${id}?page=-1`, undefined, 'page'],
      ['GET', `/wishlist/${id}?detailedView=true`, undefined, 'detailedView'],
      ['GET', `/wishlist/${id}?pageSize=`, undefined, 'pageSize'],
      ['GET', `/wishlist?customerToken=${ALICE}&customerToken=${BOB}`, undefined, 'customerToken'],
      ['POST', '/wishlist/deal/1', 'null', 'body'],
      ['PATCH', `/wishlist/${id}`, Array(101).fill({ op: 'add', path: '/deals', value: 2 }), 'body'],
      ['PATCH', `/wishlist/${id}`, [{ op: 'replace', path: '/customerToken', value: ALICE }], '0.op'],
      ['PATCH', `/wishlist/${id}`, [{ op: 'merge', path: '/owner', value: ALICE }], '0.path'],
      ['PATCH', `/wishlist/${id}`, [{ op: 'merge', path: '/customerToken', value: 'short-tok' }], '0.value'],
      ['PATCH', `/wishlist/${id}`, [{ op: 'add', path: '/deals', value: '1' }], '0.value'],
      ['PATCH', `/wishlist/${id}`, [], 'body'],
      ['PATCH', `/wishlist/${id}`, { op: 'merge', path: '/customerToken', value: ALICE }, 'body'],
      ['PATCH', `/wishlist/${id}`, '[{', 'body'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await f.call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.map((e) => e.field), `${method} ${path} ${JSON.stringify(body)}`).toContain(field);
    }
    // Nothing changed, and the database refuses what the routes do.
    expect((await list(await f.call('GET', `/wishlist/${id}`))).totalDeals).toBe(1);
    await expect(sql`insert into wishlist.wishlist (id) values ('short')`.execute(f.database.db)).rejects.toThrow();
    await expect(sql`insert into wishlist.wishlist_deal (wishlist_id, deal_id) values (${id}, 1)`.execute(f.database.db)).rejects.toThrow();
  });
});
