import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProblemSchema, SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { creditWallet, expireWalletCredit, ledgerViolations } from './index.ts';
import { walletFixture, type WalletFixture } from './test/wallet-fixture.ts';

const ALICE = 'ct-alice-0123456789';
const credit = (over: Record<string, unknown> = {}) => ({ customerToken: ALICE, currency: 'GBP', amount: 1000, bucket: 'marketing', reason: 'Goodwill', ref: 'goodwill-1', ...over });

describe.each(testDatabases())('wallet REST on %s', (_name, open) => {
  let f: WalletFixture;
  beforeAll(async () => {
    f = await walletFixture(open);
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
    expect(Object.keys(doc.paths).sort()).toEqual(['/campaigns', '/campaigns/{id}', '/user/campaign-credit-claim', '/user/wallet', '/wallet/credit', '/wallet/credit-lots', '/wallet/transactions']);
    expect(doc.servers[0]?.url).toBe('/api/wallet');
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
  });

  it('every route needs the service token', async () => {
    for (const [method, path] of [['GET', `/user/wallet?customerToken=${ALICE}`], ['GET', `/wallet/transactions?customerToken=${ALICE}`], ['GET', `/wallet/credit-lots?customerToken=${ALICE}`], ['POST', '/wallet/credit'], ['POST', '/user/campaign-credit-claim'], ['GET', '/campaigns'], ['PUT', '/campaigns/1001']]) {
      const res = await f.app.request(path!, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
      expect(res.status, path).toBe(401);
    }
  });

  it('GET /user/wallet: [] for an unknown customer, then the balances by currency after credits', async () => {
    const res = await f.call('GET', '/user/wallet?customerToken=ct-nobody-0123456789');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const first = await f.call('POST', '/wallet/credit', credit());
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ created: true, balances: [{ currency: 'GBP', balance: 1000, marketingBalance: 1000, refundableBalance: 0 }] });
    const again = await f.call('POST', '/wallet/credit', credit());
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false });
    const other = await f.call('POST', '/wallet/credit', credit({ amount: 5 }));
    expect(other.status).toBe(422);
    expect(ProblemSchema.parse(await other.json())).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', errors: [{ field: 'ref' }] });
    expect((await f.call('POST', '/wallet/credit', credit({ ref: 'refund-1', bucket: 'refundable', amount: 250 }))).status).toBe(201);
    const wallet = await f.call('GET', `/user/wallet?customerToken=${ALICE}`);
    expect(await wallet.json()).toEqual([{ currency: 'GBP', balance: 1250, marketingBalance: 1000, refundableBalance: 250 }]);
    const history = await f.call('GET', `/wallet/transactions?customerToken=${ALICE}&limit=1`);
    expect(history.status).toBe(200);
    expect(await history.json()).toMatchObject({ transactions: [{ kind: 'credit', ref: 'refund-1', amount: 250, refundable: 250, marketing: 0 }] });
  });

  it('GET /wallet/transactions pages newest first by the before cursor; GET /wallet/credit-lots lists the unspent dated credit, soonest first', async () => {
    const BEA = 'ct-bea-paging-0123456789';
    const db = f.database.db;
    for (let i = 1; i <= 5; i++) expect((await f.call('POST', '/wallet/credit', credit({ customerToken: BEA, ref: `page-${i}`, amount: i * 100 }))).status).toBe(201);
    const page = async (query: string) => ((await (await f.call('GET', `/wallet/transactions?customerToken=${BEA}&${query}`)).json()) as { transactions: Array<{ id: number; ref: string }> }).transactions;
    const first = await page('limit=2');
    expect(first.map((t) => t.ref)).toEqual(['page-5', 'page-4']);
    const second = await page(`limit=2&before=${first[1]!.id}`);
    expect(second.map((t) => t.ref)).toEqual(['page-3', 'page-2']);
    const last = await page(`limit=2&before=${second[1]!.id}`);
    expect(last.map((t) => t.ref)).toEqual(['page-1']);
    expect(await page(`limit=2&before=${last[0]!.id}`)).toEqual([]);
    // Another customer's cursor never shows this customer's history.
    expect((await page('limit=50')).every((t) => t.ref.startsWith('page-'))).toBe(true);

    const soon = new Date(Date.now() + 14 * 86_400_000);
    const later = new Date(Date.now() + 365 * 86_400_000);
    const past = new Date(Date.now() - 86_400_000);
    await db.transaction().execute(async (trx) => {
      await creditWallet(trx, { customerToken: BEA, currency: 'GBP', amount: 700, bucket: 'refundable', reason: 'Wallet credit', ref: 'lot-later', expiresAt: later });
      await creditWallet(trx, { customerToken: BEA, currency: 'GBP', amount: 300, bucket: 'refundable', reason: 'Expired voucher credit', ref: 'lot-soon', expiresAt: soon });
      await creditWallet(trx, { customerToken: BEA, currency: 'GBP', amount: 200, bucket: 'marketing', reason: 'Past', ref: 'lot-past', expiresAt: past });
    });
    const lots = await f.call('GET', `/wallet/credit-lots?customerToken=${BEA}`);
    expect(lots.status).toBe(200);
    expect(await lots.json()).toEqual({
      lots: [
        { currency: 'GBP', bucket: 'refundable', amount: 300, remaining: 300, expiresAt: soon.toISOString(), reason: 'Expired voucher credit' },
        { currency: 'GBP', bucket: 'refundable', amount: 700, remaining: 700, expiresAt: later.toISOString(), reason: 'Wallet credit' },
      ],
    });
    expect(await (await f.call('GET', `/wallet/credit-lots?customerToken=ct-nobody-0123456789`)).json()).toEqual({ lots: [] });
    await expireWalletCredit(db, { now: new Date() });
  });

  it('V1: bad amounts (negative, zero, fractional, 2^53, strings, NaN, null) are a 400 naming amount, never credited', async () => {
    for (const amount of [-1, 0, 1.5, 2 ** 53, 2 ** 53 + 1, '1000', '1e3', null, true, 1e300]) {
      const res = await f.call('POST', '/wallet/credit', credit({ amount, ref: `v1-${String(amount)}` }));
      expect(res.status, String(amount)).toBe(400);
      const body = ProblemSchema.parse(await res.json());
      expect(body.errors?.map((e) => e.field), String(amount)).toContain('amount');
    }
    // NaN and Infinity are not JSON: sent raw they make the body unreadable.
    const raw = await f.call('POST', '/wallet/credit', `{"customerToken":"${ALICE}","currency":"GBP","amount":NaN,"bucket":"marketing","reason":"x","ref":"nan"}`);
    expect(raw.status).toBe(400);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.double(), fc.integer({ min: -(2 ** 40), max: 0 }), fc.string(), fc.constant(undefined)), async (amount) => {
        if (typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 && amount <= 100_000_000) return;
        const res = await f.call('POST', '/wallet/credit', credit({ amount, ref: 'v1-property' }));
        expect(res.status).toBe(400);
      }),
      { numRuns: 60 },
    );
    const wallet = await f.call('GET', `/user/wallet?customerToken=${ALICE}`);
    expect(await wallet.json()).toEqual([{ currency: 'GBP', balance: 1250, marketingBalance: 1000, refundableBalance: 250 }]);
  });

  it('names every other bad field: token, currency, bucket, reason, ref, unknown keys, limit', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customerToken: 'short' }, 'customerToken'],
      [{ currency: 'USD' }, 'currency'],
      [{ bucket: 'points' }, 'bucket'],
      [{ reason: '' }, 'reason'],
      [{ ref: '' }, 'ref'],
      [{ balance: 5 }, 'balance'],
    ];
    for (const [over, field] of cases) {
      const res = await f.call('POST', '/wallet/credit', credit(over));
      expect(res.status, field).toBe(400);
      const body = ProblemSchema.parse(await res.json());
      expect(JSON.stringify(body.errors), field).toContain(field);
    }
    for (const [path, field] of [['/user/wallet', 'customerToken'], ['/user/wallet?customerToken=%00%00', 'customerToken'], [`/wallet/transactions?customerToken=${ALICE}&limit=0`, 'limit'], [`/wallet/transactions?customerToken=${ALICE}&limit=1.5`, 'limit'], [`/wallet/transactions?customerToken=${ALICE}&before=0`, 'before'], [`/wallet/transactions?customerToken=${ALICE}&before=x`, 'before'], ['/wallet/credit-lots?customerToken=short', 'customerToken']] as const) {
      const res = await f.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(ProblemSchema.parse(await res.json()).errors?.map((e) => e.field), path).toContain(field);
    }
    const notJson = await f.call('POST', '/wallet/credit', '{');
    expect(notJson.status).toBe(400);
  });
});
