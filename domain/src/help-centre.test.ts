/**
 * The help centre's copy against the rules: every figure it shows is one of the domain's own
 * constants (a figure typed into the copy, or a rule changed without its answer, fails here),
 * the answers that state a rule state it with its constant, anchors are unique, and the search
 * keeps only the questions holding every word.
 */
import { describe, expect, it } from 'vitest';
import { PROMO_CREDIT_ITEM_MAX_PENCE, PROMO_CREDIT_ITEM_PERCENT, VIP_PRICE_PENCE } from './buying.ts';
import { GIFT_CARD_AMOUNTS_PENCE, GIFT_CARD_CREDIT_MONTHS, GIFT_CARD_POST_WORKING_DAYS, GIFT_CARD_POSTAGE_PENCE, GIFT_CARD_REDEEM_MONTHS } from './gift-cards.ts';
import { GIFT_SEND_MAX_MONTHS } from './gift-send-date.ts';
import { filterHelp, HELP_CENTRES, helpCentreHead, MERCHANT_HELP, SHOPPER_HELP, type HelpCentre, type HelpQuestion } from './help-centre.ts';
import { LOYALTY_LEVELS, POINTS_PENDING_DAYS, POINTS_PER_POUND } from './loyalty.ts';
import { formatMoney } from './money.ts';
import { REFERRAL_CREDIT_PENCE, REFERRAL_CREDIT_VALID_MONTHS, REFERRAL_MAX_CREDITED_FRIENDS, REFERRAL_MAX_PENCE } from './referrals.ts';
import { REMINDER_DAYS, VVE_PRICE_PER_VOUCHER_MONTH_PENCE } from './voucher-extension.ts';
import { EXPIRED_VOUCHER_CREDIT_VALID_DAYS, REDEMPTION_UNDO_MINUTES, REFUND_WINDOW_DAYS, VOUCHER_EXTENSION_MAX_MONTHS } from './voucher-status.ts';
import { VIP_CANCEL_REFUND_DAYS, VIP_EXTRA_SAVING_PERCENT } from './vip.ts';

const questions = (centre: HelpCentre) => centre.sections.flatMap((s) => s.questions);
const textOf = (q: HelpQuestion) => [q.question, ...q.answer].join(' ');
const answer = (id: string) => {
  const q = questions(SHOPPER_HELP).find((x) => x.id === id) ?? questions(MERCHANT_HELP).find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q.answer.join(' ');
};

/** Every figure the rules give, as the copy writes it. */
const pounds = [VIP_PRICE_PENCE, PROMO_CREDIT_ITEM_MAX_PENCE, GIFT_CARD_POSTAGE_PENCE, ...GIFT_CARD_AMOUNTS_PENCE, REFERRAL_CREDIT_PENCE, REFERRAL_MAX_PENCE, VVE_PRICE_PER_VOUCHER_MONTH_PENCE, ...LOYALTY_LEVELS.map((l) => l.exchangeRate).filter((r) => r > 0)].map((p) => formatMoney(p));
const numbers = [
  REFUND_WINDOW_DAYS,
  EXPIRED_VOUCHER_CREDIT_VALID_DAYS,
  VOUCHER_EXTENSION_MAX_MONTHS,
  REDEMPTION_UNDO_MINUTES,
  ...Object.values(REMINDER_DAYS),
  GIFT_SEND_MAX_MONTHS,
  GIFT_CARD_REDEEM_MONTHS,
  GIFT_CARD_CREDIT_MONTHS,
  GIFT_CARD_POST_WORKING_DAYS,
  VIP_CANCEL_REFUND_DAYS,
  PROMO_CREDIT_ITEM_PERCENT,
  VIP_EXTRA_SAVING_PERCENT,
  REFERRAL_CREDIT_VALID_MONTHS,
  REFERRAL_MAX_CREDITED_FRIENDS,
  POINTS_PER_POUND,
  POINTS_PENDING_DAYS,
  ...LOYALTY_LEVELS.map((l) => l.threshold),
  // The VIP term of VIP_OFFER_LINE, and the exchange rates' unit (pence per 100 points, loyalty.ts).
  12,
  100,
].map((n) => n.toLocaleString('en-GB'));

describe('help centre copy', () => {
  it.each([SHOPPER_HELP, MERCHANT_HELP])('$path: every figure is a rule’s constant', (centre) => {
    const allowed = new Set([...pounds, ...numbers, '£1', '14th']);
    for (const q of questions(centre)) {
      const figures = textOf(q).match(/£\d{1,3}(?:,\d{3})*(?:\.\d\d)?|\d{1,3}(?:,\d{3})*(?:st|nd|rd|th)?/g) ?? [];
      for (const figure of figures) expect(allowed, `“${figure}” in ${q.id}`).toContain(figure.replace(/%$/, ''));
    }
  });

  it('states each rule with its constant', () => {
    expect(answer('refund-how')).toContain(`within ${REFUND_WINDOW_DAYS} days`);
    expect(answer('expired-voucher')).toContain(`valid for ${EXPIRED_VOUCHER_CREDIT_VALID_DAYS} days`);
    expect(answer('extend-voucher')).toContain(`up to ${VOUCHER_EXTENSION_MAX_MONTHS} months`);
    expect(answer('extend-voucher')).toContain(`${formatMoney(VVE_PRICE_PER_VOUCHER_MONTH_PENCE)} per voucher`);
    expect(answer('send-gift')).toContain(`up to ${GIFT_SEND_MAX_MONTHS} months ahead`);
    expect(answer('gift-cards')).toContain(`posted for ${formatMoney(GIFT_CARD_POSTAGE_PENCE)}`);
    expect(answer('gift-cards')).toContain(`within ${GIFT_CARD_REDEEM_MONTHS} months of purchase`);
    expect(answer('gift-cards')).toContain(`${formatMoney(GIFT_CARD_AMOUNTS_PENCE[0])}, `);
    expect(answer('vip-what')).toContain(`${formatMoney(VIP_PRICE_PENCE)} a year`);
    expect(answer('vip-what')).toContain(`up to ${VIP_EXTRA_SAVING_PERCENT}%`);
    expect(answer('vip-cancel')).toContain(`within ${VIP_CANCEL_REFUND_DAYS} days of joining`);
    expect(answer('wallet-kinds')).toContain(`up to ${PROMO_CREDIT_ITEM_PERCENT}% of the price of each item, up to ${formatMoney(PROMO_CREDIT_ITEM_MAX_PENCE)} per item`);
    expect(answer('wallet-expiry')).toContain(`expire ${REFERRAL_CREDIT_VALID_MONTHS} months after`);
    expect(answer('points-earn')).toContain(`${POINTS_PER_POUND} points for every whole £1`);
    expect(answer('points-earn')).toContain(`pending for ${POINTS_PENDING_DAYS} days`);
    for (const level of LOYALTY_LEVELS) expect(answer('points-levels')).toContain(`${level.name} from ${level.threshold.toLocaleString('en-GB')}`);
    expect(answer('points-levels')).toContain(`100 points are worth ${formatMoney(LOYALTY_LEVELS[1].exchangeRate)} at ${LOYALTY_LEVELS[1].name}`);
    expect(answer('refer-friend')).toContain(`you each get ${formatMoney(REFERRAL_CREDIT_PENCE)}`);
    expect(answer('refer-friend')).toContain(`up to ${REFERRAL_MAX_CREDITED_FRIENDS} friends (${formatMoney(REFERRAL_MAX_PENCE)} in all)`);
    expect(answer('till')).toContain(`within ${REDEMPTION_UNDO_MINUTES} minutes`);
  });

  it.each([SHOPPER_HELP, MERCHANT_HELP])('$path: anchors are unique, every question answered, links are site paths', (centre) => {
    const ids = [...centre.sections.map((s) => s.id), ...questions(centre).map((q) => q.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of questions(centre)) {
      expect(q.answer.length, q.id).toBeGreaterThan(0);
      for (const link of q.links ?? []) expect(link.href, q.id).toMatch(/^\/[a-z]/);
    }
    expect(HELP_CENTRES[centre.path]).toBe(centre);
    expect(helpCentreHead(centre)).toMatchObject({ title: `${centre.title} | Thistle Deals`, canonical: centre.path, robots: 'INDEX, FOLLOW' });
  });
});

describe('filterHelp', () => {
  it('keeps the questions holding every word, in any order and case, and drops emptied sections', () => {
    const found = filterHelp(SHOPPER_HELP.sections, '  REFUND   gift ');
    const ids = found.flatMap((s) => s.questions.map((q) => q.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const s of found) expect(s.questions.length).toBeGreaterThan(0);
    for (const q of found.flatMap((s) => s.questions)) {
      const text = [textOf(q), ...(q.links ?? []).map((l) => l.label)].join(' ').toLowerCase();
      expect(text).toContain('refund');
      expect(text).toContain('gift');
    }
    expect(ids).toContain('refund-exclusions');
    expect(ids).not.toContain('vip-renewal');
  });

  it('a blank query keeps everything; a query nothing holds keeps nothing', () => {
    expect(filterHelp(SHOPPER_HELP.sections, '   ')).toEqual(SHOPPER_HELP.sections);
    expect(filterHelp(SHOPPER_HELP.sections, 'zebra crossing')).toEqual([]);
  });
});
