/**
 * Credit towards another deal (issue 16 point 5, after the 14-day window), on PGlite and
 * PostgreSQL with the real vouchers and wallet modules: Ready to Redeem → Credit Requested →
 * Request Processed in one transaction with the wallet credit of what the voucher was paid,
 * drawn on the order's captures like a refund (the wallet-paid part back where it came from);
 * once per voucher (also under concurrency); not within the refund window (refund instead), not
 * for a used or expired voucher; another shopper's voucher is the same not-found as a random id.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { ledgerViolations, walletBalances } from '@shop/wallet';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const DAY = 86_400_000;

describe.each(testDatabases())('credit for a voucher on %s', (name, open) => {
  const f = suiteFixture(
    () => vouchersFixture(open),
    async (fixture) => {
      expect(await ledgerViolations(fixture.database.db)).toEqual([]);
      await fixture.close();
    },
  );
  const shopper = () => `ct-credit-${randomUUID()}`;
  const exchange = (voucherId: string, customerToken: string) => f.call('POST', '/voucher/credit', { voucherId, customerToken });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const gbp = async (token: string) => (await walletBalances(f.database.db, token)).find((b) => b.currency === 'GBP') ?? { balance: 0, refundableBalance: 0 };

  it('after the refund window: the voucher is credited at what it was paid, both steps in its history, once', async () => {
    const alice = shopper();
    const [v] = await f.issue(alice, 1, { price: 2500, paidAt: new Date(f.clock.now.getTime() - 20 * DAY) });
    const res = await exchange(v!.id, alice);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.credit).toEqual({ amount: 2500, currency: 'GBP' });
    expect(body.voucher).toMatchObject({ status: 'Request Processed', statusCode: 'REQUEST_PROCESSED', paid: { amount: 2500, currency: 'GBP' } });
    expect(await gbp(alice)).toMatchObject({ balance: 2500, refundableBalance: 2500 });
    const history = (await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${alice}`))).history as Body[];
    expect(history.map((e) => [e.event, e.toStatus, e.actor])).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['requestCredit', 'Credit Requested', 'shopper'],
      ['processCredit', 'Request Processed', 'system'],
    ]);
    const again = await exchange(v!.id, alice);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'VOUCHER_NOT_EXCHANGEABLE', detail: `${ERROR_MESSAGES.VOUCHER_NOT_EXCHANGEABLE} Its status is Request Processed.` });
    expect((await gbp(alice)).balance).toBe(2500);
  });

  it('a voucher past its date is not exchanged even before the expiry job has run; a redeemed one neither', async () => {
    const alice = shopper();
    const [expired] = await f.issue(alice, 1, { paidAt: new Date(f.clock.now.getTime() - 100 * DAY), expiresAt: new Date(f.clock.now.getTime() - DAY) });
    const res = await exchange(expired!.id, alice);
    expect(res.status).toBe(409);
    expect((await json(res)).detail).toMatch(/^This voucher cannot be exchanged for credit: .* It expired on /);
    const [used] = await f.issue(alice, 1, { paidAt: new Date(f.clock.now.getTime() - 20 * DAY) });
    await f.call('POST', '/redemptions', { code: used!.code, dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' });
    expect((await json(await exchange(used!.id, alice))).detail).toContain('Its status is Redeemed.');
    expect((await gbp(alice)).balance).toBe(0);
  });

  it('within the 14-day refund window it is refused (the refund is offered instead); from day 15 it is given', async () => {
    const alice = shopper();
    const [v] = await f.issue(alice, 1, { paidAt: new Date(f.clock.now.getTime() - 3 * DAY) });
    const res = await exchange(v!.id, alice);
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'VOUCHER_NOT_EXCHANGEABLE', detail: expect.stringMatching(/^Until the end of \d{1,2} [A-Z][a-z]+ 2026 you can refund it instead/) });
    expect((await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${alice}`))).status).toBe('Ready to Redeem');
  });

  it('a wallet+card order: the card part becomes refundable credit, the wallet part goes back to the wallet; the order is drawn like a refund', async () => {
    const alice = shopper();
    // 2 × £10 paid by £12 of wallet credit and £8 by card: the first voucher is all card (£8) + £2 wallet.
    const [first, second] = await f.issue(alice, 2, { price: 1000, wallet: 1200, paidAt: new Date(f.clock.now.getTime() - 20 * DAY) });
    expect((await json(await exchange(first!.id, alice))).credit.amount).toBe(1000);
    expect((await json(await exchange(second!.id, alice))).credit.amount).toBe(1000);
    expect(await gbp(alice)).toMatchObject({ balance: 2000 });
    const payment = (await sql<Body>`select cash_refunded, wallet_refunded from vouchers.order_payment where order_id = ${first!.order_id}`.execute(f.database.db)).rows[0];
    expect(payment).toEqual({ cash_refunded: 800, wallet_refunded: 1200 });
  });

  it('Z: another shopper\'s voucher is the same 404 as a random id, and nothing moves', async () => {
    const alice = shopper();
    const [v] = await f.issue(alice, 1);
    const theirs = await exchange(v!.id, shopper());
    const random = await exchange(randomUUID(), shopper());
    expect([theirs.status, random.status]).toEqual([404, 404]);
    expect(await json(theirs)).toEqual(await json(random));
    expect((await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${alice}`))).status).toBe('Ready to Redeem');
  });

  it.runIf(name === 'postgres')('8 concurrent requests for one voucher credit it once', async () => {
    const alice = shopper();
    const [v] = await f.issue(alice, 1, { price: 1200, paidAt: new Date(f.clock.now.getTime() - 20 * DAY) });
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => exchange(v!.id, alice)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await gbp(alice)).balance).toBe(1200);
  });
});
