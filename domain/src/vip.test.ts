import { describe, expect, it } from 'vitest';
import { VIP_PRICE_PENCE } from './buying.ts';
import { dealsApiPath, pageTypeOf } from './paths.ts';
import { VIP_ENDING_REMINDER_DAYS, VIP_OFFER_LINE, VIP_PAGE_LIMIT, isVipEndingReminderDue, vipEquivalentOf, isFairVipPrice, isVipRefundable, vipCategoryPath, vipCostPence, vipPriceOf, vipRefundableUntil, vipStatusAt } from './vip.ts';

describe('VIP figures (spec §9)', () => {
  it('costs £4.99 a year, lists at most 60 deals, and the offer line says price, term, what it gives and no auto-renewal', () => {
    expect(VIP_PRICE_PENCE).toBe(499);
    expect(VIP_PAGE_LIMIT).toBe(60);
    expect(VIP_OFFER_LINE).toContain('£4.99 a year');
    expect(VIP_OFFER_LINE).toContain('extra savings of up to 10%');
    expect(VIP_OFFER_LINE).toContain('12 months');
    expect(VIP_OFFER_LINE).toContain('does not renew automatically');
  });
});

describe('vipCostPence: the VIP cost is capped at 4.99 (spec §5)', () => {
  it.each<[number, number]>([
    [499, 499],
    [500, 499],
    [10_000, 499],
    [250, 250],
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%d → %d', (requested, cost) => {
    expect(vipCostPence(requested)).toBe(cost);
  });
});

describe('the 14-day cooling-off period after joining or renewing, in London days', () => {
  it.each<[string, string, string, boolean]>([
    ['paid in BST, the same day', '2026-06-10T10:00:00Z', '2026-06-10T20:00:00Z', true],
    ['the last moment of day 14 (BST)', '2026-06-10T10:00:00Z', '2026-06-24T22:59:59.999Z', true],
    ['the first moment of day 15 (BST)', '2026-06-10T10:00:00Z', '2026-06-24T23:00:00Z', false],
    ['paid at 00:30 London (23:30 UTC the day before) counts from the London day', '2026-06-09T23:30:00Z', '2026-06-24T22:59:59Z', true],
    ['across the October clock change: ends at midnight GMT', '2026-10-20T12:00:00Z', '2026-11-03T23:59:59.999Z', true],
    ['after it', '2026-10-20T12:00:00Z', '2026-11-04T00:00:00Z', false],
  ])('%s', (_label, paidAt, now, refundable) => {
    expect(isVipRefundable(new Date(paidAt), new Date(now))).toBe(refundable);
  });

  it('ends at the end of London day 14', () => {
    expect(vipRefundableUntil(new Date('2026-10-20T12:00:00Z')).toISOString()).toBe('2026-11-03T23:59:59.999Z');
  });
});

describe('the "ends on" reminder: due from 14 days before the end until the end', () => {
  const end = new Date('2027-06-20T10:00:00Z');
  const DAY = 24 * 60 * 60 * 1000;
  it.each([
    ['15 days before', new Date(end.getTime() - 15 * DAY), false],
    ['14 days before, to the ms', new Date(end.getTime() - 14 * DAY), true],
    ['a day before', new Date(end.getTime() - DAY), true],
    ['at the end', end, false],
    ['after the end', new Date(end.getTime() + DAY), false],
  ])('%s: %s', (_name, now, due) => {
    expect(isVipEndingReminderDue(end, now)).toBe(due);
  });
  it('never without a membership; 14 days is the constant', () => {
    expect(isVipEndingReminderDue(null, end)).toBe(false);
    expect(VIP_ENDING_REMINDER_DAYS).toBe(14);
  });
});

describe('vipEquivalentOf: the VIP option a member\'s basket line moves to (apply-vip-discount)', () => {
  const base = { id: 1, dealId: 7, title: '2 course meal for 2', price: 2000, originalPrice: 4000, vipExclusive: false, disabled: false, nights: null, postage: null, deposit: null };
  const vip = { ...base, id: 2, title: 'VIP exclusive: 2 course meal for 2', price: 1800, vipExclusive: true };
  it.each([
    ['the VIP copy of the option', vip, 2],
    ['another deal', { ...vip, dealId: 8 }, null],
    ['another title', { ...vip, title: 'VIP exclusive: 3 course meal for 2' }, null],
    ['other terms (nights)', { ...vip, nights: 2 }, null],
    ['other postage', { ...vip, postage: 299 }, null],
    ['other deposit', { ...vip, deposit: 500 }, null],
    ['disabled', { ...vip, disabled: true }, null],
    ['not VIP-exclusive', { ...vip, vipExclusive: false }, null],
    ['not cheaper', { ...vip, price: 2000 }, null],
    ['more than 10% off (not a fair VIP price)', { ...vip, price: 1799 }, null],
  ])('%s', (_name, candidate, expected) => {
    expect(vipEquivalentOf(base, [base, candidate])?.id ?? null).toBe(expected);
  });
  it('a VIP or disabled line has none; of two, the cheaper', () => {
    expect(vipEquivalentOf(vip, [base, vip])).toBeNull();
    expect(vipEquivalentOf({ ...base, disabled: true }, [base, vip])).toBeNull();
    expect(vipEquivalentOf(base, [base, vip, { ...vip, id: 3, price: 1850 }])?.id).toBe(2);
  });
});

describe('vipStatusAt: the spec §3 status from the membership end', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each<[string, string | null, 'ELIGIBLE' | 'ACTIVE' | 'RENEW' | 'NOT_CHECKED', string]>([
    ['running', '2027-11-27T12:00:00Z', 'ELIGIBLE', 'ACTIVE'],
    ['ended a moment ago', '2026-11-27T11:59:59Z', 'ACTIVE', 'RENEW'],
    ['ends exactly now', '2026-11-27T12:00:00Z', 'ACTIVE', 'RENEW'],
    ['never a member, checked', null, 'ELIGIBLE', 'ELIGIBLE'],
    ['never a member, not checked yet', null, 'NOT_CHECKED', 'NOT_CHECKED'],
    ['no end kept: a stale ACTIVE flag is not a membership', null, 'ACTIVE', 'ELIGIBLE'],
  ])('%s', (_label, until, stored, status) => {
    expect(vipStatusAt(until ? new Date(until) : null, stored, now)).toBe(status);
  });
});

describe('VIP prices (spec §3 mainDeal.vipPrice, §9 extra saving up to 10%)', () => {
  it('is the cheapest enabled VIP-exclusive product, or null', () => {
    expect(vipPriceOf([{ price: 2000, vipExclusive: false, disabled: false }, { price: 1800, vipExclusive: true, disabled: false }, { price: 1500, vipExclusive: true, disabled: true }])).toBe(1800);
    expect(vipPriceOf([{ price: 2000, vipExclusive: false, disabled: false }])).toBeNull();
    expect(vipPriceOf([{ price: 1800, vipExclusive: true, disabled: true }])).toBeNull();
  });

  it.each<[number, number, boolean]>([
    [1800, 2000, true],
    [1999, 2000, true],
    [1799, 2000, false],
    [2000, 2000, false],
    [899, 999, true],
  ])('VIP %d against %d is fair: %s', (vip, deal, fair) => {
    expect(isFairVipPrice(vip, deal)).toBe(fair);
  });
});

describe('VIP page urls (spec §2 page types vipCategory and vipDeal)', () => {
  it('a VIP category page is /deals/vip/{category}: a vipCategory page whose deals fetch path is /vip/{category}', () => {
    expect(vipCategoryPath('restaurants-food')).toBe('/deals/vip/restaurants-food');
    expect(pageTypeOf(vipCategoryPath('spa'))).toBe('vipCategory');
    expect(dealsApiPath(vipCategoryPath('spa'), 'vipCategory')).toBe('/vip/spa');
    // A VIP deal url: a deal-type first segment, then vip.
    expect(pageTypeOf('/deal/vip/4021/spa-day.html')).toBe('vipDeal');
    expect(pageTypeOf('/deal/glasgow/spa/4021')).toBe('deal');
  });
});
