/**
 * Issue 17 point 2 on PGlite and PostgreSQL, through REST: a merchant's units sold, redeemed,
 * refunded and expired per option and London day. Vouchers are issued as the checkout issues them
 * (the module functions), redeemed and undone through the redemption calls on the fixture's clock,
 * refunded by a staff refund and expired by the expiry job. Checked: exact counts per day, per
 * option and in total; London-day boundaries in BST (23:59:59.999 and 00:00 either side); an undone
 * redemption never counts (also across midnight), a new one counts on its own day; cancelled
 * vouchers are not sales; only the deals asked about count; bad input is a 400 naming the field.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture } from '../test/fixture.ts';
import { issueVouchers, newVouchers, recordOrderPayment, type VoucherRow } from '../issue/issue.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { expireVouchers } from '../expiry/expiry.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

let dealSeq = 0;

describe.each(testDatabases())('sales on %s', (_name, open) => {
  const f = suiteFixture(() => vouchersFixture(open, new Date('2026-07-10T10:00:00Z')), (fixture) => fixture.close());
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  /** Deal ids of this run only: the suite's database is shared by its tests. */
  const newDeal = () => 900_000 + Math.floor(Math.random() * 1_000_000) * 10 + dealSeq++;

  /** `quantity` vouchers of one option of a deal, paid at `paidAt` (an instant), as the checkout issues them. */
  async function issue(dealId: number, option: { id: number; title: string; price: number }, quantity: number, paidAt: string, expiresAt?: string): Promise<VoucherRow[]> {
    const orderId = randomUUID();
    const at = new Date(paidAt);
    const vouchers = newVouchers(
      {
        order_id: orderId,
        order_number: String(Math.floor(Math.random() * 900_000) + 100_000),
        order_line_id: '1',
        customer_token: `ct-sales-${randomUUID()}`,
        deal_id: dealId,
        deal_product_id: option.id,
        title: option.title,
        recipient_name: null,
        price: option.price,
        paid: option.price,
        currency: 'GBP',
        paid_at: at,
        expires_at: expiresAt ? new Date(expiresAt) : new Date(at.getTime() + 90 * 86_400_000),
      },
      quantity,
      at,
    );
    await f.database.db.transaction().execute(async (trx) => {
      await recordOrderPayment(trx, {
        order_id: orderId,
        order_number: vouchers[0]!.order_number,
        customer_token: vouchers[0]!.customer_token,
        currency: 'GBP',
        method: 'credit_card',
        provider: null,
        transaction_id: null,
        cash_captured: option.price * quantity,
        wallet_captured: 0,
      });
      await issueVouchers(trx, vouchers);
    });
    return vouchers;
  }
  const at = (iso: string) => {
    f.clock.now = new Date(iso);
  };
  const redeem = async (dealId: number, code: string) => {
    const res = await f.call('POST', '/redemptions', { dealIds: [dealId], merchantRef: `business:${dealId}`, code });
    expect(res.status).toBe(200);
    return (await json(res)).id as string;
  };
  const undo = async (dealId: number, voucherId: string) => expect((await f.call('POST', `/redemptions/${voucherId}/undo`, { dealIds: [dealId], merchantRef: `business:${dealId}` })).status).toBe(200);
  const sales = async (dealIds: number[], from: string, to: string) => {
    const res = await f.call('POST', '/sales', { dealIds, from, to });
    expect(res.status).toBe(200);
    return json(res);
  };

  it('counts sold, redeemed, refunded and expired per option and London day (BST), with totals, only for the deals asked about', async () => {
    const DEAL = newDeal();
    const OTHER = newDeal();
    const TWO = { id: 501, title: 'Afternoon tea for two', price: 2500 };
    const FOUR = { id: 502, title: 'Afternoon tea for four', price: 4000 };

    // 14 July (BST, UTC+1): London 00:00 is 13 July 23:00 UTC; London 23:59:59.999 on the 16th is 22:59:59.999 UTC.
    await issue(DEAL, TWO, 1, '2026-07-13T22:59:59.999Z'); // 13 July in London: before the period
    await issue(DEAL, TWO, 1, '2026-07-13T23:00:00.000Z'); // 14 July 00:00 London
    const twos = await issue(DEAL, TWO, 3, '2026-07-14T22:30:00.000Z'); // 14 July 23:30 London
    const expiring = await issue(DEAL, FOUR, 1, '2026-07-14T12:00:00.000Z', '2026-07-16T10:00:00.000Z');
    const fours = await issue(DEAL, FOUR, 2, '2026-07-14T23:30:00.000Z'); // 15 July 00:30 London
    await issue(DEAL, TWO, 1, '2026-07-16T22:59:59.999Z'); // 16 July 23:59:59.999 London: the period's last instant
    await issue(DEAL, TWO, 1, '2026-07-16T23:00:00.000Z'); // 17 July: after it
    // A payment declined at settlement: cancelled, not a sale.
    const declined = await issue(DEAL, TWO, 1, '2026-07-14T09:00:00.000Z');
    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: declined[0]!.id }, { event: 'cancel', actor: 'system', reason: 'Payment declined', at: new Date('2026-07-14T09:30:00Z') }));
    // Another business's deal, busy on the same days.
    const theirs = await issue(OTHER, { id: 601, title: 'Their spa day', price: 9900 }, 4, '2026-07-14T12:00:00.000Z');

    // 15 July: two redemptions, one undone 5 minutes later.
    at('2026-07-15T10:00:00Z');
    await redeem(DEAL, twos[0]!.code);
    const undone = await redeem(DEAL, twos[1]!.code);
    at('2026-07-15T10:05:00Z');
    await undo(DEAL, undone);
    // 15 July 23:55 London, undone at 16 July 00:05: counts on neither day; redeemed again at 00:10 it counts on the 16th.
    at('2026-07-15T22:55:00Z');
    const late = await redeem(DEAL, fours[0]!.code);
    at('2026-07-15T23:05:00Z');
    await undo(DEAL, late);
    at('2026-07-15T23:10:00Z');
    await redeem(DEAL, fours[0]!.code);
    // Theirs: redeemed and refunded, never ours.
    await redeem(OTHER, theirs[0]!.code);
    // 16 July: a staff refund, and the expiry job at 23:30 London.
    await f.database.db.transaction().execute((trx) =>
      moveVouchers(trx, { id: twos[2]!.id }, { event: 'refund', actor: 'staff', reason: 'Refunded', at: new Date('2026-07-16T12:00:00Z') }),
    );
    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: theirs[1]!.id }, { event: 'refund', actor: 'staff', reason: 'Refunded', at: new Date('2026-07-16T12:00:00Z') }));
    expect(await expireVouchers(f.database.db, new Date('2026-07-16T22:30:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await f.database.db.withSchema('vouchers').selectFrom('voucher').select('status').where('id', '=', expiring[0]!.id).executeTakeFirstOrThrow()).status).toBe('Expired');

    const answer = await sales([DEAL], '2026-07-14', '2026-07-16');
    expect(answer.totals).toEqual({ sold: 8, redeemed: 2, refunded: 1, expired: 1 });
    expect(answer.days).toEqual([
      { date: '2026-07-14', sold: 5, redeemed: 0, refunded: 0, expired: 0 },
      { date: '2026-07-15', sold: 2, redeemed: 1, refunded: 0, expired: 0 },
      { date: '2026-07-16', sold: 1, redeemed: 1, refunded: 1, expired: 1 },
    ]);
    expect(answer.options).toEqual([
      {
        dealId: DEAL,
        dealProductId: 501,
        title: 'Afternoon tea for two',
        currency: 'GBP',
        totals: { sold: 5, redeemed: 1, refunded: 1, expired: 0, soldValue: 12_500 },
        days: [
          { date: '2026-07-14', sold: 4, redeemed: 0, refunded: 0, expired: 0, soldValue: 10_000 },
          { date: '2026-07-15', sold: 0, redeemed: 1, refunded: 0, expired: 0, soldValue: 0 },
          { date: '2026-07-16', sold: 1, redeemed: 0, refunded: 1, expired: 0, soldValue: 2_500 },
        ],
      },
      {
        dealId: DEAL,
        dealProductId: 502,
        title: 'Afternoon tea for four',
        currency: 'GBP',
        totals: { sold: 3, redeemed: 1, refunded: 0, expired: 1, soldValue: 12_000 },
        days: [
          { date: '2026-07-14', sold: 1, redeemed: 0, refunded: 0, expired: 0, soldValue: 4_000 },
          { date: '2026-07-15', sold: 2, redeemed: 0, refunded: 0, expired: 0, soldValue: 8_000 },
          { date: '2026-07-16', sold: 0, redeemed: 1, refunded: 0, expired: 1, soldValue: 0 },
        ],
      },
    ]);

    // One day alone: the 15th (the late redemption undone across midnight counts nowhere).
    expect((await sales([DEAL], '2026-07-15', '2026-07-15')).totals).toEqual({ sold: 2, redeemed: 1, refunded: 0, expired: 0 });
    // Only the deals given: theirs alone, and both together add up.
    expect((await sales([OTHER], '2026-07-14', '2026-07-16')).totals).toEqual({ sold: 4, redeemed: 1, refunded: 1, expired: 0 });
    expect((await sales([DEAL, OTHER], '2026-07-14', '2026-07-16')).totals).toEqual({ sold: 12, redeemed: 3, refunded: 2, expired: 1 });
    // A deal with nothing: zeros for every day, no options.
    const nothing = await sales([newDeal()], '2026-07-14', '2026-07-16');
    expect(nothing).toEqual({ from: '2026-07-14', to: '2026-07-16', totals: { sold: 0, redeemed: 0, refunded: 0, expired: 0 }, days: expect.any(Array), options: [] });
    expect(nothing.days.map((d: Body) => d.date)).toEqual(['2026-07-14', '2026-07-15', '2026-07-16']);
  });

  it('GMT and the clocks going back: London days of 25 October 2026 (25 hours) and after', async () => {
    const DEAL = newDeal();
    const ONE = { id: 701, title: 'Ceilidh night', price: 1500 };
    await issue(DEAL, ONE, 1, '2026-10-24T22:59:59.999Z'); // 24 Oct 23:59:59.999 BST
    await issue(DEAL, ONE, 2, '2026-10-24T23:00:00.000Z'); // 25 Oct 00:00 BST
    await issue(DEAL, ONE, 1, '2026-10-25T23:59:59.999Z'); // 25 Oct 23:59:59.999 GMT
    await issue(DEAL, ONE, 1, '2026-10-26T00:00:00.000Z'); // 26 Oct 00:00 GMT
    const answer = await sales([DEAL], '2026-10-25', '2026-10-25');
    expect(answer.days).toEqual([{ date: '2026-10-25', sold: 3, redeemed: 0, refunded: 0, expired: 0 }]);
    expect((await sales([DEAL], '2026-10-24', '2026-10-26')).days.map((d: Body) => d.sold)).toEqual([1, 3, 1]);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dealIds: [], from: '2026-07-01', to: '2026-07-02' }, 'dealIds'],
      [{ dealIds: [3_000_000_000], from: '2026-07-01', to: '2026-07-02' }, 'dealIds'],
      [{ dealIds: [7], from: '2026-02-30', to: '2026-03-02' }, 'from'],
      [{ dealIds: [7], from: '1 July', to: '2026-07-02' }, 'from'],
      [{ dealIds: [7], from: '2026-07-01', to: '2026-07-01T10:00:00Z' }, 'to'],
      [{ dealIds: [7], from: '2026-07-02', to: '2026-07-01' }, 'to'],
      [{ dealIds: [7], from: '2026-01-01', to: '2027-01-02' }, 'to'],
      [{ dealIds: [7], to: '2026-07-01' }, 'from'],
      [{ dealIds: [7], from: '2026-07-01', to: '2026-07-02', merchantRef: 'x' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await f.call('POST', '/sales', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(((await json(res)).errors as Body[]).map((e) => e.field)), JSON.stringify(body)).toContain(field);
    }
    // 366 days (a leap year's worth) is allowed.
    expect((await f.call('POST', '/sales', { dealIds: [7], from: '2027-01-01', to: '2028-01-01' })).status).toBe(200);
  });

  it('is documented (Spectral clean) and needs the service token', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/sales');
    // Only this call's: the whole document's lint is vouchers.test.ts's.
    const mine = (await lintOpenApi(doc)).filter((p) => (p.severity === 'error' || p.severity === 'warning') && /\/sales\b|Sales/.test(JSON.stringify(p.path)));
    expect(mine).toEqual([]);
    const res = await f.app.request('/sales', { method: 'POST', headers: { [SERVICE_TOKEN_HEADER]: 'wrong', 'content-type': 'application/json' }, body: JSON.stringify({ dealIds: [7], from: '2026-07-01', to: '2026-07-02' }) });
    expect(res.status).toBe(401);
  });
});
