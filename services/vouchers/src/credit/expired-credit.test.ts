/**
 * An expired voucher's paid value as wallet credit valid 14 days (issue 16; spec §9), on PGlite
 * and PostgreSQL with the real vouchers and wallet modules: Expired → Request Processed with the
 * credit of what the voucher was paid, expiring at the end of day 14 (London) after the grant
 * (expiredCreditUntil); the wallet's expiry job takes away what is left of it then, and only it.
 * A voucher past its date the expiry job has not reached is expired first. Once per voucher (also
 * under concurrency); not for a voucher still in date or used, nor for a gift received; another
 * shopper's voucher is the same not-found as a random id. And the operators' run of the expiry job.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { expiredCreditUntil } from '@shop/domain/voucher-status';
import { creditWallet, expireWalletCredit, ledgerViolations, walletBalances, walletCreditLots } from '@shop/wallet';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { TEST_TOKEN } from '@shop/platform/test-app';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { createVouchersApp } from '../app.ts';
import { expireVouchers } from '../expiry/expiry.ts';
import { createOrderGifts } from '../gifts/gifts.ts';
import { MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const DAY = 86_400_000;

describe.each(testDatabases())('expired voucher credit on %s', (name, open) => {
  const f = suiteFixture(
    () => vouchersFixture(open),
    async (fixture) => {
      expect(await ledgerViolations(fixture.database.db)).toEqual([]);
      await fixture.close();
    },
  );
  const shopper = () => `ct-expired-${randomUUID()}`;
  const take = (voucherId: string, customerToken: string) => f.call('POST', '/voucher/expired-credit', { voucherId, customerToken });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const gbp = async (token: string) => (await walletBalances(f.database.db, token)).find((b) => b.currency === 'GBP')?.balance ?? 0;
  const history = async (voucherId: string, holder: string) => ((await json(await f.call('GET', `/voucher/${voucherId}?customerToken=${holder}`))).history as Body[]).map((e) => [e.event, e.toStatus, e.actor]);
  /** A voucher whose date passed yesterday, bought 100 days ago. */
  const expiredVoucher = async (holder: string, options: { price?: number; wallet?: number; quantity?: number } = {}) =>
    f.issue(holder, options.quantity ?? 1, { ...options, paidAt: new Date(f.clock.now.getTime() - 100 * DAY), expiresAt: new Date(f.clock.now.getTime() - DAY) });

  it('an Expired voucher: its paid value as credit expiring at the end of day 14 (London); then the wallet job takes the unspent credit away, and only it', async () => {
    const alice = shopper();
    // Credit she had already (no expiry): it must survive the expired credit's end.
    await f.database.db.transaction().execute((trx) => creditWallet(trx, { customerToken: alice, currency: 'GBP', amount: 300, bucket: 'refundable', reason: 'Earlier credit', ref: `earlier-${alice}` }));
    const [v] = await expiredVoucher(alice, { price: 2500 });
    expect(await expireVouchers(f.database.db, f.clock.now, 500, undefined, alice)).toBe(1);
    const before = await gbp(alice);
    expect(before).toBe(300);

    const res = await take(v!.id, alice);
    expect(res.status).toBe(201);
    const body = await json(res);
    const validUntil = expiredCreditUntil(f.clock.now);
    expect(body).toMatchObject({ credit: { amount: 2500, currency: 'GBP' }, validUntil: validUntil.toISOString(), voucher: { id: v!.id, status: 'Request Processed', statusCode: 'REQUEST_PROCESSED' } });
    // 20 November 2026 10:00 UTC → the end of 4 December 2026 in London (GMT).
    expect(validUntil.toISOString()).toBe('2026-12-04T23:59:59.999Z');
    expect(await gbp(alice)).toBe(before + 2500);
    expect(await ledgerViolations(f.database.db)).toEqual([]);
    const lots = await walletCreditLots(f.database.db, alice);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ currency: 'GBP', amount: 2500, remaining: 2500 });
    expect(lots[0]!.expiresAt.toISOString()).toBe(validUntil.toISOString());
    expect(await history(v!.id, alice)).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['expire', 'Expired', 'system'],
      ['takeExpiredCredit', 'Request Processed', 'shopper'],
    ]);
    const refund = (await sql<Body>`select idempotency_key, destination, wallet_amount from vouchers.refund where voucher_id = ${v!.id}`.execute(f.database.db)).rows;
    expect(refund).toEqual([{ idempotency_key: `expired-credit:${v!.id}`, destination: 'wallet', wallet_amount: 2500 }]);

    // Just before its end nothing lapses; after it, the unspent credit is taken away and the earlier credit stays.
    await expireWalletCredit(f.database.db, { now: new Date(validUntil.getTime() - 60_000) });
    expect(await gbp(alice)).toBe(before + 2500);
    const lapsed = await expireWalletCredit(f.database.db, { now: new Date(validUntil.getTime() + 1) });
    expect(lapsed.expired).toBeGreaterThanOrEqual(1);
    expect(await gbp(alice)).toBe(before);
    expect(await walletCreditLots(f.database.db, alice)).toEqual([]);
    expect(await ledgerViolations(f.database.db)).toEqual([]);

    const again = await take(v!.id, alice);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'VOUCHER_NOT_EXPIRED', detail: `${ERROR_MESSAGES.VOUCHER_NOT_EXPIRED} Its status is Request Processed.`, errors: [{ field: 'voucherId' }] });
  });

  it('a voucher past its date that the expiry job has not reached yet is expired first, as the job would, then credited', async () => {
    const alice = shopper();
    const [v] = await expiredVoucher(alice, { price: 1800 });
    const res = await take(v!.id, alice);
    expect(res.status).toBe(201);
    expect((await json(res)).credit.amount).toBe(1800);
    expect(await gbp(alice)).toBe(1800);
    expect(await history(v!.id, alice)).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['expire', 'Expired', 'system'],
      ['takeExpiredCredit', 'Request Processed', 'shopper'],
    ]);
    // The job has nothing left to do for it.
    expect(await expireVouchers(f.database.db, f.clock.now, 500, undefined, alice)).toBe(0);
  });

  it('a wallet+card order: both parts become credit expiring at the same end, drawn on the order like a refund', async () => {
    const alice = shopper();
    // 2 × £10 paid by £12 of wallet credit and £8 by card: the first voucher is £8 card + £2 wallet.
    const [first] = await expiredVoucher(alice, { price: 1000, wallet: 1200, quantity: 2 });
    expect(await gbp(alice)).toBe(0);
    const res = await take(first!.id, alice);
    expect(res.status).toBe(201);
    expect((await json(res)).credit.amount).toBe(1000);
    expect(await gbp(alice)).toBe(1000);
    const lots = await walletCreditLots(f.database.db, alice);
    expect(lots.reduce((sum, lot) => sum + lot.remaining, 0)).toBe(1000);
    for (const lot of lots) expect(lot.expiresAt.toISOString()).toBe(expiredCreditUntil(f.clock.now).toISOString());
    const payment = (await sql<Body>`select cash_refunded, wallet_refunded from vouchers.order_payment where order_id = ${first!.order_id}`.execute(f.database.db)).rows[0];
    expect(payment).toEqual({ cash_refunded: 800, wallet_refunded: 200 });
    await expireWalletCredit(f.database.db, { now: new Date(expiredCreditUntil(f.clock.now).getTime() + 1) });
    expect(await gbp(alice)).toBe(0);
  });

  it('a voucher still in date, or used, is refused with 409 VOUCHER_NOT_EXPIRED saying why; nothing moves', async () => {
    const alice = shopper();
    const [valid] = await f.issue(alice, 1, { expiresAt: new Date('2027-02-10T23:59:59.999Z') });
    const res = await take(valid!.id, alice);
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'VOUCHER_NOT_EXPIRED', detail: `${ERROR_MESSAGES.VOUCHER_NOT_EXPIRED} It can still be used until 10 February 2027.` });
    const [used] = await f.issue(alice, 1);
    expect((await f.call('POST', '/redemptions', { code: used!.code, dealIds: MERCHANT_DEALS, merchantRef: 'merchant:7' })).status).toBe(200);
    expect((await json(await take(used!.id, alice))).detail).toBe(`${ERROR_MESSAGES.VOUCHER_NOT_EXPIRED} Its status is Redeemed.`);
    expect(await history(valid!.id, alice)).toEqual([['issue', 'Ready to Redeem', 'system']]);
    expect(await gbp(alice)).toBe(0);
  });

  it("a gift received is refused (the buyer's money): 409 GIFT_RECEIVED_NOT_REFUNDABLE, nothing moves", async () => {
    const giver = shopper();
    const recipient = shopper();
    const [v] = await expiredVoucher(giver);
    const [made] = await f.database.db.transaction().execute((trx) =>
      createOrderGifts(trx, { orderId: v!.order_id, giverToken: giver, giverName: 'Morag', at: f.clock.now, recipients: [{ name: 'Rhona', email: 'rhona@example.co.uk', message: null, voucherIds: [v!.id] }] }),
    );
    // Claimed while it was still in date.
    await f.database.db.updateTable('vouchers.voucher' as never).set({ expires_at: new Date(f.clock.now.getTime() + DAY) } as never).where('id' as never, '=', v!.id as never).execute();
    expect((await f.call('POST', '/deal/gift-redeem', { claim: made!.token, customerToken: recipient, claimantName: 'Rhona' })).status).toBe(200);
    f.clock.now = new Date(f.clock.now.getTime() + 2 * DAY);
    try {
      const res = await take(v!.id, recipient);
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: ERROR_MESSAGES.GIFT_RECEIVED_NOT_REFUNDABLE });
      expect((await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${recipient}`))).status).toBe('Ready to Redeem');
      expect(await gbp(recipient)).toBe(0);
    } finally {
      f.clock.now = new Date(f.clock.now.getTime() - 2 * DAY);
    }
  });

  it("Z: another shopper's voucher is the same 404 as a random id, and nothing moves; a malformed id is a 400 naming voucherId", async () => {
    const alice = shopper();
    const [v] = await expiredVoucher(alice);
    const theirs = await take(v!.id, shopper());
    const random = await take(randomUUID(), shopper());
    expect([theirs.status, random.status]).toEqual([404, 404]);
    expect(await json(theirs)).toEqual(await json(random));
    expect(await history(v!.id, alice)).toEqual([['issue', 'Ready to Redeem', 'system']]);
    const bad = await take('not-a-voucher', alice);
    expect(bad.status).toBe(400);
    expect(((await json(bad)).errors as Body[]).map((e) => e.field)).toEqual(['voucherId']);
  });

  it.runIf(name === 'postgres')('8 concurrent requests for one expired voucher credit it once', async () => {
    const alice = shopper();
    const [v] = await expiredVoucher(alice, { price: 1200 });
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => take(v!.id, alice)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await gbp(alice)).toBe(1200);
    expect(await walletCreditLots(f.database.db, alice)).toHaveLength(1);
  });

  it('POST /expiry/run: runs the job now (one holder with customerToken); `asOf` only in a test shop, elsewhere a 400 naming asOf', async () => {
    const alice = shopper();
    const bob = shopper();
    const [soon] = await f.issue(alice, 1, { expiresAt: new Date(f.clock.now.getTime() + 10 * DAY) });
    const [bobs] = await f.issue(bob, 1, { expiresAt: new Date(f.clock.now.getTime() + 10 * DAY) });
    const run = (remindersAhead: boolean, body: unknown) =>
      createVouchersApp({ db: f.database.db, serviceToken: TEST_TOKEN, now: () => f.clock.now, remindersAhead }).request('/expiry/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: TEST_TOKEN },
        body: JSON.stringify(body),
      });
    const asOf = new Date(f.clock.now.getTime() + 11 * DAY).toISOString();
    const refused = await run(false, { asOf, customerToken: alice });
    expect(refused.status).toBe(400);
    expect(((await json(refused)).errors as Body[]).map((e) => e.field)).toEqual(['asOf']);
    const tooFar = await run(true, { asOf: new Date(f.clock.now.getTime() + 401 * DAY).toISOString(), customerToken: alice });
    expect(((await json(tooFar)).errors as Body[]).map((e) => e.field)).toEqual(['asOf']);
    expect(await json(await run(false, { customerToken: alice }))).toEqual({ expired: 0 });
    expect(await json(await run(true, { asOf, customerToken: alice }))).toEqual({ expired: 1 });
    expect(await json(await run(true, { asOf, customerToken: alice }))).toEqual({ expired: 0 });
    expect((await json(await f.call('GET', `/voucher/${soon!.id}?customerToken=${alice}`))).status).toBe('Expired');
    expect((await json(await f.call('GET', `/voucher/${bobs!.id}?customerToken=${bob}`))).status).toBe('Ready to Redeem');
    // Then it can be taken as credit at once.
    expect((await take(soon!.id, alice)).status).toBe(201);
  });
});
