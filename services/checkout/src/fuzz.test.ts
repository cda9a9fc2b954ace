/**
 * Reliability V1 (fuzzed money and quantity inputs), property-based with fast-check.
 *
 * V1 asks: every invalid amount (fractional pence, negative, 2^31, 2^53+1, "1e3", NaN, Infinity,
 * null…) is a 4xx naming the field, never a 5xx, never accepted; accepted amounts are integer
 * pence; no float arithmetic drift.
 *
 * This file checks:
 *   - POST /checkout/{basketToken}/order (real checkout app, PGlite and PostgreSQL): 1 000 runs
 *     fuzzing expectedCashAmount, cashAmount and walletUsed with hostile constants, integers,
 *     doubles, strings and raw JSON text (NaN, Infinity, 1e309…). Never 5xx; a non-integer or
 *     out-of-range amount is a 400 naming the field ("body" for unreadable JSON); a well-formed
 *     amount that is not the basket's figure is 409 PRICE_CHANGED; and nothing is ordered or
 *     charged (orders.orders rows for the basket, Braintree sandbox transactions).
 *   - Pure: 10 000 line totals from the domain's linePrice, summed as the checkout sums them
 *     (Number reduce, checkout/pricing.ts), equal the exact BigInt sum. The checkout's own summary
 *     (loadCheckoutModel) reads the database, so it is not fuzzed here as a pure function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LINE_QUANTITY_MAX } from '@shop/domain/buying';
import { linePrice } from '@shop/domain/purchase-limits';
import { testDatabases } from '@shop/platform/test-databases';
import { bodyText, fuzzedNumbers, parsedField, type Fuzzed } from '@shop/platform/test-fuzz';
import { sql } from 'kysely';
import { cardOrder, checkoutFixture, type CheckoutFixture } from './test/fixture.ts';

type ProblemBody = { status: number; code: string; errors?: Array<{ field: string; message: string }> };

/** 1 000 runs for the endpoint (V1); measured well under the 120 s cap on both databases. */
const RUNS = 1000;
const INT_MAX = 2_147_483_647;
const PRICE = 900;
const MONEY_FIELDS = ['expectedCashAmount', 'cashAmount', 'walletUsed'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
/** The figures of the fuzzed basket (a guest, no wallet): what a correct body would carry. */
const CORRECT: Record<MoneyField, number> = { expectedCashAmount: PRICE, cashAmount: PRICE, walletUsed: 0 };

const HOSTILE: unknown[] = [-1, 0, 0.5, 1.5, 899.5, 900.0000001, 2 ** 31, INT_MAX, 2 ** 53, 2 ** 53 + 1, 1e300, -0, '900', '1e3', '', Number.NaN, Infinity, -Infinity, null, true, [], {}, [900], { amount: 900 }];
const RAW = ['NaN', 'Infinity', '-Infinity', '1e309', '-0', '900.0', '9e2', '9.00e2', '0900', '+900', '.5', '0x384', 'undefined', '900.5e0', '9007199254740993'];

const fuzzed: fc.Arbitrary<Fuzzed> = fuzzedNumbers(HOSTILE, RAW, { min: -1000, max: 2000 }, fc.double({ min: 0, max: 2000, noNaN: true }));

const isPence = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= INT_MAX;

describe('V1 money arithmetic (pure)', () => {
  it('10 000 integer line totals from linePrice sum to exactly the BigInt sum (no float drift)', () => {
    const line = fc.record({
      pricePence: fc.integer({ min: 0, max: INT_MAX }),
      quantity: fc.integer({ min: 0, max: LINE_QUANTITY_MAX }),
      postagePence: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 10_000, maxLength: 10_000 }), (lines) => {
        const totals = lines.map((l) => linePrice(l));
        let exact = 0n;
        for (const [i, l] of lines.entries()) {
          const t = totals[i]!;
          expect(Number.isSafeInteger(t.totalPence)).toBe(true);
          const want = BigInt(l.pricePence) * BigInt(l.quantity) + (l.quantity > 0 && l.postagePence !== null ? BigInt(l.postagePence) : 0n);
          expect(BigInt(t.totalPence)).toBe(want);
          exact += want;
        }
        // The checkout's summary adds line figures with a Number reduce (checkout/pricing.ts).
        const summed = totals.reduce((sum, t) => sum + t.totalPence, 0);
        expect(Number.isSafeInteger(summed)).toBe(true);
        expect(BigInt(summed)).toBe(exact);
      }),
      { numRuns: 10 },
    );
  });

  it('pence amounts are whole: linePrice refuses fractional, negative, unsafe and non-finite figures', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.constantFrom(2 ** 53, 2 ** 53 + 1, Number.NaN, Infinity, -Infinity)), (bad) => {
        expect(() => linePrice({ pricePence: bad, quantity: 1 })).toThrow(RangeError);
        expect(() => linePrice({ pricePence: 100, quantity: 1, postagePence: bad })).toThrow(RangeError);
        expect(() => linePrice({ pricePence: 100, quantity: bad })).toThrow(RangeError);
      }),
      { numRuns: 1000 },
    );
  });
});

describe.each(testDatabases())('V1 fuzzed money on place order (%s)', (_name, open) => {
  let f: CheckoutFixture;
  let token = '';
  let keySeq = 0;
  beforeAll(async () => {
    f = await checkoutFixture(open);
    const product = await f.product({ remaining: 50, pricePence: PRICE });
    token = await f.basket([{ product, quantity: 1 }]);
  });
  afterAll(async () => {
    expect(f?.logged.filter((l) => l.message.includes('unhandled'))).toEqual([]);
    await f?.close();
  });

  const orders = async () => (await sql<{ n: number }>`select count(*)::int as n from orders.orders where basket_token = ${token}`.execute(f.db)).rows[0]!.n;
  const place = (text: string) => f.request('POST', `/checkout/${token}/order`, { body: text, headers: { 'idempotency-key': `v1-fuzz-${process.pid}-${++keySeq}` } });

  it(`POST /checkout/{basketToken}/order: ${RUNS} fuzzed expectedCashAmount / cashAmount / walletUsed; never 5xx, invalid → 400 naming the field, nothing ordered or charged`, async () => {
    const ordersBefore = await orders();
    const chargesBefore = f.sandboxes.braintree.transactions().length;
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MONEY_FIELDS), fuzzed, async (field, v) => {
        const text = bodyText(cardOrder(PRICE), field, v);
        const seen = parsedField(text, field);
        // The one body that is right would place (and pay for) an order: not an input to refuse.
        if (seen.readable && seen.value === CORRECT[field]) return;
        requests++;
        const what = `${field} ${text.slice(0, 160)}`;
        const res = await place(text);
        const body = await res.text();
        expect(res.status, `${what} → ${res.status} ${body.slice(0, 200)}`).toBeLessThan(500);
        const problem = JSON.parse(body) as ProblemBody;
        if (!seen.readable || !isPence(seen.value)) {
          expect(res.status, `${what} → ${body.slice(0, 200)}`).toBe(400);
          expect(problem.errors?.map((e) => e.field) ?? [], what).toContain(seen.readable ? field : 'body');
        } else {
          expect(res.status, `${what} → ${body.slice(0, 200)}`).toBe(409);
          expect(problem.code, what).toBe('PRICE_CHANGED');
        }
        expect(await orders(), `${what}: ordered`).toBe(ordersBefore);
        expect(f.sandboxes.braintree.transactions().length, `${what}: charged`).toBe(chargesBefore);
      }),
      { numRuns: RUNS },
    );
    expect(requests).toBeGreaterThan(RUNS * 0.9);
  }, 120_000);
});
