/**
 * Buying (issue 6): the constants, words and shapes that the basket, checkout, payment, wallet
 * and address services, the gateway and the client share. Pure: no I/O.
 *
 * The rules live beside this file, one module each, with their rule tables:
 *   purchase-limits.ts       spec §5 purchase limit, sold out, price per person, deposits, postage
 *   gifting.ts               spec §4 gifting transitions, basket merge rules, §5 token rules
 *   payment-availability.ts  spec §5/§6 which payment methods a checkout offers
 *   wallet-rules.ts          spec §9 promotional credit (10 %, up to £5, per item)
 *   postcodes.ts             UK postcode validation ('Enter a valid postcode'), with `postcode`
 * The whole flow, the REST calls and the module functions: services/checkout/README.md.
 */

// ---------------------------------------------------------------------------------------------
// Spec §9 tokens and timers

/** Spec §5: a basket token is accepted only when longer than 10 characters. */
export const BASKET_TOKEN_MIN_EXCLUSIVE = 10;
/** Spec §9: the basket token cookie lasts 604800 s (7 days), site-wide and secure. */
export const BASKET_COOKIE_MAX_AGE_S = 604_800;
/** The guest basket token cookie (gateway/src/accounts/carry-over.ts reads the same name). */
export const BASKET_COOKIE = 'basket_token';
/** Spec §4: the checkout countdown default, in seconds. It is a real hold of the units (issue 6 point 10). */
export const CHECKOUT_COUNTDOWN_S = 300;
/**
 * Issue 14 (reliability M4): one basket holds units for at most 15 minutes from its first hold,
 * however often it refreshes; then the units go back on sale, and the basket may hold again only
 * after 5 minutes without a hold (one countdown: others get a whole checkout's time to buy them).
 * Paying still works meanwhile if the units are still there.
 */
export const HOLD_TOTAL_LIMIT_S = 900;
export const HOLD_COOL_DOWN_S = 300;
/** Spec §4: after a refresh the status returns to ready after 4 seconds (also on error). */
export const CHECKOUT_REFRESH_RESET_MS = 4_000;
/** Spec §9: the default provider call deadline; the wallet call's deadline. */
export const PAYMENT_TIMEOUT_MS = 2_500;
export const WALLET_TIMEOUT_MS = 40_000;
/** Spec §3: gift wrap preset when there is no gifting config. */
export const GIFT_WRAP_PRESET = { dealId: 16_172_264, productId: 2_440_914 } as const;
/** Spec §9: VIP costs £4.99 a year, never more. */
export const VIP_PRICE_PENCE = 499;
/** Spec §9: promotional (marketing) wallet credit pays at most 10 % of an item, and at most £5 of it. */
export const PROMO_CREDIT_ITEM_PERCENT = 10;
export const PROMO_CREDIT_ITEM_MAX_PENCE = 500;
/** Spec §5: price-per-person deals force a quantity of at least 2. */
export const PRICE_PER_PERSON_MIN_QUANTITY = 2;
/** Spec §5: Clearpay only for totals from £1 to £1000. */
export const CLEARPAY_MIN_PENCE = 100;
export const CLEARPAY_MAX_PENCE = 100_000;
/** Spec §5: card on delivery subcategories allowed only below £50. */
export const CARD_ON_DELIVERY_SUBCATEGORIES = [14, 17, 386, 398, 585, 586] as const;
export const CARD_ON_DELIVERY_MAX_EXCLUSIVE_PENCE = 5_000;
/** Spec §5: subcategories where Clearpay, and Klarna, are not offered. */
export const CLEARPAY_EXCLUDED_SUBCATEGORIES = [197, 200, 218, 711] as const;
export const KLARNA_EXCLUDED_SUBCATEGORIES = [218, 711] as const;
/** The largest quantity one basket line may ask for (V1); the purchase limit is usually lower. */
export const LINE_QUANTITY_MAX = 99;
/** Idempotency keys (reliability Part B): 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

// ---------------------------------------------------------------------------------------------
// Spec §3 vocabularies

/** Spec §3 gifting types of a basket line. */
export const GIFTING_TYPES = ['none', 'e-gift', 'wrapped', 'ndd-gpk', 'std-gpk'] as const;
export type GiftingType = (typeof GIFTING_TYPES)[number];
/** Spec §3 add-on types: VVE the VIP add-on (voucher validity extension), DVP a deal add-on. */
export const ADDON_TYPES = ['VVE'] as const;
export const ORDER_ADDON_TYPES = ['VVE', 'DVP'] as const;
/** Spec §3 payment methods (PayPal Credit is also a choice) and provider families. */
export const PAYMENT_METHODS = ['credit_card', 'paypal', 'paypal_credit', 'google_pay', 'apple_pay', 'klarna', 'clearpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['braintree', 'klarna', 'clearpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PROVIDER_OF_METHOD: Record<PaymentMethod, PaymentProviderName> = {
  credit_card: 'braintree',
  paypal: 'braintree',
  paypal_credit: 'braintree',
  google_pay: 'braintree',
  apple_pay: 'braintree',
  klarna: 'klarna',
  clearpay: 'clearpay',
};
/** Spec §3 payment instrument types. */
export const INSTRUMENT_TYPES = ['card', 'paypal', 'google', 'apple', 'klarna', 'clearpay'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];
/** How a saved instrument of each type pays: the one map for the gateway, the client and the payment providers. */
export const METHOD_OF_INSTRUMENT: Record<InstrumentType, PaymentMethod> = {
  card: 'credit_card',
  paypal: 'paypal',
  google: 'google_pay',
  apple: 'apple_pay',
  klarna: 'klarna',
  clearpay: 'clearpay',
};
/** The payment method of an instrument type in any letter case (GraphQL enums are upper case); a card when unknown. */
export function methodOfInstrument(type: string): PaymentMethod {
  return METHOD_OF_INSTRUMENT[type.toLowerCase() as InstrumentType] ?? 'credit_card';
}
/** Spec §3 price display modes. */
export const PRICE_DISPLAY_MODES = ['hidden', 'show discount', 'show discount indicative', 'show original price', 'show price', 'show VIP discount price'] as const;
/** Spec §3 voucher statuses; issue 6 issues vouchers as 'Ready to Redeem'. */
export const VOUCHER_STATUSES = [
  'Ready to Redeem',
  'Redeemed',
  'Booked',
  'Credit Requested',
  'Request Processed',
  'Return Requested',
  'Return in Transit',
  'Returned to the Merchant',
  'Refunded',
  'Expired',
] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
/** Order states (append-only events beside the current state: architecture "Data"). */
/** PAYMENT_FAILED: paid, then declined at settlement (reliability P6): vouchers cancelled, wallet credit returned. */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'PAYMENT_FAILED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Spec §4 checkout status machine. */
export const CHECKOUT_STATUSES = ['loading', 'ready', 'updating', 'refreshing', 'refreshed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** Spec §5: promo code outcomes, classified by what the message contains. */
export const PROMO_OUTCOMES = ['expired', 'invalid', 'already used', 'not applicable', 'not eligible'] as const;
export type PromoOutcome = (typeof PROMO_OUTCOMES)[number];

// ---------------------------------------------------------------------------------------------
// Words. Spec §8 word for word where it gives them (its spelling 'occured' included); where it
// names a case without words, ours, in the same voice.

export const BUYING_MESSAGES = {
  // Spec §8, word for word.
  paymentNotThrough: 'Unfortunately, your payment did not go through. Please try again or select a different payment method.',
  paymentProblem:
    'There was a problem with your payment and your order has not been placed. Please check your details and try again. If the issue persists please contact us for assistance.',
  requestProblem: 'We had a problem completing your request, please continue your purchase or try again later.',
  purchaseNotCompleted: 'An error occured, your purchase has not been completed.',
  paymentFailed: 'Payment failed.',
  somethingWrong: 'Something went wrong. Please try again.',
  errorOccured: 'An error occured',
  unexpected: 'An unexpected error occured. Please try again later.',
  expressBuyIneligible: 'Requested deal cannot be purchased via Express Buy.',
  expressBuyHint: 'Please try our checkout service instead.',
  pleaseWait: 'Please wait...',
  makingPayment: 'Making payment...',
  purchaseSuccessful: 'Purchase Successful',
  connectionTimeout: 'Connection timeout',
  giftWrapAdded: 'Gift Wrap Added',
  giftPackAdded: 'Gift Pack Added',
  noBasketToken: 'No Basket Token',
  basketCreationFailed: 'Basket Creation Failed',
  basketTokenFailed: 'Basket token or operation failed.',
  required: 'Required field',
  postcode: 'Enter a valid postcode',
  email: 'Enter a valid email',
  // Spec §8 card and payment variants: the spec names them, these are our words.
  providerUnreachable: 'We could not reach the card payment provider. Please try again, or pay with a Visa or Mastercard card.',
  noBankResponse: 'Your bank did not respond. Please try another card or pay with PayPal.',
  billingAddress: 'The billing address does not match the one your bank holds. Please check it was typed correctly.',
  cardNotAccepted: 'We do not accept American Express or Diners Club cards. Please use a Visa or Mastercard card.',
  cardDeclined: 'Your card was declined. Please try another card or payment method.',
  cardDeclinedByBank: 'Your bank declined this payment. Please contact your bank or use another card.',
  cardCheckDetails: 'Your card was declined. Please check your card details and try again.',
  cardExpired: 'Your card has expired. Please use another card.',
  cardExpiryDate: 'The expiry date is incorrect. Please check it and try again.',
  cannotAuthenticate: 'Your card issuer could not authenticate this card. Please try another card or payment method.',
  paypalRejected: 'PayPal rejected the transaction. Please try another payment method.',
  bnplDeclined: 'Your instalment plan was not approved. Please choose another payment method.',
  // Spec §5 card form errors.
  incorrectBillingAddress: 'Incorrect billing address',
  incorrectAddress: 'Incorrect address',
  incorrectCvv: 'Incorrect CVV',
  incorrectExpiry: 'Incorrect expiry date',
  incorrectCardNumber: 'Incorrect card number',
  incorrectSecurityCode: 'Incorrect security code',
  // Ours.
  paymentPending: 'We are confirming your payment with the provider. Please do not pay again: your order will update in a few minutes.',
  holdExpired: 'Your reserved time ran out and the units went back on sale. Please check your basket and try again.',
  holdLapsed: 'We held these vouchers for you for 15 minutes, the longest we can, so they have gone back on sale. You can still pay if they are available, or reserve them again in a few minutes.',
  soldOut: 'Sorry, this deal has sold out.',
  insufficientStock: 'Sorry, there are not enough left of this option. Please lower the quantity.',
  purchaseLimit: 'You have reached the most you can buy of this option.',
  walletInsufficient: 'Your wallet balance is lower than the credit you chose to use.',
  basketEmpty: 'Your basket is empty.',
  methodUnavailable: 'This payment method is not available for this order.',
  priceChanged: 'The price of your basket changed. Please check it and pay again.',
} as const;

/**
 * A deal's voucher validity in its fine print (issue 14 E): the one sentence, made from the deal's
 * `voucher_validity_months`, the same figure the checkout dates its vouchers with.
 */
export function voucherValiditySentence(months: number): string {
  return `Voucher valid for ${months} month${months === 1 ? '' : 's'} from the date of purchase.`;
}
/** The sentence as seeded before issue 14 (stored in the fine print; now made from the deal's figure). */
export const VOUCHER_VALIDITY_SENTENCE = /^Voucher valid for (\d+) months? from the date of purchase\.$/;
