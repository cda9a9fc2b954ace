/**
 * Spec §8: which words a payment outcome shows, and whether the shopper may simply try again.
 * The provider's codes (Braintree processor response codes and gateway rejection reasons,
 * reliability A2.5) map to BUYING_MESSAGES; the payment service and its tests use this one table.
 */
import { BUYING_MESSAGES } from './buying.ts';

export type PaymentOutcomeCode = 'PAYMENT_DECLINED' | 'PAYMENT_FAILED' | 'CARD_NOT_ACCEPTED';
export type PaymentOutcomeWords = { code: PaymentOutcomeCode; message: string; retryable: boolean; hard: boolean };

const declined = (message: string, hard: boolean): PaymentOutcomeWords => ({ code: 'PAYMENT_DECLINED', message, retryable: !hard, hard });

/**
 * Processor response codes (A2.5). `hard` declines are never retried (Mastercard forbids retries
 * of 2004, 2009, 2012, 2019, 2022, 2047, 2053); soft ones may succeed later.
 */
export const PROCESSOR_CODE_WORDS: Record<string, PaymentOutcomeWords> = {
  '2000': declined(BUYING_MESSAGES.cardDeclinedByBank, false), // Do Not Honor
  '2001': declined(BUYING_MESSAGES.cardDeclinedByBank, false), // Insufficient Funds
  '2002': declined(BUYING_MESSAGES.cardDeclinedByBank, false), // Limit Exceeded
  '2003': declined(BUYING_MESSAGES.cardDeclinedByBank, false), // Cardholder's Activity Limit Exceeded
  '2004': declined(BUYING_MESSAGES.cardExpired, true), // Expired Card
  '2005': declined(BUYING_MESSAGES.cardCheckDetails, true), // Invalid Credit Card Number
  '2006': declined(BUYING_MESSAGES.cardExpiryDate, true), // Invalid Expiration Date
  '2007': declined(BUYING_MESSAGES.cardCheckDetails, true), // No Account
  '2008': declined(BUYING_MESSAGES.cardCheckDetails, true), // Card Account Length Error
  '2009': declined(BUYING_MESSAGES.cardDeclinedByBank, true), // No Such Issuer
  '2010': declined(BUYING_MESSAGES.cardCheckDetails, true), // Card Issuer Declined CVV
  '2012': declined(BUYING_MESSAGES.cardDeclined, true), // Processor Declined – Possible Lost Card
  '2013': declined(BUYING_MESSAGES.cardDeclined, true), // Possible Stolen Card
  '2014': declined(BUYING_MESSAGES.cardDeclined, true), // Fraud Suspected (never say so)
  '2015': declined(BUYING_MESSAGES.cardDeclinedByBank, true), // Transaction Not Allowed
  '2016': declined(BUYING_MESSAGES.paymentNotThrough, false), // Duplicate Transaction
  '2019': declined(BUYING_MESSAGES.cardDeclined, true), // Invalid Transaction
  '2022': declined(BUYING_MESSAGES.cardDeclined, true), // Declined – Updated Cardholder Available
  '2038': declined(BUYING_MESSAGES.cardDeclined, false), // Processor Declined
  '2046': declined(BUYING_MESSAGES.cardDeclined, false), // Declined
  '2047': declined(BUYING_MESSAGES.cardDeclined, true), // Call Issuer. Pick Up Card
  '2053': declined(BUYING_MESSAGES.cardDeclined, true), // Card reported as lost or stolen
  '2057': declined(BUYING_MESSAGES.cardDeclinedByBank, false), // Issuer or Cardholder has put a restriction on the card
  '2099': declined(BUYING_MESSAGES.cannotAuthenticate, false), // Cardholder Authentication Required
  // 3000: Processor Network Unavailable – Try Again: the bank did not answer.
  '3000': { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.noBankResponse, retryable: true, hard: false },
};

/** Gateway rejection reasons (A2.5). Fraud and risk say nothing about fraud (P1). */
export const GATEWAY_REJECTION_WORDS: Record<string, PaymentOutcomeWords> = {
  application_incomplete: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: false, hard: true },
  avs: declined(BUYING_MESSAGES.billingAddress, true),
  cvv: declined(BUYING_MESSAGES.cardCheckDetails, true),
  avs_and_cvv: declined(BUYING_MESSAGES.cardCheckDetails, true),
  duplicate: declined(BUYING_MESSAGES.paymentNotThrough, false),
  excessive_retry: declined(BUYING_MESSAGES.paymentNotThrough, true),
  fraud: declined(BUYING_MESSAGES.paymentNotThrough, true),
  risk_threshold: declined(BUYING_MESSAGES.paymentNotThrough, true),
  three_d_secure: declined(BUYING_MESSAGES.cannotAuthenticate, true),
  token_issuance: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: true, hard: false },
};

/** Named outcomes that are not a processor code or a rejection reason. */
export const PAYMENT_OUTCOME_WORDS = {
  /** American Express and Diners (spec §5): refused before any charge. */
  cardNotAccepted: { code: 'CARD_NOT_ACCEPTED', message: BUYING_MESSAGES.cardNotAccepted, retryable: false, hard: true },
  /** 3-D Secure could not be run (lookup timeout, unavailable, MPI errors): the card's scheme was unreachable. */
  authenticationUnavailable: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.providerUnreachable, retryable: true, hard: false },
  /** The provider's circuit is open: no call made. */
  providerUnreachable: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.providerUnreachable, retryable: true, hard: false },
  /** The card number failed its check digit or is not a card (tokenisation or validation error). */
  invalidCard: declined(BUYING_MESSAGES.cardCheckDetails, true),
  /** A one-time token that was used already, expired or is unknown: pay again from the start. */
  tokenUnusable: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: true, hard: false },
  /** Any other refusal of the request by the provider. */
  providerRefused: { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: false, hard: true },
  /** Klarna or Clearpay did not approve the plan. */
  bnplDeclined: declined(BUYING_MESSAGES.bnplDeclined, true),
} as const satisfies Record<string, PaymentOutcomeWords>;

/** Words for a processor decline; PayPal's declines are PayPal's rejection (spec §8). */
export function processorDeclineWords(code: string | number, method: string): PaymentOutcomeWords {
  const key = String(code);
  if (method === 'paypal' || method === 'paypal_credit') {
    if (key === '3000') return PROCESSOR_CODE_WORDS['3000']!;
    return declined(BUYING_MESSAGES.paypalRejected, !(PROCESSOR_CODE_WORDS[key]?.retryable ?? false));
  }
  return PROCESSOR_CODE_WORDS[key] ?? declined(key.startsWith('2') ? BUYING_MESSAGES.cardDeclined : BUYING_MESSAGES.paymentNotThrough, false);
}

export function gatewayRejectionWords(reason: string): PaymentOutcomeWords {
  return GATEWAY_REJECTION_WORDS[reason] ?? declined(BUYING_MESSAGES.paymentNotThrough, true);
}
