/**
 * claimCredit through the shop (createShopApp: /graphql) over the real wallet service on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 *
 * - signed in: CLAIMED with the credit (£5), the wallet up by it; again ALREADY_CLAIMED with the
 *   amount received and the wallet unchanged; an ended, withdrawn, used-up or unknown offer its status;
 * - the customer is the session's: another shopper's claim credits only them (Z), and a guest is
 *   refused with UnauthenticatedError before any call (Z);
 * - spec §5: an id that is not digits only is a ValidationError naming id, before any call;
 * - guessing limits: claims that give nothing count 10 an hour per account and 30 per client
 *   address (over all its accounts); past them RateLimitedError RATE_LIMITED before any lookup
 *   (a live offer is not credited either); CLAIMED / ALREADY_CLAIMED cost nothing; another account
 *   (from another address) is unaffected.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { CREDIT_CLAIM_TOO_MANY_MESSAGE } from '@shop/domain/credit-claims';
import { testDatabases } from '@shop/platform/test-databases';
import { claimCampaignCredit, seedCreditCampaigns, upsertCreditCampaign } from '@shop/wallet';
import { CREDIT_CLAIM_LIMITS } from '@shop/wallet/campaigns/campaigns.limits';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import { Browser } from '../../test/accounts-services.ts';
import { captureLogger } from '../../test/helpers.ts';

const CLAIM = `mutation($i: ClaimCreditInput!) { claimCredit(input: $i) { __typename
  ... on CreditClaim { status creditAmount { amount currency formatted } }
  ... on UserError { code message field } } }`;
const WALLET = `{ viewer { wallet { balance { amount } marketingBalance { amount } } } }`;
const LIMITED = `mutation($i: ClaimCreditInput!) { claimCredit(input: $i) { __typename
  ... on RateLimitedError { code message field retryAfterSeconds } } }`;

const HOUR = 60 * 60_000;
/** The limits count in clock-hour windows: a test that would straddle the turn of the hour waits for it. */
async function awayFromTheHourTurn(): Promise<void> {
  const left = HOUR - (Date.now() % HOUR);
  if (left < 90_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe.each(testDatabases())('claimCredit through the shop on %s', (_name, open) => {
  const logger = captureLogger();
  let ann: Browser;
  let ben: Browser;

  const claim = async (b: Browser, id: string) => {
    const res = await b.gql(CLAIM, { i: { id } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { result: res.body.data.claimCredit, restCalls: Number(res.headers.get('x-rest-calls')) };
  };
  const wallet = async (b: Browser) => ((await b.gql(WALLET)).body.data.viewer.wallet as any[])[0] ?? null;

  const shop = openVouchersShop(
    open,
    async () => {
      await seedCreditCampaigns(shop.services.db);
      ann = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ann', lastName: 'Claimer' });
      ben = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ben', lastName: 'Other' });
    },
    logger,
  );

  it('the signed-in shopper gets the credit once: CLAIMED, then ALREADY_CLAIMED with the amount received', async () => {
    expect(await wallet(ann)).toBeNull();
    const first = await claim(ann, '1001');
    expect(first.result).toEqual({ __typename: 'CreditClaim', status: 'CLAIMED', creditAmount: { amount: 500, currency: 'GBP', formatted: '£5' } });
    expect(await wallet(ann)).toEqual({ balance: { amount: 500 }, marketingBalance: { amount: 500 } });
    const again = await claim(ann, '1001');
    expect(again.result).toEqual({ __typename: 'CreditClaim', status: 'ALREADY_CLAIMED', creditAmount: { amount: 500, currency: 'GBP', formatted: '£5' } });
    expect((await wallet(ann)).balance.amount).toBe(500);
  });

  it('an ended, withdrawn, used-up or unknown offer answers its status and credits nothing', async () => {
    expect((await claim(ann, '1003')).result).toEqual({ __typename: 'CreditClaim', status: 'EXPIRED', creditAmount: { amount: 500, currency: 'GBP', formatted: '£5' } });
    expect((await claim(ann, '1004')).result).toMatchObject({ status: 'INACTIVE' });
    expect((await claim(ann, '424242')).result).toEqual({ __typename: 'CreditClaim', status: 'NOT_FOUND', creditAmount: null });
    // More digits than any campaign has: NOT_FOUND without asking the wallet.
    const known = await claim(ann, '424242');
    const long = await claim(ann, '9'.repeat(40));
    expect(long.result).toEqual({ __typename: 'CreditClaim', status: 'NOT_FOUND', creditAmount: null });
    expect(long.restCalls).toBe(known.restCalls - 1);
    // An offer whose budget is used up (one claim, taken by another shopper): EXHAUSTED, which the
    // client shows as spec §8's "other status" toast.
    await upsertCreditCampaign(shop.services.db, {
      id: '5101', name: 'One shopper only', amount: 300, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null,
      validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: true, maxClaims: 1,
    });
    expect((await claimCampaignCredit(shop.services.db, { customerToken: 'ct-first-claimer-0123456789', campaignId: '5101' })).status).toBe('CLAIMED');
    expect((await claim(ann, '5101')).result).toEqual({ __typename: 'CreditClaim', status: 'EXHAUSTED', creditAmount: { amount: 300, currency: 'GBP', formatted: '£3' } });
    expect((await wallet(ann)).balance.amount).toBe(500);
  });

  it('Z: the claim is the session\'s customer: another shopper claims for themselves only; a guest is refused before any call', async () => {
    expect((await claim(ben, '1001')).result).toMatchObject({ status: 'CLAIMED' });
    expect((await wallet(ben)).balance.amount).toBe(500);
    expect((await wallet(ann)).balance.amount).toBe(500);
    expect((await claim(ben, '1002')).result).toMatchObject({ status: 'CLAIMED', creditAmount: { amount: 1000 } });
    expect((await wallet(ann)).balance.amount).toBe(500);

    const guest = shop.made.browser();
    const refused = await claim(guest, '1002');
    expect(refused.result).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    // No session cookie: no call at all, the wallet never asked.
    expect(refused.restCalls).toBe(0);
    expect((await claim(guest, '1001')).result.__typename).toBe('UnauthenticatedError');
  });

  /** A campaign only this test knows (an id guessers could hit), live for years. */
  const liveCampaign = async (id: string) =>
    upsertCreditCampaign(shop.services.db, {
      id, name: `Live offer ${id}`, amount: 300, currency: 'GBP', creditValidMonths: 12, creditExpiresAt: null,
      validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: true,
    });
  /** The same signed-in shopper seen from another client address. */
  const from = (b: Browser, ip: string) => {
    const moved = new Browser(shop.made.app, 'http://shop.test', ip);
    for (const [name, value] of b.jar) moved.setCookie(name, value);
    return moved;
  };

  it('guessing: the 11th failed claim in an hour is refused before any lookup; live offers cost nothing; another account is unaffected', { timeout: 120_000 }, async () => {
    expect(CREDIT_CLAIM_LIMITS.customer).toEqual({ limit: 10, windowMs: HOUR });
    await awayFromTheHourTurn();
    await liveCampaign('5001');
    await liveCampaign('5002');
    const cara = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Cara', lastName: 'Guesser' });
    const dan = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Dan', lastName: 'Honest' });

    // 9 failures of every kind, then live offers (claimed, claimed again): those cost nothing.
    for (const id of ['7001', '7002', '7003', '7004', '7005', '1003', '1004', '7006', '7007']) expect((await claim(cara, id)).result.__typename, id).toBe('CreditClaim');
    expect((await claim(cara, '5001')).result).toMatchObject({ status: 'CLAIMED', creditAmount: { amount: 300 } });
    expect((await claim(cara, '5001')).result).toMatchObject({ status: 'ALREADY_CLAIMED' });
    expect((await claim(cara, '1001')).result).toMatchObject({ status: 'CLAIMED', creditAmount: { amount: 500 } });
    expect((await wallet(cara)).balance.amount).toBe(800);
    // The 10th failure is still answered…
    expect((await claim(cara, '7008')).result).toEqual({ __typename: 'CreditClaim', status: 'NOT_FOUND', creditAmount: null });
    // …the 11th is refused, and so is everything after it in this hour, a live offer too: nothing is looked up or credited.
    for (const id of ['7009', '5002', '1002', '5001']) {
      const res = await cara.gql(LIMITED, { i: { id } });
      expect(res.body.data.claimCredit, id).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED', message: CREDIT_CLAIM_TOO_MANY_MESSAGE, field: 'id' });
      expect(res.body.data.claimCredit.retryAfterSeconds).toBeGreaterThan(0);
      expect(res.body.data.claimCredit.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    expect((await wallet(cara)).balance.amount).toBe(800);
    const { rows: claimed } = await sql`select customer_token from wallet.credit_claim where campaign_id = 5002`.execute(shop.services.db);
    expect(claimed).toEqual([]);
    // The same account from another address: still refused (the limit is the account's).
    expect((await claim(from(cara, '203.0.113.9'), '7010')).result).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED' });

    // Another account is unaffected: its failures are its own, its live offer is credited.
    expect((await claim(dan, '7009')).result).toMatchObject({ status: 'NOT_FOUND' });
    expect((await claim(dan, '5002')).result).toMatchObject({ status: 'CLAIMED', creditAmount: { amount: 300 } });
  });

  it('guessing: one client address has 30 failed claims an hour over all its accounts; then even a fresh account there is refused, elsewhere it is not', { timeout: 120_000 }, async () => {
    expect(CREDIT_CLAIM_LIMITS.address).toEqual({ limit: 30, windowMs: HOUR });
    await awayFromTheHourTurn();
    await liveCampaign('5003');
    const office = '203.0.113.77';
    const staff = [];
    for (const name of ['Eve', 'Fay', 'Gus', 'Hal']) staff.push(await signUpOn(shop.services, shop.made.browser(), { firstName: name, lastName: 'Office' }));
    const [eve, fay, gus, hal] = staff.map((b) => from(b, office)) as [Browser, Browser, Browser, Browser];
    // A live offer from the office costs nothing.
    expect((await claim(eve, '5003')).result).toMatchObject({ status: 'CLAIMED' });
    // 30 failures from three accounts, each within its own 10.
    for (const b of [eve, fay, gus]) for (let i = 0; i < 10; i += 1) expect((await claim(b, `${8000 + i}`)).result).toMatchObject({ __typename: 'CreditClaim', status: 'NOT_FOUND' });
    // The address is used up: Hal (no failure of his own) is refused there, a live offer too…
    expect((await claim(hal, '5003')).result).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED', message: CREDIT_CLAIM_TOO_MANY_MESSAGE, field: 'id' });
    expect((await claim(hal, '8100')).result).toMatchObject({ __typename: 'RateLimitedError' });
    // …but from his own address he claims, and his refused tries there cost his account nothing.
    const halHome = from(staff[3]!, '203.0.113.78');
    expect((await claim(halHome, '5003')).result).toMatchObject({ status: 'CLAIMED', creditAmount: { amount: 300 } });
    for (let i = 0; i < 10; i += 1) expect((await claim(halHome, `${8200 + i}`)).result, String(i)).toMatchObject({ status: 'NOT_FOUND' });
    expect((await claim(halHome, '8300')).result).toMatchObject({ __typename: 'RateLimitedError' });
  });

  it('spec §5: an id that is not digits only is a ValidationError naming id, before any wallet call', async () => {
    for (const id of ['', 'abc', '10a1', '-1001', ' 1001', '1e3', '１００１']) {
      const { result } = await claim(ann, id);
      expect(result, id).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'id' });
    }
    const guest = shop.made.browser();
    const bad = await claim(guest, 'abc');
    expect(bad.result).toMatchObject({ __typename: 'ValidationError', field: 'id' });
    expect(bad.restCalls).toBe(0);
    expect((await wallet(ann)).balance.amount).toBe(500);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
