/**
 * Credit claims (issue 18 point 3) on PGlite and PostgreSQL: the REST route, once per customer
 * and campaign, the campaign window, the dated promotional credit it posts, bad input naming its
 * field; the guessing limits (claims that give nothing, per customer and per x-client-ip, in
 * clock-hour windows; live campaigns cost nothing; past them 429 before any lookup); and on
 * PostgreSQL, M8: 32 concurrent claims of one customer give one credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLIENT_IP_HEADER, createServiceApp, ProblemSchema, SERVICE_TOKEN_HEADER } from '@shop/platform';
import { CREDIT_CLAIM_TOO_MANY_MESSAGE } from '@shop/domain/credit-claims';
import { testDatabases } from '@shop/platform/test-databases';
import { londonExpiry } from '@shop/domain/london-time';
import { ledgerViolations, walletBalances, walletCreditLots, walletTransactions } from '../index.ts';
import { walletFixture, type WalletFixture } from '../test/wallet-fixture.ts';
import { claimCampaignCredit, seedCreditCampaigns, upsertCreditCampaign } from './campaigns.store.ts';
import { registerCampaignRoutes } from './campaigns.handlers.ts';
import { CREDIT_CLAIM_LIMITS } from './campaigns.limits.ts';

const ANN = 'ct-claim-ann-0123456789';
const BOB = 'ct-claim-bob-0123456789';
const claim = (id: unknown, customerToken: unknown = ANN) => ({ customerToken, id });

describe.each(testDatabases())('credit claims on %s', (_name, open) => {
  let f: WalletFixture;
  beforeAll(async () => {
    f = await walletFixture(open);
    expect(await seedCreditCampaigns(f.database.db)).toEqual({ inserted: 4 });
    expect(await seedCreditCampaigns(f.database.db)).toEqual({ inserted: 0 });
  });
  afterAll(async () => {
    expect(f.logged).toEqual([]);
    expect(await ledgerViolations(f.database.db)).toEqual([]);
    await f?.close();
  });

  it('the first claim credits the campaign amount as dated promotional credit; the second is ALREADY_CLAIMED and moves nothing', async () => {
    const before = Date.now();
    const first = await f.call('POST', '/user/campaign-credit-claim', claim('1001'));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'CLAIMED', creditAmount: 500, currency: 'GBP' });
    expect(await walletBalances(f.database.db, ANN)).toEqual([{ currency: 'GBP', balance: 500, marketingBalance: 500, refundableBalance: 0 }]);
    const [lot] = await walletCreditLots(f.database.db, ANN);
    expect(lot).toMatchObject({ bucket: 'marketing', amount: 500, remaining: 500, reason: 'Credit offer: £5 welcome credit' });
    // Spec §9: wallet credit expires 12 months after redemption (to the end of that London day).
    expect([londonExpiry(new Date(before), 12).getTime(), londonExpiry(new Date(), 12).getTime()]).toContain(lot!.expiresAt.getTime());

    for (const id of ['1001', '01001']) {
      const again = await f.call('POST', '/user/campaign-credit-claim', claim(id));
      expect(await again.json(), id).toEqual({ status: 'ALREADY_CLAIMED', creditAmount: 500, currency: 'GBP' });
    }
    expect((await walletBalances(f.database.db, ANN))[0]?.balance).toBe(500);
    expect((await walletTransactions(f.database.db, ANN)).filter((t) => t.kind === 'credit')).toHaveLength(1);

    // Another campaign is another claim; another customer claims the same campaign for themselves.
    expect(await (await f.call('POST', '/user/campaign-credit-claim', claim('1002'))).json()).toEqual({ status: 'CLAIMED', creditAmount: 1000, currency: 'GBP' });
    expect(await (await f.call('POST', '/user/campaign-credit-claim', claim('1001', BOB))).json()).toEqual({ status: 'CLAIMED', creditAmount: 500, currency: 'GBP' });
    expect((await walletBalances(f.database.db, ANN))[0]?.balance).toBe(1500);
    expect((await walletBalances(f.database.db, BOB))[0]?.balance).toBe(500);
  });

  it('an unknown, expired, not yet started or switched-off campaign credits nothing and says why', async () => {
    const CAL = 'ct-claim-cal-0123456789';
    await upsertCreditCampaign(f.database.db, {
      id: '2001', name: 'Next year', amount: 700, currency: 'GBP', creditValidMonths: 6, creditExpiresAt: null,
      validFrom: new Date(Date.now() + 365 * 86_400_000), validUntil: new Date(Date.now() + 400 * 86_400_000), active: true,
    });
    await upsertCreditCampaign(f.database.db, {
      id: '2002', name: 'Credit date passed', amount: 700, currency: 'GBP', creditValidMonths: null, creditExpiresAt: new Date(Date.now() - 1000),
      validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: new Date('2031-01-01T00:00:00Z'), active: true,
    });
    for (const [id, body] of [
      ['999999', { status: 'NOT_FOUND', creditAmount: null, currency: null }],
      ['0', { status: 'NOT_FOUND', creditAmount: null, currency: null }],
      ['999999999999999999', { status: 'NOT_FOUND', creditAmount: null, currency: null }],
      ['1003', { status: 'EXPIRED', creditAmount: 500, currency: 'GBP' }],
      ['1004', { status: 'INACTIVE', creditAmount: 2000, currency: 'GBP' }],
      ['2001', { status: 'NOT_STARTED', creditAmount: 700, currency: 'GBP' }],
      ['2002', { status: 'EXPIRED', creditAmount: 700, currency: 'GBP' }],
    ] as const) {
      const res = await f.call('POST', '/user/campaign-credit-claim', claim(id, CAL));
      expect(res.status, id).toBe(200);
      expect(await res.json(), id).toEqual(body);
    }
    expect(await walletBalances(f.database.db, CAL)).toEqual([]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from wallet.credit_claim where customer_token = ${CAL}`.execute(f.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('a claim made inside the window is honoured after it closes (ALREADY_CLAIMED, not EXPIRED); a fixed credit date is the lot date', async () => {
    const DEE = 'ct-claim-dee-0123456789';
    const until = new Date('2030-06-01T00:00:00Z');
    await upsertCreditCampaign(f.database.db, {
      id: '3001', name: 'Fixed date', amount: 250, currency: 'GBP', creditValidMonths: null, creditExpiresAt: new Date('2030-12-31T23:59:59Z'),
      validFrom: new Date('2025-01-01T00:00:00Z'), validUntil: until, active: true,
    });
    expect(await claimCampaignCredit(f.database.db, { customerToken: DEE, campaignId: '3001', now: new Date('2030-05-31T12:00:00Z') })).toEqual({ status: 'CLAIMED', creditAmount: 250, currency: 'GBP' });
    expect((await walletCreditLots(f.database.db, DEE))[0]?.expiresAt.toISOString()).toBe('2030-12-31T23:59:59.000Z');
    expect(await claimCampaignCredit(f.database.db, { customerToken: DEE, campaignId: '3001', now: until })).toEqual({ status: 'ALREADY_CLAIMED', creditAmount: 250, currency: 'GBP' });
    expect(await claimCampaignCredit(f.database.db, { customerToken: 'ct-claim-eve-0123456789', campaignId: '3001', now: until })).toEqual({ status: 'EXPIRED', creditAmount: 250, currency: 'GBP' });
  });

  it('guessing limits: 10 failed claims an hour per customer, 30 per address; live campaigns cost nothing; past them 429 before any lookup', async () => {
    expect(CREDIT_CLAIM_LIMITS).toEqual({ customer: { limit: 10, windowMs: 3_600_000 }, address: { limit: 30, windowMs: 3_600_000 } });
    // The route on its own clock: 10:15 London (UTC in March), so the window ends in 45 minutes.
    let now = new Date('2030-03-01T10:15:00Z');
    const app = createServiceApp({ title: 'Claims', version: '1', description: 'Claims under test.', serviceToken: 'test-service-token', basePath: '/', tags: [] });
    registerCampaignRoutes(app, f.database.db, () => now);
    const post = (id: string, customerToken: string, address?: string) =>
      app.request('/user/campaign-credit-claim', {
        method: 'POST',
        headers: { [SERVICE_TOKEN_HEADER]: 'test-service-token', 'content-type': 'application/json', ...(address ? { [CLIENT_IP_HEADER]: address } : {}) },
        body: JSON.stringify(claim(id, customerToken)),
      });
    const ivy = 'ct-claim-ivy-0123456789';
    const jon = 'ct-claim-jon-0123456789';
    for (let i = 0; i < 9; i += 1) expect((await (await post(`${6000 + i}`, ivy, '203.0.113.5')).json()).status).toBe('NOT_FOUND');
    // A live campaign, claimed and claimed again: nothing counted.
    expect(await (await post('1002', ivy, '203.0.113.5')).json()).toMatchObject({ status: 'CLAIMED' });
    expect(await (await post('1002', ivy, '203.0.113.5')).json()).toMatchObject({ status: 'ALREADY_CLAIMED' });
    expect((await (await post('1003', ivy, '203.0.113.5')).json()).status).toBe('EXPIRED');
    // The 11th failure: refused, naming id, with when to come back; a live campaign is refused unseen too.
    for (const id of ['6100', '1001']) {
      const refused = await post(id, ivy, '203.0.113.6');
      expect(refused.status, id).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('2700');
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', detail: CREDIT_CLAIM_TOO_MANY_MESSAGE, errors: [{ field: 'id', message: CREDIT_CLAIM_TOO_MANY_MESSAGE }], retryAfterSeconds: 2700 });
    }
    expect((await walletBalances(f.database.db, ivy))[0]?.balance).toBe(1000);
    // Another customer from the same address is unaffected (the address has 10 of its 30).
    expect((await (await post('1001', jon, '203.0.113.5')).json()).status).toBe('CLAIMED');
    expect((await (await post('6200', jon, '203.0.113.5')).json()).status).toBe('NOT_FOUND');
    // The keys are stored as digests only.
    const { rows } = await sql<{ key_hash: string }>`select key_hash from wallet.rate_limit`.execute(f.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => !/^[0-9a-f]{64}$/.test(r.key_hash))).toEqual([]);
    // The next hour is a fresh window.
    now = new Date('2030-03-01T11:00:00Z');
    expect((await (await post('1001', ivy)).json()).status).toBe('CLAIMED');
  });

  it('bad input is a 400 naming the field, and credits nothing', async () => {
    for (const id of ['', 'abc', '10a1', '-1', '1.5', ' 1001', '1'.repeat(19), 1001, null]) {
      const res = await f.call('POST', '/user/campaign-credit-claim', claim(id, 'ct-claim-fay-0123456789'));
      expect(res.status, String(id)).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.map((e) => e.field), String(id)).toContain('id');
    }
    for (const token of ['short', '', null]) {
      const res = await f.call('POST', '/user/campaign-credit-claim', claim('1001', token));
      expect(res.status, String(token)).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.map((e) => e.field), String(token)).toContain('customerToken');
    }
    expect((await f.call('POST', '/user/campaign-credit-claim', { ...claim('1001', 'ct-claim-fay-0123456789'), amount: 100_000 })).status).toBe(400);
    expect(await walletBalances(f.database.db, 'ct-claim-fay-0123456789')).toEqual([]);
  });

  it('the claim row and the credit are one transaction: a failing credit leaves no claim', async () => {
    const GUS = 'ct-claim-gus-0123456789';
    // The ledger ref this claim will use, taken already by a credit of other figures: creditWallet throws.
    await f.database.db.transaction().execute(async (trx) => {
      const { creditWallet } = await import('../ledger.ts');
      await creditWallet(trx, { customerToken: GUS, currency: 'GBP', amount: 1, bucket: 'marketing', reason: 'Clash', ref: `campaign:1002:${GUS}` });
    });
    await expect(claimCampaignCredit(f.database.db, { customerToken: GUS, campaignId: '1002' })).rejects.toThrow(/already used/);
    const { rows } = await sql<{ n: string }>`select count(*) as n from wallet.credit_claim where customer_token = ${GUS}`.execute(f.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await walletBalances(f.database.db, GUS))[0]?.balance).toBe(1);
  });
});

const postgres = testDatabases().filter(([name]) => name === 'postgres');
// Reliability M8: 32 concurrent attempts; the full tier repeats it 50 times, CI's fast tier 5.
const ROUNDS = process.env.CI === 'true' ? 5 : 50;

describe.skipIf(postgres.length === 0)('M8: concurrent claims of one customer', () => {
  it.each(postgres)(`on %s: 32 claims at once, ${ROUNDS} rounds: one CLAIMED, 31 ALREADY_CLAIMED, one credit`, async (_name, open) => {
    const f = await walletFixture(open);
    try {
      await seedCreditCampaigns(f.database.db);
      for (let round = 0; round < ROUNDS; round++) {
        const token = `ct-race-${String(round).padStart(4, '0')}-0123456789`;
        const answers = await Promise.all(Array.from({ length: 32 }, () => claimCampaignCredit(f.database.db, { customerToken: token, campaignId: '1002' })));
        expect(answers.filter((a) => a.status === 'CLAIMED'), `round ${round}`).toHaveLength(1);
        expect(answers.filter((a) => a.status === 'ALREADY_CLAIMED' && a.creditAmount === 1000), `round ${round}`).toHaveLength(31);
        expect(await walletBalances(f.database.db, token)).toEqual([{ currency: 'GBP', balance: 1000, marketingBalance: 1000, refundableBalance: 0 }]);
      }
      expect(await ledgerViolations(f.database.db)).toEqual([]);
    } finally {
      await f.close();
    }
  }, 120_000);
});
