import { describe, expect, it } from 'vitest';
import { LINE_QUANTITY_MAX, PRICE_DISPLAY_MODES, PRICE_PER_PERSON_MIN_QUANTITY } from './buying.ts';
import { checkQuantity, fromPrice, isSoldOut, linePrice, minimumQuantity, priceDisplay, purchaseLimit, type PurchaseLimitInput } from './purchase-limits.ts';

describe('purchaseLimit (spec §5 "Purchase limit per product")', () => {
  // [what, input, limit]
  const table: Array<[string, PurchaseLimitInput, number]> = [
    // The product has a cap: the lower of the cap and the user's allowance (logged in) ...
    ['product cap, logged in, allowance lower', { productCap: 5, userAllowance: 2, dealCap: 10, remainingForDay: 50, loggedIn: true }, 2],
    ['product cap, logged in, cap lower', { productCap: 3, userAllowance: 8, dealCap: 1, remainingForDay: 50, loggedIn: true }, 3],
    // ... or the deal's cap (not logged in, or no allowance known).
    ['product cap, guest: the deal cap, not the allowance', { productCap: 5, userAllowance: 1, dealCap: 4, loggedIn: false }, 4],
    ['product cap, guest, cap lower than deal cap', { productCap: 2, dealCap: 4, loggedIn: false }, 2],
    ['product cap, logged in, no allowance: the deal cap', { productCap: 6, userAllowance: null, dealCap: 3, loggedIn: true }, 3],
    ['product cap only', { productCap: 7, loggedIn: false }, 7],
    ['product cap ignores remaining-for-day', { productCap: 7, remainingForDay: 1, loggedIn: false }, 7],
    // Otherwise the user's allowance ...
    ['no product cap: the allowance', { userAllowance: 4, dealCap: 2, remainingForDay: 1, loggedIn: true }, 4],
    ['no product cap: allowance 0', { userAllowance: 0, dealCap: 2, loggedIn: true }, 0],
    // ... else the smaller of remaining-for-day and the cap.
    ['no caps, no allowance: remaining for day lower', { dealCap: 10, remainingForDay: 3, loggedIn: false }, 3],
    ['no caps, no allowance: deal cap lower', { dealCap: 2, remainingForDay: 30, loggedIn: false }, 2],
    ['only remaining for day', { remainingForDay: 12, loggedIn: true }, 12],
    ['nothing known: LINE_QUANTITY_MAX', { loggedIn: false }, LINE_QUANTITY_MAX],
    // Bounds.
    ['never above LINE_QUANTITY_MAX', { productCap: 5000, dealCap: 1000, loggedIn: false }, LINE_QUANTITY_MAX],
    ['never below 0', { userAllowance: -3, loggedIn: true }, 0],
    ['cap 0', { productCap: 0, userAllowance: 5, loggedIn: true }, 0],
  ];
  it.each(table)('%s', (_what, input, expected) => {
    expect(purchaseLimit(input)).toBe(expected);
  });
});

describe('isSoldOut (spec §5)', () => {
  const table: Array<[string, Parameters<typeof isSoldOut>[0], boolean]> = [
    ['cap 0', { cap: 0, userAllowances: [3, 4] }, true],
    ['allowance 0 for every product', { cap: 10, userAllowances: [0, 0] }, true],
    ['allowance 0 for some products only', { cap: 10, userAllowances: [0, 2] }, false],
    ['an unknown allowance is not 0', { cap: null, userAllowances: [0, null] }, false],
    ['no cap, no allowances', {}, false],
    ['cap 1', { cap: 1 }, false],
  ];
  it.each(table)('%s', (_what, input, expected) => expect(isSoldOut(input)).toBe(expected));
});

describe('price per person and quantity checks (spec §5)', () => {
  it('forces at least 2 for price-per-person deals', () => {
    expect(PRICE_PER_PERSON_MIN_QUANTITY).toBe(2);
    expect(minimumQuantity(true)).toBe(2);
    expect(minimumQuantity(false)).toBe(1);
  });
  const table: Array<[number, boolean, number, ReturnType<typeof checkQuantity>['ok'], string?]> = [
    [1, true, 10, false, 'below-minimum'],
    [2, true, 10, true],
    [1, false, 10, true],
    [0, false, 10, false, 'below-minimum'],
    [11, false, 10, false, 'above-limit'],
    [1.5, false, 10, false, 'not-whole'],
    [Number.NaN, false, 10, false, 'not-whole'],
    [100, false, 1000, false, 'above-limit'],
  ];
  it.each(table)('quantity %s (price per person %s, limit %s) ok=%s', (quantity, ppp, limit, ok, reason) => {
    const r = checkQuantity(quantity, { pricePerPerson: ppp, limit });
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.reason).toBe(reason);
  });
});

describe("'from' prices (spec §5)", () => {
  const p = (price: number, disabled = false, vipExclusive = false) => ({ price, disabled, vipExclusive });
  it.each([
    ['several products', [p(2000), p(1500)], { from: true, price: 1500 }],
    ['one product', [p(2000)], { from: false, price: 2000 }],
    ['several but one enabled', [p(2000), p(1000, true)], { from: false, price: 2000 }],
    ['free deal is not priced', [p(0), p(0)], { from: false, price: 0 }],
    ['VIP-only products do not count beside public ones', [p(2000), p(900, false, true)], { from: false, price: 2000 }],
    ['no products', [], { from: false, price: null }],
  ] as const)('%s', (_what, products, expected) => expect(fromPrice(products)).toEqual(expected));
});

describe('linePrice: deposits and postage', () => {
  it.each([
    ['full price', { pricePence: 2999, quantity: 2 }, { unitPence: 2999, postagePence: 0, totalPence: 5998, balanceDuePence: 0, deposit: false }],
    ['deposit chosen', { pricePence: 10000, depositPricePence: 2500, payDeposit: true, quantity: 2 }, { unitPence: 2500, postagePence: 0, totalPence: 5000, balanceDuePence: 15000, deposit: true }],
    ['deposit offered, full chosen', { pricePence: 10000, depositPricePence: 2500, payDeposit: false, quantity: 1 }, { unitPence: 10000, postagePence: 0, totalPence: 10000, balanceDuePence: 0, deposit: false }],
    ['payDeposit without a deposit price pays full', { pricePence: 4000, depositPricePence: null, payDeposit: true, quantity: 1 }, { unitPence: 4000, postagePence: 0, totalPence: 4000, balanceDuePence: 0, deposit: false }],
    ['postage once per line, not per unit', { pricePence: 1000, postagePence: 299, quantity: 3 }, { unitPence: 1000, postagePence: 299, totalPence: 3299, balanceDuePence: 0, deposit: false }],
    ['no postage on an empty line', { pricePence: 1000, postagePence: 299, quantity: 0 }, { unitPence: 1000, postagePence: 0, totalPence: 0, balanceDuePence: 0, deposit: false }],
    ['deposit and postage', { pricePence: 5000, depositPricePence: 1000, payDeposit: true, postagePence: 395, quantity: 2 }, { unitPence: 1000, postagePence: 395, totalPence: 2395, balanceDuePence: 8000, deposit: true }],
  ] as const)('%s', (_what, input, expected) => expect(linePrice(input)).toEqual(expected));

  it.each([
    ['fractional pence', { pricePence: 19.99, quantity: 1 }],
    ['negative price', { pricePence: -1, quantity: 1 }],
    ['fractional quantity', { pricePence: 100, quantity: 1.5 }],
    ['quantity over the line maximum', { pricePence: 100, quantity: LINE_QUANTITY_MAX + 1 }],
    ['negative postage', { pricePence: 100, postagePence: -5, quantity: 1 }],
    ['fractional deposit', { pricePence: 100, depositPricePence: 10.5, payDeposit: true, quantity: 1 }],
  ] as const)('refuses %s', (_what, input) => expect(() => linePrice(input)).toThrow(RangeError));
});

describe('priceDisplay (spec §3 price display modes)', () => {
  it.each([
    ['hidden', { price: false, originalPrice: false, discount: false, indicative: false, vipPrice: false }],
    ['show discount', { price: true, originalPrice: true, discount: true, indicative: false, vipPrice: false }],
    ['show discount indicative', { price: true, originalPrice: false, discount: true, indicative: true, vipPrice: false }],
    ['show original price', { price: true, originalPrice: true, discount: false, indicative: false, vipPrice: false }],
    ['show price', { price: true, originalPrice: false, discount: false, indicative: false, vipPrice: false }],
    ['show VIP discount price', { price: true, originalPrice: true, discount: true, indicative: false, vipPrice: true }],
  ] as const)('%s', (mode, expected) => expect(priceDisplay(mode)).toEqual(expected));

  it('covers every mode of the spec, and an unknown mode shows the price only', () => {
    for (const mode of PRICE_DISPLAY_MODES) expect(priceDisplay(mode)).toBeDefined();
    expect(priceDisplay('bogus')).toEqual(priceDisplay('show price'));
    expect(priceDisplay(null)).toEqual(priceDisplay('show price'));
  });
});
