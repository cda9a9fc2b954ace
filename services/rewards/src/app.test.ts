import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ProblemSchema, SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { walletBalances } from '@shop/wallet';
import { createRewardsApp, ledgerViolations, recordOrderPoints, settleOrderPoints, type OrderStanding } from './index.ts';
import { rewardsFixture, TEST_TOKEN, type RewardsFixture } from './test/rewards-fixture.ts';

const ALICE = 'ct-alice-0123456789';
const BOB = 'ct-bob-00123456789';
const CAROL = 'ct-carol-0123456789';
const DAY = 24 * 3600 * 1000;

/** Orders as the shop would report them: paid and refunded pence, still PAID or not. */
function fakeOrders(): { standing: OrderStanding; set(id: string, paid: number, refunded: number, stands?: boolean): void } {
  const orders = new Map<string, { paidPence: number; refundedPence: number; stands: boolean }>();
  return {
    standing: async (_trx, id) => orders.get(id) ?? null,
    set: (id, paid, refunded, stands = true) => void orders.set(id, { paidPence: paid, refundedPence: refunded, stands }),
  };
}

describe.each(testDatabases())('rewards REST on %s', (_name, open) => {
  let f: RewardsFixture;
  // The shop's orders as its checkout reports them to the run route.
  const shopOrders = fakeOrders();
  beforeAll(async () => {
    f = await rewardsFixture(open, shopOrders.standing);
  });
  afterAll(async () => {
    expect(f.logged).toEqual([]);
    expect(await ledgerViolations(f.database.db)).toEqual([]);
    await f?.close();
  });

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown>; servers: Array<{ url: string }> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths).sort()).toEqual(['/reward/activity', '/reward/bulkPublishEvents', '/reward/details', '/reward/exchange-points/{value}', '/reward/order-points/run', '/reward/shareDeal', '/reward/viewDeal']);
    expect(doc.servers[0]?.url).toBe('/api/rewards');
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
  });

  it('every route needs the service token', async () => {
    for (const [method, path] of [['GET', `/reward/details?customerToken=${ALICE}`], ['GET', `/reward/activity?customerToken=${ALICE}`], ['POST', '/reward/exchange-points/10'], ['POST', '/reward/bulkPublishEvents'], ['POST', '/reward/shareDeal'], ['POST', '/reward/viewDeal'], ['POST', '/reward/order-points/run']]) {
      const res = await f.app.request(path!, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
      expect(res.status, path).toBe(401);
    }
  });

  it('a new customer is Pink with 0 points, and told so when exchanging', async () => {
    const res = await f.call('GET', `/reward/details?customerToken=${BOB}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ currentLevel: { name: 'Pink' }, nextLevel: { name: 'Bronze', exchangeRate: 100 }, currentPoints: 0, lifetimePoints: 0, pendingPoints: 0, pointsToNextLevel: 500, playerActivityCountVO: { points: 0 } });
    const ex = await f.call('POST', '/reward/exchange-points/1', { customerToken: BOB, ref: 'x-1' });
    expect(ex.status).toBe(422);
    expect(ProblemSchema.parse(await ex.json())).toMatchObject({ code: 'NOT_ENOUGH_POINTS', detail: "You don't have enough points", errors: [{ field: 'value' }] });
  });

  it('club activity: once per deal, kind and day, at most 3 shares and 10 views a day; the next day counts again', async () => {
    const views = Array.from({ length: 12 }, (_, i) => ({ dealId: String(1000 + i), locationSite: 'london' }));
    const res = await f.call('POST', '/reward/bulkPublishEvents', { customerToken: BOB, downloadToolbar: false, shareDeal: [{ dealId: '1', publisherSource: 'facebook' }, { dealId: '1', publisherSource: 'x' }], viewDeal: views });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { points: number; results: Array<{ counted: boolean }> };
    expect(body.points).toBe(5 + 10);
    expect(body.results.filter((r) => r.counted)).toHaveLength(11);
    const shares = await f.call('POST', '/reward/shareDeal', { customerToken: BOB, shareDeal: ['2', '3', '4', '5'].map((dealId) => ({ dealId })) });
    expect(((await shares.json()) as { points: number }).points).toBe(10);
    expect(((await (await f.call('POST', '/reward/viewDeal', { customerToken: BOB, viewDeal: [{ dealId: '999' }] })).json()) as { points: number }).points).toBe(0);
    f.clock.now = new Date(f.clock.now.getTime() + DAY);
    expect(((await (await f.call('POST', '/reward/viewDeal', { customerToken: BOB, viewDeal: [{ dealId: '1000' }] })).json()) as { points: number }).points).toBe(1);
    const details = (await (await f.call('GET', `/reward/details?customerToken=${BOB}`)).json()) as { currentPoints: number; lifetimePoints: number };
    expect(details).toMatchObject({ currentPoints: 26, lifetimePoints: 26 });
    // Pink cannot exchange: told the next level and how many more points.
    const ex = await f.call('POST', '/reward/exchange-points/10', { customerToken: BOB, ref: 'x-2' });
    expect(ProblemSchema.parse(await ex.json())).toMatchObject({ code: 'LEVEL_TOO_LOW', detail: 'Pink members cannot exchange points. You need to reach Bronze or above to exchange your points: 474 more points needed.' });
  });

  it('order points: pending for 14 days, then available (fewer after a part refund) or removed after a full refund', async () => {
    const orders = fakeOrders();
    const paidAt = f.clock.now;
    await f.database.db.transaction().execute(async (trx) => {
      expect(await recordOrderPoints(trx, { orderId: 'o-1', customerToken: ALICE, paidPence: 8050, paidAt })).toEqual({ recorded: true, points: 800 });
      expect(await recordOrderPoints(trx, { orderId: 'o-1', customerToken: ALICE, paidPence: 8050, paidAt })).toEqual({ recorded: false, points: 800 });
      await recordOrderPoints(trx, { orderId: 'o-2', customerToken: ALICE, paidPence: 3000, paidAt });
      await recordOrderPoints(trx, { orderId: 'o-3', customerToken: ALICE, paidPence: 2000, paidAt });
    });
    orders.set('o-1', 8050, 0);
    orders.set('o-2', 3000, 1000);
    orders.set('o-3', 2000, 2000);
    expect(await (await f.call('GET', `/reward/details?customerToken=${ALICE}`)).json()).toMatchObject({ currentPoints: 0, pendingPoints: 1300, currentLevel: { name: 'Pink' } });
    expect(await settleOrderPoints(f.database.db, { now: new Date(paidAt.getTime() + 14 * DAY - 1), standing: orders.standing })).toEqual({ settled: 0, removed: 0 });
    expect(await settleOrderPoints(f.database.db, { now: new Date(paidAt.getTime() + 14 * DAY), standing: orders.standing })).toEqual({ settled: 2, removed: 1 });
    expect(await settleOrderPoints(f.database.db, { now: new Date(paidAt.getTime() + 15 * DAY), standing: orders.standing })).toEqual({ settled: 0, removed: 0 });
    expect(await (await f.call('GET', `/reward/details?customerToken=${ALICE}`)).json()).toMatchObject({ currentPoints: 1000, pendingPoints: 0, lifetimePoints: 1000, currentLevel: { name: 'Bronze' }, pointsToNextLevel: 1000 });
    const activity = (await (await f.call('GET', `/reward/activity?customerToken=${ALICE}&limit=3`)).json()) as { events: Array<{ kind: string; points: number }>; hasMore: boolean };
    expect(activity.hasMore).toBe(true);
    expect(activity.events.map((e) => [e.kind, e.points])).toEqual([['order_removed', 0], ['order_settled', 200], ['order_settled', 800]]);
  });

  it('C5: a settle run that fails midway (the order lookup throws) leaves the order pending and nothing moved; the next run settles it once', async () => {
    const paidAt = f.clock.now;
    await f.database.db.transaction().execute((trx) => recordOrderPoints(trx, { orderId: 'o-crash', customerToken: BOB, paidPence: 1000, paidAt }));
    const before = await (await f.call('GET', `/reward/details?customerToken=${BOB}`)).json();
    const due = new Date(paidAt.getTime() + 14 * DAY);
    const crash: OrderStanding = async () => {
      throw new Error('connection lost');
    };
    await expect(settleOrderPoints(f.database.db, { now: due, standing: crash })).rejects.toThrow('connection lost');
    expect(await (await f.call('GET', `/reward/details?customerToken=${BOB}`)).json()).toEqual(before);
    expect(await ledgerViolations(f.database.db)).toEqual([]);
    const orders = fakeOrders();
    orders.set('o-crash', 1000, 0);
    expect(await settleOrderPoints(f.database.db, { now: due, standing: orders.standing, customerToken: BOB })).toEqual({ settled: 1, removed: 0 });
    expect(await settleOrderPoints(f.database.db, { now: due, standing: orders.standing, customerToken: BOB })).toEqual({ settled: 0, removed: 0 });
    expect(await (await f.call('GET', `/reward/details?customerToken=${BOB}`)).json()).toMatchObject({ currentPoints: (before as { currentPoints: number }).currentPoints + 100, pendingPoints: 0 });
  });

  it('exchange: points debited and the wallet credited at the level rate, once per ref; out of range names value', async () => {
    const ok = await f.call('POST', '/reward/exchange-points/450', { customerToken: ALICE, ref: 'ex-1' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ points: 450, creditPence: 450, replayed: false, details: { currentPoints: 550, lifetimePoints: 1000 } });
    const again = await f.call('POST', '/reward/exchange-points/450', { customerToken: ALICE, ref: 'ex-1' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ replayed: true, creditPence: 450 });
    expect(await walletBalances(f.database.db, ALICE)).toEqual([{ currency: 'GBP', balance: 450, marketingBalance: 450, refundableBalance: 0 }]);
    const tooMany = await f.call('POST', '/reward/exchange-points/551', { customerToken: ALICE, ref: 'ex-2' });
    expect(tooMany.status).toBe(422);
    expect(ProblemSchema.parse(await tooMany.json())).toMatchObject({ code: 'POINTS_OUT_OF_RANGE', detail: 'Please select a number between 1 and 550 to exchange your points.', errors: [{ field: 'value' }] });
    for (const [path, field] of [['/reward/exchange-points/0', 'value'], ['/reward/exchange-points/1.5', 'value'], ['/reward/exchange-points/abc', 'value']] as const) {
      const res = await f.call('POST', path, { customerToken: ALICE, ref: 'ex-3' });
      expect(res.status, path).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.map((e) => e.field), path).toContain(field);
    }
    const badToken = await f.call('POST', '/reward/exchange-points/5', { customerToken: 'short', ref: 'ex-4' });
    expect(ProblemSchema.parse(await badToken.json()).errors?.map((e) => e.field)).toContain('customerToken');
    const badBody = await f.call('POST', '/reward/bulkPublishEvents', { customerToken: ALICE, shareDeal: [{ dealId: '' }] });
    expect(badBody.status).toBe(400);
    expect(JSON.stringify(ProblemSchema.parse(await badBody.json()).errors)).toContain('shareDeal');
  });

  it('the order points run: settles as at now by default; ahead of now refused naming asOf where not allowed; 503 without the shop', async () => {
    await f.database.db.transaction().execute((trx) => recordOrderPoints(trx, { orderId: 'o-run', customerToken: CAROL, paidPence: 2000, paidAt: new Date(f.clock.now.getTime() - 15 * DAY) }));
    shopOrders.set('o-run', 2000, 0);
    const run = await f.call('POST', '/reward/order-points/run', { customerToken: CAROL });
    expect(run.status).toBe(200);
    expect(await run.json()).toEqual({ settled: 1, removed: 0 });
    const again = await f.call('POST', '/reward/order-points/run', { customerToken: CAROL });
    expect(await again.json()).toEqual({ settled: 0, removed: 0 });
    const alone = createRewardsApp({ db: f.database.db, serviceToken: TEST_TOKEN });
    const refused = await alone.request('/reward/order-points/run', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN } });
    expect(refused.status).toBe(503);
    expect(ProblemSchema.parse(await refused.json()).code).toBe('ORDERS_UNAVAILABLE');
    const ahead = await f.call('POST', '/reward/order-points/run', { asOf: new Date(f.clock.now.getTime() + 15 * DAY).toISOString() });
    expect(ahead.status).toBe(400);
    expect(ProblemSchema.parse(await ahead.json()).errors?.map((e) => e.field)).toEqual(['asOf']);
  });

  it('the ledger is append-only', async () => {
    await expect(sql`update rewards.points_event set points = 1000`.execute(f.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from rewards.points_event`.execute(f.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`update rewards.member set points = -1 where customer_token = ${ALICE}`.execute(f.database.db)).rejects.toThrow(/member_points_not_negative/);
  });
});
