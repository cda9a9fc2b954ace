/**
 * Spec §5 and §6: which payment methods a checkout offers, as rule tables. Pure: the checkout
 * service calls it with what it knows (the basket's total and subcategories, the deal's fraud
 * flag, the shopper), the client with what only the browser knows (device, browser).
 *
 * Decisions where the spec is short (documented here and in services/payment/README.md):
 * - Card on delivery (spec §5 "subcategories 14, 17, 386, 398, 585, 586 are allowed only if the
 *   total is below 50"): read as a limit on paying by card for goods in those subcategories. With
 *   such a line and a total of £50 or more, the card-backed methods (card, Apple Pay, Google Pay)
 *   are not offered; PayPal and the instalment methods (which run their own checks) still are.
 * - "High fraud risk disables the alternative payments": every method but the card form is off
 *   (PayPal, PayPal Credit, Google Pay, Apple Pay, Klarna, Clearpay), so 3-D Secure applies.
 * - Clearpay and Klarna are priced in pounds only: another currency turns them off.
 * - Express (spec §6): Apple Pay, Google Pay and PayPal are the express options; a guest sees them,
 *   a signed-in shopper only with at least one saved instrument. `express` never makes a method
 *   available that the rules above turned off.
 */
import {
  CARD_ON_DELIVERY_MAX_EXCLUSIVE_PENCE,
  CARD_ON_DELIVERY_SUBCATEGORIES,
  CLEARPAY_EXCLUDED_SUBCATEGORIES,
  CLEARPAY_MAX_PENCE,
  CLEARPAY_MIN_PENCE,
  KLARNA_EXCLUDED_SUBCATEGORIES,
  PAYMENT_METHODS,
  PROVIDER_OF_METHOD,
  type PaymentMethod,
  type PaymentProviderName,
} from './buying.ts';

/** Spec §4 payment UI modes (their meaning is not shown in the spec; kept as the strings). */
export const PAYMENT_UI_MODES = ['paypalOrSwitch', 'cardInputPop', 'popOrSwitch', 'popEmptyOrSwitch'] as const;
export type PaymentUiMode = (typeof PAYMENT_UI_MODES)[number];

/** Why a method is not offered (one reason, the first rule that refused it). */
export const UNAVAILABLE_REASONS = [
  'guestsOnly',
  'totalOutOfRange',
  'highFraudRisk',
  'excludedSubcategory',
  'cardOnDeliveryLimit',
  'deviceUnsupported',
  'browserUnsupported',
  'zeroTotal',
  'currency',
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export type PaymentContext = {
  /** The amount to pay, integer pence. */
  total: number;
  isGuest: boolean;
  /** Any deal in the basket has highFraudRisk. */
  highFraudRisk: boolean;
  /** The subcategory ids of the basket's deals. */
  subcategoryIds: readonly number[];
  /** The signed-in shopper has at least one saved instrument. */
  hasSavedInstruments: boolean;
  device: { applePay: boolean };
  browser: { samsung: boolean; ie: boolean };
  currency: string;
};

export type PaymentOption = {
  method: PaymentMethod;
  provider: PaymentProviderName;
  available: boolean;
  reason: UnavailableReason | null;
  /** Shown among the express buttons (spec §6). */
  express: boolean;
};

type Rule = { reason: UnavailableReason; applies: (method: PaymentMethod, ctx: PaymentContext) => boolean };

const CARD_BACKED: readonly PaymentMethod[] = ['credit_card', 'apple_pay', 'google_pay'];
const EXPRESS_METHODS: readonly PaymentMethod[] = ['apple_pay', 'google_pay', 'paypal'];
const has = (ids: readonly number[], list: readonly number[]) => ids.some((id) => list.includes(id));

/** The rule table, in the order a reason is reported. A method is available when no rule applies. */
export const PAYMENT_RULES: readonly Rule[] = [
  { reason: 'highFraudRisk', applies: (m, c) => c.highFraudRisk && m !== 'credit_card' },
  { reason: 'guestsOnly', applies: (m, c) => m === 'clearpay' && !c.isGuest },
  { reason: 'currency', applies: (m, c) => (m === 'clearpay' || m === 'klarna') && c.currency !== 'GBP' },
  { reason: 'totalOutOfRange', applies: (m, c) => m === 'clearpay' && (c.total < CLEARPAY_MIN_PENCE || c.total > CLEARPAY_MAX_PENCE) },
  { reason: 'excludedSubcategory', applies: (m, c) => m === 'clearpay' && has(c.subcategoryIds, CLEARPAY_EXCLUDED_SUBCATEGORIES) },
  { reason: 'excludedSubcategory', applies: (m, c) => m === 'klarna' && has(c.subcategoryIds, KLARNA_EXCLUDED_SUBCATEGORIES) },
  {
    reason: 'cardOnDeliveryLimit',
    applies: (m, c) => CARD_BACKED.includes(m) && has(c.subcategoryIds, CARD_ON_DELIVERY_SUBCATEGORIES) && c.total >= CARD_ON_DELIVERY_MAX_EXCLUSIVE_PENCE,
  },
  { reason: 'deviceUnsupported', applies: (m, c) => m === 'apple_pay' && !c.device.applePay },
  { reason: 'browserUnsupported', applies: (m, c) => m === 'google_pay' && (c.browser.samsung || c.browser.ie) },
  { reason: 'zeroTotal', applies: (m, c) => (m === 'paypal' || m === 'paypal_credit') && c.total <= 0 },
];

export function paymentOptions(ctx: PaymentContext): PaymentOption[] {
  const expressShown = ctx.isGuest || ctx.hasSavedInstruments;
  return PAYMENT_METHODS.map((method) => {
    const refused = PAYMENT_RULES.find((rule) => rule.applies(method, ctx));
    const available = !refused;
    return {
      method,
      provider: PROVIDER_OF_METHOD[method],
      available,
      reason: refused?.reason ?? null,
      express: available && expressShown && EXPRESS_METHODS.includes(method),
    };
  });
}

export function isMethodAvailable(method: PaymentMethod, ctx: PaymentContext): boolean {
  return !PAYMENT_RULES.some((rule) => rule.applies(method, ctx));
}

/** Google Pay's browser rule needs to know Samsung Internet and Internet Explorer from the user agent. */
export function browserFromUserAgent(userAgent: string | null | undefined): { samsung: boolean; ie: boolean } {
  const ua = userAgent ?? '';
  return {
    samsung: /SamsungBrowser\//i.test(ua),
    ie: /MSIE |Trident\//.test(ua),
  };
}

/** Spec §5: American Express and Diners cards are not accepted. */
export function isRefusedCardBrand(brand: string | null | undefined): boolean {
  const b = (brand ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return b === 'amex' || b === 'americanexpress' || b.startsWith('diners');
}
