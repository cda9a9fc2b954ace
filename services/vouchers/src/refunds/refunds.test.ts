/**
 * Refunds within 14 days (issue 16 point 5; reliability M7), on PGlite and PostgreSQL with the
 * real vouchers and wallet modules: the voucher is Refunded in the transaction that records the
 * refund; wallet-paid parts go back by new ledger postings (the ledger stays balanced and the
 * customer gets back exactly what each bucket paid); wallet credit instead of the card only with
 * consent; the London day-14 boundary; one refund per voucher under concurrency; replay by key;
 * another shopper's voucher is a not-found like a random id. The card part at the provider is in
 * refunds-provider.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { ledgerViolations, walletBalances } from '@shop/wallet';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe.each(testDatabases())('voucher refunds on %s', (name, open) => {
  // One database for the block (a fresh one per test is slow on PGlite): each test has its own shoppers.
  const f = suiteFixture(
    () => vouchersFixture(open),
    async (fixture) => {
      expect(await ledgerViolations(fixture.database.db)).toEqual([]);
      await fixture.close();
    },
  );
  let ALICE = '';
  let BOB = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
    BOB = `ct-bob-${randomUUID()}`;
  });
  const refund = (voucherId: string, more: Record<string, unknown> = {}, customerToken = ALICE) =>
    f.call('POST', '/voucher/pmv/refund', { voucherId, customerToken, destination: 'original', idempotencyKey: randomUUID(), ...more });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const gbp = async (token: string) => (await walletBalances(f.database.db, token)).find((b) => b.currency === 'GBP') ?? { balance: 0, marketingBalance: 0, refundableBalance: 0 };
  const payment = async (orderId: string) => (await sql<Body>`select cash_refunded, wallet_refunded from vouchers.order_payment where order_id = ${orderId}`.execute(f.database.db)).rows[0];

  it('a wallet-paid voucher goes back to the wallet at once: Refunded with its event, the ledger balanced, the order drawn once', async () => {
    const [v] = await f.issue(ALICE, 2, { price: 1500, wallet: 3000 });
    expect((await gbp(ALICE)).balance).toBe(0);
    const res = await refund(v!.id);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.refund).toMatchObject({ voucherId: v!.id, destination: 'original', state: 'completed', cashAmount: { amount: 0 }, walletAmount: { amount: 1500 } });
    expect(body.voucher).toMatchObject({ status: 'Refunded', statusCode: 'REFUNDED' });
    expect(await gbp(ALICE)).toMatchObject({ balance: 1500, refundableBalance: 1500 });
    expect(await payment(v!.order_id)).toEqual({ cash_refunded: 0, wallet_refunded: 1500 });
    const history = (await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${ALICE}`))).history as Body[];
    expect(history.map((e) => [e.event, e.toStatus, e.actor])).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['refund', 'Refunded', 'shopper'],
    ]);
  });

  it('M7: a wallet+card order refunds the card part first, then the wallet part; never more than either captured', async () => {
    // 3 × £10 paid by £12 of wallet credit and £18 by card: the first voucher is all card, the second £8 card + £2 wallet, the third all wallet.
    const vouchers = await f.issue(ALICE, 3, { price: 1000, wallet: 1200 });
    const answers = [];
    for (const v of vouchers) answers.push((await json(await refund(v.id))).refund);
    expect(answers.map((r) => [r.cashAmount.amount, r.walletAmount.amount, r.state])).toEqual([
      [1000, 0, 'requested'],
      [800, 200, 'requested'],
      [0, 1000, 'completed'],
    ]);
    expect(await payment(vouchers[0]!.order_id)).toEqual({ cash_refunded: 1800, wallet_refunded: 1200 });
    expect((await gbp(ALICE)).balance).toBe(1200);
  });

  it('wallet credit instead of the card needs consent (400 naming walletConsent); with it, the card part becomes refundable credit and consent is recorded', async () => {
    const [v] = await f.issue(ALICE, 1, { price: 2000 });
    const refused = await refund(v!.id, { destination: 'wallet' });
    expect(refused.status).toBe(400);
    expect((await json(refused)).errors).toEqual([{ field: 'walletConsent', message: ERROR_MESSAGES.WALLET_CONSENT_REQUIRED }]);
    const res = await refund(v!.id, { destination: 'wallet', walletConsent: true });
    expect(res.status).toBe(201);
    expect((await json(res)).refund).toMatchObject({ destination: 'wallet', state: 'completed', cashAmount: { amount: 0 }, walletAmount: { amount: 2000 } });
    expect(await gbp(ALICE)).toMatchObject({ refundableBalance: 2000 });
    const consent = (await sql<{ at: Date | null }>`select wallet_consent_at as at from vouchers.refund where voucher_id = ${v!.id}`.execute(f.database.db)).rows[0]!.at;
    expect(consent?.toISOString()).toBe(f.clock.now.toISOString());
  });

  it('M7: refundable until 23:59 on day 14 in London, not at 00:01 on day 15 (also across the clocks going back)', async () => {
    for (const [paid, lastMinute, tooLate] of [
      ['2026-11-20T10:00:00Z', '2026-12-04T23:59:00Z', '2026-12-05T00:01:00Z'],
      // Paid in BST on 20 October; day 14 (3 November) is in GMT.
      ['2026-10-20T22:30:00Z', '2026-11-03T23:59:00Z', '2026-11-04T00:01:00Z'],
    ] as const) {
      const [inTime, late] = await f.issue(ALICE, 2, { paidAt: new Date(paid), wallet: 5000 });
      f.clock.now = new Date(lastMinute);
      expect((await refund(inTime!.id)).status, lastMinute).toBe(201);
      f.clock.now = new Date(tooLate);
      const res = await refund(late!.id);
      expect(res.status, tooLate).toBe(409);
      expect(await json(res)).toMatchObject({ code: 'REFUND_WINDOW_CLOSED', errors: [{ field: 'voucherId', message: ERROR_MESSAGES.REFUND_WINDOW_CLOSED }] });
    }
  });

  it('a redeemed or refunded voucher is 409 VOUCHER_NOT_REFUNDABLE; the same key replays the answer; the key reused for another voucher is 422', async () => {
    const [a, b] = await f.issue(ALICE, 2, { wallet: 5000 });
    expect((await f.call('POST', '/redemptions', { code: a!.code, dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' })).status).toBe(200);
    const redeemed = await refund(a!.id);
    expect(redeemed.status).toBe(409);
    expect(await json(redeemed)).toMatchObject({ code: 'VOUCHER_NOT_REFUNDABLE', detail: `${ERROR_MESSAGES.VOUCHER_NOT_REFUNDABLE} Its status is Redeemed.` });
    const key = randomUUID();
    const first = await refund(b!.id, { idempotencyKey: key });
    const again = await refund(b!.id, { idempotencyKey: key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await json(again)).toEqual(await json(first));
    expect((await refund(a!.id, { idempotencyKey: key })).status).toBe(422);
    expect((await refund(b!.id)).status).toBe(409);
    expect((await gbp(ALICE)).balance).toBe(2500);
  });

  it('Z: another shopper’s voucher is a 404 identical to a random id, and nothing moves', async () => {
    const [v] = await f.issue(ALICE, 1, { wallet: 2500 });
    const theirs = await refund(v!.id, {}, BOB);
    const random = await refund(randomUUID(), {}, BOB);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await random.text());
    expect(await payment(v!.order_id)).toEqual({ cash_refunded: 0, wallet_refunded: 0 });
    expect((await gbp(BOB)).balance).toBe(0);
  });

  it.runIf(name === 'postgres')('M7: 8 concurrent refunds of one voucher (different keys): exactly one refund, one event, the wallet credited once', async () => {
    const [v] = await f.issue(ALICE, 1, { price: 3000, wallet: 3000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(v!.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await sql<{ n: number }>`select count(*)::int as n from vouchers.refund where voucher_id = ${v!.id}`.execute(f.database.db)).rows).toEqual([{ n: 1 }]);
    expect((await sql<{ n: number }>`select count(*)::int as n from vouchers.voucher_event where event = 'refund' and voucher_id = ${v!.id}`.execute(f.database.db)).rows).toEqual([{ n: 1 }]);
    expect((await gbp(ALICE)).balance).toBe(3000);
  });
});
