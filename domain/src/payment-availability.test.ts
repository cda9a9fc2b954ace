import { describe, expect, it } from 'vitest';
import { BUYING_MESSAGES, INSTRUMENT_TYPES, methodOfInstrument, PAYMENT_METHODS, type PaymentMethod } from './buying.ts';
import {
  browserFromUserAgent,
  isMethodAvailable,
  isRefusedCardBrand,
  PAYMENT_UI_MODES,
  paymentOptions,
  type PaymentContext,
  type UnavailableReason,
} from './payment-availability.ts';
import { GATEWAY_REJECTION_WORDS, PAYMENT_OUTCOME_WORDS, PROCESSOR_CODE_WORDS, processorDeclineWords } from './payment-messages.ts';

const guest: PaymentContext = {
  total: 2_000,
  isGuest: true,
  highFraudRisk: false,
  subcategoryIds: [],
  hasSavedInstruments: false,
  device: { applePay: true },
  browser: { samsung: false, ie: false },
  currency: 'GBP',
};
const signedIn: PaymentContext = { ...guest, isGuest: false };

const reasonOf = (ctx: PaymentContext, method: PaymentMethod): UnavailableReason | null => paymentOptions(ctx).find((o) => o.method === method)!.reason;

describe('paymentOptions (spec §5, §6)', () => {
  it('lists every method with its provider; an ordinary guest checkout offers all of them', () => {
    const options = paymentOptions(guest);
    expect(options.map((o) => o.method)).toEqual([...PAYMENT_METHODS]);
    expect(options.every((o) => o.available && o.reason === null)).toBe(true);
    expect(options.find((o) => o.method === 'klarna')!.provider).toBe('klarna');
    expect(options.find((o) => o.method === 'paypal_credit')!.provider).toBe('braintree');
  });

  // [label, context, method, expected reason (null = available)]
  const TABLE: Array<[string, PaymentContext, PaymentMethod, UnavailableReason | null]> = [
    ['Clearpay for guests', guest, 'clearpay', null],
    ['Clearpay not for signed-in shoppers', signedIn, 'clearpay', 'guestsOnly'],
    ['Clearpay at £1', { ...guest, total: 100 }, 'clearpay', null],
    ['Clearpay below £1', { ...guest, total: 99 }, 'clearpay', 'totalOutOfRange'],
    ['Clearpay at £1000', { ...guest, total: 100_000 }, 'clearpay', null],
    ['Clearpay above £1000', { ...guest, total: 100_001 }, 'clearpay', 'totalOutOfRange'],
    ['Clearpay not with high fraud risk', { ...guest, highFraudRisk: true }, 'clearpay', 'highFraudRisk'],
    ...[197, 200, 218, 711].map((id): [string, PaymentContext, PaymentMethod, UnavailableReason | null] => [`Clearpay not for subcategory ${id}`, { ...guest, subcategoryIds: [5, id] }, 'clearpay', 'excludedSubcategory']),
    ['Clearpay for subcategory 198', { ...guest, subcategoryIds: [198] }, 'clearpay', null],
    ['Clearpay not in euros', { ...guest, currency: 'EUR' }, 'clearpay', 'currency'],
    ['Klarna for signed-in shoppers', signedIn, 'klarna', null],
    ['Klarna not for 218', { ...guest, subcategoryIds: [218] }, 'klarna', 'excludedSubcategory'],
    ['Klarna not for 711', { ...signedIn, subcategoryIds: [711] }, 'klarna', 'excludedSubcategory'],
    ['Klarna for 197 (only Clearpay excludes it)', { ...guest, subcategoryIds: [197] }, 'klarna', null],
    ['Klarna for 200', { ...guest, subcategoryIds: [200] }, 'klarna', null],
    ['Klarna not with high fraud risk', { ...guest, highFraudRisk: true }, 'klarna', 'highFraudRisk'],
    ['card with high fraud risk', { ...guest, highFraudRisk: true }, 'credit_card', null],
    ['PayPal not with high fraud risk', { ...guest, highFraudRisk: true }, 'paypal', 'highFraudRisk'],
    ['PayPal Credit not with high fraud risk', { ...guest, highFraudRisk: true }, 'paypal_credit', 'highFraudRisk'],
    ['Google Pay not with high fraud risk', { ...guest, highFraudRisk: true }, 'google_pay', 'highFraudRisk'],
    ['Apple Pay not with high fraud risk', { ...guest, highFraudRisk: true }, 'apple_pay', 'highFraudRisk'],
    ...[14, 17, 386, 398, 585, 586].flatMap((id): Array<[string, PaymentContext, PaymentMethod, UnavailableReason | null]> => [
      [`card for subcategory ${id} at £49.99`, { ...guest, subcategoryIds: [id], total: 4_999 }, 'credit_card', null],
      [`card not for subcategory ${id} at £50`, { ...guest, subcategoryIds: [id], total: 5_000 }, 'credit_card', 'cardOnDeliveryLimit'],
    ]),
    ['Apple Pay not for subcategory 14 at £50', { ...guest, subcategoryIds: [14], total: 5_000 }, 'apple_pay', 'cardOnDeliveryLimit'],
    ['Google Pay not for subcategory 14 at £50', { ...guest, subcategoryIds: [14], total: 5_000 }, 'google_pay', 'cardOnDeliveryLimit'],
    ['PayPal for subcategory 14 at £50', { ...guest, subcategoryIds: [14], total: 5_000 }, 'paypal', null],
    ['card for subcategory 15 at £500', { ...guest, subcategoryIds: [15], total: 50_000 }, 'credit_card', null],
    ['Apple Pay on a supporting device', guest, 'apple_pay', null],
    ['Apple Pay not without device support', { ...guest, device: { applePay: false } }, 'apple_pay', 'deviceUnsupported'],
    ['Google Pay not on Samsung Internet', { ...guest, browser: { samsung: true, ie: false } }, 'google_pay', 'browserUnsupported'],
    ['Google Pay not on Internet Explorer', { ...guest, browser: { samsung: false, ie: true } }, 'google_pay', 'browserUnsupported'],
    ['PayPal not for a zero total', { ...guest, total: 0 }, 'paypal', 'zeroTotal'],
    ['PayPal Credit not for a zero total', { ...guest, total: 0 }, 'paypal_credit', 'zeroTotal'],
    ['PayPal for 1p', { ...guest, total: 1 }, 'paypal', null],
    ['card for a zero total', { ...guest, total: 0 }, 'credit_card', null],
  ];
  it.each(TABLE)('%s', (_label, ctx, method, reason) => {
    expect(reasonOf(ctx, method)).toBe(reason);
    expect(isMethodAvailable(method, ctx)).toBe(reason === null);
  });

  it('express options (Apple Pay, Google Pay, PayPal) for guests, and for signed-in shoppers only with saved instruments', () => {
    const express = (ctx: PaymentContext) => paymentOptions(ctx).filter((o) => o.express).map((o) => o.method);
    expect(express(guest)).toEqual(['paypal', 'google_pay', 'apple_pay']);
    expect(express(signedIn)).toEqual([]);
    expect(express({ ...signedIn, hasSavedInstruments: true })).toEqual(['paypal', 'google_pay', 'apple_pay']);
    // Express never brings back a method a rule turned off.
    expect(express({ ...guest, device: { applePay: false }, total: 0 })).toEqual(['google_pay']);
    expect(express({ ...guest, highFraudRisk: true })).toEqual([]);
    // The methods stay payable in the normal list for a signed-in shopper without saved instruments.
    expect(paymentOptions(signedIn).find((o) => o.method === 'apple_pay')).toMatchObject({ available: true, express: false });
  });
});

describe('browserFromUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', { samsung: true, ie: false }],
    ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', { samsung: false, ie: true }],
    ['Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)', { samsung: false, ie: true }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0', { samsung: false, ie: false }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', { samsung: false, ie: false }],
    ['', { samsung: false, ie: false }],
  ])('%s', (ua, expected) => {
    expect(browserFromUserAgent(ua)).toEqual(expected);
  });
  it('handles a missing user agent', () => expect(browserFromUserAgent(undefined)).toEqual({ samsung: false, ie: false }));
});

describe('isRefusedCardBrand (spec §5: American Express and Diners are not accepted)', () => {
  it.each([
    ['American Express', true],
    ['AMEX', true],
    ['Diners Club', true],
    ['DinersClub', true],
    ['diners-club-international', true],
    ['Visa', false],
    ['MasterCard', false],
    ['Maestro', false],
    ['Discover', false],
    ['', false],
    [null, false],
  ] as const)('%s → %s', (brand, refused) => {
    expect(isRefusedCardBrand(brand)).toBe(refused);
  });
});

describe('payment UI modes and outcome words', () => {
  it('keeps the spec §4 mode strings', () => {
    expect(PAYMENT_UI_MODES).toEqual(['paypalOrSwitch', 'cardInputPop', 'popOrSwitch', 'popEmptyOrSwitch']);
  });

  it('every outcome shows words from BUYING_MESSAGES, and hard declines are never retryable', () => {
    const words = new Set<string>(Object.values(BUYING_MESSAGES));
    for (const outcome of [...Object.values(PROCESSOR_CODE_WORDS), ...Object.values(GATEWAY_REJECTION_WORDS), ...Object.values(PAYMENT_OUTCOME_WORDS)]) {
      expect(words.has(outcome.message), outcome.message).toBe(true);
      if (outcome.hard) expect(outcome.retryable).toBe(false);
    }
  });

  it('PayPal declines are PayPal rejections; unknown 2xxx card codes are a generic decline', () => {
    expect(processorDeclineWords('2038', 'paypal').message).toBe(BUYING_MESSAGES.paypalRejected);
    expect(processorDeclineWords('2038', 'paypal_credit').message).toBe(BUYING_MESSAGES.paypalRejected);
    expect(processorDeclineWords('2004', 'paypal')).toMatchObject({ message: BUYING_MESSAGES.paypalRejected, retryable: false });
    expect(processorDeclineWords('2777', 'credit_card')).toMatchObject({ code: 'PAYMENT_DECLINED', message: BUYING_MESSAGES.cardDeclined });
    expect(processorDeclineWords('2004', 'credit_card').message).toBe(BUYING_MESSAGES.cardExpired);
    expect(processorDeclineWords('2006', 'credit_card').message).toBe(BUYING_MESSAGES.cardExpiryDate);
  });
});

describe('the payment method of a saved instrument', () => {
  it('maps every instrument type to a method the shop takes, in either letter case', () => {
    for (const type of INSTRUMENT_TYPES) expect(PAYMENT_METHODS).toContain(methodOfInstrument(type));
    expect(methodOfInstrument('GOOGLE')).toBe('google_pay');
    expect(methodOfInstrument('apple')).toBe('apple_pay');
    expect(methodOfInstrument('card')).toBe('credit_card');
  });
  it('treats an unknown type as a card', () => {
    expect(methodOfInstrument('venmo')).toBe('credit_card');
  });
});
