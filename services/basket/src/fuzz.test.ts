/**
 * Reliability V1 (fuzzed money and quantity inputs), property-based with fast-check.
 *
 * V1 asks: quantities such as −1, 0, 1.5, 2^31, 2^53+1, "1e3", NaN, Infinity and null are each a
 * 4xx naming the field, never a 5xx, never accepted; an accepted quantity is a whole number with
 * 0 < q ≤ the line's limit (0 removes the line, spec §4 merge rule).
 *
 * This file fuzzes, against the real basket app (fixture catalogue, PGlite and PostgreSQL):
 *   - POST /basket/{token}/product   quantity (products with limit 99, 3 left, cap 2, min 2 per person)
 *   - PATCH /basket/{token}/product/{id}   quantity, and the gift units giftWrap / giftPack
 * with hostile constants, integers, doubles, strings, and raw JSON text (NaN, Infinity, 1e309…).
 * After every call the stored basket is compared with a model: a refused call changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LINE_QUANTITY_MAX } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { bodyText, fuzzedNumbers, parsedField, type Fuzzed } from '@shop/platform/test-fuzz';
import type { BasketResponse } from './contract.ts';
import { basketFixture } from './test/basket-fixture.ts';

type ProblemBody = { status: number; code: string; errors?: Array<{ field: string; message: string }> };

/** 1 000 runs per endpoint (V1); measured well under the 120 s cap on both databases. */
const RUNS = 1000;

/** The fixture catalogue's quantity rules for a guest: [min, max] per deal product. */
const RULES: Record<number, { dealId: number; min: number; max: number }> = {
  101: { dealId: 10, min: 1, max: LINE_QUANTITY_MAX }, // ordinary
  201: { dealId: 20, min: 1, max: 3 }, // three left
  202: { dealId: 20, min: 1, max: 2 }, // purchase cap 2
  301: { dealId: 30, min: 2, max: LINE_QUANTITY_MAX }, // priced per person
};
const PRODUCTS = Object.keys(RULES).map(Number);

const HOSTILE: unknown[] = [-1, 0, 1.5, 2 ** 31, 2 ** 53 + 1, '1e3', Number.NaN, Infinity, -Infinity, null, '', '2', true, [], {}, -0, 99, 100, 1e300, -(2 ** 31), '１'];
const RAW = ['NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '-0', '1.0', '1e1', '1e2', '01', '+1', '.5', '0x10', '1_0', 'undefined', '2e-1', '9007199254740993'];

const fuzzed: fc.Arbitrary<Fuzzed> = fuzzedNumbers(HOSTILE, RAW, { min: -5, max: 105 });

const wholeIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

describe.each(testDatabases())('V1 fuzzed quantities on the basket (%s)', (_name, open) => {
  const f = suiteFixture(
    () => basketFixture(open),
    async (fixture) => {
      expect(fixture.logged).toEqual([]);
      await fixture.close();
    },
  );
  let token = '';
  beforeAll(async () => {
    token = (await f.create({ products: [{ dealId: 10, dealProductId: 101, quantity: 1 }] })).token;
  });

  const send = (method: string, path: string, text: string) => f.call(method, `/basket/${token}${path}`, { rawBody: text, headers: { 'content-type': 'application/json' } });
  const stored = async (): Promise<BasketResponse> => f.ok('GET', `/basket/${token}`);
  const linesOf = (b: BasketResponse) => b.products.map((l) => ({ id: l.dealProductId, quantity: l.quantity, giftWrap: l.giftWrap, giftPack: l.giftPack }));

  /** Status never 5xx; a 4xx is a problem naming `field` (or `body` when the JSON is unreadable). */
  async function answer(res: Response, field: string, what: string): Promise<{ status: number; basket?: BasketResponse; problem?: ProblemBody }> {
    const text = await res.text();
    expect(res.status, `${what} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
    if (res.status >= 400) {
      const problem = JSON.parse(text) as ProblemBody;
      expect(problem.errors?.map((e) => e.field) ?? [], `${what} → ${text.slice(0, 200)}`).toContain(field);
      return { status: res.status, problem };
    }
    return { status: res.status, basket: JSON.parse(text) as BasketResponse };
  }

  /** Checks a refused call changed nothing, and an accepted one left only whole quantities in range. */
  async function checkStored(before: BasketResponse, result: { status: number; basket?: BasketResponse }, what: string): Promise<BasketResponse> {
    if (result.basket) {
      const after = await stored();
      expect(linesOf(after), what).toEqual(linesOf(result.basket));
      for (const l of after.products) {
        const rule = RULES[l.dealProductId];
        expect(Number.isSafeInteger(l.quantity), what).toBe(true);
        if (rule) expect(l.quantity >= rule.min && l.quantity <= rule.max, `${what}: stored ${l.quantity}`).toBe(true);
        expect(l.giftWrap >= 0 && l.giftWrap <= l.quantity && Number.isSafeInteger(l.giftWrap), what).toBe(true);
        expect(l.giftPack >= 0 && l.giftPack <= l.quantity && Number.isSafeInteger(l.giftPack), what).toBe(true);
      }
      return after;
    }
    const after = await stored();
    expect(linesOf(after), `${what}: refused but changed`).toEqual(linesOf(before));
    return after;
  }

  /** The line `id` is in the basket (PATCH needs one), with `quantity` when given. */
  async function ensureLine(id: number, extra: Record<string, unknown> = {}): Promise<void> {
    const rule = RULES[id] ?? { dealId: Math.floor(id / 10), min: 1, max: LINE_QUANTITY_MAX };
    const res = await f.call('POST', `/basket/${token}/product`, { body: { dealId: rule.dealId, dealProductId: id, quantity: Math.max(rule.min, 1), ...extra } });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    await res.arrayBuffer();
  }

  it(`POST /basket/{token}/product: ${RUNS} fuzzed quantities; invalid → 400 naming quantity, over the limit → 409, never 5xx, accepted only 0 < q ≤ limit`, async () => {
    let before = await stored();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PRODUCTS), fuzzed, async (id, v) => {
        const rule = RULES[id]!;
        const text = bodyText({ dealId: rule.dealId, dealProductId: id }, 'quantity', v);
        const seen = parsedField(text, 'quantity');
        const what = `POST quantity ${text}`;
        const had = before.products.some((l) => l.dealProductId === id);
        const result = await answer(await send('POST', '/product', text), seen.readable ? 'quantity' : 'body', what);
        if (!seen.readable || !wholeIn(seen.value, 0, LINE_QUANTITY_MAX)) {
          expect(result.status, what).toBe(400);
        } else if (seen.value === 0) {
          expect(result.status, what).toBe(200); // zero removes (spec §4)
          expect(result.basket!.products.some((l) => l.dealProductId === id), what).toBe(false);
        } else if (seen.value < rule.min) {
          expect(result.status, what).toBe(400);
        } else if (seen.value > rule.max) {
          expect(result.status, what).toBe(409);
        } else {
          expect(result.status, what).toBe(had ? 200 : 201);
          expect(result.basket!.products.find((l) => l.dealProductId === id)?.quantity, what).toBe(seen.value);
        }
        before = await checkStored(before, result, what);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it(`PATCH /basket/{token}/product/{id}: ${RUNS} fuzzed quantities; same rules, 0 removes the line`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PRODUCTS), fuzzed, async (id, v) => {
        const rule = RULES[id]!;
        if (!(await stored()).products.some((l) => l.dealProductId === id)) await ensureLine(id);
        const before = await stored();
        const current = before.products.find((l) => l.dealProductId === id)!.quantity;
        const text = bodyText({}, 'quantity', v);
        const seen = parsedField(text, 'quantity');
        const what = `PATCH ${id} quantity ${text} (was ${current})`;
        const result = await answer(await send('PATCH', `/product/${id}`, text), seen.readable ? 'quantity' : 'body', what);
        if (!seen.readable || !wholeIn(seen.value, 0, LINE_QUANTITY_MAX)) expect(result.status, what).toBe(400);
        else if (seen.value === 0) {
          expect(result.status, what).toBe(200);
          expect(result.basket!.products.some((l) => l.dealProductId === id), what).toBe(false);
        } else if (seen.value < rule.min) expect(result.status, what).toBe(400);
        else if (seen.value > rule.max) expect(result.status, what).toBe(409);
        else {
          expect(result.status, what).toBe(200);
          expect(result.basket!.products.find((l) => l.dealProductId === id)?.quantity, what).toBe(seen.value);
        }
        await checkStored(before, result, what);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it(`PATCH /basket/{token}/product/{id}: ${RUNS} fuzzed giftWrap / giftPack units; whole −99..99 clamped to 0..quantity, else 400 naming the field`, async () => {
    // 102 is gift wrapped (giftWrap allowed), 103 has a gift pack (giftPack allowed); both 5 units.
    await ensureLine(102, { quantity: 5, gifting: { type: 'wrapped' } });
    await ensureLine(103, { quantity: 5, gifting: { type: 'ndd-gpk', giftPackProductId: 9101 } });
    const target = { giftWrap: 102, giftPack: 103 } as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('giftWrap' as const, 'giftPack' as const), fuzzed, async (field, v) => {
        const id = target[field];
        const before = await stored();
        const line = before.products.find((l) => l.dealProductId === id)!;
        const text = bodyText({}, field, v);
        const seen = parsedField(text, field);
        const what = `PATCH ${id} ${field} ${text}`;
        const result = await answer(await send('PATCH', `/product/${id}`, text), seen.readable ? field : 'body', what);
        if (!seen.readable || !wholeIn(seen.value, -LINE_QUANTITY_MAX, LINE_QUANTITY_MAX)) expect(result.status, what).toBe(400);
        else {
          expect(result.status, what).toBe(200);
          const after = result.basket!.products.find((l) => l.dealProductId === id)!;
          expect(after.quantity, what).toBe(line.quantity);
          expect(after[field], what).toBe(Math.min(Math.max(seen.value, 0), line.quantity));
        }
        await checkStored(before, result, what);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
