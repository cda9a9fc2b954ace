/**
 * GET /voucher/vve (issue 16 point 7) on PGlite and PostgreSQL: what one voucher can still get
 * (1 to 3 months in all, priced by the shared VVE rule, with each new London expiry), why not
 * when it cannot (expired, redeemed or refunded, 3 months already), and another holder's voucher
 * a 404 identical to a random id.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { londonExpiry } from '@shop/domain/london-time';
import { EXTENSION_REFUSAL_MESSAGES, vvePrice } from '@shop/domain/voucher-extension';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { extendVoucher } from '../issue/issue.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe.each(testDatabases())('voucher extension offer on %s', (_name, open) => {
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  let ALICE = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
  });
  const vve = async (voucherId: string, customerToken = ALICE) => {
    const res = await f.call('GET', `/voucher/vve?${new URLSearchParams({ customerToken, voucherId })}`);
    return { status: res.status, body: (await res.json()) as Body, text: '' };
  };

  it('an unexpired voucher gets 1, 2 or 3 months at the VVE price, each with its new London expiry; after 2 months, only 1 is left', async () => {
    const expiresAt = new Date('2027-01-31T23:59:59.999Z');
    const [v] = await f.issue(ALICE, 1, { expiresAt });
    const { status, body } = await vve(v!.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ voucherId: v!.id, orderNumber: v!.order_number, dealId: 7, title: 'Spa day for two', statusCode: 'READY_TO_REDEEM', extendedMonths: 0, monthsLeft: 3, unavailable: null });
    expect(body.options).toEqual([1, 2, 3].map((months) => ({ months, price: { amount: vvePrice(1, months), currency: 'GBP' }, expiresAt: londonExpiry(expiresAt, months).toISOString() })));
    // 31 January + 1 month is the last day of February, in London.
    expect(body.options[0].expiresAt).toBe('2027-02-28T23:59:59.999Z');

    await f.database.db.transaction().execute((trx) => extendVoucher(trx, { voucherId: v!.id, expiresAt: londonExpiry(expiresAt, 2), extendedMonths: 2, months: 2, at: f.clock.now }));
    const after = (await vve(v!.id)).body;
    expect(after).toMatchObject({ extendedMonths: 2, monthsLeft: 1, unavailable: null });
    expect(after.options.map((o: Body) => o.months)).toEqual([1]);
  });

  it('says why not: 3 months already, expired (even before the expiry job), redeemed, refunded', async () => {
    const [full, late, used] = await f.issue(ALICE, 3);
    await f.database.db.transaction().execute((trx) => extendVoucher(trx, { voucherId: full!.id, expiresAt: londonExpiry(new Date(full!.expires_at!), 3), extendedMonths: 3, months: 3, at: f.clock.now }));
    expect((await vve(full!.id)).body).toMatchObject({ monthsLeft: 0, options: [], unavailable: { code: 'MAX_EXTENDED', message: EXTENSION_REFUSAL_MESSAGES.MAX_EXTENDED } });

    await sql`update vouchers.voucher set expires_at = ${new Date(f.clock.now.getTime() - 1000)} where id = ${late!.id}`.execute(f.database.db);
    expect((await vve(late!.id)).body).toMatchObject({ options: [], unavailable: { code: 'EXPIRED' } });

    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { code: used!.code }, { event: 'redeem', actor: 'merchant', reason: 'Redeemed', at: f.clock.now, dealIds: MERCHANT_DEALS }));
    expect((await vve(used!.id)).body).toMatchObject({ statusCode: 'REDEEMED', options: [], unavailable: { code: 'NOT_READY', message: EXTENSION_REFUSAL_MESSAGES.NOT_READY } });
  });

  it("Z1: another holder's voucher is the same 404 as a random id; bad input names the field", async () => {
    const [v] = await f.issue(ALICE, 1);
    const bob = await f.call('GET', `/voucher/vve?${new URLSearchParams({ customerToken: `ct-bob-${randomUUID()}`, voucherId: v!.id })}`);
    const unknown = await f.call('GET', `/voucher/vve?${new URLSearchParams({ customerToken: ALICE, voucherId: randomUUID() })}`);
    expect(bob.status).toBe(404);
    expect(await bob.text()).toBe(await unknown.text());
    const bad = await f.call('GET', `/voucher/vve?${new URLSearchParams({ customerToken: ALICE, voucherId: 'not-an-id' })}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).errors.map((e: Body) => e.field)).toEqual(['voucherId']);
    // /voucher/{voucherId} still answers its own route.
    expect((await f.call('GET', `/voucher/${v!.id}?customerToken=${ALICE}`)).status).toBe(200);
  });
});
