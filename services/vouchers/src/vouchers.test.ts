/**
 * The vouchers service on PGlite and PostgreSQL with the real modules: issue (the checkout's
 * module function), a holder's feeds and one voucher with its history (Z1: another holder's is a
 * not-found like a random id), merchants' redemptions (M9: at most once, also under 32 concurrent
 * tills), the expiry job (idempotent), and the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { expireVouchers } from './expiry/expiry.ts';
import { MERCHANT_DEALS, vouchersFixture } from './test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const DAY = 86_400_000;

describe.each(testDatabases())('vouchers service on %s', (name, open) => {
  // One database for the block (a fresh one per test is slow on PGlite): each test has its own shoppers.
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  let ALICE = '';
  let BOB = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
    BOB = `ct-bob-${randomUUID()}`;
  });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const redeem = (code: string, dealIds = MERCHANT_DEALS) => f.call('POST', '/redemptions', { code, dealIds, merchantRef: 'merchant:7' });
  const historyOf = async (id: string, holder: string = ALICE) => (await json(await f.call('GET', `/voucher/${id}?customerToken=${holder}`))).history as Body[];

  it('issues Ready to Redeem vouchers with their issue event, shown in the holder’s feed newest first, 10 a page (find: 20), every one once', async () => {
    const older = await f.issue(ALICE, 12);
    f.clock.now = new Date(f.clock.now.getTime() + 60_000);
    const newer = await f.issue(ALICE, 13, { paidAt: f.clock.now });
    await f.issue(BOB, 2);

    const first = await json(await f.call('GET', `/voucher/feeds/voucher?customerToken=${ALICE}&giftPacks=true`));
    expect(first.edges).toHaveLength(10);
    expect(first.totalCount).toBe(25);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges[0].node).toMatchObject({ status: 'Ready to Redeem', statusCode: 'READY_TO_REDEEM', statusDescription: 'print the voucher and use it to redeem', price: { amount: 2500, currency: 'GBP' } });
    expect(new Set(first.edges.map((e: Body) => e.node.orderNumber))).toEqual(new Set([newer[0]!.order_number]));

    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Body = await json(await f.call('GET', `/voucher/feeds/voucher?customerToken=${ALICE}${after ? `&after=${after}` : ''}`));
      seen.push(...page.edges.map((e: Body) => e.node.id));
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1).cursor);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set([...older, ...newer].map((v) => v.id)));
    expect((await json(await f.call('GET', `/voucher/feeds/find?customerToken=${ALICE}`))).edges).toHaveLength(20);

    const history = await historyOf(newer[0]!.id);
    expect(history).toEqual([{ event: 'issue', fromStatus: null, toStatus: 'Ready to Redeem', actor: 'system', reason: `Issued with order ${newer[0]!.order_number}`, at: f.clock.now.toISOString() }]);
  });

  it('a holder with none gets an empty page; a status filter narrows; a forged cursor, a bad feed or token is a 400 naming the field', async () => {
    expect(await json(await f.call('GET', `/voucher/feeds/voucher?customerToken=${ALICE}`))).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });
    const [a] = await f.issue(ALICE, 2);
    expect((await redeem(a!.code)).status).toBe(200);
    const redeemed = await json(await f.call('GET', `/voucher/feeds/voucher?customerToken=${ALICE}&status=REDEEMED`));
    expect(redeemed.edges.map((e: Body) => e.node.code)).toEqual([a!.code]);
    expect(redeemed.totalCount).toBe(1);
    for (const [path, field] of [
      [`/voucher/feeds/voucher?customerToken=${ALICE}&after=bm90LWEtY3Vyc29y`, 'after'],
      [`/voucher/feeds/wishlist?customerToken=${ALICE}`, 'feed'],
      ['/voucher/feeds/voucher?customerToken=short', 'customerToken'],
      [`/voucher/feeds/voucher?customerToken=${ALICE}&status=LOST`, 'status'],
    ] as const) {
      const res = await f.call('GET', path);
      expect(res.status, path).toBe(400);
      expect((await json(res)).errors.map((e: Body) => e.field), path).toContain(field);
    }
  });

  it('Z1: another holder’s voucher is a 404 identical to a random id, and its history is not shown', async () => {
    const [alices] = await f.issue(ALICE, 1);
    const mine = await f.call('GET', `/voucher/${alices!.id}?customerToken=${ALICE}`);
    expect(mine.status).toBe(200);
    const theirs = await f.call('GET', `/voucher/${alices!.id}?customerToken=${BOB}`);
    const random = await f.call('GET', `/voucher/${randomUUID()}?customerToken=${BOB}`);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await random.text());
  });

  it('a merchant redeems a code once: Redeemed with the event; again 409 with when; another merchant’s code or an unknown one is the same 404', async () => {
    const [v] = await f.issue(ALICE, 1);
    const res = await redeem(v!.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ code: v!.code, status: 'Redeemed', statusCode: 'REDEEMED' });
    expect((await historyOf(v!.id)).map((e) => [e.event, e.fromStatus, e.toStatus, e.actor])).toEqual([
      ['issue', null, 'Ready to Redeem', 'system'],
      ['redeem', 'Ready to Redeem', 'Redeemed', 'merchant'],
    ]);
    const again = await redeem(v!.code);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'VOUCHER_NOT_REDEEMABLE', detail: 'This voucher was redeemed on 20 November 2026.', errors: [{ field: 'code', message: ERROR_MESSAGES.VOUCHER_NOT_REDEEMABLE }] });

    const [other] = await f.issue(BOB, 1, { dealId: 8 });
    const notMine = await redeem(other!.code);
    const unknown = await redeem('ABCDEF-ABCDEF-ABCDEF');
    expect(notMine.status).toBe(404);
    expect(await notMine.text()).toBe(await unknown.text());
    expect((await historyOf(other!.id, BOB)).map((e) => e.event)).toEqual(['issue']);
  });

  it('a voucher past its validity is refused before the job runs (409: expired on), and the job makes it Expired once, with its event', async () => {
    const [due] = await f.issue(ALICE, 1, { expiresAt: new Date(f.clock.now.getTime() + DAY) });
    const [later] = await f.issue(ALICE, 1, { expiresAt: new Date(f.clock.now.getTime() + 30 * DAY) });
    const [used] = await f.issue(ALICE, 1, { expiresAt: new Date(f.clock.now.getTime() + DAY) });
    expect((await redeem(used!.code)).status).toBe(200);
    f.clock.now = new Date(f.clock.now.getTime() + 2 * DAY);
    const refused = await redeem(due!.code);
    expect(refused.status).toBe(409);
    expect((await json(refused)).detail).toBe('This voucher expired on 21 November 2026.');

    expect(await expireVouchers(f.database.db, f.clock.now, 1)).toBe(1);
    expect(await expireVouchers(f.database.db, f.clock.now)).toBe(0);
    const statuses = (await sql<{ code: string; status: string }>`select code, status from vouchers.voucher where customer_token = ${ALICE}`.execute(f.database.db)).rows;
    expect(Object.fromEntries(statuses.map((r) => [r.code, r.status]))).toEqual({ [due!.code]: 'Expired', [later!.code]: 'Ready to Redeem', [used!.code]: 'Redeemed' });
    expect((await historyOf(due!.id)).map((e) => [e.event, e.toStatus, e.actor, e.reason])).toEqual([
      ['issue', 'Ready to Redeem', 'system', `Issued with order ${due!.order_number}`],
      ['expire', 'Expired', 'system', 'The expiry date passed'],
    ]);
  });

  it.runIf(name === 'postgres')('M9: 32 tills redeem one code at the same moment: exactly one 200, 31 × 409 already redeemed, one redeem event, 32 attempts logged', async () => {
    const [v] = await f.issue(ALICE, 1);
    const answers = await Promise.all(Array.from({ length: 32 }, () => redeem(v!.code)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(31);
    for (const refused of answers.filter((r) => r.status === 409)) expect((await json(refused)).reason).toBe('already_redeemed');
    const events = (await sql<{ n: number }>`select count(*)::int as n from vouchers.voucher_event where event = 'redeem' and voucher_id = ${v!.id}`.execute(f.database.db)).rows;
    expect(events).toEqual([{ n: 1 }]);
    const attempts = (await sql<{ result: string; n: number }>`select result, count(*)::int as n from vouchers.redemption_attempt where voucher_id = ${v!.id} group by result order by result`.execute(f.database.db)).rows;
    expect(attempts).toEqual([
      { result: 'already_redeemed', n: 31 },
      { result: 'redeemed', n: 1 },
    ]);
  });

  it('publishes an OpenAPI 3.1 document that Spectral passes (every call of the service), and every route needs the service token', async () => {
    const res = await f.app.request('/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown>; servers: Array<{ url: string }> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths).sort()).toEqual(['/bookings', '/bookings/availability/{dealId}', '/bookings/capacity', '/bookings/capacity/{dealId}', '/bookings/voucher/{voucherId}', '/bookings/voucher/{voucherId}/cancel', '/bookings/voucher/{voucherId}/move', '/bookings/{bookingId}/confirm', '/create-return-order', '/deal/gift-redeem', '/deal/print-voucher', '/deal/redeem-instructions', '/expiry/run', '/gift/claim', '/gift/create', '/gift/sent', '/payouts/statement', '/payouts/statement/csv', '/payouts/statement/pdf', '/payouts/statements', '/posting/dispatches', '/posting/returns', '/posting/sent', '/posting/to-post', '/posting/{voucherId}/return-received', '/posting/{voucherId}/sent', '/redemptions', '/redemptions/attempts', '/redemptions/bulk', '/redemptions/{voucherId}/undo', '/sales', '/v1/returns/pdf', '/v1/returns/returns-label', '/v1/returns/{returnId}/events', '/voucher/credit', '/voucher/expired-credit', '/voucher/feeds/{feed}', '/voucher/pmv/refund', '/voucher/vve', '/voucher/{voucherId}']);
    expect(doc.servers[0]?.url).toBe('/api/vouchers');
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
    for (const [method, path] of [['GET', `/voucher/feeds/voucher?customerToken=${ALICE}`], ['GET', `/voucher/${randomUUID()}?customerToken=${ALICE}`], ['POST', '/redemptions'], ['POST', `/redemptions/${randomUUID()}/undo`], ['POST', '/redemptions/bulk'], ['GET', '/redemptions/attempts?merchantRef=m'], ['POST', '/deal/print-voucher'], ['POST', '/voucher/pmv/refund'], ['POST', '/create-return-order'], ['POST', '/voucher/expired-credit'], ['POST', '/expiry/run'], ['POST', '/payouts/statements'], ['POST', '/payouts/statement/pdf'], ['POST', `/posting/${randomUUID()}/sent`], ['GET', '/posting/to-post?dealIds=7'], ['POST', '/sales'], ['GET', '/bookings/capacity?dealIds=7'], ['GET', `/v1/returns/pdf?customerToken=${ALICE}&returnId=${randomUUID()}`]] as const) {
      const denied = await f.app.request(path, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
      expect(denied.status, path).toBe(401);
    }
    expect(f.logged).toEqual([]);
  });
});
