import { describe, expect, it } from 'vitest';
import { GIFTING_TYPES, LINE_QUANTITY_MAX, type GiftingType } from './buying.ts';
import {
  GIFTING_TRANSITIONS,
  GiftingError,
  applyGifting,
  giftPackQuantities,
  giftWrapQuantity,
  isBasketToken,
  isCustomerToken,
  itemCount,
  mergeGuestLines,
  mergeLines,
  newLine,
  removeLine,
  setGiftPack,
  setGiftWrap,
  setQuantity,
  type BasketLine,
} from './gifting.ts';

const NDD = 501;
const STD = 502;
const WRAP = 2_440_914;
const line = (dealProductId: number, quantity: number, extra: Partial<BasketLine> = {}) => newLine({ dealId: 1000 + dealProductId, dealProductId, quantity, ...extra });
const recipient = { name: 'Ailsa', email: 'ailsa@example.com', message: 'Happy birthday' };

describe('basket and customer tokens (spec §5)', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['short', false],
    ['a'.repeat(10), false],
    ['a'.repeat(11), true],
    ['x'.repeat(43), true],
    [12345678901, false],
  ])('isBasketToken(%j) is %s', (token, ok) => expect(isBasketToken(token)).toBe(ok));

  it.each([
    ['', false],
    ['a'.repeat(9), false],
    ['a'.repeat(10), true],
    [null, false],
  ])('isCustomerToken(%j) is %s', (token, ok) => expect(isCustomerToken(token)).toBe(ok));
});

describe('gifting transitions per line (spec §4)', () => {
  const states: Record<string, BasketLine> = {
    plain: line(1, 2),
    egift: applyGifting(line(1, 2), { type: 'e-gift', recipient }),
    wrapped: applyGifting(line(1, 2), { type: 'wrapped', giftProductId: WRAP }),
    ndd: applyGifting(line(1, 2), { type: 'ndd-gpk', giftPackProductId: NDD }),
    std: applyGifting(line(1, 2), { type: 'std-gpk', giftPackProductId: STD }),
    // An e-gift keeps a wrap the line already had (spec: e-gift removes only pack units).
    wrappedThenEgift: applyGifting(applyGifting(line(1, 2), { type: 'wrapped', giftProductId: WRAP }), { type: 'e-gift', recipient }),
  };
  // [from, to, expected giftPack, giftPackProductId, giftWrap, gift recipient?]
  const table: Array<[string, GiftingType, number, number | null, number, boolean]> = [
    ['plain', 'none', 0, null, 0, false],
    ['plain', 'e-gift', 0, null, 0, true],
    ['plain', 'wrapped', 0, null, 2, false],
    ['plain', 'ndd-gpk', 2, NDD, 0, false],
    ['plain', 'std-gpk', 2, STD, 0, false],
    ['ndd', 'e-gift', 0, null, 0, true], // e-gift removes any gift pack units
    ['std', 'e-gift', 0, null, 0, true],
    ['wrappedThenEgift', 'e-gift', 0, null, 2, true],
    ['ndd', 'std-gpk', 2, STD, 0, false], // removes the previous pack, adds the pack
    ['std', 'ndd-gpk', 2, NDD, 0, false],
    ['wrapped', 'ndd-gpk', 2, NDD, 0, false], // ... and removes the wrap
    ['wrapped', 'std-gpk', 2, STD, 0, false],
    ['ndd', 'wrapped', 0, null, 2, false], // wrapped adds wrap units (and the pack goes: one gifting type per line)
    ['egift', 'wrapped', 0, null, 2, false],
    ['ndd', 'none', 0, null, 0, false],
    ['wrapped', 'none', 0, null, 0, false],
    ['egift', 'none', 0, null, 0, false],
  ];
  it.each(table)('%s → %s', (from, to, pack, packId, wrap, hasRecipient) => {
    const choice = { type: to, recipient, giftPackProductId: to === 'ndd-gpk' ? NDD : to === 'std-gpk' ? STD : null, giftProductId: WRAP };
    const before = structuredClone(states[from]!);
    const next = applyGifting(states[from]!, choice);
    expect(next.gifting.type).toBe(to);
    expect(next.gifting.gift).toBe(to !== 'none');
    expect(next.giftPack).toBe(pack);
    expect(next.gifting.giftPackProductId).toBe(packId);
    expect(next.giftWrap).toBe(wrap);
    expect(next.gift !== null).toBe(hasRecipient);
    expect(states[from]).toEqual(before); // pure: the argument is untouched
  });

  it('has a rule for every gifting type of buying.ts', () => {
    expect(Object.keys(GIFTING_TRANSITIONS).sort()).toEqual([...GIFTING_TYPES].sort());
  });

  it('refuses a pack without its product id and an e-gift without a recipient name, naming the field', () => {
    expect(() => applyGifting(line(1, 1), { type: 'ndd-gpk' })).toThrow(expect.objectContaining({ field: 'gifting.giftPackProductId' }));
    expect(() => applyGifting(line(1, 1), { type: 'e-gift', recipient: { name: '  ', email: null, message: null } })).toThrow(GiftingError);
    expect(() => applyGifting(line(1, 1), { type: 'e-gift' })).toThrow(expect.objectContaining({ field: 'gift.name' }));
  });
});

describe('gift wrap and pack counts (spec §4, §5)', () => {
  it.each([
    [-1, 0],
    [-50, 0],
    [0, 0],
    [2, 2],
    [3, 3],
    [7, 3], // never more wraps than units
    [Number.NaN, 0],
    [1.7, 1],
  ])('setGiftWrap(line of 3, %s) gives %s: below zero is clamped to 0', (units, expected) => {
    expect(setGiftWrap(line(1, 3), units).giftWrap).toBe(expected);
    expect(setGiftPack(line(1, 3), units).giftPack).toBe(expected);
  });

  it('removing a line removes its pack units and reduces the wrap quantity', () => {
    const a = applyGifting(line(1, 2), { type: 'wrapped', giftProductId: WRAP });
    const b = setGiftWrap(line(2, 3), 1);
    const c = applyGifting(line(3, 4), { type: 'std-gpk', giftPackProductId: STD });
    const basket = { products: [a, b, c] };
    expect(giftWrapQuantity(basket)).toBe(3);
    expect(giftPackQuantities(basket)).toEqual(new Map([[STD, 4]]));
    const withoutA = removeLine(basket, 1);
    expect(giftWrapQuantity(withoutA)).toBe(1);
    const withoutC = removeLine(withoutA, 3);
    expect(giftPackQuantities(withoutC)).toEqual(new Map());
    expect(giftWrapQuantity(removeLine(withoutC, 2))).toBe(0);
    expect(itemCount(basket)).toBe(9);
  });

  it('a wholly gifted line keeps one pack/wrap per unit as it grows, and never more than its units as it shrinks', () => {
    const packed = applyGifting(line(1, 2), { type: 'ndd-gpk', giftPackProductId: NDD });
    expect(setQuantity(packed, 5).giftPack).toBe(5);
    expect(setQuantity(packed, 1).giftPack).toBe(1);
    const partlyWrapped = setGiftWrap(line(2, 4), 2);
    expect(setQuantity(partlyWrapped, 6).giftWrap).toBe(2);
    expect(setQuantity(partlyWrapped, 1).giftWrap).toBe(1);
  });
});

describe('basket merge rules (spec §4 "Basket creation")', () => {
  const existing = [line(1, 2), line(2, 1), applyGifting(line(3, 2), { type: 'wrapped', giftProductId: WRAP })];
  it.each([
    ['zero quantity removes an existing line', [{ dealId: 1001, dealProductId: 1, quantity: 0 }], [[2, 1], [3, 2]]],
    ['existing lines are updated', [{ dealId: 1002, dealProductId: 2, quantity: 4 }], [[1, 2], [2, 4], [3, 2]]],
    ['new lines with quantity are added', [{ dealId: 1009, dealProductId: 9, quantity: 3 }], [[1, 2], [2, 1], [3, 2], [9, 3]]],
    ['a new line with zero quantity is ignored', [{ dealId: 1009, dealProductId: 9, quantity: 0 }], [[1, 2], [2, 1], [3, 2]]],
    ['several changes at once', [{ dealId: 1001, dealProductId: 1, quantity: 0 }, { dealId: 1003, dealProductId: 3, quantity: 1 }, { dealId: 1008, dealProductId: 8, quantity: 1 }], [[2, 1], [3, 1], [8, 1]]],
    ['the last change of a product wins', [{ dealId: 1009, dealProductId: 9, quantity: 3 }, { dealId: 1009, dealProductId: 9, quantity: 5 }], [[1, 2], [2, 1], [3, 2], [9, 5]]],
  ] as const)('%s', (_what, changes, expected) => {
    const merged = mergeLines(existing, changes);
    expect(merged.map((l) => [l.dealProductId, l.quantity])).toEqual(expected);
  });

  it('an update keeps the line’s gifting, with the wrap following the quantity', () => {
    const merged = mergeLines(existing, [{ dealId: 1003, dealProductId: 3, quantity: 1, payDeposit: true }]);
    expect(merged[2]).toMatchObject({ quantity: 1, giftWrap: 1, payDeposit: true, gifting: { type: 'wrapped' } });
    expect(existing[2]!.quantity).toBe(2); // pure
  });
});

describe('guest basket merged into the customer’s on login', () => {
  it('adds quantities of the same product within LINE_QUANTITY_MAX and appends new lines', () => {
    const customer = [line(1, 2), line(2, 90)];
    const guest = [line(1, 3), line(2, 50), line(4, 1), line(5, 0)];
    const merged = mergeGuestLines(customer, guest);
    expect(merged.map((l) => [l.dealProductId, l.quantity])).toEqual([
      [1, 5],
      [2, LINE_QUANTITY_MAX],
      [4, 1],
    ]);
  });
  it('merging an empty guest basket changes nothing', () => {
    const customer = [line(1, 2)];
    expect(mergeGuestLines(customer, [])).toEqual(customer);
  });
});
